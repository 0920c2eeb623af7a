//! A period word typed with a slip beside hours (issue 26 §4, helper und_ea, pick_an's
//! `4 hours a dya`): the step's reader had taken the hours and dropped the word it did not know,
//! so a day's hours were billed as one run — a wrong figure, not a refusal, so the slip reader
//! that runs where every reader gave up never saw it. Read first, at any step, from the one
//! period table (`lexicon::EACH_PERIOD`), never a list of typos:
//!
//! - Latin: after a period table's lead word (`a`, `per`, `each`, `every`), a word that is a
//!   slip of the table's noun after that lead (`dya`, `weke`, `mnoth`): for a noun of three
//!   letters only its letters swapped or one letter added (a changed letter is too often another
//!   word: `a way`, `a dad`); for longer nouns one slip. A one-word period of five letters or more
//!   (`daily`, `weekly`) one slip away (`dialy`). Never a word the table holds itself or the
//!   lexicon knows as itself.
//! - Chinese: `每` and a character that reads alike (`lexicon::read_alike`) one period
//!   character of the table's `每X` words (`每添` → 每天, `每舟` → 每周).
//!
//! Two periods equally near is no reading. The reading is said (`pick-read-as`).

use crate::lexicon::{self, EACH_PERIOD};

/// The table's Latin period phrases as (lead, noun), and its one-word periods.
fn latin_periods() -> (Vec<(&'static str, &'static str)>, Vec<&'static str>) {
    let mut pairs = Vec::new();
    let mut single = Vec::new();
    for (w, _) in EACH_PERIOD {
        if !w.chars().all(|c| c.is_ascii_alphabetic() || c == ' ') {
            continue;
        }
        match w.split_once(' ') {
            Some((lead, noun)) if !noun.contains(' ') => pairs.push((lead, noun)),
            None if w.len() >= 5 => single.push(*w),
            _ => {}
        }
    }
    (pairs, single)
}

/// Whether `typed` is a slip of the period noun `noun` by the rules above.
fn noun_slip(typed: &str, noun: &str) -> bool {
    if typed == noun {
        return false;
    }
    if noun.len() <= 3 {
        return (typed.len() == noun.len() && lexicon::swapped(typed.as_bytes(), noun.as_bytes()))
            || (typed.len() == noun.len() + 1
                && lexicon::slips_apart(typed.as_bytes(), noun.as_bytes(), 1).is_some());
    }
    typed.len() >= 3 && lexicon::slips_apart(typed.as_bytes(), noun.as_bytes(), 1).is_some()
}

/// A Latin word the lexicon holds as itself: never a slip of a period.
fn known(w: &str, singles: &[&str]) -> bool {
    singles.contains(&w)
        || EACH_PERIOD
            .iter()
            .any(|(p, _)| p.split(' ').any(|x| x == w))
        || lexicon::REAL_WORDS.contains(&w)
        || lexicon::number_word(w).is_some()
}

/// `text` with its Latin period slips written as the period's word.
fn latin_fixed(text: &str) -> String {
    let (pairs, singles) = latin_periods();
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    for (i, w) in words.iter().enumerate() {
        let low = w.to_ascii_lowercase();
        if low.is_empty() || !low.bytes().all(|b| b.is_ascii_alphabetic()) || known(&low, &singles)
        {
            continue;
        }
        let lead = i
            .checked_sub(1)
            .map(|j| words[j].to_ascii_lowercase())
            .unwrap_or_default();
        let mut near: Vec<&str> = pairs
            .iter()
            .filter(|(l, n)| *l == lead && noun_slip(&low, n))
            .map(|(_, n)| *n)
            .collect();
        near.extend(singles.iter().filter(|s| {
            low.len() >= 4 && lexicon::slips_apart(low.as_bytes(), s.as_bytes(), 1).is_some()
        }));
        near.sort_unstable();
        near.dedup();
        if let [one] = near[..] {
            out[i] = one.to_string();
        }
    }
    out.join(" ")
}

/// `text` with `每` and a character read alike a period character written as that period.
fn cjk_fixed(text: &str) -> String {
    let periods: Vec<char> = EACH_PERIOD
        .iter()
        .filter_map(|(w, _)| {
            let cs: Vec<char> = w.chars().collect();
            match cs[..] {
                ['每', p] if lexicon::is_han(p) => Some(p),
                _ => None,
            }
        })
        .collect();
    let mut chars: Vec<char> = text.chars().collect();
    for i in 1..chars.len() {
        let c = chars[i];
        if chars[i - 1] != '每' || !lexicon::is_han(c) || periods.contains(&c) {
            continue;
        }
        if let [p] = periods
            .iter()
            .filter(|p| lexicon::read_alike(c, **p))
            .collect::<Vec<_>>()[..]
        {
            chars[i] = *p;
        }
    }
    chars.into_iter().collect()
}

/// `text` with a period word's slip written as the period's word; `None` when there is none.
pub(super) fn fixed(text: &str) -> Option<String> {
    let out = cjk_fixed(&latin_fixed(text));
    (out != text).then_some(out)
}

/// The line read again (`again`: the machine) with its period slip written as the period, the
/// reading said at the head of the answer; `None` when there is no slip.
pub(super) fn reread(
    text: &str,
    again: impl FnOnce(super::state::PickInput) -> super::state::Outcome,
) -> Option<super::state::Outcome> {
    let fixed = fixed(text)?;
    let mut out = again(super::state::PickInput::Text(fixed.clone()));
    if let Some(first) = out.replies.first_mut() {
        first.prepend(super::slip::read_as(text, &fixed));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::fixed;

    #[test]
    fn a_period_slip_beside_hours_is_the_period() {
        for (typed, read) in [
            ("4 hours a dya", "4 hours a day"),
            ("3 hours per dya", "3 hours per day"),
            ("5 hours every daay", "5 hours every day"),
            ("14 hours a weke", "14 hours a week"),
            ("2 hours a wek", "2 hours a week"),
            ("60 hours a mnoth", "60 hours a month"),
            ("2 hours dialy", "2 hours daily"),
            ("每添4小时", "每天4小时"),
            ("大概每填跑3个小时", "大概每天跑3个小时"),
            ("每舟14小时", "每周14小时"),
        ] {
            assert_eq!(fixed(typed).as_deref(), Some(read), "{typed}");
        }
    }

    #[test]
    fn other_words_stay() {
        for t in [
            "4 hours a day",
            "4 hours a way",
            "a dad and me",
            "per seat",
            "each one",
            "每人4小时",
            "每次3小时",
            "每天",
            "3 hours",
        ] {
            assert_eq!(fixed(t), None, "{t}");
        }
    }
}
