//! What someone already paid for a run (`花了7块2跑了3小时`, `paid $4.10 for 2.5 hours on runpod
//! 4090`, `log my trial: runpod h100 2h15m cost $6.10`): `/trial`, which records it and compares
//! it with the list price, never a price question about the same job.

use super::Reading;
use super::question::Question;
use super::request::{Request, Usage};
use crate::commands::trial::TrialArgs;
use crate::trial::TrialEntry;
use rust_decimal::Decimal;

/// Words that say money was already spent.
const PAID_WORDS: &[&str] = &[
    "花了",
    "扣了",
    "付了",
    "花掉",
    "用掉了",
    "扣费",
    "实际花",
    "实付",
    "paid",
    "spent",
    "cost me",
    "charged",
    "billed me",
    "got billed",
    "was billed",
];
/// Words that ask for a run to be recorded.
const RECORD_WORDS: &[&str] = &[
    "记一下",
    "记录一下",
    "帮我记",
    "记下",
    "记个账",
    "log my",
    "log this",
    "log a trial",
    "record my",
    "record this",
    "record a trial",
    "my trial",
    "试跑记录",
];

/// A sum paid (no unit of time), a run's length, and a word that it was paid or is to be
/// recorded: the trial, with its platform and card when one of each is named.
pub(super) fn paid(q: &Question) -> Option<Reading> {
    let price = q.price.filter(|p| p.per.is_none())?;
    let Some(Usage::Once(wall)) = q.e.usage.clone() else {
        return None;
    };
    let spent = q.has(PAID_WORDS) || q.has(super::spent_said::SPENT_WORDS);
    // A past bill beside a price asked anew is the story's (und_ed).
    if !(spent || q.has(RECORD_WORDS))
        || !q.nothing_to_size()
        || super::story_clause::asks_anew(q.padded)
    {
        return None;
    }
    let count = q.e.gpus.first().map_or(1, |g| g.count);
    let entry = |platform: &str, gpu: &str| TrialEntry {
        platform: platform.to_string(),
        gpu: gpu.to_string(),
        wall_seconds: wall,
        cost: price.amount,
        // A bare sum is the chat's, filled in at run time.
        currency: price.currency.clone().unwrap_or_default(),
        // One card: the wall time, as `/trial` reads it; several: to four places, as written.
        card_hours: match count {
            1 => wall / Decimal::from(3600),
            n => (wall * Decimal::from(n) / Decimal::from(3600)).round_dp(4),
        },
        recorded_on: 0,
    };
    let args = match (q.e.platforms.as_slice(), q.e.gpus.as_slice()) {
        ([p], [g]) => TrialArgs::Record(entry(p, &g.gpu)),
        _ => TrialArgs::Unplaced(entry("", "")),
    };
    Some(Reading::Command(Request::Trial(args)))
}
