//! The question path's one way of asking back a word with live senses (`lexicon::Senses`): each
//! sense's text read as a question, and the reading asked back between them when they differ.
//! The readers that report senses: `20m` a day with a cue of tokens and a cue of time and nothing
//! naming either (`run it 20m a day, worth it?`: a rent-vs-API sum for 20M tokens, or 20 minutes
//! a day billed); a package beside a shorter length said (`包月 但只用10天`: the month held, or
//! ten days by the hour); and, through the same asking, `半天` (`half_day`), a clock range
//! (`clock_range`), a few hours (`few_hours`) and a bare number (`bare_number`). Before, the
//! first two were settled in silence (the minutes; the package, its length dropped).

use super::Reading;
use super::Request;
use crate::catalog::Catalog;
use crate::lexicon::Senses;

/// Each sense's text read as a question (normalized first): its command, or `None` where it
/// reads as none.
fn readings(catalog: &Catalog, senses: &Senses) -> Vec<Option<Request>> {
    senses
        .said
        .iter()
        .map(
            |(_, said)| match super::read_normalized(catalog, super::normalize(said), true).0 {
                Reading::Command(r) => Some(r),
                _ => None,
            },
        )
        .collect()
}

/// `reading` asked back between the readings of `senses` when every sense reads as a command and
/// two or more of them differ; unchanged otherwise (a sense that reads as nothing leaves no
/// choice to offer, and one reading is no question). Only a reading of one command is asked.
pub(super) fn asked_back(catalog: &Catalog, senses: Option<Senses>, reading: Reading) -> Reading {
    let Some(senses) = senses else {
        return reading;
    };
    if !matches!(reading, Reading::Command(_) | Reading::Unknown) {
        return reading;
    }
    let mut choices: Vec<Request> = Vec::new();
    for r in readings(catalog, &senses) {
        let Some(r) = r else {
            return reading;
        };
        if !choices.contains(&r) {
            choices.push(r);
        }
    }
    if choices.len() > 1 {
        Reading::Ask(choices)
    } else {
        reading
    }
}
