//! Two cards or more beside one platform (`runpod上a100跟h100哪个便宜`, `autodl 4090 和 3090 的
//! 区别`): every card kept, never the platform's page alone (und_cl, `docs/misses/und_und_cl.md`).

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Cards, Request};
use super::words::{CHEAP_WORDS, COST_WORDS};

/// A price asked is both cards ranked on that platform (`/compare a b p 1h`); else their specs
/// side by side or their hour there, asked back: the platform says where they would be rented,
/// the difference asked may be of either.
pub(super) fn cards_there(q: &Question, gs: &[Cards], p: &str) -> Option<Reading> {
    let count = gs[0].count;
    if gs.iter().any(|g| g.count != count) {
        return None;
    }
    let ids: Vec<String> = gs.iter().map(|g| g.gpu.clone()).collect();
    let mut there = crate::answer::billing::JobRequest::of(ids.clone(), &q.usage(), count).ok()?;
    there.platforms = vec![p.to_string()];
    let there = Request::Compare(there);
    if q.has(CHEAP_WORDS) || q.has(COST_WORDS) || q.has(crate::lexicon::PER_HOUR) {
        return one(there);
    }
    Some(Reading::Ask(vec![make::gpus(ids), there]))
}
