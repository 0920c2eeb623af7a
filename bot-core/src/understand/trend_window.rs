//! The days of a trend asked by the moment or the wait (`过去两周价格走势怎么样` after a wait
//! told, `price chart for 90 days … when is good time`): a window of past prices said gives
//! `/trend`'s days (helper und_eg, issue 26); none leaves the house's default. The readers of
//! a moment (`timing_asked`, `wait_asked`) had dropped the window the question named.

use super::question::{Question, recent_span};

/// The days of a past window said (`过去两周`, `last 90 days`) or of the prices charted over a
/// span (`price chart for 90 days`); `None` where no window is said: a wait's length or a
/// rental's (`等两个月`, `租3天`) is no window.
pub(super) fn window_days(q: &Question) -> Option<u32> {
    let said = recent_span(q.padded).is_some() || crate::lexicon::price_window_said(q.padded);
    said.then(|| q.days()).flatten()
}
