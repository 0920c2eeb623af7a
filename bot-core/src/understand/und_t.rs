//! Where helper und-t's mechanisms join the reader (one call per stage): its words written
//! plainly before reading (stock told as news, [`super::alert_news`]; a cue's input-method slip,
//! [`super::ime_slips`]); its rules tried before
//! the general ones (a price history asked with the price and its change apart,
//! [`super::price_moved`]; choosing asked in few words, [`super::pick_terse`]; a card's measure
//! asked, [`super::spec_asked`]) and its completions of a reading after the rules (a budget
//! beside a job and no card is `/pick`, [`super::budget_job`]; a cap's currency said in words,
//! [`super::cap_currency`]; a card and a platform alone asked back, [`super::bare_pair`]).

use super::Reading;
use super::question::Question;

/// The text with und-t's words written plainly (called before anything reads it): stock told
/// as news before a question ([`super::alert_news`]), a cue word's input-method slip
/// ([`super::ime_slips`]).
pub(super) fn plain(norm: &str) -> String {
    super::alert_news::plain(&super::ime_slips::plain(norm))
}

/// Asks the general rules misread, tried before them.
pub(super) fn rules(q: &Question) -> Option<Reading> {
    super::price_moved::price_moved(q)
        .or_else(|| super::pick_terse::pick_terse(q))
        .or_else(|| super::pick_terse::choose_between(q))
        .or_else(|| super::spec_asked::spec_asked(q))
}

/// `r` with what und-t's mechanisms complete (called last in `said_more::with_said`).
pub(super) fn with_said(q: &Question, r: Reading) -> Reading {
    let r = super::budget_job::with_budget(q, r);
    let r = super::cap_currency::with_currency(q.padded, r);
    super::bare_pair::asked(q, r)
}
