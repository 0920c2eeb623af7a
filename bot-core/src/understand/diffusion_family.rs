//! An image or video family named without its version (`wan 用 4090 能跑吗`, `can a 3060 run
//! sd`): its pipelines asked back, on the card said. The word named nothing, so the reading
//! was "I didn't catch a card, a model or a platform" though the card was named, or the
//! card's page.

use super::Reading;
use super::entities::Entities;
use super::request::{self as make, Request};
use super::text::has;
use super::words::FIT_WORDS;

/// Shown to the user: a choice list.
const MAX_ASK: usize = 6;

/// The pipelines whose id is `word` and then a version (`wan` → `wan2.1-…`, `wan2.2-…`).
fn versions_of(word: &str) -> Vec<&'static str> {
    if word.len() < 2 || !word.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Vec::new();
    }
    crate::diffusion::pipelines()
        .iter()
        .map(|p| p.id.as_str())
        .filter(|id| {
            id.strip_prefix(word)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit() || c == '.'))
        })
        .collect()
}

/// Each of the family's pipelines on the card, when nothing else was read to size.
pub(super) fn family_asked(
    toks: &[String],
    e: &Entities,
    padded: &str,
    plain: &Reading,
) -> Option<Reading> {
    if !e.models.is_empty() || !e.sizes.is_empty() || e.gpus.len() > 1 {
        return None;
    }
    let unread = matches!(plain, Reading::Unknown | Reading::Command(Request::Gpu(_)));
    let asked = has(padded, FIT_WORDS) || !e.gpus.is_empty();
    if !unread || !asked {
        return None;
    }
    let ids = toks.iter().map(|t| versions_of(t)).find(|v| v.len() >= 2)?;
    let gpu = e.gpus.first();
    Some(Reading::Ask(
        ids.iter()
            .take(MAX_ASK)
            .map(|id| make::fit(id, None, None, Vec::new(), gpu))
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_word_is_its_versions() {
        assert!(versions_of("wan").len() >= 2);
        assert!(versions_of("wan").iter().all(|id| id.starts_with("wan2")));
        // `sdxl` is a model of its own, not a version of `sd`.
        assert!(!versions_of("sd").contains(&"sdxl"));
        assert!(versions_of("4090").is_empty());
    }
}
