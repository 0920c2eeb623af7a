//! Two sizes weighed before the family they belong to (`14b还是32b好 4090上 qwen2.5的`, `8b or
//! 70b on one h100? llama 3.1`, `is the 3b or the 7b better on a t4, qwen2.5`): the family is
//! written before the first size (`qwen2.5 14b还是32b`), the form `sizes_weighed` reads, so the
//! larger size is sized. Before, the sizes were read alone (`/fit 8b`) or the family's small
//! sizes were offered for a size the user had said.

use super::family_after::{family_at, size_at};
use super::sizes_weighed::OR_WORDS;
use crate::catalog::Catalog;

/// Words after a family that are still its name (`deepseek r1 distill qwen`, `qwen coder`).
const NAME_WORDS: &[&str] = &[
    "r1",
    "distill",
    "distilled",
    "coder",
    "qwen",
    "llama",
    "qwen2.5",
    "llama3",
];

/// A word boundary before byte `k` of `s`: no letter, digit, dash or dot just before.
fn starts_word(s: &str, k: usize) -> bool {
    !s[..k].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_')
}

/// Bytes of `s` from its start up to after `word` and the spaces after it, if it starts so.
fn skip(s: &str, word: &str) -> Option<usize> {
    let head = s.get(..word.len())?;
    let ascii = word.is_ascii() && word.chars().any(|c| c.is_ascii_alphabetic());
    let whole = !ascii || !s[word.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
    (head.eq_ignore_ascii_case(word) && whole)
        .then(|| word.len() + s[word.len()..].len() - s[word.len()..].trim_start().len())
}

/// The first `<size> <or> <size>` in `s`: where it starts and ends.
fn sizes_pair(s: &str) -> Option<(usize, usize)> {
    s.char_indices().map(|(k, _)| k).find_map(|k| {
        if !starts_word(s, k) {
            return None;
        }
        let first = size_at(&s[k..])?;
        let mut at = k + first;
        at += s[at..].len() - s[at..].trim_start().len();
        at += skip(&s[at..], "one").unwrap_or(0);
        at += OR_WORDS.iter().find_map(|w| skip(&s[at..], w))?;
        at += skip(&s[at..], "the").unwrap_or(0);
        let second = size_at(&s[at..])?;
        Some((k, at + second))
    })
}

/// The family word at or after byte `from` of `s` with the name words after it: start, end.
fn family_after(s: &str, from: usize) -> Option<(usize, usize)> {
    let (k, len) = s[from..]
        .char_indices()
        .map(|(k, _)| from + k)
        .filter(|&k| starts_word(s, k) && !s[..k].ends_with(|c: char| c.is_ascii_alphabetic()))
        .find_map(|k| family_at(&s[k..]).map(|len| (k, len)))?;
    let mut end = k + len;
    // The name's version said apart (`llama 3.1`, `gemma 2`) and its qualifiers.
    loop {
        let rest = &s[end..];
        let gap = rest.len() - rest.trim_start_matches(' ').len();
        let word_len = rest[gap..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
            .unwrap_or(rest.len() - gap);
        let word = rest[gap..gap + word_len].trim_end_matches('.');
        let version = !word.is_empty() && word.chars().all(|c| c.is_ascii_digit() || c == '.');
        let name = NAME_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word));
        if word.is_empty() || !(version || name) || size_at(word).is_some() {
            break;
        }
        end += gap + word.len();
    }
    Some((k, end))
}

/// `text` with a family said after two weighed sizes written before them.
pub(super) fn plain(_: &Catalog, text: &str) -> String {
    let Some((start, end)) = sizes_pair(text) else {
        return text.to_string();
    };
    // A family before the sizes is the form `sizes_weighed` reads already.
    if family_after(text, 0).is_some_and(|(k, _)| k < start) {
        return text.to_string();
    }
    let Some((f0, f1)) = family_after(text, end) else {
        return text.to_string();
    };
    let (head, family, middle, tail) =
        (&text[..start], &text[f0..f1], &text[start..f0], &text[f1..]);
    format!("{head}{family} {middle} {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> String {
        plain(&Catalog::embedded().unwrap(), s)
    }

    #[test]
    fn the_family_goes_before_the_sizes() {
        assert_eq!(
            p("14b还是32b好 4090 qwen2.5的"),
            "qwen2.5 14b还是32b好 4090  的"
        );
        assert_eq!(
            p("8b or 70b on one h100? llama 3.1 btw"),
            "llama 3.1 8b or 70b on one h100?   btw"
        );
        assert!(p("is the 3b or the 7b better on a t4, qwen2.5").starts_with("is the qwen2.5 3b"));
    }

    #[test]
    fn other_forms_are_left_as_said() {
        for s in [
            "qwen3 8b 还是 14b，4090 上哪个能跑",
            "8b or 70b on an h100",
            "4090和3090哪个好 qwen2.5",
            "7b 跑 qwen2.5 的",
        ] {
            assert_eq!(p(s), s);
        }
    }
}
