//! A sum and what it can do asked (`500块钱能干点啥，想学 LLM fine-tune`, `cheapest way to fine
//! tune llama 3.1 8b with $30`): guidance, `/pick`, even with a model named (corpus69, issue
//! 26). A named model had made it a sizing question, and a wish with no model nothing at all;
//! the words are the lexicon's one class ([`crate::lexicon::money_can_do`]). A card or a
//! platform named is asked about, not guided.

use super::Reading;
use super::question::{Question, one};
use super::request::Request;
use super::words::{ALERT_WORDS, STOCK_WORDS, TCO_WORDS};

/// `/pick` for a sum with what it can do asked, and no card or platform named.
pub(super) fn budget_guide(q: &Question) -> Option<Reading> {
    let money = q.price.is_some_and(|p| p.per.is_none());
    if !money
        || !q.e.gpus.is_empty()
        || !q.e.platforms.is_empty()
        || q.e.usage.is_some()
        || q.has(ALERT_WORDS)
        || q.has(STOCK_WORDS)
        || q.has(TCO_WORDS)
        || !crate::lexicon::money_can_do(q.padded)
    {
        return None;
    }
    one(Request::Pick)
}
