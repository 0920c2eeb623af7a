//! Two cards side by side with their counts (`两张3090还是一张4090`, `2x 3090 or 1x 4090?`,
//! `four a10s or one a100`): the counts are the question (two of one against one of the
//! other), which specs side by side drop. Each setup's price per hour is asked back, with the
//! specs side by side as the last choice; never one setup guessed.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request, Usage};
use rust_decimal::Decimal;

/// `r` with a side-by-side of two cards asked back as each setup, where a count was said.
pub(super) fn with_counts(q: &Question, r: Reading) -> Reading {
    let Reading::Command(Request::Gpu(g)) = &r else {
        return r;
    };
    let cards = &q.e.gpus;
    if g.gpus.len() != 2 || cards.len() != 2 || cards.iter().all(|c| c.count == 1) {
        return r;
    }
    let hour = Usage::Once(Decimal::from(3600));
    let mut asks: Vec<Request> = cards
        .iter()
        .filter_map(|c| make::compare(c, &hour))
        .collect();
    if asks.len() != 2 {
        return r;
    }
    // The card with several first: the setup the sentence weighs against the other.
    if cards[0].count == 1 {
        asks.swap(0, 1);
    }
    asks.push(Request::Gpu(g.clone()));
    Reading::Ask(asks)
}
