//! A total of hours said over a span of days in any message, the first sentence included
//! (`周末两天一共跑个十小时`): one run of the total, never the span's 48 hours nor a day's share;
//! said (`pick-read-total`), the rest read as before (helper und_du;
//! [`crate::lexicon::total_span_dropped`]).

use crate::reply::Msg;

/// The note and the message without the span, where a total is said over one.
pub(super) fn split(t: &str) -> Option<(Msg, String)> {
    let rest = crate::lexicon::total_span_dropped(t)?;
    Some((Msg::new("pick-read-total").arg("said", t.trim()), rest))
}
