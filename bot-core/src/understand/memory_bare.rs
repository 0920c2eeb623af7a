//! A card's memory said as a bare number beside a memory word (`显存24的卡`, `48显存`, `显存只有8`,
//! `vram 16`, `16 vram`): the memory word makes the unit plain, so the size is written with it
//! (`24g显存`) before the size readers run, as `24g显存` had always been read. It had been
//! dropped and the fit answered without the user's card. A number with no memory word beside it
//! is never a memory (nor a card's name: `vram 4090` is over [`MEMORY_BARE_MAX`]).

use crate::lexicon::{
    MEMORY_BARE_MAX, MEMORY_HELD_BEFORE, MEMORY_SIZE_LINKS, MEMORY_WORDS, MEMORY_WORDS_LINKED,
    NOT_MEMORY_AFTER,
};

/// The memory words right beside which a bare number is a size: [`MEMORY_WORDS`] but the loose
/// ones (`memory`, `内存`: a computer's RAM as often as a card's).
fn card_memory_words() -> impl Iterator<Item = &'static str> {
    MEMORY_WORDS
        .iter()
        .copied()
        .filter(|w| !MEMORY_WORDS_LINKED.contains(w))
}

/// The digits at the start of `s` as a memory size in GB: a whole number from 1 to the bound,
/// followed by nothing that makes it another count or already gives its unit.
fn bare_size(s: &str) -> Option<(u32, usize)> {
    let len = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n = s[..len].parse::<u32>().ok()?;
    let after = s[len..].trim_start();
    // `24.5` is a figure with a point, never the size `24`; a full stop ends the sentence.
    let decimal = s[len..]
        .strip_prefix('.')
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    // A unit spaced off (`24 gb`, `16 g`) is written already; another word (`16 ok?`) is none.
    let first: String = after
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    let spaced_unit =
        ["g", "gb", "gib", "gig", "gigs", "k", "m", "b", "x"].contains(&first.as_str());
    let other = s[len..].starts_with(|c: char| c.is_ascii_alphanumeric())
        || spaced_unit
        || decimal
        || NOT_MEMORY_AFTER.iter().any(|w| after.starts_with(w));
    ((1..=MEMORY_BARE_MAX).contains(&n) && !other).then_some((n, len))
}

/// Whether the byte before `at` lets a number start there (no digit, letter, point or sign of a
/// longer figure before it: `rtx 3060 12` keeps its `12` only because a space stands between).
fn starts_number(text: &str, at: usize) -> bool {
    text[..at]
        .chars()
        .next_back()
        .is_none_or(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '/' | '$')))
}

/// Whether the English word right before a number (over spaces) owns it (`batch 8`, `ctx 4`):
/// any word but one of having it ([`MEMORY_HELD_BEFORE`]).
fn owned_by_word(before: &str) -> bool {
    let b = before.trim_end();
    let word: String = b
        .chars()
        .rev()
        .take_while(char::is_ascii_alphabetic)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    !word.is_empty() && !MEMORY_HELD_BEFORE.contains(&word.as_str())
}

/// `text` with each bare number beside a card's memory word written with its unit: after the
/// word (over a link, `显存是16`) or right before it (`48显存`, `16 vram`), as `Ng` before the word.
pub(super) fn plain(text: &str) -> String {
    let mut out = text.to_string();
    // One change at a time, from the left, so each range is read on the text as it now stands.
    'again: loop {
        for w in card_memory_words() {
            let hits: Vec<usize> = out.match_indices(w).map(|(at, _)| at).collect();
            for at in hits {
                let end = at + w.len();
                // An English word stands whole (`vrams`, `myvram` are other words).
                if w.is_ascii()
                    && (out[end..].starts_with(|c: char| c.is_ascii_alphanumeric())
                        || out[..at].ends_with(|c: char| c.is_ascii_alphabetic()))
                {
                    continue;
                }
                // A size already before the word (`24g显存 8`): the number after is another.
                let sized_before = out[..at].trim_end().ends_with(['g', 'b']);
                let sized = |n: u32| {
                    if w.is_ascii() {
                        format!("{n}g {w}")
                    } else {
                        format!("{n}g{w}")
                    }
                };
                // After the word: `显存24`, `显存 是 16`, `vram is 24`.
                let mut k = end + (out[end..].len() - out[end..].trim_start().len());
                if let Some(l) = MEMORY_SIZE_LINKS.iter().find(|l| {
                    out[k..].strip_prefix(**l).is_some_and(|r| {
                        !l.starts_with(|c: char| c.is_ascii_alphabetic())
                            || !r.starts_with(|c: char| c.is_ascii_alphanumeric())
                    })
                }) {
                    k += l.len();
                    k += out[k..].len() - out[k..].trim_start().len();
                }
                if !sized_before && let Some((n, len)) = bare_size(&out[k..]) {
                    out.replace_range(at..k + len, &sized(n));
                    continue 'again;
                }
                // Before the word: `48显存`, `16 vram`.
                let b = out[..at].trim_end();
                let start = b
                    .rfind(|c: char| !c.is_ascii_digit())
                    .map_or(0, |i| i + b[i..].chars().next().map_or(1, char::len_utf8));
                if start < b.len()
                    && starts_number(&out, start)
                    && !owned_by_word(&out[..start])
                    && let Some((n, len)) = bare_size(&out[start..at])
                    && start + len == b.len()
                {
                    out.replace_range(start..end, &sized(n));
                    continue 'again;
                }
            }
        }
        return out;
    }
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_bare_number_beside_a_memory_word_is_its_size() {
        for (said, read) in [
            ("显存12的显卡跑得动llama", "12g显存的显卡跑得动llama"),
            ("48显存能跑吗", "48g显存能跑吗"),
            ("我的卡显存是16，能跑吗", "我的卡16g显存，能跑吗"),
            ("显存只有8 能跑吗", "8g显存 能跑吗"),
            (
                "my card has vram 16, can it run",
                "my card has 16g vram, can it run",
            ),
            ("16 vram enough?", "16g vram enough?"),
            ("vram is 24 ok?", "24g vram ok?"),
            ("i have 16 vram", "i have 16g vram"),
        ] {
            assert_eq!(plain(said), read, "{said}");
        }
    }

    #[test]
    fn no_size_where_the_number_is_something_else() {
        for said in [
            // A unit already written, a count of cards or hours, a card's name, no memory word.
            "显存24g的卡",
            "24gb vram",
            "显存 2张卡",
            "显存 24 gb",
            "vram 4090",
            "24的卡能跑吗",
            "4090 vram is 24gb",
            "需要显存 24小时",
            "显存24.5",
            "内存32 能跑吗",
            "qwen3 8b 推理 batch 8 显存要多少",
        ] {
            assert_eq!(plain(said), said, "{said}");
        }
    }
}
