//! `半天` (half a day) is four working hours to some and twelve hours to others: a bill read
//! either way differs threefold, so a question that prices it is asked back with both, never
//! answered as one of them. Where the length changes nothing (`研究了半天`), it reads as before.

use super::Reading;
use crate::catalog::Catalog;
use crate::lexicon::{Sense, Senses};

/// The ways people write half a day, each with the two lengths it can mean.
const HALF_DAY: &[&str] = &["半天", "半日", "half a day", "half day", "half-day"];

/// The reading of `text` asked back with `半天` as 4 h and as 12 h, when the two read as
/// different commands; `reading` unchanged otherwise.
pub(super) fn asked_back(catalog: &Catalog, text: &str, reading: Reading) -> Reading {
    let lower = text.to_lowercase();
    let Some(word) = HALF_DAY.iter().find(|w| lower.contains(**w)) else {
        return reading;
    };
    // `大半天` is most of a day, `半天时间` at most a half; only the bare phrase is asked.
    if lower.contains(&format!("大{word}")) || !matches!(reading, Reading::Command(_)) {
        return reading;
    }
    let said = |hours: &str| (Sense::Hours, lower.replace(word, &format!(" {hours} ")));
    let senses = Senses {
        word: word.to_string(),
        said: vec![said("4小时"), said("12小时")],
    };
    super::senses::asked_back(catalog, Some(senses), reading)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_a_day_priced_is_asked_with_both_lengths() {
        let c = Catalog::embedded().unwrap();
        for q in [
            "4090跑半天多少钱",
            "how much to rent an a100 for half a day",
        ] {
            let r = super::super::read(&c, q);
            let lines = r.lines();
            assert!(matches!(r, Reading::Ask(_)), "{q}: {lines:?}");
            assert!(lines.iter().any(|l| l.contains(" 4h")), "{q}: {lines:?}");
            assert!(lines.iter().any(|l| l.contains(" 12h")), "{q}: {lines:?}");
        }
    }
}
