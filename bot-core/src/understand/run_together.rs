//! A cue phrase typed with one space missed (`letme know when`, `tellme when it is`, `let me knowwhen`):
//! a phone's space bar skipped. The phrases are the cue tables' own (alerts, stock, trend,
//! price), each of three words or more, and a join of five letters or
//! more: a two-word join is too often a word of its own (`topup`, `breakeven`, `overtime`), and a
//! short one a name (`ata`, `doi`). Only the whole phrase is read, never the join alone. A phrase
//! of two words or more written hyphenated (`a heads-up when …`) is the phrase too.

use std::sync::OnceLock;

// The topic tables themselves, never `words` (which re-exports guidance's readers, and those
// read `text`, which calls this: a module circle).
use super::words_alerts::{ALERT_LIST_WORDS, ALERT_STOP_WORDS, ALERT_WORDS};
use super::words_price::{CHEAP_WORDS, COST_WORDS};
use super::words_stock::{STOCK_WORDS, TREND_WORDS};

/// (the phrase with one space missed, the phrase), longest first.
fn joins() -> &'static [(String, &'static str)] {
    static J: OnceLock<Vec<(String, &'static str)>> = OnceLock::new();
    J.get_or_init(|| {
        let tables: &[&[&str]] = &[
            ALERT_WORDS,
            ALERT_STOP_WORDS,
            ALERT_LIST_WORDS,
            STOCK_WORDS,
            TREND_WORDS,
            COST_WORDS,
            CHEAP_WORDS,
        ];
        let mut out: Vec<(String, &'static str)> = Vec::new();
        for p in tables.iter().flat_map(|t| t.iter()) {
            let words: Vec<&str> = p.split_whitespace().collect();
            // `a heads-up whenever …`, `keep-an-eye-on`: a phrase written as one hyphenated
            // word (a deliberate spelling, so two words are enough; und_dt).
            if words.len() >= 2 && p.is_ascii() {
                out.push((words.join("-"), p.trim()));
            }
            if words.len() < 3 || !p.is_ascii() {
                continue;
            }
            for i in 0..words.len() - 1 {
                if words[i].len() + words[i + 1].len() < 5 {
                    continue;
                }
                let mut w: Vec<String> = words.iter().map(|w| w.to_string()).collect();
                let joined = format!("{}{}", w[i], w[i + 1]);
                w.splice(i..=i + 1, [joined]);
                out.push((w.join(" "), p.trim()));
            }
        }
        out.sort_by_key(|(j, _)| std::cmp::Reverse(j.len()));
        out.dedup();
        out
    })
}

/// `s` (lowercase) with each cue phrase typed with one space missed written with the space,
/// whole words only.
pub(super) fn spaced(s: &str) -> String {
    if !s.is_ascii() && !s.contains(' ') {
        return s.to_string();
    }
    let mut out = s.to_string();
    for (joined, phrase) in joins() {
        let mut from = 0;
        while let Some(k) = out[from..].find(joined.as_str()).map(|k| k + from) {
            let end = k + joined.len();
            let whole = !out[..k].ends_with(|c: char| c.is_ascii_alphanumeric())
                && !out[end..].starts_with(|c: char| c.is_ascii_alphanumeric());
            if whole {
                out.replace_range(k..end, phrase);
                from = k + phrase.len();
            } else {
                from = end;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::spaced;

    #[test]
    fn a_phrase_with_a_space_missed_is_the_phrase() {
        assert_eq!(
            spaced("letme know when b200s are in stock"),
            "let me know when b200s are in stock"
        );
        assert_eq!(
            spaced("pls letme know if a100 is back"),
            "pls let me know if a100 is back"
        );
        // Hyphenated, as one word (und_dt).
        assert_eq!(
            spaced("our discord wants a heads-up whenever h100s are back"),
            "our discord wants a heads up whenever h100s are back"
        );
        // The join alone, a word of its own, and a name are kept.
        for t in ["letme", "topup on autodl", "breakeven for qwen", "ata 4090"] {
            assert_eq!(spaced(t), t, "{t}");
        }
    }
}
