//! A model's size said as a count of parameters where a model is asked for (issue 26 §4, helper
//! und_ea, pick_an's `千问2.5，70亿参数那个`): `70亿参数` (亿 is 10^8: 7 billion), `七十亿`,
//! `1.5亿`, `7 billion parameters`, `the 14 billion one` written as the size the model readers
//! take (`7b`). For a step that asks for a model only: elsewhere a bare `亿` or `billion` is a
//! token volume or money (`understand::size_said` reads it beside its parameters in questions).

use super::numerals::value_of;

/// Characters of a Chinese number before `亿` (`七十`, `一百四十`) or digits.
fn numeral(c: char) -> bool {
    c.is_ascii_digit() || c == '.' || "零一二两三四五六七八九十百千万".contains(c)
}

/// A size in billions written as the readers write it (`7b`, `1.5b`); `None` outside the sizes
/// a model has.
fn size_b(b: f64) -> Option<String> {
    (0.1..=2000.0).contains(&b).then(|| format!("{b}b"))
}

/// The words after a count that name it as parameters, dropped with it.
const ZH_PARAM_WORDS: &[&str] = &["个参数量", "个参数", "参数量", "参数"];

/// `…70亿参数…` with each size in 亿 written as billions.
fn zh_written(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && numeral(chars[i]) {
            i += 1;
        }
        if i > start && chars.get(i) == Some(&'亿') {
            let run: String = chars[start..i].iter().collect();
            let b = match run.parse::<f64>() {
                Ok(n) => Some(n / 10.0),
                Err(_) => {
                    let mut cs: Vec<char> = run.chars().collect();
                    cs.push('亿');
                    value_of(&cs).map(|v| v as f64 / 1e9)
                }
            };
            let rest: String = chars[i + 1..].iter().collect();
            let param = ZH_PARAM_WORDS.iter().find(|w| rest.starts_with(**w));
            // `一亿token`, `一亿个token`: a count of something else, named after it.
            let other = rest
                .trim_start_matches('个')
                .trim_start()
                .starts_with(|c: char| c.is_ascii_alphabetic());
            if let Some(s) = b.and_then(size_b).filter(|_| param.is_some() || !other) {
                out.push_str(&s);
                i += 1 + param.map_or(0, |w| w.chars().count());
                out.push(' ');
                continue;
            }
        }
        out.extend(&chars[start..i]);
        if i < chars.len() {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// `7 billion parameters`, `the 14 billion one`: `7b`.
fn en_written(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let n = words[k].parse::<f64>().ok();
        let billion = words.get(k + 1).is_some_and(|w| {
            w.trim_end_matches([',', '.'])
                .eq_ignore_ascii_case("billion")
        });
        // Only a count named as parameters, or standing for the model (`the 7 billion one`,
        // at the end): `2 billion tokens` is a volume.
        let after = words
            .get(k + 2)
            .map(|w| w.trim_end_matches([',', '.', '?']));
        let named = after.is_none_or(|w| {
            w.starts_with("param") || ["one", "model", "version", "size"].contains(&w)
        });
        if let (Some(n), true, true) = (n, billion, named)
            && let Some(s) = size_b(n)
        {
            out.push(s);
            k += 2;
            if words.get(k).is_some_and(|w| w.starts_with("param")) {
                k += 1;
            }
            continue;
        }
        out.push(words[k].to_string());
        k += 1;
    }
    out.join(" ")
}

/// The text with each size said as a count of parameters written as billions (`7b`); `None`
/// when it says none.
pub fn params_written(text: &str) -> Option<String> {
    let out = en_written(&zh_written(text));
    (out != text).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::params_written;

    #[test]
    fn a_count_of_parameters_is_a_size() {
        for (typed, read) in [
            ("千问2.5，70亿参数那个", "千问2.5，7b 那个"),
            ("qwen2.5 140亿参数的", "qwen2.5 14b 的"),
            ("15亿参数的千问2.5", "1.5b 的千问2.5"),
            ("七十亿参数", "7b "),
            ("一百四十亿的那个", "14b 的那个"),
            (
                "qwen2.5, the 7 billion parameter one",
                "qwen2.5, the 7b one",
            ),
            ("qwen2.5 with 1.5 billion parameters", "qwen2.5 with 1.5b"),
        ] {
            assert_eq!(params_written(typed).as_deref(), Some(read), "{typed}");
        }
    }

    #[test]
    fn no_count_of_parameters_stays() {
        for t in [
            "qwen2.5 7b",
            "每天一亿token",
            "一亿个token",
            "千问2.5",
            "2 billion tokens a day",
        ] {
            assert_eq!(params_written(t), None, "{t}");
        }
    }
}
