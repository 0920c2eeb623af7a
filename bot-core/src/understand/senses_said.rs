//! The readers that report a word's live senses (`lexicon::Senses`) for the question path to ask
//! back through `senses::asked_back`: `20m a day` beside a cue of tokens and a cue of time, and a
//! package beside a shorter length. Apart from `senses`, which `half_day`, `clock_range`,
//! `few_hours` and `bare_asked` use, so no file imports the other around a circle.

use super::{Reading, Request, Usage};
use crate::catalog::Catalog;
use crate::lexicon::{self, Package, Sense, Senses};
use rust_decimal::Decimal;

/// The stage's readers: the word of `text` (as typed) its sentence leaves with live senses,
/// asked back ([`asked_back`]) where the reading is one command.
pub(super) fn stage(catalog: &Catalog, text: &str, reading: Reading) -> Reading {
    let Reading::Command(r) = &reading else {
        return reading;
    };
    let senses = senses_said(text);
    // A package and its length weigh one bill; any other reading leaves them.
    let bill = matches!(r, Request::Cost(_) | Request::Compare(_));
    let package = senses
        .as_ref()
        .is_some_and(|s| s.said.iter().any(|(k, _)| *k == Sense::Package));
    if package && !bill {
        return reading;
    }
    super::senses::asked_back(catalog, senses, reading)
}

/// The first word of `text` its sentence leaves with two live senses: `20m` a day beside both a
/// cue of tokens and a cue of time, or a package beside a shorter length. `None` where the words
/// around settle it.
pub fn senses_said(text: &str) -> Option<Senses> {
    let norm = super::normalize(text);
    let toks = super::text::tokens(&norm);
    million_or_minutes(&toks, &format!(" {norm} "))
        .or_else(|| package_or_length(&text.to_lowercase(), &toks))
}

/// `toks` joined, with the byte range token `i` takes in the joined text.
fn joined_at(toks: &[String], i: usize) -> (String, usize, usize) {
    let start: usize = toks[..i].iter().map(|t| t.len() + 1).sum();
    (toks.join(" "), start, start + toks[i].len())
}

/// `20m a day` where the sentence says a cue of tokens and a cue of time, nothing naming tokens
/// or an API (`volume_unit::MUnit::Both`): millions of tokens, or minutes.
fn million_or_minutes(toks: &[String], padded: &str) -> Option<Senses> {
    let (_, _, i) = super::volume_unit::millions_per_period(toks)?;
    if super::volume_unit::m_unit(padded) != super::volume_unit::MUnit::Both {
        return None;
    }
    let number = toks[i].strip_suffix('m')?;
    let (text, start, end) = joined_at(toks, i);
    Some(Senses::of_number(
        &text,
        start,
        end,
        number,
        &[Sense::MillionTokens, Sense::Minutes],
    ))
}

/// The seconds a package holds (a month as `units` counts it, 730 hours).
fn package_seconds(p: Package) -> Decimal {
    let day = Decimal::from(86_400);
    match p {
        Package::Day => day,
        Package::Week => day * Decimal::from(7),
        Package::Months(n) => {
            Decimal::from(u64::from(crate::units::HOURS_PER_MONTH) * 3600 * u64::from(n))
        }
    }
}

/// The package said in `lower` (the text as typed, lower case): the spoken-form pass writes some
/// as their length alone (`包周` → `1周`), so it is found before it.
fn package_said(lower: &str) -> Option<(&'static str, Package)> {
    lexicon::PACKAGES.iter().find_map(|(w, p)| {
        let said = if w.is_ascii() {
            lower
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|t| t == *w)
        } else {
            lower.contains(w)
        };
        said.then_some((*w, *p))
    })
}

/// Whether `toks[k..k + n]` is the package's own length (`1个月`, `1 周`: one month is always on
/// to the span reader).
fn own_length(toks: &[String], k: usize, n: usize, package: Package) -> bool {
    let Some(words) = toks.get(k..k + n) else {
        return false;
    };
    match super::span::find_usage(words, &vec![false; n]) {
        Some(Usage::Once(s)) => s == package_seconds(package),
        Some(Usage::Always) => package == Package::Months(1),
        _ => false,
    }
}

/// A package (`包月`, `monthly`, `包周`) beside a length said that is shorter than the package
/// and no day's hours (`包月 但只用10天`, `monthly for 2 weeks`): the package held, or the length
/// by the hour. The package's own length, written for it by the spoken-form pass (`1个月 包月`,
/// `1周`), is no other length; hours a day beside a package are settled (the daily bill is
/// priced with each platform's plan beside it).
fn package_or_length(lower: &str, toks: &[String]) -> Option<Senses> {
    let (said, package) = package_said(lower)?;
    let held = package_seconds(package);
    let none = |t: &[String]| vec![false; t.len()];
    // The package's words: a package word kept, and its own length (the first one, or the one
    // right before the word).
    let word = toks.iter().position(|t| lexicon::package(t).is_some());
    // A package weighed against paying by the hour (`包月还是按量划算 每天用5小时`): one
    // ranking for the hours said (`plan_or_hourly`), no second sense to ask.
    if lexicon::HOURLY_BILLING.iter().any(|w| lower.contains(w)) {
        return None;
    }
    // `monthly bill`: the month names the bill's period, one sense only.
    let after = lower
        .find(said)
        .map(|at| lower[at + said.len()..].trim_start());
    if after.is_some_and(lexicon::names_bill_period) {
        return None;
    }
    let own = (0..toks.len())
        .filter(|k| word.is_none_or(|p| *k + 2 >= p && *k < p))
        .find_map(|k| {
            // Never the package word itself (`a100 monthly` is always on too).
            [2, 1]
                .into_iter()
                .filter(|n| word.is_none_or(|p| k + n <= p))
                .find(|n| own_length(toks, k, *n, package))
                .map(|n| k..k + n)
        });
    let package_words = |k: usize| word == Some(k) || own.as_ref().is_some_and(|r| r.contains(&k));
    if word.is_none() && own.is_none() {
        return None;
    }
    let rest: Vec<String> = (0..toks.len())
        .filter(|k| !package_words(*k))
        .map(|k| toks[k].clone())
        .collect();
    let Some(Usage::Once(s)) = super::span::find_usage(&rest, &none(&rest)) else {
        return None;
    };
    if s.is_zero() || s >= held {
        return None;
    }
    // The package alone: every other length said taken out (`monthly for 2 weeks` had read as
    // a month's hours spread over the two weeks).
    let mut package_only: Vec<String> = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        match super::span::span_at(toks, &none(toks), k).filter(|_| !package_words(k)) {
            // A unit glued to the words after it (`10天多少钱`, read to the end): the number
            // alone goes.
            Some((_, used)) if used > 2 => k += 1,
            Some((_, used)) => k += used.max(1),
            None => {
                package_only.push(toks[k].clone());
                k += 1;
            }
        }
    }
    Some(Senses {
        word: said.to_string(),
        said: vec![
            (Sense::Package, package_only.join(" ")),
            (Sense::Length, rest.join(" ")),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_senses_reported_and_settled_ones_not() {
        let s = senses_said("4090 跑 qwen2.5-7b 每天 30m 划算吗").expect("both cues");
        assert_eq!(s.word, "30m");
        assert!(s.said[0].1.contains("30m tokens") && s.said[1].1.contains("30分钟"));
        assert!(senses_said("4090 跑 qwen2.5-7b 每天 30m token 划算吗").is_none());
        assert!(senses_said("4090 跑 15m a day").is_none());
        let s = senses_said("rent an a100 monthly for 2 weeks, how much").expect("package");
        assert_eq!(s.word, "monthly");
        assert!(!s.said[1].1.contains("monthly"));
        assert!(senses_said("4090 包月 一个月 多少钱").is_none());
        assert!(senses_said("4090 包月 多少钱").is_none());
        assert!(senses_said("a100 每天跑8小时 包月哪家划算").is_none());
    }
}
