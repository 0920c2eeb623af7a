//! Stock asked with no card (`what's in stock`, `现在什么卡有货`, `有啥卡能立刻租到`): `/stock`
//! answers one card's offers and cannot list every card's, so the question is asked back, the
//! commonest cards as choices (those the most platforms quote; on a platform named, those it
//! lists), never one card made up. It was read as nothing, "which card?" in words only
//! (und_bf's leftover, issue 26).

use super::Reading;
use super::missing::{Missing, missing};
use super::request::{Request, stock_args};
use super::stock_now::{GET, NOW};
use crate::catalog::Catalog;

/// Words that ask which cards there are (not which to choose: `怎么选` is guidance).
const WHICH_CARDS: &[&str] = &[
    "which gpu",
    "what gpu",
    "which card",
    "what card",
    "哪些卡",
    "哪些显卡",
    "什么卡",
    "什么显卡",
    "啥卡",
];

/// A which-word of any kind: what is in stock, not whether "it" is.
const WHAT_ANY: &[&str] = &[" what", " which", " any", "什么", "哪些", "啥"];

/// `reading` asked back over the commonest cards' stock when it read nothing and asks stock of
/// no card; unchanged otherwise.
pub(super) fn asked_back(catalog: &Catalog, text: &str, reading: Reading) -> Reading {
    let lacks = missing(catalog, text, None);
    let asked = match &reading {
        // Which cards are in stock (`what's in stock`, `现在什么卡有货`); a bare `现在有货吗`
        // lacks its card and is asked for it (`understand-missing-stock`).
        Reading::Unknown => {
            let padded = format!(" {} ", super::normalize(text));
            lacks == Some(Missing::Stock) && super::text::has(&padded, WHAT_ANY)
        }
        // `有啥卡能立刻租到`, `what gpus can i rent right now`: a card got this moment, no card
        // named, is its stock (it was guidance, `/pick`, which asks nothing of the moment).
        Reading::Command(Request::Pick) => {
            let padded = format!(" {} ", super::normalize(text));
            matches!(lacks, None | Some(Missing::Stock))
                && super::text::has(&padded, WHICH_CARDS)
                && super::text::has(&padded, NOW)
                && super::text::has(&padded, GET)
        }
        _ => false,
    };
    if !asked {
        return reading;
    }
    let e = super::entities::entities(catalog, &super::text::tokens(&super::normalize(text)));
    // One platform named is where to look; several are no one place (left as said).
    let platform = match e.platforms.as_slice() {
        [] => None,
        [p] => Some(p),
        _ => return reading,
    };
    let cards = super::common_cards::common_cards(catalog, &e.platforms);
    if cards.len() < 2 {
        return reading;
    }
    Reading::Ask(
        cards
            .iter()
            .map(|c| Request::Stock(stock_args(&c.gpu, platform, None)))
            .collect(),
    )
}
