//! A value answered as a range (`2-3 hours`, `两三个小时`, `预算一两百块`, `十几个人`): the readers
//! take one end of it (a length its longer end, so the bill never falls short; a budget its top,
//! since a person who says "one or two hundred" will spend up to two hundred, and holding them to
//! the lower end would hide options they would take; people at once their top, so the card is not
//! sized short). Which end was taken is said with the answer, never picked in silence.

use super::state::{PickState, Usage};
use crate::reply::Msg;
use rust_decimal::Decimal;

/// The one range `text` says: in digits or adjacent numerals (`2-3`, `两三`), two numerals with
/// a mark between (`三十到五十`), or tens and some (`十几`, 11 to 19).
pub(super) fn range_in(text: &str) -> Option<(Decimal, Decimal)> {
    crate::lexicon::range_said(text)
        .or_else(|| crate::lexicon::numeral_range(text))
        .or_else(|| {
            crate::lexicon::tens_and_some(text)
                .map(|(lo, hi)| (Decimal::from(lo), Decimal::from(hi)))
        })
}

/// The line that says a range was taken at its top, when `text` said one and the answer took
/// its top as the job's hours, the budget, or the conversations at once; `None` otherwise.
pub(super) fn said(before: &PickState, after: &PickState, text: &str) -> Option<Msg> {
    let (lo, hi) = range_in(text)?;
    let hours = match after.usage {
        Some(Usage::OneOff { hours } | Usage::Daily { hours }) => Some(hours),
        _ => None,
    };
    let kind = if after.usage != before.usage && hours == Some(hi) {
        "hours"
    } else if after.needs.budget != before.needs.budget && after.needs.budget == Some(hi) {
        "budget"
    } else if after.concurrency != before.concurrency
        && after.concurrency.map(Decimal::from) == Some(hi)
    {
        "people"
    } else {
        return None;
    };
    Some(top_msg(lo, hi, kind))
}

/// "“lo–hi” is a range: taken at hi" for `kind` (`hours`, `budget`, `people`).
pub(super) fn top_msg(lo: Decimal, hi: Decimal, kind: &'static str) -> Msg {
    let n = |d: Decimal| d.normalize().to_string();
    Msg::new("pick-range-top")
        .arg("lo", n(lo))
        .arg("hi", n(hi))
        .arg("kind", kind)
}
