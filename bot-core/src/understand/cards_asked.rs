//! Which of the cards a question names are asked about: one had already or one to beat on price
//! is none, and a count said apart from its card is still its count (`understand::read_whole`).

use super::{card_now, cues, entities};
use crate::catalog::Catalog;
use crate::understand::Cards;

/// Cards named but not asked about, out of `e.gpus`: a card already had beside the ones asked,
/// and the card to beat on price beside a job to size.
pub(super) fn cards_not_asked(catalog: &Catalog, norm: &str, e: &mut entities::Entities) {
    // A card already had, beside the cards asked about, is no part of the question.
    if e.gpus.len() > 1 {
        let ids: Vec<String> = e.gpus.iter().map(|c| c.gpu.clone()).collect();
        let mut had = cues::cards_had(catalog, &format!(" {norm} "), &ids);
        // `现在用 V100 跑 …，换成 4090 能跑吗`: the card run on now, beside the one asked.
        if had.is_empty() && !e.models.is_empty() {
            had.extend(card_now::card_now(catalog, &format!(" {norm} "), &ids));
        }
        e.gpus.retain(|c| !had.contains(&c.gpu));
    }
    // `cheaper than an h100 that can serve …`, `比4090便宜点的卡，能跑…`: beside a job to size,
    // the card to beat on price is no card asked (the fit's card list answers).
    if !e.models.is_empty() || !e.sizes.is_empty() {
        let beaten: Vec<(String, String)> = crate::lexicon::compared_names(norm)
            .into_iter()
            .filter_map(|(at, n)| {
                let name = &norm[at..at + n];
                catalog
                    .find_gpu(name)
                    .map(|g| (g.id.clone(), name.to_string()))
            })
            .collect();
        e.gpus.retain(|c| {
            !beaten
                .iter()
                .any(|(id, name)| c.gpu == *id || c.gpu.contains(name))
        });
    }
}

/// `lambda h100 8 hours 4 cards`: one card named and its count said apart from it (after the
/// length, or before the name) is still its count, never dropped for one card.
pub(super) fn count_said_apart(toks: &[String], gpus: &mut [Cards]) {
    if let [c] = gpus
        && c.count == 1
        && let Some(n) = toks.windows(2).find_map(|w| {
            (w[0].bytes().all(|b| b.is_ascii_digit()) && ["cards", "gpus"].contains(&w[1].as_str()))
                .then(|| crate::lexicon::card_count(&w[0]))
                .flatten()
                .filter(|n| (2..=64).contains(n))
        })
    {
        c.count = n;
    }
}
