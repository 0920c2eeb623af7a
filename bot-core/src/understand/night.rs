//! A night said beside a length of its own (`通宵十个小时`, `跑十个小时 通宵`, `overnight for
//! 10 hours`): the night says when, the hours say how long. Read alone a night is 8 hours (the
//! spoken-form table); beside a length it was added to it (18 h) or won over it (8 h), a wrong
//! bill said with confidence. Here it is dropped whenever hours are said.

use crate::lexicon::{NightSense, night_said, nights_as};

/// One night as its length, 8 hours (the lexicon's `nights`: `一晚上`, `通宵`, `overnight`);
/// nights as a habit (`每晚`) are `day_part`'s, never a length.
pub(super) fn one_night_as_hours(s: &str) -> String {
    nights_as(s, NightSense::One, "8小时", " 8h ")
}

/// Whether a number of hours is said (`10个小时`, `10小时`, `10h`, `10 hours`, `10钟头`); the
/// hour of a price (`2块1小时`, `3块钱1个小时`) is its unit, no length.
pub(crate) fn hours_said(s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    (0..chars.len()).any(|i| {
        if !chars[i].is_ascii_digit() || chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
            return false;
        }
        let start = chars[..i]
            .iter()
            .rposition(|c| !(c.is_ascii_digit() || *c == '.'))
            .map_or(0, |k| k + 1);
        let before = chars[..start].iter().rev().find(|c| **c != ' ');
        if before.is_some_and(|c| "块元刀钱金/".contains(*c)) {
            return false;
        }
        // `¥1.88 1小时`: the hour after an amount marked by its currency sign is its unit.
        let said = chars[..start].iter().rposition(|c| *c != ' ');
        let amount = said.and_then(|e| {
            let s = chars[..=e]
                .iter()
                .rposition(|c| !(c.is_ascii_digit() || *c == '.'))?;
            (s < e).then_some(chars[s])
        });
        if amount.is_some_and(|c| "¥￥$".contains(c)) {
            return false;
        }
        let rest: String = chars[i + 1..].iter().take(8).collect();
        let rest = rest
            .trim_start_matches('.')
            .trim_start_matches(|c: char| c.is_ascii_digit());
        let rest = rest.strip_prefix('个').unwrap_or(rest);
        [
            "小时", "钟头", " hours", " hour", "hours", "hour", " hrs", "hrs",
        ]
        .iter()
        .any(|u| rest.starts_with(u))
            || (rest.starts_with('h')
                && rest[1..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_ascii_alphabetic()))
    })
}

/// Whether a length of its own is said, in hours (`hours_said`), minutes (`30分钟`, `45 mins`)
/// or a half before the spoken table has read it (`1个半钟头`, `半个钟头`, `2个半小时`): a
/// night's 8 hours beside one had been added to it (`每天晚上两个半小时`: 10.5 h a day) or taken
/// over it (`每天晚上画一个半钟头`: 8 h).
pub(crate) fn length_said(s: &str) -> bool {
    const HALVES: &[&str] = &["个半钟", "个半小时", "半个钟", "半个小时", "半小时"];
    hours_said(s)
        || HALVES.iter().any(|h| s.contains(h))
        || s.match_indices(|c: char| c.is_ascii_digit()).any(|(i, _)| {
            let rest = s[i..].trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            ["分钟", "minute", " minute", "min", " min"]
                .iter()
                .any(|u| rest.starts_with(u))
        })
}

/// The text without its night words when a length in hours is said too.
pub(super) fn night_beside_hours(s: &str) -> String {
    if night_said(s) != Some(NightSense::One) || !hours_said(s) {
        return s.to_string();
    }
    nights_as(s, NightSense::One, " ", " ")
}

#[cfg(test)]
mod tests {
    use super::night_beside_hours;

    #[test]
    fn a_night_with_hours_is_when_not_how_long() {
        assert_eq!(night_beside_hours("5090 通宵10个小时"), "5090  10个小时");
        assert_eq!(night_beside_hours("跑10h overnight"), "跑10h  ");
        assert_eq!(night_beside_hours("5090 通宵 多少钱"), "5090 通宵 多少钱");
        // A card's name or a price is no length.
        assert_eq!(night_beside_hours("h100 通宵"), "h100 通宵");
        assert_eq!(
            night_beside_hours("4090 2块每小时 通宵"),
            "4090 2块每小时 通宵"
        );
        assert_eq!(
            night_beside_hours("4090 2块1小时 通宵"),
            "4090 2块1小时 通宵"
        );
        assert_eq!(
            night_beside_hours("3块钱1个小时 跑一宿"),
            "3块钱1个小时 跑一宿"
        );
    }
}
