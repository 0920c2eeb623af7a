//! `offer` said as the stored offers where another reading took the question (helper und_eg,
//! issue 26): a cheap one of a card asked to exist (`vast上3090有没有便宜的offer`: the offers,
//! cheapest first, as `有没有便宜的竞价实例的3090` already was), and a memory floor asked as
//! offers beside the job it is for (`要跑 70b 的推理，显存 80g 以上的卡现在有哪些 offer`: the
//! offers over that floor, the job the reason, never a fit of a bare size). A cap keeps the
//! house's `/stock … <cap>` reading of an offer under a price.

use super::Reading;
use super::offers_words::{cheap_one_exists, floor_said};
use super::question::Question;
use super::request::{self as make, Cards};
use super::words::CHEAP_WORDS;

/// The offer nouns, as whole words (`offered` is none).
fn offer_noun(padded: &str) -> bool {
    ["offer", "offers", "报价"].iter().any(|w| {
        padded.match_indices(w).any(|(at, _)| {
            !padded[at + w.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
                && !padded[..at].ends_with(|c: char| c.is_ascii_alphabetic())
        })
    })
}

pub(super) fn offers_by_noun(q: &Question) -> Option<Reading> {
    let e = q.e;
    if !offer_noun(q.padded) || e.platforms.len() > 1 || e.usage.is_some() {
        return None;
    }
    let cap = q.hourly_cap();
    let r = match e.gpus.as_slice() {
        [] => make::offers(
            None,
            e.platforms.first(),
            Some(floor_said(q)?),
            cap.as_ref(),
            false,
        ),
        [g] if cap.is_none()
            && q.nothing_to_size()
            && q.has(CHEAP_WORDS)
            && cheap_one_exists(q) =>
        {
            make::offers(
                Some(&Cards {
                    count: g.count,
                    gpu: g.gpu.clone(),
                }),
                e.platforms.first(),
                None,
                None,
                false,
            )
        }
        _ => return None,
    };
    Some(Reading::Command(r))
}
