//! Where helper und-t's mechanisms join the reader (one call per stage): its words written
//! plainly before reading (stock told as news, [`super::alert_news`]); its rules tried before
//! the general ones (a price history asked with the price and its change apart,
//! [`super::price_moved`]; choosing asked in few words, [`super::pick_terse`]) and its
//! completions of a reading after the rules (a budget beside a job and no card is `/pick`,
//! [`super::budget_job`]).

use super::Reading;
use super::question::Question;

/// The text with und-t's words written plainly (called before anything reads it): stock told
/// as news before a question ([`super::alert_news`]).
pub(super) fn plain(norm: &str) -> String {
    super::alert_news::plain(norm)
}

/// Asks the general rules misread, tried before them.
pub(super) fn rules(q: &Question) -> Option<Reading> {
    super::price_moved::price_moved(q).or_else(|| super::pick_terse::pick_terse(q))
}

/// `r` with what und-t's mechanisms complete (called last in `said_more::with_said`).
pub(super) fn with_said(q: &Question, r: Reading) -> Reading {
    super::budget_job::with_budget(q, r)
}
