//! A card named bare and again with its memory size in one message (`我能租到的是v100，v100 32g
//! 带宽多少`, `i can rent a v100, what's the bandwidth of v100 32gb`): one card, the size said
//! picks the variant (helper und_eb, issue 26). Read as two cards, the answer showed the 16 GB
//! card's figures beside the one asked, as if both had been asked. Two sizes said, or the two
//! set against each other (`4090 和 4090 48g 的区别`), stay two cards.

use super::request::Cards;
use crate::catalog::Catalog;

/// Words that set two cards against each other: both are meant, bare one included.
const WEIGHED: &[&str] = &[
    "vs",
    "versus",
    "or",
    "and",
    "compare",
    "compared",
    "difference",
    "different",
    "和",
    "跟",
    "与",
    "还是",
    "区别",
    "差别",
    "对比",
    "比较",
    "比",
];

/// Drops from `gpus` a card whose memory sibling is read too where the sentence says the
/// sibling's memory and not the card's own, and sets no two cards against each other.
pub(super) fn bare_dropped(
    catalog: &Catalog,
    toks: &[String],
    padded: &str,
    gpus: &mut Vec<Cards>,
) {
    let weighed = |w: &&str| {
        if w.is_ascii() {
            toks.iter().any(|t| t == w)
        } else {
            padded.contains(w)
        }
    };
    if gpus.len() < 2 || WEIGHED.iter().any(weighed) {
        return;
    }
    let said: Vec<u32> = (0..toks.len())
        .filter_map(|k| super::memory_beside::size_any(toks, k).map(|(gb, _)| gb))
        .collect();
    let gb = |id: &str| catalog.find_gpu(id).map(|g| g.vram_gb.round() as u32);
    let dropped: Vec<String> = gpus
        .iter()
        .filter(|c| gb(&c.gpu).is_some_and(|own| !said.contains(&own)))
        .filter(|c| {
            catalog.find_gpu(&c.gpu).is_some_and(|g| {
                catalog.memory_siblings(g).iter().any(|s| {
                    gpus.iter().any(|o| o.gpu == s.id) && said.contains(&(s.vram_gb.round() as u32))
                })
            })
        })
        .map(|c| c.gpu.clone())
        .collect();
    gpus.retain(|c| !dropped.contains(&c.gpu));
}
