//! When in the past or in the day a card's price or stock is asked about, not a rental's length:
//! - a span of the past before its price (`l40s这半年的价格`, `a100 这三个月的价格`, `h100 price over
//!   the past half year`): the price history over that span (`/trend … days=N`), never a
//!   six-month rental priced;
//! - the hour of the day asked (`一天里什么时候h100最好租`, `4090 几点最好租`, `what time of day
//!   is the 4090 easiest to rent`): the stock rhythm `/trend` shows, never a day's rental.

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::words::{ALERT_WORDS, GOT_ONE};

/// A price, its movement or its market.
const PRICE: &[&str] = &["价格", "价钱", "行情", "租价", "租金", "price", "pricing"];
/// How the price moved over the span (`这两个月怎么变的`): its history, whatever rent word is
/// beside it (`租价` holds `租`).
const MOVED: &[&str] = &[
    "怎么变",
    "变化",
    "变了",
    "涨",
    "跌",
    "波动",
    "changed",
    "change",
    "moved",
];
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
    let moved = q.has(MOVED);
    if !said || !(q.has(PRICE) || moved) || (q.has(ASKED_NOW) && !moved) || q.has(ALERT_WORDS) {
        return None;
    }
    if !q.nothing_to_size() || q.e.platforms.len() > 1 {
        return None;
    }
    let days = q.days().or(half.then_some(180));
    one(make::trend(&g.gpu, days))
}

/// The hour of the day said (`一天里` reaches the reader as `1天里`).
pub(super) const HOUR: &[&str] = &[
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
/// (And a card got hold of, [`GOT_ONE`].)
const EASY: &[&str] = &[
    "好租",
    "容易租",
    "有货",
    "easiest",
    "easy to",
    "best to",
    "best time",
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

/// A part of the day (`晚上`, `半夜`, `at night`): with a card easier to get there than at
/// other hours, the hour-of-day rhythm.
const PART_OF_DAY: &[&str] = &[
    "晚上",
    "半夜",
    "夜里",
    "深夜",
    "凌晨",
    "早上",
    "上午",
    "下午",
    "白天",
    "at night",
    "in the morning",
    "late night",
    "nighttime",
    "night time",
    "during the day",
    "daytime",
];
/// One night or this night: a length or now, no hour of every day (`一晚上` is 8 h).
const ONE_NIGHT: &[&str] = &[
    "今晚",
    "今天晚上",
    "一晚上",
    "1晚上",
    "tonight",
    "overnight",
];
/// Easier than at other hours.
const EASIER: &[&str] = &[
    "更容易",
    "更好租",
    "好租一点",
    "好租些",
    "好抢一点",
    "容易一点",
    "容易些",
    "容易点",
    "好租点",
    "好抢点",
    "好抢些",
    "easier",
    "more likely",
    "more available",
];

/// `一天里什么时候h100最好租`, `4090 几点最好租`, `3090 半夜是不是好租一点`: when in the day the
/// card is usually in stock, `/trend`.
pub(super) fn hour_of_day(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    // Easier there, said as such or set against other hours (`比白天容易租到`) or as usual.
    let easy = q.has(EASY) || q.has(GOT_ONE);
    let weighed = easy && q.has(&["比", "更", "一般", "通常", "usually", "than"]);
    let part = q.has(PART_OF_DAY) && !q.has(ONE_NIGHT) && (q.has(EASIER) || weighed);
    // Two parts of the day set against each other (`晚上便宜还是白天便宜`, `at night or during
    // the day`), or the hour asked, for a low price as for stock.
    let parts = PART_OF_DAY.iter().filter(|w| q.padded.contains(*w)).count();
    let good = easy || q.has(CHEAP);
    let two_parts = parts >= 2 && !q.has(ONE_NIGHT) && good;
    let asked = (q.has(HOUR) && good) || (q.has(WHEN) && q.has(BEST)) || part || two_parts;
    if !asked || q.has(ALERT_WORDS) || q.e.platforms.len() > 1 {
        return None;
    }
    // A model named is the job the card is for (`几点有货 我要跑 qwen2.5-32b int4`).
    super::trend_job::trend_for(q, &g.gpu)
}

/// A low price asked.
const CHEAP: &[&str] = &[
    "便宜",
    "价格低",
    "价低",
    "cheap",
    "lower price",
    "lowest price",
];

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
