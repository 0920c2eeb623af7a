//! Whether a question asks a card's price over time (`/trend`): trend words, a window of past
//! prices, a change asked of a price (split from `understand::intent` for the 650-line rule).

use super::Reading;
use super::cues;
use super::question::Question;
use super::request as make;
use super::text::has;
use super::words::*;

pub(super) fn trend(q: &Question) -> Option<Reading> {
    let g = q.e.gpus.first()?;
    // `is a 5090 much pricier than a 4090`: two cards set against each other, no history.
    if q.e.gpus.len() > 1
        && q.has(&[" than ", " vs ", "versus", "比"])
        && !q.has(&[
            "trend", "history", "走势", "历史", "lately", "recently", "最近",
        ])
    {
        return None;
    }
    (over_time(q) && q.nothing_to_size()).then(|| Reading::Command(make::trend(&g.gpu, q.days())))
}

/// Whether a price's trend or change is said in words (`走势`, `降价`, `涨了`, `going up`,
/// `price history`), not only a window of time beside a price: what makes a job named with
/// the card the trend's job, not a fit.
pub(super) fn trend_said(q: &Question) -> bool {
    let text = cues::without_judgements(q.padded);
    // English words whole (` graph` is no part of `graphics`).
    let whole = |w: &&str| {
        text.match_indices(*w).any(|(at, _)| {
            !w.ends_with(|c: char| c.is_ascii_alphabetic())
                || !text[at + w.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
        })
    };
    (TREND_WORDS.iter().any(whole) || super::price_moved::price_history(&text))
        && !(cues::ranking_after_news(&text) && has(&text, CHEAP_WORDS))
}

/// Whether a card's price over time is asked (a trend word, a window of past prices, lately
/// beside a price), and not a change told in passing before where it is cheapest now.
pub(super) fn over_time(q: &Question) -> bool {
    // `近两周价格`, `近30天`: `近` before a span is the recent past.
    // `太贵了` judges a price; it says nothing of a change.
    let text = cues::without_judgements(q.padded);
    let recent = has(&text, RECENT_WORDS)
        || cues::recent_window(&text)
        || (has(&text, PERIOD_NOW) && !has(&text, RENT_AHEAD));
    // `chart of mi300x prices over 60 days`: the span is the window, never a rental's length.
    let over_time = has(&text, TREND_WORDS)
        || crate::lexicon::price_window_said(&text)
        || super::price_moved::price_history(&text)
        || crate::lexicon::price_motion_said(&text)
        || (recent && has(&text, PRICE_WORDS))
        || (has(&text, EASY_TO_RENT) && !has(&text, STOCK_WORDS));
    // `4090又涨价了 现在哪家还有便宜的`: a change told in passing, then where it is cheapest,
    // asks the ranking.
    over_time && !(cues::ranking_after_news(&text) && has(&text, CHEAP_WORDS))
}
