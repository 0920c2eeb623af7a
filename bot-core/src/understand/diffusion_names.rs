//! Image and video models as people write them: a name of up to four words
//! (`stable diffusion xl`, `flux 1 dev`, `wan 2.2 5b`), the longest first, so a family word
//! alone (`flux`) never hides the variant said after it.

use crate::diffusion::{Pipeline, find};

/// The longest name a pipeline is known by: `stable diffusion 3.5 large` is four words.
const MAX_WORDS: usize = 4;

/// The pipeline named at word `i`, and how many words its name took.
pub(super) fn pipeline_at(toks: &[String], i: usize) -> Option<(&'static Pipeline, usize)> {
    (1..=MAX_WORDS).rev().find_map(|n| {
        let words = toks.get(i..i + n)?;
        // Names are ASCII; a Chinese word after one is never part of it.
        if !words.iter().all(|w| w.is_ascii()) {
            return None;
        }
        find(&words.join(" ")).map(|p| (p, n))
    })
}
