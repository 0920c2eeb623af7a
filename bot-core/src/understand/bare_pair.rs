//! A card and a platform and no other word (`h100 runpod`, `4090 vast`): whether its price or
//! its stock is wanted is not said, so both are asked back — never an hour's bill guessed.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request};

/// Words that name nothing but may stand beside the names.
const FILLER: &[&str] = &["rtx", "nvidia", "on", "at", "@", "上", "的"];

/// `r`, or its bill and the card's stock there asked back when the message is only the names.
pub(super) fn asked(q: &Question, r: Reading) -> Reading {
    let Reading::Command(Request::Cost(_)) = &r else {
        return r;
    };
    let ([g], [p]) = (q.e.gpus.as_slice(), q.e.platforms.as_slice()) else {
        return r;
    };
    if q.e.usage.is_some() || q.price.is_some() || g.count != 1 {
        return r;
    }
    let only_names = q.padded.split_whitespace().all(|w| {
        FILLER.contains(&w)
            || q.catalog.find_gpu(w).is_some()
            || q.catalog.find_platform(w).is_some()
    });
    if !only_names {
        return r;
    }
    let Reading::Command(cost) = r else {
        return r;
    };
    let stock = Request::Stock(make::stock_args(&g.gpu, Some(p), None));
    Reading::Ask(vec![stock, cost])
}
