//! A card said with a bare number and nothing else (`4090 40`, `a100 2`): whether the number
//! is asked back or names the card's memory, and the platforms named after it moved first.

use super::Reading;
use super::entities::Entities;
use super::request::Request;
use crate::catalog::Catalog;

/// A card's specs read for a card and a bare number with nothing else (`4090 40`, `a100 2`):
/// the number is asked back (hours, days or cards) unless it is a memory size the card is
/// sold in (`a100 80`, `v100 32`), which names the card, not a job.
pub(super) fn specs_with_a_number(
    catalog: &Catalog,
    e: &Entities,
    plain: &Reading,
    norm: &str,
) -> bool {
    let Reading::Command(Request::Gpu(g)) = plain else {
        return false;
    };
    let [card] = e.gpus.as_slice() else {
        return false;
    };
    if g.gpus.len() != 1 || card.count != 1 {
        return false;
    }
    let Some(bare) = super::bare_number::bare_number(norm) else {
        return false;
    };
    let number = norm[bare.start..bare.end].trim_end_matches('个').trim();
    let memory = number
        .parse::<f64>()
        .is_ok_and(|n| sold_with(catalog, &card.gpu, n));
    bare.after_card && norm[bare.end..].trim().is_empty() && !memory
}

/// Whether a card of `id`'s model (`a100` of `a100-80g-sxm`, `4090` of `rtx-4090`) is sold
/// with `gb` of memory.
pub(super) fn sold_with(catalog: &Catalog, id: &str, gb: f64) -> bool {
    let Some(model) = id
        .split('-')
        .find(|p| p.chars().any(|c| c.is_ascii_digit()))
    else {
        return false;
    };
    catalog
        .gpus
        .iter()
        .filter(|g| g.id.split('-').any(|p| p == model))
        .any(|g| (g.vram_gb - gb).abs() < 1.0)
}

/// The text with the platforms it names said first (`4090 3 autodl`, `4090 3 on runpod` →
/// `autodl 4090 3`), where one was named after something else: a bare number before a
/// platform's name is as bare as one at the end.
pub(super) fn platforms_first(catalog: &Catalog, norm: &str) -> Option<String> {
    let toks = super::text::tokens(norm);
    let named = |k: usize| {
        toks.get(k)
            .is_some_and(|t| t.is_ascii() && catalog.find_platform(t).is_some())
    };
    // The word tying a platform in (`on runpod`) goes with it.
    let tie =
        |k: usize| ["on", "at", "via", "with", "from"].contains(&toks[k].as_str()) && named(k + 1);
    let first_other = (0..toks.len()).position(|k| !named(k))?;
    if !(first_other + 1..toks.len()).any(named) {
        return None;
    }
    let platforms = (0..toks.len()).filter(|&k| named(k));
    let rest = (0..toks.len()).filter(|&k| !named(k) && !tie(k));
    let words: Vec<&str> = platforms.chain(rest).map(|k| toks[k].as_str()).collect();
    Some(words.join(" "))
}
