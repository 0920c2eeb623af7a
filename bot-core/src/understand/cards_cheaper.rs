//! Which of two cards or more is cheaper (`4090和3090哪个便宜`, `a10 vs t4 哪个便宜`,
//! `l4還是t4哪個便宜`): a price asked, whatever word joins the cards (corpus91's miss 3, und_cy).

use super::question::Question;
use super::words::{CHEAPER_WORDS, SPECS_JOINS, SPECS_WORDS, WHICH_WORDS};
use super::words_price::COST_WORDS;

/// Two cards or more, no platform and no job, with a which-cheaper word (`4090和3090哪个便宜`,
/// `a10 vs t4 哪个便宜`, `l4還是t4哪個便宜`): one rule over every join word. A join word that is
/// also a specs word (`vs`, `versus`: [`SPECS_JOINS`]) asks nothing of its own; another specs
/// word (`显存`, `区别`) keeps the cards side by side.
pub(super) fn cheaper_of_cards(q: &Question) -> bool {
    let own_specs: Vec<&str> = SPECS_WORDS
        .iter()
        .copied()
        .filter(|w| !SPECS_JOINS.contains(w))
        .collect();
    q.e.gpus.len() > 1
        && q.e.platforms.is_empty()
        && q.e.usage.is_none()
        && q.has(CHEAPER_WORDS)
        && q.has(WHICH_WORDS)
        && !q.has(&own_specs)
}

/// Two cards or more priced with no which-word (`l4 vs t4 price`, `3090 4090 租金`,
/// `h100和h200的价格`): the two ranked by what an hour costs, as a which-cheaper question is —
/// a price word (`COST_WORDS`) decides it, whatever joins the cards. Another specs word (`区别`,
/// `specs`, `vram`) keeps the cards side by side; one card's memory sizes (`v100 多少钱 16g还是
/// 32g`: the catalog's `memory_siblings`) are one card whose size is unknown, not two priced.
pub(super) fn cards_priced(q: &Question) -> bool {
    let own_specs: Vec<&str> = SPECS_WORDS
        .iter()
        .copied()
        .filter(|w| !SPECS_JOINS.contains(w))
        .collect();
    q.e.gpus.len() > 1
        && q.e.platforms.is_empty()
        && q.e.usage.is_none()
        && q.has(COST_WORDS)
        && !q.has(&own_specs)
        && !sizes_of_one_card(q)
}

/// Whether every card said is a memory size of the first (the catalog's family data).
fn sizes_of_one_card(q: &Question) -> bool {
    let Some(first) = q.e.gpus.first().and_then(|c| q.catalog.gpu(&c.gpu).ok()) else {
        return false;
    };
    let siblings = q.catalog.memory_siblings(first);
    q.e.gpus[1..]
        .iter()
        .all(|c| siblings.iter().any(|s| s.id == c.gpu))
}
