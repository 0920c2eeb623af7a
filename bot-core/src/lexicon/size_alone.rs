//! A size with no family at the model step, said among words that add nothing (issue 26 §4,
//! helper und_ec): `大概70億參數的模型` is written `大概7b 的模型` by
//! [`super::params_written`]; the hedge, `的`, `模型`, `that one` around the size say nothing
//! more, so it is the bare size the model step takes as `13b` (sized by its size and said so),
//! never "I couldn't use that answer".

/// Words around a bare size that add nothing to it.
pub const SIZE_FILLERS: &[&str] = &[
    "大概",
    "大约",
    "差不多",
    "左右",
    "应该是",
    "的",
    "模型",
    "那个",
    "这个",
    "那种",
    "版本",
    "参数",
    "about",
    "around",
    "roughly",
    "maybe",
    "a",
    "the",
    "model",
    "one",
    "version",
    "parameter",
    "parameters",
];

/// The size (`7b`) where `text` is one size and fillers only.
pub fn size_alone(text: &str) -> Option<String> {
    let mut t = format!(" {} ", text.to_lowercase());
    let mut fillers = SIZE_FILLERS.to_vec();
    fillers.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for f in fillers {
        t = if f.is_ascii() {
            t.replace(&format!(" {f} "), " ")
                .replace(&format!(" {f} "), " ")
        } else {
            t.replace(f, " ")
        };
    }
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || ",，。.?？~".contains(c) && c != '.')
        .filter(|w| !w.is_empty())
        .collect();
    match words[..] {
        [w] if super::params_b(w).is_some_and(|r| r.is_ok()) => Some(w.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_among_fillers() {
        assert_eq!(size_alone("大概7b 的模型").as_deref(), Some("7b"));
        assert_eq!(size_alone("the 14b one").as_deref(), Some("14b"));
        assert_eq!(size_alone("about 1.5b model").as_deref(), Some("1.5b"));
        // A family, or a second thing beside the size: none.
        assert_eq!(size_alone("qwen 7b"), None);
        assert_eq!(size_alone("7b 跑3小时"), None);
    }
}
