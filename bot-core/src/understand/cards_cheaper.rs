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
    two_cards_priced(q) && !q.has(&own_specs())
}

/// Two cards priced (as [`cards_priced`]) with their specs asked too (`4090 vs 5090 price and
/// specs`): both readings, asked back, never one guessed.
pub(super) fn cards_priced_and_specs(q: &Question) -> bool {
    two_cards_priced(q) && q.has(&own_specs())
}

/// The specs words that ask something of their own: all but the joins (`vs`, `versus`).
fn own_specs() -> Vec<&'static str> {
    SPECS_WORDS
        .iter()
        .copied()
        .filter(|w| !SPECS_JOINS.contains(w))
        .collect()
}

fn two_cards_priced(q: &Question) -> bool {
    q.e.gpus.len() > 1
        && q.e.platforms.is_empty()
        && q.e.usage.is_none()
        && priced(q)
        && !sizes_of_one_card(q)
}

/// A price word said (`COST_WORDS`), where `how much` asks a price and not a measure
/// (`how much faster`, `how much more vram`: a comparative after it).
fn priced(q: &Question) -> bool {
    let p = q.padded;
    let measured = p.match_indices("how much ").any(|(at, w)| {
        let next = p[at + w.len()..].split_whitespace().next().unwrap_or("");
        next.ends_with("er") || matches!(next, "more" | "less")
    });
    // A price set aside (`what's different apart from price`) is no price asked.
    let aside = |at: usize| {
        let before = p[..at].trim_end();
        crate::lexicon::exclude_words().any(|w| before.ends_with(w.trim_end()))
    };
    COST_WORDS
        .iter()
        .filter(|w| !(measured && w.starts_with("how much")))
        .any(|w| p.match_indices(*w).any(|(at, _)| !aside(at)))
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
