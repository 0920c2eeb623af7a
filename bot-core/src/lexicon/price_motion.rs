//! A price's movement said in words the trend table lacked (helper und_eg, issue 26): a
//! direction beside a price (`价格有往下吗`, `往上还是往下`), and the hour of the day a card
//! is cheapest or in stock (`best hour of the day to rent`, `what time in day … most cheap`),
//! which `/trend`'s rhythm by hour answers. They had been read as today's stock or price, the
//! worst answer to a question about movement.

/// A direction of movement; a movement only beside a price word (`往下看` alone is none).
pub const DIRECTION_WORDS: &[&str] = &["往下", "往上", "向下走", "向上走", "下行", "上行"];

/// Words of a price said with a direction.
const PRICE_NOUNS: &[&str] = &["价格", "价钱", "租金", "price", "价"];

/// The hour of the day asked: when in the day a card is cheapest or easiest to rent.
pub const HOUR_OF_DAY: &[&str] = &[
    "hour of the day",
    "time of day",
    "time of the day",
    "time in day",
    "time in the day",
    "哪个时段",
    "什么时段",
    "几点最便宜",
    "几点便宜",
    "一天中什么时候",
    "一天里什么时候",
];

/// Whether a price's movement, or the hour of the day it is best, is asked.
pub fn price_motion_said(padded: &str) -> bool {
    let any = |ws: &[&str]| ws.iter().any(|w| padded.contains(w));
    any(HOUR_OF_DAY) || (any(DIRECTION_WORDS) && any(PRICE_NOUNS))
}

#[cfg(test)]
mod tests {
    use super::price_motion_said;

    #[test]
    fn movement_and_the_hour_of_day() {
        for s in [
            " h100 近来价格有往下吗 ",
            " 4090 最近价格是往上还是往下 ",
            " best hour of the day to rent an a100 chip? ",
            " what time in day the 3090 is most cheap? ",
        ] {
            assert!(price_motion_said(s), "{s}");
        }
        for s in [" 往下看有说明 ", " 4090 多少钱 ", " what time is it "] {
            assert!(!price_motion_said(s), "{s}");
        }
    }
}
