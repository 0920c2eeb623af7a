//! Where fresh19's mechanisms join the reader (one call per stage, like `fresh18_a`): the
//! text made plain before it is read (`glued_units`), the rules tried before the general
//! ones and the facts a reading is completed with (`said_options`), and a reading asked back
//! when the question left it open (`few_hours`).

use super::Reading;
use super::question::Question;
use crate::catalog::Catalog;

/// The normalized text with what fresh19's questions glued or spelt plainly written.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    super::glued_units::plain(catalog, norm)
}

/// Asks the general rules misread, tried before them.
pub(super) fn rules(q: &Question) -> Option<Reading> {
    super::said_options::live_offers(q)
        .or_else(|| super::said_options::prices_lately(q))
        .or_else(|| super::said_options::platform_list(q))
        .or_else(|| super::said_options::paid_with_only(q))
}

/// `r` with the facts said that its rule dropped.
pub(super) fn with_said(q: &Question, r: Reading) -> Reading {
    super::said_options::with_options(q.catalog, q.padded, r)
}

/// A reading asked back where the question left a length open, or read again where a
/// resolution was taken for a misspelt card.
pub(super) fn asked_back(catalog: &Catalog, text: &str, r: Reading) -> Reading {
    // A budget asked how long it lasts is no few hours (fresh20).
    let r = if super::fresh20::budget_lasts(text) {
        r
    } else {
        super::few_hours::asked_back(catalog, text, r)
    };
    super::said_options::resolution_no_card(catalog, text, r)
}
