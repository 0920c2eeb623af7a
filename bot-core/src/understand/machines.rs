//! A machine of several cards asked after (`any 2x a6000 boxes on vast`, `8x h100 nodes
//! available?`, `有没有8卡h100的整机`): the offers of a machine with that many cards, even with
//! no stock word. It was billed as one hour on the platform (`/cost … 1h cards=2`), a price
//! nobody asked for, or the count was dropped (`/gpu h100-sxm`).

use super::Reading;
use super::question::Question;
use super::request::Cards;
use super::text::has;
use super::words::{ALERT_WORDS, COST_WORDS};

/// Nouns for one machine of several cards.
const MACHINES: &[&str] = &[
    " boxes",
    " box ",
    " machines",
    " machine ",
    " nodes",
    " node ",
    " servers",
    " server ",
    " rigs",
    " rig ",
    "机器",
    "整机",
    "服务器",
    "节点",
];

pub(super) fn machine_asked(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let padded = format!(" {}", q.padded);
    let least = super::memory_floor::cards_floor(q.padded).unwrap_or(1);
    let count = g.count.max(least);
    if count < 2
        || !has(&padded, MACHINES)
        || !q.nothing_to_size()
        || q.e.usage.is_some()
        || has(&padded, COST_WORDS)
        // `alert me if 8x a100 nodes show up`: an alert on the machine, read by the alert rules.
        || has(&padded, ALERT_WORDS)
        || super::alert_cues::told_on_condition(&padded)
    {
        return None;
    }
    super::memory_floor::machine_offers(q, &Cards { count, ..g.clone() })
}
