//! A count said right after a family word (`qwen 2 张 4090 跑 32b`, `llama 2 cards of 3090 for
//! 70b`, `gemma 2 块 4090 跑 27b`): the number before a measure word for cards
//! ([`crate::lexicon::CARD_MEASURES`]) counts cards, never the family's generation (Qwen2,
//! Llama 2, Gemma 2). The size said later goes beside the bare family (`qwen 32b 2 张 4090 跑`),
//! the form `family_model` reads: every generation with that size, asked back where several
//! are. A generation then its size (`llama 2 13b on 2 cards`) is left as said.

use super::family_after::size_at;
use super::family_model::FAMILIES;
use crate::catalog::{BRAND_WORDS, Catalog};
use crate::lexicon::card_measure_len;

/// `text` with the size said after a family's card count moved beside the family.
pub(super) fn plain(_: &Catalog, text: &str) -> String {
    let lower = text.to_lowercase();
    // Byte offsets are kept only where lower-casing changed no length.
    if lower.len() != text.len() {
        return text.to_string();
    }
    let Some((family_end, size)) = family_then_count(&lower) else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len() + 1);
    out.push_str(&text[..family_end]);
    out.push(' ');
    out.push_str(&text[size.clone()]);
    out.push_str(&text[family_end..size.start]);
    out.push_str(&text[size.end..]);
    out
}

/// The end of a bare family word followed by a card count and its measure word, and the span
/// of the first size said after them.
fn family_then_count(s: &str) -> Option<(usize, std::ops::Range<usize>)> {
    s.char_indices().find_map(|(at, _)| {
        // A family word starts at a word's start (Latin) or anywhere (Chinese brand names).
        let before = s[..at].chars().next_back();
        let alias = BRAND_WORDS
            .iter()
            .chain(FAMILIES)
            .map(|(a, _)| *a)
            .find(|a| s[at..].starts_with(a))?;
        if alias.is_ascii() && before.is_some_and(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        let end = at + alias.len();
        // The count: digits written apart from the family (`qwen 2`), never glued (`qwen2`).
        let gap = s[end..].len() - s[end..].trim_start().len();
        if gap == 0 {
            return None;
        }
        let num_at = end + gap;
        let digits = s[num_at..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(s.len() - num_at);
        let n: u32 = s[num_at..num_at + digits].parse().ok()?;
        if !(1..=16).contains(&n) {
            return None;
        }
        let after = num_at + digits + card_measure_len(&s[num_at + digits..])?;
        Some((end, size_after(s, after)?))
    })
}

/// The first model size (`32b`, `1.5b`) said as a word of its own after byte `from`, before any
/// other family word.
fn size_after(s: &str, from: usize) -> Option<std::ops::Range<usize>> {
    let mut prev: Option<char> = None;
    for (k, c) in s[from..].char_indices() {
        let at = from + k;
        let starts_word = !prev.is_some_and(|p| p.is_ascii_alphanumeric() || p == '.' || p == '-');
        prev = Some(c);
        if !starts_word {
            continue;
        }
        let rest = &s[at..];
        if BRAND_WORDS
            .iter()
            .chain(FAMILIES)
            .any(|(a, _)| rest.starts_with(a))
        {
            return None;
        }
        if c.is_ascii_digit()
            && let Some(len) = size_at(rest)
        {
            return Some(at..at + len);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_after_a_family_word_takes_the_size_said_later() {
        let c = Catalog::embedded().unwrap();
        assert_eq!(
            plain(&c, "qwen 2 张 4090 跑 32b 够吗"),
            "qwen 32b 2 张 4090 跑  够吗"
        );
        assert_eq!(
            plain(&c, "llama 2 cards of 3090 for 70b?"),
            "llama 70b 2 cards of 3090 for ?"
        );
        assert_eq!(plain(&c, "gemma 2块4090 跑27b"), "gemma 27b 2块4090 跑");
        // A generation, then its size: left as said.
        for said in [
            "llama 2 13b on 2 cards",
            "qwen2 7b 两张4090",
            "qwen 2 7b 一张4090够吗",
        ] {
            assert_eq!(plain(&c, said), said);
        }
        // Money is no measure of cards.
        assert_eq!(plain(&c, "qwen 2块钱 32b"), "qwen 2块钱 32b");
    }
}
