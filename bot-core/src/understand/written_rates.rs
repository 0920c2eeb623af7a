//! Figures said as rates of something else, rewritten on the raw text as the figure the readers
//! read (helper und_dz, issue 26):
//! - tokens a second all day (`每秒大概100个token，全天不停`, `100 tokens/s 24/7`): tokens a day
//!   (8640k); read alone, no volume was read at all;
//! - a whole machine's hourly price beside its card count (`8卡h100整机每小时低于16刀`): the price
//!   per GPU-hour, the unit of every price the house reads (`/subscribe`'s `max=` is "price per
//!   GPU-hour", `locales/*/alerts.ftl`); the node's price had been the cap per card, eight times
//!   too high. Rounded down to the cent, so the cap is never above what the user said.

use rust_decimal::Decimal;

/// Words that say the rate holds the whole day.
const WHOLE_DAY: &[&str] = &[
    "全天",
    "24小时",
    "一整天",
    "整天",
    "24h",
    "24/7",
    "all day",
    "around the clock",
    "nonstop",
    "non-stop",
];

/// Words for a whole machine's price, against one card's.
const NODE_WORDS: &[&str] = &[
    "整机",
    "整台",
    "一整台",
    "整个机器",
    "whole node",
    "whole machine",
    "full node",
    "per node",
    "the node",
    "the machine",
    "for the box",
];

/// `text` with the rates above written as their figures.
pub(super) fn plain(text: &str) -> String {
    node_price(&per_second_all_day(text))
}

/// A number at byte `at` of `s`: digits with one point, and a `k` after them.
fn number_at(s: &str, at: usize) -> Option<(Decimal, usize)> {
    let rest = &s[at..];
    let len = rest
        .char_indices()
        .take_while(|(i, c)| c.is_ascii_digit() || (*c == '.' && *i > 0))
        .count();
    let digits = rest[..len].trim_end_matches('.');
    let mut n: Decimal = digits.parse().ok()?;
    let mut end = at + digits.len();
    if s[end..].starts_with(['k', 'K'])
        && !s[end + 1..].starts_with(|c: char| c.is_ascii_alphabetic())
    {
        n *= Decimal::from(1000);
        end += 1;
    }
    Some((n, end))
}

/// Tokens as the volume readers write them: `8640k`, `3m`.
fn volume_words(n: Decimal) -> Option<String> {
    let n = n.round();
    let m = Decimal::from(1_000_000);
    let k = Decimal::from(1000);
    Some(if (n % m).is_zero() {
        format!("{}m", n / m)
    } else if (n % k).is_zero() {
        format!("{}k", n / k)
    } else {
        n.to_string()
    })
}

/// `每秒大概100个token` or `100 tokens per second` beside a whole-day word → tokens a day.
fn per_second_all_day(s: &str) -> String {
    let lower = s.to_lowercase();
    if lower.len() != s.len() || !WHOLE_DAY.iter().any(|w| lower.contains(w)) {
        return s.to_string();
    }
    // Chinese: `每秒` + a hedge + N + `个`? + `token`.
    if let Some(at) = lower.find("每秒") {
        let mut k = at + "每秒".len();
        for hedge in ["大概", "大约", "约", "平均", " "] {
            if lower[k..].starts_with(hedge) {
                k += hedge.len();
            }
        }
        if let Some((n, end)) = number_at(&lower, k) {
            let tail = lower[end..].trim_start_matches(' ');
            let tail = tail.strip_prefix('个').unwrap_or(tail).trim_start();
            if tail.starts_with("token") {
                let stop = lower.len() - tail.len() + "token".len();
                let stop = stop + usize::from(lower[stop..].starts_with('s'));
                let day = volume_words(n * Decimal::from(86_400));
                if let Some(day) = day {
                    return format!("{}每天{day} token{}", &s[..at], &s[stop..]);
                }
            }
        }
    }
    // English: N + `tokens` + `per second` / `a second` / `/s`.
    for (at, _) in lower.match_indices(" tokens") {
        let start = lower[..at]
            .rfind(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'k'))
            .map_or(0, |p| p + 1);
        let Some((n, end)) = number_at(&lower, start).filter(|(_, e)| *e == at) else {
            continue;
        };
        let after = &lower[end + " tokens".len()..];
        let unit = [
            " per second",
            " a second",
            " per sec",
            "/s",
            " each second",
            "/sec",
        ]
        .iter()
        .find(|u| after.starts_with(**u));
        if let (Some(unit), Some(day)) = (unit, volume_words(n * Decimal::from(86_400))) {
            let stop = end + " tokens".len() + unit.len();
            return format!("{}{day} tokens a day{}", &s[..start], &s[stop..]);
        }
    }
    s.to_string()
}

/// The card count said (`8卡`, `8张`, `8x`, `x8`, `8 gpus`), if one.
fn card_count(s: &str) -> Option<u32> {
    let chars: Vec<char> = s.chars().collect();
    (0..chars.len()).find_map(|i| {
        if i > 0 && chars[i - 1].is_ascii_alphanumeric() || !chars[i].is_ascii_digit() {
            return None;
        }
        let end = (i..chars.len())
            .find(|&k| !chars[k].is_ascii_digit())
            .unwrap_or(chars.len());
        let n: u32 = chars[i..end].iter().collect::<String>().parse().ok()?;
        let after: String = chars[end..].iter().take(6).collect();
        let counted = [
            "卡", "张", "x", "×", " x ", " gpus", " cards", "-gpu", " gpu",
        ]
        .iter()
        .any(|w| after.starts_with(w));
        ((2..=16).contains(&n) && counted).then_some(n)
    })
}

/// A node's price after a node word, divided by its card count.
fn node_price(s: &str) -> String {
    let lower = s.to_lowercase();
    if lower.len() != s.len() {
        return s.to_string();
    }
    let Some((word_at, word)) = NODE_WORDS
        .iter()
        .find_map(|w| lower.find(w).map(|at| (at, *w)))
    else {
        return s.to_string();
    };
    let Some(cards) = card_count(&lower) else {
        return s.to_string();
    };
    // The first number after the node word, within its clause.
    let from = word_at + word.len();
    let Some(num_at) = lower[from..]
        .char_indices()
        .take_while(|(_, c)| !matches!(c, '，' | ',' | '。' | '?' | '？'))
        .find(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| from + i)
    else {
        return s.to_string();
    };
    let Some((price, end)) = number_at(&lower, num_at) else {
        return s.to_string();
    };
    let each = (price / Decimal::from(cards))
        .trunc_with_scale(2)
        .normalize();
    format!("{}{}{each}{}", &s[..word_at], &s[from..num_at], &s[end..])
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn rates_are_figures() {
        assert_eq!(
            plain("每秒大概100个token，全天不停"),
            "每天8640k token，全天不停"
        );
        assert_eq!(
            plain("about 50 tokens per second all day"),
            "about 4320k tokens a day all day"
        );
        // Without a whole day the rate is left.
        assert_eq!(plain("每秒100个token"), "每秒100个token");
        assert_eq!(
            plain("8卡h100整机每小时低于16刀通知我"),
            "8卡h100每小时低于2刀通知我"
        );
        assert_eq!(plain("4卡4090整机每小时低于10块"), "4卡4090每小时低于2.5块");
        assert_eq!(
            plain("3卡4090整机每小时低于10块"),
            "3卡4090每小时低于3.33块"
        );
        // No card count: the price is left as said.
        assert_eq!(plain("h100整机每小时低于16刀"), "h100整机每小时低于16刀");
    }
}
