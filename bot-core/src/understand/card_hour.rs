//! A price per card-hour said with the card between (`2.5 USD per GPU hour`, `$2/gpu/hr`,
//! `每卡每小时3块`): every price the bot reads is per card-hour already, so the words are the
//! hour's, and the price keeps its unit (it had been read as an amount with no unit, and a
//! conversion of it as nothing).

/// Spellings of "per card-hour", longest first, and the hour's own words.
const SAID: &[(&str, &str)] = &[
    ("per gpu per hour", "per hour"),
    ("per card per hour", "per hour"),
    ("per gpu-hour", "per hour"),
    ("per gpu hour", "per hour"),
    ("per gpu/hour", "per hour"),
    ("per gpu/hr", "per hour"),
    ("per gpu hr", "per hour"),
    ("per card-hour", "per hour"),
    ("per card hour", "per hour"),
    ("a gpu-hour", "an hour"),
    ("a gpu hour", "an hour"),
    ("/gpu/hour", "/hour"),
    ("/gpu/hr", "/hr"),
    ("/gpu/h", "/h"),
    ("/gpu-hour", "/hour"),
    ("/gpu-hr", "/hr"),
    ("/gpuh", "/h"),
    ("/gpu-h", "/h"),
    ("每卡每小时", "每小时"),
    ("每张卡每小时", "每小时"),
    ("每卡每时", "每小时"),
    ("每卡时", "每小时"),
    ("/卡/小时", "/小时"),
    ("/卡时", "/小时"),
];

/// `s` with each spelling of "per card-hour" as the hour's word, and the card's own word once
/// at the end (`… per hour each gpu`, `… 每小时… 每卡`): the price reads as any hourly price, and
/// a cap on a machine of several cards still reads as each card's, never divided by its cards
/// (`2x 4090 machines under 1 dollar per gpu hour` had been read as $0.50 a card). At the end,
/// so no word comes between an amount and its hour in either order (`每卡每小时2块5`, `2块5每卡每小时`).
pub(super) fn hourly(s: &str) -> String {
    let (mut out, mut each) = each_after_amount(s);
    for (from, to) in SAID {
        if out.contains(from) {
            out = out.replace(from, to);
            each = Some(if from.is_ascii() {
                "each gpu"
            } else {
                "每卡"
            });
        }
    }
    match each {
        Some(w) => format!("{} {w} ", out.trim_end()),
        None => out,
    }
}

/// A card's word right after an amount (`一小时不超过4块一张`): each card's price, as `每卡`.
const EACH_AFTER: &[&str] = &[
    "1张卡",
    "1张",
    "1卡",
    "每张卡",
    "每张",
    "一张卡",
    "一张",
    "一卡",
];

/// The same in English, after an hourly price (`max $0.8/hr each card`).
const EACH_AFTER_EN: &[&str] = &[
    "each card",
    "per card",
    "a card",
    "each gpu",
    "per gpu",
    "a gpu",
];
/// How an hourly price ends in English.
const HOUR_END: &[&str] = &["/hr", "/h", "/hour", " hour", " hr", "an hour"];

/// `s` with a per-card word right after an amount's money word taken out, and the card's mark
/// to add (`一小时不超过4块一张` had dropped its cap). Never before a card or a number, where
/// `一张` counts cards (`3块一张4090`).
fn each_after_amount(s: &str) -> (String, Option<&'static str>) {
    const DIGITS: &str = "0123456789一二两三四五六七八九十半";
    for e in EACH_AFTER {
        for (at, _) in s.match_indices(e) {
            let end = at + e.len();
            let next = s[end..].trim_start().chars().next();
            if next.is_some_and(|c| c.is_ascii_alphanumeric()) {
                continue;
            }
            // `2块5一张`: the tenths said after the money word belong to the amount.
            let mut before = s[..at].trim_end();
            if let Some(c) = before.chars().next_back().filter(|c| DIGITS.contains(*c)) {
                before = &before[..before.len() - c.len_utf8()];
            }
            // Money's words as the lexicon has them (`4块一张`, `3元每张`, `5刀一张`).
            let Some(m) = crate::lexicon::MONEY_WORDS
                .iter()
                .find(|m| before.ends_with(**m))
            else {
                continue;
            };
            let amount = before[..before.len() - m.len()].chars().next_back();
            if amount.is_some_and(|c| DIGITS.contains(c)) {
                return (format!("{} {}", &s[..at], &s[end..]), Some("每卡"));
            }
        }
    }
    for e in EACH_AFTER_EN {
        for (at, _) in s.match_indices(e) {
            let before = s[..at].trim_end();
            let end = at + e.len();
            let whole = !s[end..].starts_with(|c: char| c.is_ascii_alphanumeric());
            if whole && HOUR_END.iter().any(|h| before.ends_with(h)) {
                return (format!("{} {}", &s[..at], &s[end..]), Some("each gpu"));
            }
        }
    }
    (s.to_string(), None)
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_card_after_an_amount_marks_the_cap_per_card() {
        for t in [
            "找台8卡4090的机器 每小时2块5一张以内",
            "一小时不超过4块一张",
            "2x a6000 box, max $0.8/hr each card",
        ] {
            let n = crate::understand::normalize(t);
            let h = super::hourly(&n);
            assert!(
                h.contains("每卡") || h.contains("each gpu"),
                "{n:?} -> {h:?}"
            );
        }
        // A count of cards after an amount is no per-card mark (`3块一张4090`).
        let n = crate::understand::normalize("3块一张4090");
        assert_eq!(super::hourly(&n), n);
    }
}
