//! One card said with a price-rank word (`l40s 最低价 atm?`, `4090d 底价多少`, `a10 best rate?`,
//! `least expensive h100 anywhere?`), no platform: the card's ranking, as `cheapest <card>` is
//! read (helper und_dk, corpus95). The words are the lexicon's one table
//! (`lexicon::PRICE_RANK_WORDS`); without this rule the card alone fell to its specs, a quote word
//! to its offers, `anywhere`/`right now` to its stock.

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::words::ALERT_WORDS;

/// `l40s 最低价 atm?`: `/compare l40s 1h` (its length when one is said). A lowest price asked over
/// time (`最低价的时候`, `at its lowest price ever`) is the trend's, one waited for an alert's,
/// a machine of several cards or a billing kind the offers' (their own rules).
pub(super) fn price_ranked(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let ranked = g.count == 1
        && q.e.platforms.is_empty()
        && q.nothing_to_size()
        && q.price.is_none()
        && crate::lexicon::price_rank_said(q.padded)
        && !crate::lexicon::timing_asked(q.padded)
        && !super::trend_intent::trend_said(q)
        && !q.has(ALERT_WORDS)
        && !super::cues::conditional_notify(q.padded)
        && !super::cues::spot_asked(q.padded)
        // A need or a region said (`国内h20最便宜的地方`: the platforms in China ranked), offers
        // listed (`on-demand … offers, cheapest first`) and a usual time (`一般什么时候最便宜`)
        // are their own rules' readings.
        && !crate::lexicon::need_said(q.padded)
        && !q.has(&["offer", "on-demand", "一般", "usually", "什么时候", "when "])
        // Availability asked (`the cheapest A100 available at the moment`) is the stock's, the hour
        // of the day (`which hour of the day is the a100 cheapest`) the trend's.
        && !q.has(super::words::IN_STOCK_WORDS)
        && !q.has(super::past_span::HOUR);
    if !ranked {
        return None;
    }
    one(make::compare(g, &q.usage())?)
}
