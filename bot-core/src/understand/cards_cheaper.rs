//! Which of two cards or more is cheaper (`4090和3090哪个便宜`, `a10 vs t4 哪个便宜`,
//! `l4還是t4哪個便宜`): a price asked, whatever word joins the cards (corpus91's miss 3, und_cy).

use super::question::Question;
use super::words::{CHEAPER_WORDS, SPECS_JOINS, SPECS_WORDS, WHICH_WORDS};

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
