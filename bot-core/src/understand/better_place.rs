//! Another place to rent asked, beside a platform the user is leaving (`vast instances keep
//! dying, any better provider?`, `autodl 老是断连，有没有更好的平台`, `换哪家比较稳`): guidance
//! (`/pick`), never the page of the platform complained about. Read as two word classes: a word
//! of another or a better one, and a place (in Chinese the comparative says the place: `换哪家`,
//! `有更稳定的吗`), with an ask for one; a card named, or two platforms, keep their own rules
//! (`runpod's out of a100s, who else has them` is that card's stock elsewhere).

use super::Reading;
use super::question::{Question, one};
use super::request::Request;

/// Another or a better one (English: with a place after it).
const OTHER_EN: &[&str] = &[
    "better",
    "more reliable",
    "more stable",
    "more dependable",
    "alternative",
    "other",
    "different",
];
/// Places to rent from.
const PLACE_EN: &[&str] = &[
    "provider", "platform", "cloud", "place", "service", "host", "option", "site",
];
/// Another or a better one in Chinese: the place is said or understood (`有更稳定的吗`).
const OTHER_ZH: &[&str] = &[
    "更好的",
    "更稳",
    "稳定点",
    "稳一点",
    "靠谱点",
    "靠谱些",
    "靠谱一点",
    "别的",
    "其他",
    "其它",
    "换个",
    "换一家",
    "换哪家",
    "换家",
    "替代",
];
/// An ask for one.
const ASKED: &[&str] = &[
    "any ",
    "is there",
    "are there",
    "know a",
    "know any",
    "what's a",
    "what is a",
    "whats a",
    "recommend",
    "suggest",
    "有没有",
    "还有",
    "换",
    "吗",
    "推荐",
    "哪家",
    "什么",
];
/// What follows the comparative when the question is the same platform's other cards
/// (`autodl 还有别的卡吗`, `other gpus on vast`).
const CARD_NOUNS: &[&str] = &["卡", "gpu", "card", "型号"];
/// How far after the comparative its noun may stand, in bytes.
const NEAR: usize = 24;

pub(super) fn better_place(q: &Question) -> Option<Reading> {
    if q.e.platforms.len() != 1 || !q.e.gpus.is_empty() || q.price.is_some() || !q.has(ASKED) {
        return None;
    }
    let p = q.padded;
    // The platform left is told before the other one is asked for; one named after the ask is
    // the candidate asked about (`想换个平台，听说autodl不错，autodl需要实名吗`).
    let told = first_named(q, &q.e.platforms[0])?;
    let after = |i: usize, len: usize| {
        let from = i + len;
        let to = (from..=(from + NEAR).min(p.len()))
            .rev()
            .find(|k| p.is_char_boundary(*k))
            .unwrap_or(from);
        &p[from..to]
    };
    let of_cards = |s: &str| CARD_NOUNS.iter().any(|n| s.contains(n));
    let en = OTHER_EN.iter().any(|w| {
        p.match_indices(w).any(|(i, _)| {
            let s = after(i, w.len());
            i > told && PLACE_EN.iter().any(|n| s.contains(n)) && !of_cards(s)
        })
    });
    let zh = OTHER_ZH.iter().any(|w| {
        p.match_indices(w)
            .any(|(i, _)| i > told && !of_cards(after(i, w.len())))
    });
    (en || zh).then(|| one(Request::Pick)).flatten()
}

/// Where the platform `id` is first named in the question.
fn first_named(q: &Question, id: &str) -> Option<usize> {
    let pl = q.catalog.platform(id).ok()?;
    [Some(&pl.id), Some(&pl.name), pl.name_zh.as_ref()]
        .into_iter()
        .flatten()
        .chain(&pl.aliases)
        .filter_map(|n| q.padded.find(&n.to_lowercase()))
        .min()
}
