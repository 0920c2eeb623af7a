//! `runpod 4090 跑3 多少钱`, `runpod h100 for 12 how much`, `runpod h100 8 how much`,
//! `autodl 跑4090 3个 多少钱`: a bare number in a price question is a job length (or a card
//! count) said without its unit. Dropping it bills the default hour, a confident wrong bill;
//! what it may mean is asked back instead.

use crate::lexicon::{Sense, Senses};

/// What may follow the bare number: the price asked, or nothing.
const ASK_AFTER: &[&str] = &[
    "多少",
    // `跑个 5 的`: the length with its noun left unsaid.
    "的",
    "要多少",
    "得多少",
    "大概",
    "的话",
    "一共",
    "总共",
    "价格",
    "费用",
    "花",
    "how much",
    "what",
    "cost",
    "price",
    "total",
    "?",
    "？",
    // A ranking asked (`h100 跑 2 哪家便宜`): the length ranks every platform's bill.
    "哪家",
    "哪个",
    "哪里",
    "最便宜",
    "便宜",
    "cheapest",
    "which",
    "where",
];

/// A bare number found: where it is, and what it may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bare {
    /// Byte offsets of the number (and of a `个` written after it) in the text.
    pub start: usize,
    pub end: usize,
    /// After a card's name (`h100 8`) rather than a run verb: it may count the cards too.
    pub after_card: bool,
    /// Said with `个` (`3个`): hours or cards, never days.
    pub counted: bool,
    /// After a run verb that comes right after a card's name (`4090 跑 8`): it may count the
    /// cards too.
    pub card_before_verb: bool,
}

impl Bare {
    /// The number's live senses (`lexicon::Senses`): the text with it said each way it may be
    /// meant, in the order asked back.
    pub fn senses(&self, norm: &str) -> Senses {
        let number = norm[self.start..self.end].trim_end_matches('个').trim_end();
        let mut senses = vec![Sense::Hours];
        if !self.counted {
            senses.push(Sense::Days);
        }
        if self.after_card || self.counted || self.card_before_verb {
            senses.push(Sense::Cards);
        }
        Senses::of_number(norm, self.start, self.end, number, &senses)
    }

    /// The text with the number said each way it may be meant, in the order asked back.
    #[cfg(test)]
    pub fn readings(&self, norm: &str) -> Vec<String> {
        self.senses(norm).said.into_iter().map(|(_, t)| t).collect()
    }
}

/// A card's name before a number (`h100`, `4090`, `a100-80g`): letters and digits with a
/// digit, no model size (`7b`) or version (`qwen2.5`).
fn card_like(word: &str) -> bool {
    word.len() >= 2
        && word.chars().any(|c| c.is_ascii_digit())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && !word.ends_with('b')
}

/// The first bare number said after a run verb or a card's name, followed by the price asked
/// or nothing. A card's number (`跑4090`) is no length: four digits or more are left alone.
pub(super) fn bare_number(norm: &str) -> Option<Bare> {
    let b = norm.as_bytes();
    let mut at = 0;
    while at < b.len() {
        let glued =
            at > 0 && (b[at - 1].is_ascii_alphanumeric() || matches!(b[at - 1], b'.' | b'-'));
        if !b[at].is_ascii_digit() || glued {
            at += 1;
            continue;
        }
        let start = at;
        let mut end = at;
        while end < b.len() && (b[end].is_ascii_digit() || b[end] == b'.') {
            end += 1;
        }
        at = end;
        let number = &norm[start..end];
        if number.len() > 3 || number.parse::<f64>().map_or(true, |v| v <= 0.0) {
            continue;
        }
        let before = norm[..start].trim_end();
        // The lexicon's run verbs (`跑`, `训练`, `running`) or `for` alone, an English one a
        // whole word (`run 5`; `rerun5` is glued, above).
        let verb = crate::lexicon::run_verb_ends(before, false);
        // `4090 跑 8`: a card's name, a space, the verb (`跑4090 3个` has the card after it);
        // never `for`, which says a length (`h100 for 12`).
        let for_length = before.ends_with("for");
        let card_before_verb = verb
            && !for_length
            && crate::lexicon::RUN_VERBS
                .iter()
                .find_map(|v| before.strip_suffix(*v))
                .is_some_and(|p| {
                    p.ends_with(' ')
                        && card_like(
                            p.trim_end()
                                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                                .next()
                                .unwrap_or(""),
                        )
                });
        let last_word = before
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .next()
            .unwrap_or("");
        // A card right before it, apart from it by a space (`h100 8`, `4090 3个`).
        let after_card = !verb && start > before.len() && card_like(last_word);
        if !(verb || after_card) {
            continue;
        }
        let mut rest = &norm[end..];
        // `3个`, `3 个` (not `3个小时`, `3个月`): hours or cards.
        let ge = rest.trim_start();
        let counted = ge.starts_with('个') && !ge.starts_with("个小时") && !ge.starts_with("个月");
        let mut stop = end;
        if counted {
            stop += rest.len() - ge.len() + '个'.len_utf8();
            rest = &ge['个'.len_utf8()..];
        }
        // A unit or a name glued on (`3小时`, `3张`, `3b`, `3x`) makes it no bare number.
        if !counted && rest.starts_with(|c: char| c.is_alphanumeric()) {
            continue;
        }
        let after = rest.trim_start_matches([' ', ',']);
        if after.is_empty() || ASK_AFTER.iter().any(|w| after.starts_with(w)) {
            return Some(Bare {
                start,
                end: stop,
                after_card,
                counted,
                card_before_verb,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(s: &str) -> Option<(String, bool, bool)> {
        bare_number(s).map(|b| (s[b.start..b.end].to_string(), b.after_card, b.counted))
    }

    #[test]
    fn a_bare_number_after_a_run_verb_or_a_card_is_found() {
        assert_eq!(
            found("runpod 4090 跑3 多少钱"),
            Some(("3".into(), false, false))
        );
        assert_eq!(
            found("4090 run 5 how much"),
            Some(("5".into(), false, false))
        );
        assert_eq!(found("租 12"), Some(("12".into(), false, false)));
        assert_eq!(
            found("runpod h100 for 12 how much"),
            Some(("12".into(), false, false))
        );
        assert_eq!(
            found("runpod h100 8 how much"),
            Some(("8".into(), true, false))
        );
        assert_eq!(
            found("autodl 跑4090 3个 多少钱"),
            Some(("3个".into(), true, true))
        );
        assert_eq!(
            found("vast a100 2.5 price?"),
            Some(("2.5".into(), true, false))
        );
    }

    #[test]
    fn a_number_with_its_unit_or_a_name_is_not() {
        assert!(found("run 5 on vast, how much").is_none());
        assert!(found("跑3小时 多少钱").is_none());
        assert!(found("跑4090 多少钱").is_none());
        assert!(found("跑3张卡 多少钱").is_none());
        assert!(found("跑qwen 7b 多少钱").is_none());
        assert!(found("llama 3 how much").is_none());
        assert!(found("4090 3个小时 多少钱").is_none());
        assert!(found("qwen2.5 7 how much").is_none());
    }

    #[test]
    fn a_card_before_the_run_verb_may_be_counted() {
        let b = |s: &str| bare_number(s).unwrap().card_before_verb;
        assert!(b("4090 跑 8"));
        assert!(b("runpod 4090 跑3 多少钱"));
        assert!(!b("跑 8 多少钱"));
        assert!(!b("runpod h100 for 12 how much"));
        let s = "4090 跑 8 多少钱";
        let r = bare_number(s).unwrap().readings(s);
        assert!(r.iter().any(|t| t.contains("8 cards")), "{r:?}");
    }

    #[test]
    fn each_meaning_is_said_with_its_unit() {
        let s = "runpod h100 8 how much";
        let b = bare_number(s).unwrap();
        let r = b.readings(s);
        assert_eq!(r.len(), 3);
        assert!(r[0].contains("8小时") && r[1].contains("8天") && r[2].contains("8 cards"));
        let s = "autodl 跑4090 3个 多少钱";
        let r = bare_number(s).unwrap().readings(s);
        assert_eq!(r.len(), 2);
        assert!(r[0].contains("3小时") && r[1].contains("3 cards"));
    }
}
