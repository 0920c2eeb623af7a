//! A value answered as a range (`2-3 hours`, `两三个小时`, `预算一两百块`): the readers take one
//! end of it (a length its longer end, so the bill never falls short; a budget its top, since a
//! person who says "one or two hundred" will spend up to two hundred, and holding them to the
//! lower end would hide options they would take). Which end was taken is said with the answer,
//! never picked in silence.

use super::state::{PickState, Usage};
use crate::reply::Msg;
use rust_decimal::Decimal;

/// The line that says a range was taken at its top, when `text` said one and the answer took
/// its top as the job's hours or the budget; `None` otherwise.
pub(super) fn said(before: &PickState, after: &PickState, text: &str) -> Option<Msg> {
    let (lo, hi) = crate::lexicon::range_said(text)?;
    let hours = match after.usage {
        Some(Usage::OneOff { hours } | Usage::Daily { hours }) => Some(hours),
        _ => None,
    };
    let kind = if after.usage != before.usage && hours == Some(hi) {
        "hours"
    } else if after.needs.budget != before.needs.budget && after.needs.budget == Some(hi) {
        "budget"
    } else {
        return None;
    };
    let n = |d: Decimal| d.normalize().to_string();
    Some(
        Msg::new("pick-range-top")
            .arg("lo", n(lo))
            .arg("hi", n(hi))
            .arg("kind", kind),
    )
}
