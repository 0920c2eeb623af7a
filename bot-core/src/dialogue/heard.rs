//! Moves said in the person's own words that the word tables of `said` do not hold, read before
//! any step's own reading (helper und_dj): the bot asked what it would pick (`asked_pick`: "you
//! choose"), back with an adverb (`back_again`: `/back`), and a count with no figure at the
//! conversations-at-once step (`few_people`: asked). One call from `step::first_readings`.

use super::said::Said;
use super::state::{Outcome, PickInput, PickState};
use crate::context::Ctx;

/// The move `input` says, answered as `on_said` answers the same move said in the tables'
/// words; `None` when it says none of these.
pub(super) fn heard(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    on_said: fn(&Ctx, &PickState, Said) -> Outcome,
) -> Option<Outcome> {
    let PickInput::Text(t) = input else {
        return None;
    };
    if super::asked_pick::asked(t) {
        return Some(on_said(ctx, state, Said::Unsure));
    }
    if super::back_again::said(t) {
        return Some(on_said(ctx, state, Said::Back));
    }
    super::few_people::asked(ctx, state, t)
}
