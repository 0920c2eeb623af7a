//! `please tell me, is there now in stock somewhere an RTX A6000 for not more than 50 cents
//! per hour? … if possible`, `can you tell me if renting that card is cheaper than an API at
//! $0.15 per million tokens`: "tell me if" asks now. Read as a wish to be told later (a
//! condition and "tell me"), both set an alert; the first asks stock now, the second a
//! rent-vs-API sum.

use super::Reading;
use super::cues;
use super::question::Question;
use super::request::{self as make, Request};
use super::text::has;
use super::words::{ALERT_WORDS, TCO_WORDS};

/// Words that put the ask in the present.
const NOW: &[&str] = &[
    " now ",
    " now?",
    "now in stock",
    "right now",
    "currently",
    "at the moment",
    "today",
    "somewhere",
    "现在",
    "目前",
    "此刻",
];

pub(super) fn asked_now(q: &Question) -> Option<Reading> {
    if q.has(ALERT_WORDS) || !cues::conditional_notify(q.padded) {
        return None;
    }
    if has(&format!(" {}", q.padded), TCO_WORDS) {
        return super::intent::tco(q);
    }
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    (q.has(NOW) && q.nothing_to_size()).then(|| {
        Reading::Command(Request::Stock(make::stock_args(
            &g.gpu,
            q.e.platforms.first(),
            q.hourly_cap().as_ref(),
        )))
    })
}

/// Whether [`asked_now`] would read it (kept for the rule order's test).
#[cfg(test)]
pub(super) fn now_said(padded: &str) -> bool {
    has(padded, NOW)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn now_words() {
        assert!(now_said(" is there now in stock somewhere an rtx a6000 "));
        assert!(!now_said(" let me know when a100 is under 1.5 "));
    }
}
