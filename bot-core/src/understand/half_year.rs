//! `h100 上半年价格走势`, `4090 price trend h1`, `the second half of the year`: half a year is
//! the price history's window (180 days, what `近半年` and `half year` read), never the whole
//! year (`今年`, 365 days) nor the default month.

use super::Reading;
use super::question::{Question, one};
use super::request as make;

/// Half a year in words; `下半年` reaches the reader as `下6个月` (the spoken-form pass).
const HALF: &[&str] = &[
    "上半年",
    "下半年",
    "下6个月",
    "前半年",
    "后半年",
    " h1 ",
    " h2 ",
    "first half",
    "second half",
    "1st half",
    "2nd half",
];
/// Words of a price's movement.
const MOVED: &[&str] = &[
    "price", "prices", "moved", "move", "trend", "价格", "价钱", "走势", "行情", "涨", "跌", "降",
];
/// A price or a rent asked, not its history.
const ASKED: &[&str] = &[
    "多少钱",
    "how much",
    "cheapest",
    "最便宜",
    "哪家",
    "rent ",
    "租",
];

/// The card's price history over half a year.
pub(super) fn half_year(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let spaced = format!(" {} ", q.padded);
    let half = HALF.iter().any(|w| spaced.contains(w));
    if !half || !q.has(MOVED) || q.has(ASKED) || !q.nothing_to_size() {
        return None;
    }
    one(make::trend(&g.gpu, Some(180)))
}
