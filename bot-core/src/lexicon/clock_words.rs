//! The words of a clock time, one table for every reader of one: `understand::clock_range`
//! (a range in a question, corpus69) and `lexicon::schedule` (a span at /pick's usage step,
//! und_dr) had each their own copy of the day-parts, the separators, the words that make a bare
//! number a length or a count, and the rule for which hour of the day a time is - and the copies
//! had drifted (`晚上12点` noon to one and midnight to the other; `深夜5点` 17:00 to one). Here
//! once, so a word means one thing wherever a time is read.

/// The half of the day a word before or after a time sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayPart {
    /// 凌晨: the small hours.
    Small,
    Morning,
    Noon,
    Afternoon,
    Evening,
    /// 夜里, 深夜, 半夜: late at night, past midnight from 1 to 6.
    Night,
    Am,
    Pm,
}

/// Day-parts before a Chinese time, the two-character ones first (a one-character part is the
/// head of some of them).
pub const ZH_DAY_PARTS: &[(&str, DayPart)] = &[
    ("凌晨", DayPart::Small),
    ("清晨", DayPart::Morning),
    ("早上", DayPart::Morning),
    ("早晨", DayPart::Morning),
    ("上午", DayPart::Morning),
    ("中午", DayPart::Noon),
    ("下午", DayPart::Afternoon),
    ("傍晚", DayPart::Afternoon),
    ("晚上", DayPart::Evening),
    ("夜里", DayPart::Night),
    ("夜间", DayPart::Night),
    ("半夜", DayPart::Night),
    ("深夜", DayPart::Night),
    ("早", DayPart::Morning),
    ("朝", DayPart::Morning),
    ("晚", DayPart::Evening),
];

/// Words between two times, a longer word before its own head (`till` before `til`, `一直到`
/// before `到`).
pub const TIME_SEPARATORS: &[&str] = &[
    "一直到",
    "until",
    "till",
    "til",
    "through",
    "至",
    "到",
    "to",
    "-",
    "–",
    "—",
    "~",
    "～",
];

/// Words after a bare number that make it a length, an amount or a count, never a time's end
/// (`from 2 to 4 gpus`, `9 to 5 people`).
pub const NOT_A_TIME_AFTER: &[&str] = &[
    "h",
    "hr",
    "hrs",
    "hour",
    "hours",
    "m",
    "min",
    "mins",
    "minute",
    "minutes",
    "d",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "gpu",
    "gpus",
    "card",
    "cards",
    "node",
    "nodes",
    "x",
    "of",
    "b",
    "gb",
    "g",
    "k",
    "usd",
    "dollar",
    "dollars",
    "bucks",
    "cents",
    "times",
    "instances",
    "machines",
    "people",
    "user",
    "users",
    "models",
    "epochs",
    "concurrent",
    "requests",
    "seats",
];

/// The minutes since midnight a time may be: one reading where its half of the day is known,
/// two where it is not (`8点`: 8:00 or 20:00). An hour over 12, hour 0 or a time on the 24-hour
/// clock (`clock24`: `21:00`, `18点`) is read as written.
pub fn minutes_of_day(hour: u32, minute: u32, part: Option<DayPart>, clock24: bool) -> Vec<u32> {
    let h = hour;
    let at = |h: u32| (h % 24) * 60 + minute;
    match part {
        Some(DayPart::Small | DayPart::Morning | DayPart::Am) => vec![at(h % 12)],
        // 中午12点 is noon, 中午1点 one in the afternoon.
        Some(DayPart::Noon) => vec![at(if h < 6 { h + 12 } else { h })],
        Some(DayPart::Afternoon | DayPart::Pm) => vec![at(h % 12 + 12)],
        // 晚上12点 is midnight, 晚上1点 one in the night, 晚上8点 twenty.
        Some(DayPart::Evening) => vec![at(match h {
            12 => 0,
            1..=4 => h,
            _ => h % 12 + 12,
        })],
        // 深夜11点 is 23:00, 半夜2点 2:00, 夜里12点 midnight.
        Some(DayPart::Night) => vec![at(if (7..12).contains(&h) { h + 12 } else { h % 12 })],
        None if h > 12 || h == 0 || clock24 => vec![at(h)],
        None => vec![at(h % 12), at(h % 12 + 12)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_part_sets_the_half_of_the_day() {
        let one = |h, p| minutes_of_day(h, 0, Some(p), false)[0] / 60;
        assert_eq!(one(12, DayPart::Evening), 0);
        assert_eq!(one(8, DayPart::Evening), 20);
        assert_eq!(one(2, DayPart::Evening), 2);
        assert_eq!(one(12, DayPart::Noon), 12);
        assert_eq!(one(1, DayPart::Noon), 13);
        assert_eq!(one(11, DayPart::Night), 23);
        assert_eq!(one(5, DayPart::Night), 5);
        assert_eq!(one(12, DayPart::Night), 0);
        assert_eq!(one(12, DayPart::Am), 0);
        assert_eq!(one(12, DayPart::Pm), 12);
        assert_eq!(
            minutes_of_day(8, 30, None, false),
            vec![8 * 60 + 30, 20 * 60 + 30]
        );
        assert_eq!(minutes_of_day(8, 0, None, true), vec![8 * 60]);
    }

    #[test]
    fn a_longer_word_comes_before_its_own_head() {
        for (i, a) in TIME_SEPARATORS.iter().enumerate() {
            for b in &TIME_SEPARATORS[..i] {
                assert!(!a.starts_with(b) || a == b, "{a} after its head {b}");
            }
        }
        for (i, (a, _)) in ZH_DAY_PARTS.iter().enumerate() {
            for (b, _) in &ZH_DAY_PARTS[..i] {
                assert!(!a.starts_with(b), "{a} after its head {b}");
            }
        }
    }
}
