//! Choosing asked in few words (`选个平台`, `挑张卡`, `推荐个平台呗`, `pick a gpu for me`,
//! `choose a platform`): a verb of choosing and what is chosen (a platform, a card) with no card
//! or platform named is `/pick`, read as the two word classes rather than whole phrases. Had been
//! no reading at all.

use super::Reading;
use super::question::{Question, one};
use super::request::Request;

/// Verbs of choosing, each with the few characters a measure word may take before the noun.
const CHOOSE: &[&str] = &["选", "挑", "推荐", "pick", "choose", "select", "suggest"];
/// What is chosen.
const CHOSEN: &[&str] = &[
    "平台", "卡", "显卡", "云", "哪家", "platform", "gpu", "card", "cloud", "provider",
];
/// How far after the verb the noun may stand (`选个平台`, `pick me a gpu`), in bytes.
const NEAR: usize = 12;

pub(super) fn pick_terse(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty() || !q.e.platforms.is_empty() || q.price.is_some() {
        return None;
    }
    let p = q.padded;
    let near = CHOOSE.iter().any(|v| {
        p.match_indices(v).any(|(i, _)| {
            let from = i + v.len();
            let to = (from + NEAR).min(p.len());
            let end = (from..=to).rev().find(|k| p.is_char_boundary(*k)).unwrap_or(from);
            CHOSEN.iter().any(|n| p[from..end].contains(n))
        })
    });
    // A short message: only the choosing (a longer one has rules of its own to read it).
    let short = p.split_whitespace().count() <= 6 && p.chars().count() <= 40;
    (near && short).then(|| one(Request::Pick)).flatten()
}
