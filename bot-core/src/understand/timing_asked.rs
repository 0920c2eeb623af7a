//! Whether now is the time to rent one card (`现在租还是等等`, `是租a100的好时机吗`, `is now a
//! good time to rent an l4`, `历史最低了吗`, `什么时候好抢`): the price's history, `/trend`.
//! Read before the stock cue `现在租` and the hour's price, which took the card asked about
//! the moment as one asked to rent now. The words are the lexicon's timing class.

use super::Reading;
use super::alert_cues::told_on_condition;
use super::question::Question;
use super::trend_job::trend_for;
use super::words::ALERT_WORDS;
use crate::lexicon::timing_asked as timing;

/// `/trend <card>` (with the job when one model is named) for one card asked its moment.
pub(super) fn timing_asked(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !timing(q.padded)
        || q.has(ALERT_WORDS)
        || told_on_condition(q.padded)
        || q.e.platforms.len() > 1
        || q.price.is_some()
    {
        return None;
    }
    trend_for(q, &g.gpu)
}
