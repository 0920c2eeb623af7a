//! Where fresh18's first half of mechanisms joins the reader (called from `said_more`, one
//! call per stage): what the entities misread, the rules tried before the general ones, and
//! the facts a reading is completed with.

use super::Reading;
use super::entities::Entities;
use super::question::Question;
use crate::catalog::Catalog;

/// The entities with what the sentence around them settles.
pub(super) fn entities_said(catalog: &Catalog, toks: &[String], padded: &str, e: &mut Entities) {
    super::volume_unit::settle(toks, padded, e);
    super::at_once::served_batch(toks, padded, e);
    super::memory_beside::memory_beside(catalog, toks, &mut e.gpus);
}

/// Asks the general rules misread, tried before them.
pub(super) fn rules(q: &Question) -> Option<Reading> {
    super::volume_unit::asked(q)
        .or_else(|| super::alert_cues::alerts_listed(q))
        .or_else(|| super::alert_cues::alert_said(q))
        .or_else(|| super::offers_words::offers_asked(q))
        .or_else(|| super::stock_now::stock_now(q))
}

/// `r` with the facts said that its rule dropped.
pub(super) fn with_said(q: &Question, r: Reading) -> Reading {
    let r = super::options_said::with_options(q.padded, r);
    super::offers_words::with_order(q.padded, r)
}
