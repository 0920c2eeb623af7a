//! Whether a card is cheaper at some time (`周末租4090会不会便宜点`, `晚上租4090是不是更便宜`,
//! `are 4090s cheaper at night`): a question about the price's rhythm over days and hours,
//! which `/trend` answers (`past_day::at_a_time`), never a bill for a weekend's or a night's
//! length. The time words are marked inside `text::normalize`, before the length words read
//! `周末` as two days, so this module reads plain strings only (no reader types).

/// Times of the week or day a price may differ at.
const TIMES: &[&str] = &[
    "周末",
    "工作日",
    "半夜",
    "深夜",
    "夜里",
    "夜间",
    "晚上",
    "凌晨",
    "白天",
    "on weekends",
    "on the weekend",
    "at weekends",
    "on weekdays",
    "weekends",
    "weekend",
    "late at night",
    "at night",
    "during the day",
    "in the morning",
];

/// Whether it is cheaper then, asked.
const CHEAPER_ASKED: &[&str] = &[
    "会不会便宜",
    "会不会更便宜",
    "是不是便宜",
    "是不是更便宜",
    "会便宜",
    "更便宜吗",
    "便宜点吗",
    "便宜些吗",
    "便宜一些吗",
    "便宜一点吗",
    "便宜吗",
    "cheaper",
];

/// Two things weighed, not two times: a compare's words.
const WEIGHED: &[&str] = &["哪个", "哪家", "which", "还是", " vs", "versus"];

/// The word a time of a cheaper price is marked by: no length and no other rule reads it.
pub(super) const MARK: &str = " timed ";

fn has(text: &str, words: &[&str]) -> bool {
    words.iter().any(|w| text.contains(w))
}

/// `text` with its time words marked where it asks whether a price is cheaper then.
pub(super) fn marked(text: &str) -> String {
    let padded = format!(" {text} ");
    if !has(&padded, CHEAPER_ASKED) || has(&padded, WEIGHED) || !has(&padded, TIMES) {
        return text.to_string();
    }
    TIMES
        .iter()
        .fold(text.to_string(), |t, w| t.replace(w, MARK))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_is_marked_only_where_a_cheaper_price_is_asked() {
        assert!(marked("周末租a100会不会便宜一些").contains(MARK));
        assert!(marked("are 3090s cheaper on weekends").contains(MARK));
        assert!(
            !marked("周末租a100多少钱").contains(MARK),
            "a weekend's bill"
        );
        assert!(
            !marked("周末autodl和vast哪个便宜").contains(MARK),
            "two platforms weighed"
        );
    }
}
