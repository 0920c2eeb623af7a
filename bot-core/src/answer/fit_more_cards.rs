//! A job that does not fit the named card(s): the fewest of the same card, in the counts a
//! server comes in (2, 4, 8), that hold it. "How many 4090s for a 70B" asks exactly this, and
//! the cheapest-first list of other cards does not answer it.

use super::fit_options::gib;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::reply::Msg;
use crate::vram::{self, CARD_COUNTS, FitOptions, FitRequest};

/// The line for more of the named card: fits (or tightly) on N of them, or, for inference,
/// not even on eight (one server). Training is left to the remedies (ZeRO, QLoRA): with plain
/// data parallel every card holds the whole job, so more cards alone say nothing.
pub(super) fn more_of_card(
    catalog: &Catalog,
    req: &FitRequest<'_>,
    opts: &FitOptions,
    lang: Lang,
) -> Option<Msg> {
    let g = req.gpu?;
    let name = g.display_name(lang == Lang::Zh);
    let mut last = None;
    for n in CARD_COUNTS.into_iter().filter(|n| *n > req.cards) {
        let mut more = req.clone();
        more.cards = n;
        let Ok(rep) = vram::estimate_with(catalog, &more, opts) else {
            continue;
        };
        if rep.holds_all() {
            return Some(
                Msg::new("fit-more-cards")
                    .arg("verdict", rep.verdict.clone().unwrap_or_default())
                    .arg("cards", n)
                    .arg("gpu", name)
                    .arg("need", gib(rep.per_gpu_required_gib)),
            );
        }
        last = Some((n, rep));
    }
    let (n, rep) = last?;
    (!req.task.is_training()).then(|| {
        Msg::new("fit-more-cards")
            .arg("verdict", "no")
            .arg("cards", n)
            .arg("gpu", name)
            .arg("need", gib(rep.per_gpu_required_gib))
    })
}
