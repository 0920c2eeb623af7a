//! When in the past or in the day a card's price or stock is asked about, not a rental's length:
//! - a span of the past before its price (`l40s这半年的价格`, `a100 这三个月的价格`, `h100 price over
//!   the past half year`): the price history over that span (`/trend … days=N`), never a
//!   six-month rental priced;
//! - the hour of the day asked (`一天里什么时候h100最好租`, `4090 几点最好租`, `what time of day
//!   is the 4090 easiest to rent`): the stock rhythm `/trend` shows, never a day's rental.

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::words::ALERT_WORDS;

/// A price, its movement or its market.
const PRICE: &[&str] = &["价格", "价钱", "行情", "租价", "租金", "price", "pricing"];
/// A rent's price (`租价`, `租金`): a price, not a rental asked now (`租`).
const RENT_PRICE: &[&str] = &["租价", "租金"];
/// A price or a rent asked now, not its history.
const ASKED_NOW: &[&str] = &[
    "多少钱",
    "how much",
    "cheapest",
    "最便宜",
    "哪家",
    "租",
    "rent",
    "cost",
];
/// Half a year of the past, said in English (`半年` reaches the reader as six months).
const HALF_YEAR: &[&str] = &["half year", "half a year", "six months"];
/// Words that set a span in the past (`over the past half year`, `last half year`).
const PAST: &[&str] = &["past ", "last ", "previous "];

/// Words right before a span that put it in the past (`这6个月`, `过去1年`, `最近3个月`, `近半年`,
/// `去年1年`).
const THIS: &[&str] = &["这", "过去", "最近", "近", "去年"];

/// `这6个月` (`这半年`), `这15天`, `这几个月`, `最近3个月`: a past word right before a span said
/// with its unit.
fn this_span(padded: &str) -> bool {
    THIS.iter().any(|w| span_after(padded, w))
}

fn span_after(padded: &str, lead: &str) -> bool {
    padded.match_indices(lead).any(|(at, _)| {
        let rest = &padded[at + lead.len()..];
        let n = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let rest = &rest[n..];
        let counted = n > 0 || rest.starts_with('几');
        let rest = rest.trim_start_matches('几');
        counted
            && ["个月", "天", "周", "年", "个星期", "星期"]
                .iter()
                .any(|u| rest.starts_with(u))
    })
}

/// `l40s这半年的价格`: the card's price history over the span said.
pub(super) fn past_span(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let half = q.has(HALF_YEAR) && q.has(PAST);
    let said = this_span(q.padded) || half;
    // `3090的租价这两个月怎么变的`: `租` inside `租价` asks no rent now.
    let rest = RENT_PRICE
        .iter()
        .fold(q.padded.to_string(), |s, w| s.replace(w, "价格"));
    let asked_now = super::text::has(&rest, ASKED_NOW);
    if !said || !q.has(PRICE) || asked_now || q.has(ALERT_WORDS) {
        return None;
    }
    if !q.nothing_to_size() || q.e.platforms.len() > 1 {
        return None;
    }
    let days = q.days().or(half.then_some(180));
    one(make::trend(&g.gpu, days))
}

/// The hour of the day said (`一天里` reaches the reader as `1天里`).
const HOUR: &[&str] = &[
    "几点",
    "时段",
    "哪个时间",
    "1天里",
    "1天中",
    "每天什么时候",
    "time of day",
    "which hour",
    "what hour",
];
/// When, asked alone: the hour only with a word of the best time to get one.
const WHEN: &[&str] = &["什么时候", "啥时候", "when is", "when's"];
/// A card easy to get, or best rented.
const EASY: &[&str] = &[
    "好租",
    "容易租",
    "租到",
    "好抢",
    "有货",
    "easiest",
    "easy to",
    "best to",
    "best time",
    "grab",
    "available",
    "in stock",
];
/// The best or easiest time said (`最好租`, `easiest`).
const BEST: &[&str] = &[
    "最好租",
    "最容易",
    "最好抢",
    "easiest",
    "best time",
    "best to",
];

/// `一天里什么时候h100最好租`, `4090 几点最好租`: when in the day the card is usually in stock,
/// `/trend`.
pub(super) fn hour_of_day(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked = (q.has(HOUR) && q.has(EASY)) || (q.has(WHEN) && q.has(BEST));
    if !asked || q.has(ALERT_WORDS) || !q.nothing_to_size() || q.e.platforms.len() > 1 {
        return None;
    }
    one(make::trend(&g.gpu, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_before_a_span_is_the_past() {
        assert!(this_span(" l40s这6个月的价格 "));
        assert!(this_span(" 4090这15天的价格 "));
        assert!(this_span(" a100这几个月价格 "));
        assert!(!this_span(" 这张4090 "));
        assert!(!this_span(" 这个价格贵吗 "));
    }
}
