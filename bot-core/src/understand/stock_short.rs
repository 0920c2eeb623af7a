//! A card asked after in its fewest words (`h100 where`, `where's an h100`, `b200 anyone has it`,
//! `a6000 anyone?`, `mi300x 有人在 rent 吗`, `h200 谁家有`): where it is to be had, `/stock` (a
//! machine of several cards, its offers). With no stock word the card alone was read as its
//! specs.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};

/// Who has it, said last (`h100谁有`; `谁有4090的使用经验` asks for people).
const WHO_LAST: &[&str] = &["谁有", "谁有吗", "谁有啊", "谁有呀"];

/// Whether, in a message of a few words, the place or the one who has it is the first or the
/// last word (`h100 where`, `where 4090`, `where's an h100`, `a6000 anyone?`, `h100谁有`).
fn where_or_who(padded: &str) -> bool {
    let words: Vec<&str> = padded.split_whitespace().collect();
    if words.len() > 4 {
        return false;
    }
    let first = words
        .first()
        .is_some_and(|w| ["where", "where's", "wheres"].contains(w));
    let last = words
        .last()
        .is_some_and(|w| ["where", "anyone", "anybody"].contains(w))
        || padded.trim_end().ends_with("where to");
    let who = WHO_LAST.iter().any(|w| padded.trim_end().ends_with(w));
    first || last || who
}

/// `h100 where`, `l40s 有人在 rent 吗`: the card's stock, or a machine's offers.
pub(super) fn stock_short(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked = (where_or_who(q.padded) || q.has(crate::lexicon::WHO_HAS))
        && !super::follow_up::is_follow_up(q.padded);
    let cap = q.hourly_cap();
    if !asked || q.price.is_some() && cap.is_none() || !super::few_word_kinds::card_alone_asked(q) {
        return None;
    }
    if g.count > 1 {
        return super::memory_floor::machine_offers(q, g);
    }
    one(Request::Stock(make::stock_args(
        &g.gpu,
        q.e.platforms.first(),
        cap.as_ref(),
    )))
}
