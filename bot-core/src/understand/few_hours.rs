//! `a few hours`, `几个小时`, `several hours`: a length that is no one number. A question that
//! prices it is asked back with 2, 4 and 8 hours, never billed as the default hour (as `/pick`
//! asks it, `dialogue::vague`); where the length changes nothing, it reads as before.

use super::Reading;
use crate::catalog::Catalog;

/// The ways people say a few hours, longest first.
const FEW: &[&str] = &[
    "几个小时",
    "几个钟头",
    "几个钟",
    "几小时",
    "数个小时",
    "数小时",
    "a few hours",
    "several hours",
    "few hours",
];

/// The lengths a few hours is asked as.
const LENGTHS: &[&str] = &["2小时", "4小时", "8小时"];

/// The reading of `text` asked back with each length, when they read as different commands;
/// `reading` unchanged otherwise.
pub(super) fn asked_back(catalog: &Catalog, text: &str, reading: Reading) -> Reading {
    let lower = text.to_lowercase();
    let Some(word) = FEW.iter().find(|w| lower.contains(**w)) else {
        return reading;
    };
    // `几个小时前` is a time, not a length; only a reading of one command is asked.
    let at = lower.find(word).unwrap_or(0);
    let after = &lower[at + word.len()..];
    if after.trim_start().starts_with(['前', '后']) || !matches!(reading, Reading::Command(_)) {
        return reading;
    }
    // `十几个小时` is ten and some more (read as 19 hours by `numbers_said`), not a few: asked
    // with its own range.
    if lower[..at].ends_with('十') {
        return tens_asked(catalog, &lower, at..at + word.len(), reading);
    }
    let senses = crate::lexicon::Senses {
        word: word.to_string(),
        said: LENGTHS
            .iter()
            .map(|h| {
                let said = lower.replacen(word, &format!(" {h} "), 1);
                (crate::lexicon::Sense::Hours, said)
            })
            .collect(),
    };
    super::senses::asked_back(catalog, Some(senses), reading)
}

/// `十几个小时`, `二十几个小时`: tens and some more hours (11 to 19), no one number: asked back
/// with the range's lowest, middle and highest (`lexicon::tens_and_some`), never billed as its
/// top in silence; `few` is the span of `几个小时` in `lower`.
fn tens_asked(
    catalog: &Catalog,
    lower: &str,
    few: std::ops::Range<usize>,
    reading: Reading,
) -> Reading {
    let Some((lo, hi)) = crate::lexicon::tens_and_some(&lower[..few.end]) else {
        return reading;
    };
    let mut start = few.start - '十'.len_utf8();
    if let Some(d) = lower[..start]
        .chars()
        .next_back()
        .filter(|c| "二两三四五六七八九".contains(*c))
    {
        start -= d.len_utf8();
    }
    let said = [lo, (lo + hi) / 2, hi]
        .iter()
        .map(|h| {
            let said = format!("{} {h}小时 {}", &lower[..start], &lower[few.end..]);
            (crate::lexicon::Sense::Hours, said)
        })
        .collect();
    let word = lower[start..few.end].to_string();
    super::senses::asked_back(
        catalog,
        Some(crate::lexicon::Senses { word, said }),
        reading,
    )
}
