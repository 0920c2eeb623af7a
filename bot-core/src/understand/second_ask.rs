//! Two asks in one message (`can a 3090 run qwen3-14b int4 and how much for 5 hours on
//! vast`): the first is the reading; the second is kept and offered, never answered in its
//! place and never dropped unsaid. Here: the price asked after a fit, on the fit's card.

use super::request::Request;
use super::text::normalize;
use super::words::COST_WORDS;
use super::{Reading, cues, read, read_normalized};
use crate::catalog::Catalog;

/// Where a second ask starts (`and how much`, `顺便问下…多少钱`).
const JOINTS: &[&str] = &[
    " and ", " also ", " plus ", ", ", " btw ", "顺便", "另外", "还有", "再问", "以及", "然后",
];

/// The price asked after a fit (`/cost` or `/compare` on the fit's card), when the message's
/// reading is that fit.
pub fn second_ask(catalog: &Catalog, text: &str) -> Option<Request> {
    let Reading::Command(Request::Fit(fit)) = read(catalog, text) else {
        return None;
    };
    let gpu = fit.gpu.clone()?;
    let padded = format!(" {} ", normalize(text));
    if !cues::fit_asked_first(&padded, COST_WORDS) {
        return None;
    }
    let at = COST_WORDS.iter().filter_map(|w| padded.find(w)).min()?;
    let start = JOINTS
        .iter()
        .filter_map(|j| padded[..at].rfind(j).map(|k| k + j.len()))
        .max()
        .unwrap_or(at);
    let card = match fit.cards {
        Some(n) if n > 1 => format!("{n}x{gpu}"),
        _ => gpu,
    };
    match read_normalized(catalog, format!("{card} {}", &padded[start..]), false).0 {
        Reading::Command(r @ (Request::Cost(_) | Request::Compare(_))) => Some(r),
        _ => None,
    }
}
