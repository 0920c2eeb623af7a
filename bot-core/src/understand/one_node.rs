//! N cards on one machine said in so many words (`8 H100s on one node under $2.5 a gpu-hour`,
//! `need 8 H200s in a single node`, `一台机器上 4 张 a100`): the offers of a machine with at least
//! that many cards, the cap per card where it is said per card (`a gpu-hour`, `each`:
//! `lexicon::PER_CARD_WORDS`). It had been the stock of single cards, the node's size dropped.

use super::Reading;
use super::question::Question;
use super::request::Cards;
use super::text::has;
use super::words::{ALERT_WORDS, COST_WORDS};

/// Phrases putting the cards on one machine.
const ONE_MACHINE: &[&str] = &[
    " on one node",
    " on a single node",
    " on the same node",
    " in one node",
    " in a single node",
    " in the same node",
    " on one machine",
    " on a single machine",
    " on the same machine",
    " in one machine",
    " in a single machine",
    " in one box",
    " in a single box",
    " in the same box",
    " on one server",
    " on a single server",
    " in one server",
    "同一台",
    "一台机器上",
    "一台机器里",
    "一个节点",
    "同一个节点",
    "同一节点",
];

/// `8 H100s on one node`: a machine of at least 8 H100s, its offers.
pub(super) fn one_node(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let padded = format!(" {}", q.padded);
    // `8 H100s on one node for a week, how much`: a bill, read by the bill rules.
    if !has(&padded, ONE_MACHINE) || !q.nothing_to_size() || q.has(ALERT_WORDS) || q.has(COST_WORDS)
    {
        return None;
    }
    let count = if g.count > 1 {
        g.count
    } else {
        count_before(q, &g.gpu)?
    };
    if count < 2 {
        return None;
    }
    super::memory_floor::machine_offers(q, &Cards { count, ..g.clone() })
}

/// A count said before the card's name (`8 H100s`), 2 to 64.
fn count_before(q: &Question, gpu: &str) -> Option<u32> {
    let toks = super::text::tokens(q.padded);
    toks.windows(2).find_map(|w| {
        let n = crate::lexicon::card_count(&w[0]).filter(|n| (2..=64).contains(n))?;
        let card = w[1].trim_end_matches('s');
        let named = q.catalog.find_gpu(card).is_some_and(|c| c.id == gpu)
            || q.catalog.find_gpu(&w[1]).is_some_and(|c| c.id == gpu);
        named.then_some(n)
    })
}
