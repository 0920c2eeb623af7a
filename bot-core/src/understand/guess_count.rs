//! A card count inside the user's own guess, weighed against the count the question asks about
//! (`I reckon llama 3.3 70b awq needs two A6000s, is one not enough?`, `我觉得要两张4090，一张不
//! 够吗`): the question's count is the reading. The first count beside the card had won, so the
//! answer judged the guess (two cards) while one was asked about.

use super::Reading;
use super::numerals::digit_runs;
use super::request::Request;
use crate::catalog::Catalog;
use crate::lexicon::{ENOUGH_ASKED, GUESS_CUES, QUOTED_CUES};

/// Classifiers between a count and its card (`2张4090`, `2x a100`).
const CLASSIFIERS: &[&str] = &["张", "块", "台", "卡", "x ", "x", "×"];
/// English counts written as words (normalizing leaves them).
const EN_COUNTS: &[(&str, u32)] = &[
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("eight", 8),
];
/// Where the guess's clause ends and the question's begins.
const BREAKS: &[&str] = &[
    "  ", ",", "，", "..", "—", ";", "；", " but ", "但", "可是", "不过",
];
/// One card said in the question without a digit.
const ONE: &[&str] = &[
    "单张", "单卡", "一张", "a single", "single ", "just one", "only one", " one ",
];

/// The text with the guess's count replaced by the question's, when a guess names a count of
/// a card and a later clause asks whether another count is enough; the text unchanged else.
pub(super) fn plain(catalog: &Catalog, t: &str) -> String {
    guess_replaced(catalog, t).unwrap_or_else(|| t.to_string())
}

fn guess_replaced(catalog: &Catalog, t: &str) -> Option<String> {
    // A setup quoted (`the paper used 8 h100s`, `论文里用了8张`) is context as a guess is.
    let cue = GUESS_CUES
        .iter()
        .chain(QUOTED_CUES)
        .filter_map(|c| t.find(c))
        .min()?;
    let (span, guessed) = guess_count(catalog, t, cue)?;
    let rest = &t[span.end..];
    // A Chinese comma is a single space once normalized.
    let cjk = rest.chars().any(crate::lexicon::is_han);
    let brk = BREAKS
        .iter()
        .chain(cjk.then_some(&" "))
        .filter_map(|b| rest.find(b))
        .min()?;
    let card = card_id(catalog, rest)?;
    let asked = asked_count(catalog, &rest[brk..], card)?;
    if asked == guessed {
        return None;
    }
    let put = if asked == 1 {
        String::new()
    } else {
        format!("{asked}x ")
    };
    Some(format!("{}{put}{}", &t[..span.start], &t[span.end..]))
}

/// The first count of a card after the cue: its span (number and classifier) and value.
fn guess_count(catalog: &Catalog, t: &str, cue: usize) -> Option<(std::ops::Range<usize>, u32)> {
    let digits = digit_runs(t).filter(|(s, _)| *s > cue).find_map(|(s, e)| {
        let n: u32 = t[s..e].parse().ok()?;
        // `8 张 l40s`: a space before the classifier too.
        let spaced = t[e..].trim_start();
        let card_at = match CLASSIFIERS.iter().find(|c| spaced.starts_with(*c)) {
            Some(c) => t.len() - spaced.len() + c.len(),
            None => e,
        };
        let gap = t[card_at..].len() - t[card_at..].trim_start().len();
        card_word(catalog, &t[card_at + gap..]).then_some((s..card_at + gap, n))
    });
    let words = EN_COUNTS.iter().find_map(|(w, n)| {
        let at = t[cue..].find(&format!(" {w} "))? + cue + 1;
        let card_at = at + w.len() + 1;
        card_word(catalog, &t[card_at..]).then_some((at..card_at, *n))
    });
    match (digits, words) {
        (Some(d), Some(w)) => Some(if d.0.start < w.0.start { d } else { w }),
        (d, w) => d.or(w),
    }
}

/// Whether the text starts with a card's name (`4090`, `a6000s`, `a100 40g`).
fn card_word(catalog: &Catalog, t: &str) -> bool {
    card_id(catalog, t).is_some()
}

/// The catalog id of the card the text starts with.
fn card_id<'c>(catalog: &'c Catalog, t: &str) -> Option<&'c str> {
    let end = t
        .find(|c: char| c == ' ' || crate::lexicon::is_han(c))
        .unwrap_or(t.len());
    let w = &t[..end];
    if w.is_empty() {
        return None;
    }
    let find = |w: &str| {
        catalog
            .find_gpu(w)
            .or_else(|| w.strip_suffix('s').and_then(|s| catalog.find_gpu(s)))
    };
    // `rtx 4090s`: a brand word before the card's number.
    let two = || {
        let rest = &t[end..];
        let next = rest.trim_start();
        let len = next
            .find(|c: char| c == ' ' || crate::lexicon::is_han(c))
            .unwrap_or(next.len());
        (end < t.len() && len > 0).then(|| find(&t[..t.len() - next.len() + len]))?
    };
    find(w).or_else(two).map(|g| g.id.as_str())
}

/// The count a question asks is enough, said after the guess (`1张不够吗`, `is one enough`,
/// `2张够不够`, `are two enough`, `would a single one do`), of the guess's card or of no card
/// named: `is one a100 enough` after two 4090s guessed counts the A100, not the 4090s.
fn asked_count(catalog: &Catalog, q: &str, card: &str) -> Option<u32> {
    let q = format!("{q} ");
    let one = ONE
        .iter()
        .filter_map(|w| q.find(w).map(|at| (at, w.len(), 1)));
    let digits = digit_runs(&q).filter_map(|(s, e)| {
        let n: u32 = q[s..e].parse().ok()?;
        let classed = CLASSIFIERS.iter().any(|c| q[e..].starts_with(c)) || q[e..].starts_with(' ');
        (classed && (1..=16).contains(&n)).then_some((s, e - s, n))
    });
    let words = EN_COUNTS
        .iter()
        .filter_map(|(w, n)| q.find(&format!(" {w} ")).map(|at| (at, w.len() + 1, *n)));
    let (at, len, n) = one
        .chain(digits)
        .chain(words)
        .min_by_key(|(at, _, _)| *at)?;
    let after = &q[at + len..];
    let next = after.trim_start_matches(|c: char| c == ' ' || "张块台卡x×".contains(c));
    let other_card = card_id(catalog, next).is_some_and(|c| c != card);
    (!other_card && ENOUGH_ASKED.iter().any(|w| after.contains(w))).then_some(n)
}

/// Words offering another count as the alternative (`or do i need 4?`, `还是要三张`).
const OR: &[&str] = &[" or ", "还是", "或者"];
/// What may follow that count: its classifier or noun, or the end of the question.
const AFTER_OR: &[&str] = &["张", "块", "台", "卡", "x", " cards", " gpus", " of them"];

/// `i think 2 h100 are enough for …, or do i need 4?`, `我觉得两张4090够了，还是要三张`: a guess's
/// count and another offered as the alternative, neither asked "enough" of: the fit on each
/// count, asked back (the guess alone had been answered).
pub(super) fn asked_back(catalog: &Catalog, norm: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Fit(f)) = &r else {
        return r;
    };
    let Some((guessed, other)) = alternative(catalog, norm) else {
        return r;
    };
    if f.cards.unwrap_or(1) != guessed || other == guessed {
        return r;
    }
    let mut g = f.clone();
    g.cards = Some(other).filter(|c| *c != 1);
    Reading::Ask(vec![Request::Fit(f.clone()), Request::Fit(g)])
}

/// The guess's count and the alternative's, when a guess names a count of a card and a later
/// `or` offers another count of the same card (or of nothing named).
fn alternative(catalog: &Catalog, t: &str) -> Option<(u32, u32)> {
    let cue = GUESS_CUES.iter().filter_map(|c| t.find(c)).min()?;
    let (span, guessed) = guess_count(catalog, t, cue)?;
    let card = card_id(catalog, &t[span.end..])?;
    let rest = &t[span.end..];
    let or = OR
        .iter()
        .filter_map(|w| rest.find(w).map(|at| at + w.len()))
        .min()?;
    let after = format!("{} ", &rest[or..]);
    let digits = digit_runs(&after).find_map(|(s, e)| Some((e, after[s..e].parse::<u32>().ok()?)));
    let words = EN_COUNTS
        .iter()
        .filter_map(|(w, n)| {
            after
                .find(&format!(" {w} "))
                .map(|at| (at + w.len() + 1, *n))
        })
        .min_by_key(|(at, _)| *at);
    let (end, n) = match (digits, words) {
        (Some(d), Some(w)) => Some(if d.0 < w.0 { d } else { w }),
        (d, w) => d.or(w),
    }?;
    let tail = after[end..].trim_end();
    let closed = tail.is_empty()
        || AFTER_OR.iter().any(|w| tail.starts_with(w))
        || card_id(catalog, tail.trim_start()).is_some();
    let same_card = card_id(catalog, tail.trim_start()).is_none_or(|c| c == card);
    (closed && same_card && (1..=16).contains(&n)).then_some((guessed, n))
}
