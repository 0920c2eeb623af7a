//! `一天` / `a day` beside a longer length (`a100 一天 两周 多少钱`, `rent an h100 a day, two
//! weeks`): a run of one day, or each day of the longer length. The bills differ fourteenfold,
//! and the sentence does not say which: both are asked back through `lexicon::Senses`, never one
//! of them in silence (before: the day, the two weeks dropped; or the reverse). Settled where the
//! words say it: a run verb or `for` right before the day (`跑一天`, `for a day`) makes it the
//! run; a word of each day (`每天`, `per day`) or `for` before the longer length (`a day for two
//! weeks`) makes the longer length the run, each day of it billed; hours beside the day (`一天
//! 8小时`) are hours a day, read as before. `每天` alone beside a price asked (`4090 每天多少钱`) is
//! a day's bill.

use super::{Reading, Request};
use crate::catalog::Catalog;
use crate::lexicon::{Sense, Senses};
use rust_decimal::Decimal;

/// How the day is said, at tokens `at..at + len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Day {
    /// `一天`, `a day`, `one day`: its sense left to the words around it.
    Open,
    /// `每天`, `per day`, `each day`, `every day`: each day.
    Each,
}

/// The day word's place in `toks`: where it starts, how many tokens it takes, the part of a
/// glued token left after it (`天多少钱` leaves `多少钱`), and how it is said.
fn day_at(toks: &[String]) -> Option<(usize, usize, String, Day)> {
    (0..toks.len()).find_map(|k| {
        let t = toks[k].as_str();
        let next = toks.get(k + 1).map(String::as_str).unwrap_or("");
        if let Some(rest) = t.strip_prefix("每天") {
            return Some((k, 1, rest.to_string(), Day::Each));
        }
        if matches!(t, "per" | "each" | "every") && next == "day" {
            return Some((k, 2, String::new(), Day::Each));
        }
        if matches!(t, "a" | "one" | "1") && next == "day" {
            return Some((k, 2, String::new(), Day::Open));
        }
        // `1天` (the digits apart from the Chinese run), never `21天`.
        (t == "1" && next.starts_with('天') && !next.starts_with("天天"))
            .then(|| (k, 2, next['天'.len_utf8()..].to_string(), Day::Open))
    })
}

/// `toks` without `at..at + len`, `rest` in their place.
fn without(toks: &[String], at: usize, len: usize, rest: &str) -> String {
    let mut out: Vec<&str> = toks[..at].iter().map(String::as_str).collect();
    if !rest.is_empty() {
        out.push(rest);
    }
    out.extend(toks[at + len..].iter().map(String::as_str));
    out.join(" ")
}

/// What the words around the day say of it.
enum Said {
    /// Both senses live: the text with the longer length left out (the day's run), and the
    /// text with the day left out (the longer length, each day of it).
    Open { run: String, each: String },
    /// Each day of the longer length: this text read in the question's place.
    Each(String),
    /// Each day with no other length (`4090 每天多少钱`): a day's bill, this text read in the
    /// place of a reading that billed the default hour.
    ADay(String),
}

/// The words of a length led by `a`/`an`/`one` (`a week`, `one month`) with the count in digits,
/// as the span reader reads a length (`2 weeks`).
fn counted(toks: &[String]) -> Vec<String> {
    toks.iter()
        .enumerate()
        .map(|(i, t)| {
            let unit = toks.get(i + 1).is_some_and(|n| {
                ["day", "week", "weeks", "month", "months", "year"].contains(&n.as_str())
            });
            if unit && matches!(t.as_str(), "a" | "an" | "one") {
                "1".to_string()
            } else {
                t.clone()
            }
        })
        .collect()
}

fn said(catalog: &Catalog, norm: &str) -> Option<Said> {
    let toks = super::text::tokens(norm);
    let (k, len, rest, day) = day_at(&toks)?;
    let before = toks[..k].join(" ");
    // `跑一天`, `run it for a day`, `for a day`: the run's length, as the span reader reads it.
    if day == Day::Open && crate::lexicon::run_verb_ends(&before, false) {
        return None;
    }
    let spans = counted(&toks);
    let mut taken = vec![false; toks.len()];
    taken[k..k + len].iter_mut().for_each(|t| *t = true);
    // A card's name is no length (`4090d` is no 4,090 days).
    for (t, tok) in taken.iter_mut().zip(&toks) {
        *t |= catalog.find_gpu(tok).is_some();
    }
    let day_secs = Decimal::from(86_400);
    let mut longer = None;
    let mut i = 0;
    while i < toks.len() {
        match super::span::span_at(&spans, &taken, i) {
            // Hours beside the day (`一天 8小时`): hours a day, read as before.
            Some((secs, _)) if secs <= day_secs => return None,
            Some((_, used)) if longer.is_some() || used > 2 => return None,
            Some((_, used)) => {
                longer = Some((i, used));
                i += used;
            }
            None => i += 1,
        }
    }
    let each = without(&toks, k, len, &rest);
    let Some((at, used)) = longer else {
        // `4090 每天多少钱`: each day with no other length is a day's bill.
        return (day == Day::Each)
            .then(|| Said::ADay(without(&toks, k, len, &format!("1天 {rest}"))));
    };
    // `a day for two weeks`: `for` makes the longer length the run's.
    let run_marked = at > 0 && crate::lexicon::LENGTH_BEFORE.contains(&toks[at - 1].as_str());
    if day == Day::Each || run_marked {
        return Some(Said::Each(each));
    }
    Some(Said::Open {
        run: without(&toks, at, used, ""),
        each,
    })
}

/// The reading of `norm` read again, when it is one command.
fn command(catalog: &Catalog, norm: &str) -> Option<Request> {
    match super::read_normalized(catalog, super::normalize(norm), true).0 {
        Reading::Command(r) => Some(r),
        _ => None,
    }
}

/// A bill's reading asked back between a day's run and each day of the longer length said, or
/// read as the words settle it; any other reading unchanged.
pub(super) fn asked_back(catalog: &Catalog, text: &str, reading: Reading) -> Reading {
    let Reading::Command(r) = &reading else {
        return reading;
    };
    if !matches!(r, Request::Cost(_) | Request::Compare(_)) {
        return reading;
    }
    let norm = super::normalize(text);
    match said(catalog, &norm) {
        None => reading,
        Some(Said::Each(t)) => match command(catalog, &t) {
            Some(r @ (Request::Cost(_) | Request::Compare(_))) => Reading::Command(r),
            _ => reading,
        },
        // Only in the place of the default hour: a package or a length read already stays.
        Some(Said::ADay(t)) if r.line().split_whitespace().any(|w| w == "1h") => {
            match command(catalog, &t) {
                Some(r @ (Request::Cost(_) | Request::Compare(_))) => Reading::Command(r),
                _ => reading,
            }
        }
        Some(Said::ADay(_)) => reading,
        Some(Said::Open { run, each }) => {
            let word = if norm.contains("天") {
                "一天"
            } else {
                "a day"
            };
            let senses = Senses {
                word: word.to_string(),
                said: vec![(Sense::DayRun, run), (Sense::EachDay, each)],
            };
            super::senses::asked_back(catalog, Some(senses), reading)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(s: &str) -> Option<(String, String)> {
        match said(&Catalog::embedded().unwrap(), &super::super::normalize(s))? {
            Said::Open { run, each } => Some((run, each)),
            Said::Each(_) | Said::ADay(_) => None,
        }
    }

    #[test]
    fn a_day_beside_a_longer_length_has_two_senses() {
        let (run, each) = open("a100 一天 两周 多少钱").expect("open");
        assert!(!run.contains('周') && run.contains('天'), "{run}");
        assert!(each.contains('周') && !each.contains('天'), "{each}");
        assert!(open("rent an h100 a day, two weeks, how much").is_some());
    }

    #[test]
    fn the_words_around_settle_it() {
        let c = Catalog::embedded().unwrap();
        for s in [
            // A run verb or `for` before the day: the run.
            "a100 跑一天 两周 多少钱",
            "h100 for a day, how much",
            // Hours beside the day: hours a day.
            "4090 一天 8小时 一周 多少钱",
            // A day alone: one length; a card's name is none (`4090d`).
            "4090 一天多少钱",
            "4090D autodl 一天多少",
        ] {
            assert!(said(&c, &super::super::normalize(s)).is_none(), "{s}");
        }
        for s in [
            "a100 a day for two weeks",
            "a100 每天 两周 多少钱",
            "a100 per day for a week",
        ] {
            assert!(
                matches!(said(&c, &super::super::normalize(s)), Some(Said::Each(_))),
                "{s}"
            );
        }
        let day = said(&c, &super::super::normalize("4090 每天多少钱"));
        assert!(matches!(day, Some(Said::ADay(_))));
    }
}
