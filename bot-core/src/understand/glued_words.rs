//! Words glued to what they do not name: an English verb inside a Chinese sentence (`A10哪里能
//! rent到`, `daily一千万token`) read as the Chinese word the cue lists know, and a method glued
//! to its verb (`LoRA-train`, `qlora-tune`) as the method and the verb apart.

use crate::lexicon::is_han;

/// Methods glued to a verb by a hyphen.
const METHODS: &[&str] = &["qlora-", "lora-", "dora-"];

/// Methods glued after a model's name (`sdxl-lora`, `flux_lora`, `qwen2.5-7b-qlora`): how the
/// model is trained, read apart from the name, never a model of that name.
const METHODS_AFTER: &[&str] = &["-qlora", "_qlora", "-lora", "_lora"];

fn method_after_name(t: &str) -> String {
    let mut out = t.to_string();
    for m in METHODS_AFTER {
        let mut from = 0;
        while let Some(k) = out[from..].find(m).map(|k| from + k) {
            let named = out[..k].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '.');
            let end = !out[k + m.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
            if named && end {
                out.replace_range(k..k + 1, " ");
            }
            from = k + m.len();
        }
    }
    out
}

pub(super) fn plain(t: &str) -> String {
    let mut out = t.to_string();
    // The lexicon's one table of English words inside Chinese, those read glued.
    for (en, zh) in crate::lexicon::glued_mixed() {
        out = replace_glued(&out, en, zh);
    }
    out = vs_apart(&out);
    out = method_after_name(&out);
    for m in METHODS {
        let mut from = 0;
        while let Some(k) = out[from..].find(m).map(|k| from + k) {
            let word_start = !out[..k].ends_with(|c: char| c.is_ascii_alphanumeric());
            let verb = out[k + m.len()..].starts_with(|c: char| c.is_ascii_alphabetic());
            if word_start && verb {
                out.replace_range(k + m.len() - 1..k + m.len(), " ");
            }
            from = k + m.len();
        }
    }
    out
}

/// `4090vs3090`, `a100vsh100`: `vs` glued between two names, the first with a digit in it (a
/// card's), set apart so each name is read (`vs` inside a word, `canvas`, stays).
fn vs_apart(t: &str) -> String {
    let mut out = String::with_capacity(t.len() + 4);
    let mut last = 0;
    for (k, _) in t.match_indices("vs") {
        let run_start = t[..k]
            .rfind(|c: char| !c.is_ascii_alphanumeric())
            .map_or(0, |i| i + t[i..].chars().next().map_or(1, char::len_utf8));
        let name = &t[run_start..k];
        // The name before holds a digit (a card's); a name follows, glued or after spaces.
        let next = t[k + 2..].trim_start();
        if k >= last
            && name.bytes().any(|b| b.is_ascii_digit())
            && next.starts_with(|c: char| c.is_ascii_alphanumeric())
        {
            out.push_str(&t[last..k]);
            out.push_str(" vs ");
            last = k + 2;
        }
    }
    out.push_str(&t[last..]);
    out
}

/// `en` as a whole Latin word touching a Chinese character or a digit on one side (glued into a
/// Chinese sentence), written `zh`; the word among English words stays.
fn replace_glued(t: &str, en: &str, zh: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut last = 0;
    for (k, _) in t.match_indices(en) {
        let before = t[..k].chars().next_back();
        let after = t[k + en.len()..].chars().next();
        let latin = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
        let glued = |c: Option<char>| c.is_some_and(|c| is_han(c) || c.is_ascii_digit());
        if k >= last && !latin(before) && !latin(after) && (glued(before) || glued(after)) {
            out.push_str(&t[last..k]);
            out.push_str(zh);
            last = k + en.len();
        }
    }
    out.push_str(&t[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn glued_words_are_read_apart() {
        assert_eq!(plain("a10哪里能rent到"), "a10哪里能租到");
        assert_eq!(plain("用api daily1000万token"), "用api 每天1000万token");
        assert_eq!(
            plain("enough to lora-train flux"),
            "enough to lora train flux"
        );
        assert_eq!(plain("4090vs3090"), "4090 vs 3090");
        assert_eq!(plain("a100vsh100哪个好"), "a100 vs h100哪个好");
        // A method glued after a model's name is the method, apart.
        assert_eq!(
            plain("train a sdxl-lora on a 4090"),
            "train a sdxl lora on a 4090"
        );
        assert_eq!(plain("flux_qlora 3090"), "flux qlora 3090");
        assert_eq!(plain("qwen2.5-7b-lora"), "qwen2.5-7b lora");
        // Among English words, or inside one, nothing changes.
        for t in [
            "where can i rent a 4090",
            "rental price",
            "daily volume 5m",
            "flora-x",
            "my-loras",
        ] {
            assert_eq!(plain(t), t);
        }
    }
}
