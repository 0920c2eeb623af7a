//! Community quant names written as the llama.cpp / fit formats they are: unsloth's dynamic
//! quants (`UD-IQ1_S`, `UD-IQ2_XXS`: the `UD-` prefix marks unsloth's per-layer choice of the
//! same ggml block types; `1.58bit`, `1.73bit`, `2.22bit`: unsloth's names for its IQ1_S,
//! IQ1_M and IQ2_XXS dynamic files, "Run DeepSeek R1 Dynamic 1.58-bit", unsloth.ai blog,
//! 2025-01-27) and exllamav2's bits per weight (`exl2 4.0bpw`: the average bits of the
//! quantized weights, scales included, exllamav2 README "EXL2"), read as the fit's format of
//! at least that many bits within a quarter bit (`int4`, 4.156; `int8`, 8.0), so the figure is
//! never below the file. A name the fit has no format for (`UD-Q2_K_XL`, `exl2 4.65bpw`) is
//! left as said: `unheard` says the format is unknown rather than sizing another.

use crate::catalog::Catalog;
use crate::vram::Quant;

/// Unsloth's bit counts for its dynamic GGUF files, as the blog names them.
const UNSLOTH_BITS: &[(&str, &str)] = &[("1.58", "iq1_s"), ("1.73", "iq1_m"), ("2.22", "iq2_xxs")];

/// Fit formats an exl2 bits-per-weight can be read as: the key and its linear bits.
fn exl2_as(bpw: f64) -> Option<&'static str> {
    [Quant::Int4, Quant::Int8]
        .into_iter()
        .find(|q| (0.0..=0.25).contains(&(q.linear_bits() - bpw)))
        .map(|q| q.key())
}

/// `text` with unsloth's and exllamav2's names written as the fit's formats.
pub(super) fn plain(_: &Catalog, text: &str) -> String {
    exl2_bpw(&unsloth_bits(&ud_prefix(text)))
}

/// `UD-IQ1_S` → `iq1_s`: the prefix dropped where a known ggml type follows it.
fn ud_prefix(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let mut out = String::with_capacity(s.len());
    let mut at = 0;
    while let Some(k) = lower[at..].find("ud-").or_else(|| lower[at..].find("ud_")) {
        let start = at + k;
        let word_start = !lower[..start].ends_with(|c: char| c.is_ascii_alphanumeric());
        let rest = &s[start + 3..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let known = rest[..len].parse::<Quant>().is_ok_and(|q| q.is_gguf());
        out.push_str(&s[at..start]);
        if !(word_start && known) {
            out.push_str(&s[start..start + 3]);
        }
        at = start + 3;
    }
    out.push_str(&s[at..]);
    out
}

/// `1.58bit`, `1.58-bit`, `1.58 bit` → `iq1_s`: unsloth's names for its dynamic files.
fn unsloth_bits(s: &str) -> String {
    let mut out = s.to_string();
    for (bits, quant) in UNSLOTH_BITS {
        for unit in ["bit", "-bit", " bit", "位", "比特"] {
            let said = format!("{bits}{unit}");
            if let Some(k) = out.to_ascii_lowercase().find(&said) {
                let digit_before = out[..k].ends_with(|c: char| c.is_ascii_digit() || c == '.');
                if !digit_before {
                    out.replace_range(k..k + said.len(), quant);
                }
            }
        }
    }
    out
}

/// `exl2 4.0bpw`, `4.0 bpw exl2` → `int4`: a bpw within a quarter bit under a fit format.
fn exl2_bpw(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let Some(k) = lower.find("bpw") else {
        return s.to_string();
    };
    let head = lower[..k].trim_end();
    let start = head
        .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(0, |i| i + 1);
    let Some(quant) = head[start..].parse::<f64>().ok().and_then(exl2_as) else {
        return s.to_string();
    };
    let mut out = format!("{}{quant}{}", &s[..start], &s[k + 3..]);
    // The format's own name said beside it is the same quant, not a word to read apart.
    for name in ["exl2", "exllamav2", "exllama"] {
        if let Some(at) = out.to_ascii_lowercase().find(name) {
            out.replace_range(at..at + name.len(), "");
        }
    }
    out
}

/// The next llama.cpp K type above an unsloth `_XL` file of the same bits: that file keeps
/// more tensors at higher bits than the plain type, and stays below the next one up (DeepSeek
/// R1, unsloth's table: UD-Q2_K_XL 212 GB against Q3_K_M's 319 GB).
const XL_ABOVE: &[(&str, &str)] = &[
    ("q2", "q3_k_m"),
    ("q3", "q4_k_m"),
    ("q4", "q5_k_m"),
    ("q5", "q6_k"),
    ("q6", "q8_0"),
];

/// A community format the fit has no size for, said in `norm` (`ud-q2_k_xl`, `q4_k_xl`,
/// `exl2 4.65bpw`, `2-bit`), with a format of the fit at least as large where one is known.
pub(super) fn unknown_format(norm: &str) -> Option<(String, Option<&'static str>)> {
    let words = norm.split(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c)));
    for w in words.map(|w| w.trim_matches('.')) {
        let lower = w.to_ascii_lowercase();
        let bare = lower.trim_start_matches("ud-").trim_start_matches("ud_");
        if let Some(head) = bare
            .strip_suffix("_xl")
            .or_else(|| bare.strip_suffix("-xl"))
        {
            let above = XL_ABOVE
                .iter()
                .find(|(b, _)| head.trim_start_matches('i').starts_with(b))
                .map(|(_, a)| *a);
            return Some((w.to_string(), above));
        }
        // A bpw `exl2_bpw` reads as a format is no unknown one.
        if let Some(bits) = lower
            .strip_suffix("bpw")
            .and_then(|b| b.parse::<f64>().ok())
            && exl2_as(bits).is_none()
        {
            return Some((w.to_string(), (bits <= 8.0).then_some("int8")));
        }
        if ["1bit", "1-bit", "2bit", "2-bit", "3bit", "3-bit"].contains(&lower.as_str()) {
            return Some((w.to_string(), None));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> String {
        plain(&Catalog::embedded().unwrap(), s)
    }

    #[test]
    fn unsloth_names_are_their_ggml_types() {
        assert_eq!(p("deepseek r1 UD-IQ1_M 要几张"), "deepseek r1 IQ1_M 要几张");
        assert_eq!(p("unsloth的ud-iq2_xxs"), "unsloth的iq2_xxs");
        assert!(p("r1 1.58bit 动态量化").contains("iq1_s"));
        assert!(p("the 1.58-bit one").contains("iq1_s"));
        // No ggml type of that name: left as said.
        assert_eq!(p("UD-Q2_K_XL on h200"), "UD-Q2_K_XL on h200");
        assert_eq!(p("11.58bit"), "11.58bit");
    }

    #[test]
    fn exl2_bits_read_at_or_above() {
        assert!(p("an exl2 4.0bpw quant of mixtral").contains("int4"));
        assert!(p("exl2 8.0bpw llama").contains("int8"));
        // 4.65 bits is above int4 and far below int8: no format of the fit holds it.
        assert!(p("exl2 4.65bpw").contains("4.65bpw"));
        assert!(p("exl2 2.5bpw").contains("2.5bpw"));
    }

    #[test]
    fn formats_the_fit_cannot_size_are_said() {
        let u = |s: &str| unknown_format(s);
        assert_eq!(
            u("r1 ud-q2_k_xl 要几张"),
            Some(("ud-q2_k_xl".into(), Some("q3_k_m")))
        );
        assert_eq!(u("qwen3 Q4_K_XL"), Some(("Q4_K_XL".into(), Some("q5_k_m"))));
        assert_eq!(
            u("exl2 4.65bpw on a 3090"),
            Some(("4.65bpw".into(), Some("int8")))
        );
        assert_eq!(
            u("dynamic 2-bit on two 4090s"),
            Some(("2-bit".into(), None))
        );
        // Read as a format already: nothing unknown.
        for s in [
            "ud-iq1_s",
            "exl2 4.0bpw",
            "q4_k_m",
            "1.58bit",
            "4bit",
            "4.0 bpw",
        ] {
            assert_eq!(u(s), None, "{s}");
        }
    }
}
