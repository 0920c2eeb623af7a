//! A cheaper card like a named one, with a memory to keep (`anything like an A100 80GB but
//! cheaper?`, `a cheaper alternative to the h100, still 80GB?`, `类似4090但更便宜的卡，要24G显存`):
//! a wish for other cards, which `/offers vram>=N` answers (every card with that memory,
//! cheapest first). Read as the named card's price, the answer ranked the card to be avoided.
//! With no memory said nothing is guessed here (the likeness alone is guidance's to read).

use super::Reading;
use super::memory_floor::memory_said;
use super::question::Question;
use super::request as make;
use super::words::ALERT_WORDS;

/// A lower price wished for.
const CHEAPER: &[&str] = &[
    "cheaper",
    "less expensive",
    "lower price",
    "more affordable",
    "便宜",
    "平价",
    "性价比更高",
];
/// Another card like the one named.
const ALIKE: &[&str] = &[
    "like a",
    "like the",
    "similar",
    "alternative",
    "instead of",
    "other than",
    "equivalent",
    "same vram",
    "same memory",
    "still",
    "类似",
    "差不多",
    "替代",
    "平替",
    "一样",
    "同样",
    "也是",
    "像",
    // The card to beat on price (`cheaper than an h100 but with at least 80g`, corpus87).
    " than ",
    "比",
];
/// The named card's own memory kept, said without a number.
const SAME_MEMORY: &[&str] = &[
    "same vram",
    "same memory",
    "same amount of vram",
    "同样显存",
    "一样的显存",
    "显存一样",
    "同样大的显存",
];

/// `24g显存`, `要24g`: a memory size glued to Chinese words, the first one.
fn memory_glued(padded: &str) -> Option<f64> {
    let b = padded.as_bytes();
    (0..b.len()).find_map(|i| {
        let starts = b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if !starts {
            return None;
        }
        let end = (i..b.len())
            .find(|j| !b[*j].is_ascii_digit())
            .unwrap_or(b.len());
        let rest = &padded[end..];
        let unit = ["gb", "g"].iter().find(|u| rest.starts_with(**u))?;
        let after = rest[unit.len()..].chars().next().unwrap_or(' ');
        if after.is_ascii_alphanumeric() {
            return None;
        }
        padded[i..end]
            .parse::<f64>()
            .ok()
            .filter(|v| (8.0..=2048.0).contains(v))
    })
}

/// `/offers vram>=N` for a cheaper card like the one named, with the memory said (or the
/// named card's own, said as the same).
pub(super) fn cheaper_alike(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.has(CHEAPER) || !q.has(ALIKE) || q.has(ALERT_WORDS) || !q.nothing_to_size() {
        return None;
    }
    if q.e.platforms.len() > 1 || g.count > 1 {
        return None;
    }
    let named = q.catalog.find_gpu(&g.gpu).map(|c| c.vram_gb);
    let gb = memory_said(q.padded)
        .or_else(|| memory_glued(q.padded))
        .or_else(|| named.filter(|_| q.has(SAME_MEMORY)))?;
    let cap = q.hourly_cap();
    Some(Reading::Command(make::offers(
        None,
        q.e.platforms.first(),
        Some(gb),
        cap.as_ref(),
        false,
    )))
}

#[cfg(test)]
mod tests {
    use super::memory_glued;

    #[test]
    fn a_memory_glued_to_words() {
        assert_eq!(memory_glued(" 要24g显存 "), Some(24.0));
        assert_eq!(memory_glued(" 还是80gb的 "), Some(80.0));
        // A card's number or a model's size is no memory.
        assert_eq!(memory_glued(" 4090 "), None);
        assert_eq!(memory_glued(" a100 "), None);
        assert_eq!(memory_glued(" 7b "), None);
    }
}
