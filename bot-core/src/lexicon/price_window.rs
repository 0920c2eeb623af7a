//! A span said over the prices' history, or the prices charted (`h100 prices over 60 days`, `a
//! chart of mi300x prices`, `4090 60天价格曲线`): the window of the price trend, never a rental
//! of that length (read as one, it was a 60-day bill per platform, a figure nobody asked).

/// The prices as a whole, said of a span (`prices over 60 days`, `pricing over 2 weeks`). The
/// singular `price` is left out: `the price over 3 days` is as often a three-day bill.
const PRICES: &[&str] = &["prices", "pricing", "rates"];

/// Price nouns a chart is drawn of (`a chart of h100 prices`, `价格曲线`).
const PRICE_NOUNS: &[&str] = &[
    "prices", "price", "pricing", "rates", "价格", "价钱", "租金", "报价",
];

/// Words for a drawing of a quantity over time; English ones as whole words.
const CHARTS: &[&str] = &[
    "chart",
    "charts",
    "graph",
    "graphs",
    "plot",
    "图表",
    "曲线",
    "走势图",
    "折线图",
    "价格图",
];

/// The leads of a span after the prices (`over the last 90 days`).
const OVER: &[&str] = &[
    "over the last ",
    "over the past ",
    "over ",
    "across ",
    "for the last ",
    "for the past ",
    "in the last ",
    "in the past ",
    "during the last ",
    "during the past ",
];

/// Whether `text` (lowercase) asks the prices over a window: charted, said over a span, or a
/// span's prices (`30天的价格`).
pub fn price_window_said(text: &str) -> bool {
    charted(text) || prices_over_span(text) || span_prices(text)
}

/// Chinese span units after a number (`30天`, `2周`, `3个月`).
const SPAN_UNITS: &[&str] = &["天", "周", "个星期", "星期", "个月", "月", "年"];

/// Words right before a span that make it a rental's length (`租30天的价格` is a bill).
const RENTED_FOR: &[&str] = &["租", "跑", "用", "包", "rent ", "run ", "for "];

/// An amount asked: the span is then a rental's length whose bill is asked (`一周的 price 是多少`,
/// `一天 price 大概`).
const AMOUNT_ASKED: &[&str] = &["多少", "几块", "几钱", "大概", "how much", "cost"];

/// A span, `的`, then its prices (`mi300x 30天的价格`, `三十天的 price`, `两周内的价格`) with no
/// amount asked: the window of the price's history, as `过去30天` is, never a rental that long
/// (`租30天的价格`, `一周的 price 是多少`, `30天多少钱`).
fn span_prices(text: &str) -> bool {
    if AMOUNT_ASKED.iter().any(|a| text.contains(a)) {
        return false;
    }
    text.char_indices().any(|(at, c)| {
        let starts = c.is_ascii_digit()
            && !text[..at].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.');
        if !starts
            || RENTED_FOR
                .iter()
                .any(|r| text[..at].trim_end().ends_with(r.trim_end()))
        {
            return false;
        }
        let rest = text[at..].trim_start_matches(|d: char| d.is_ascii_digit());
        let Some(after) = SPAN_UNITS.iter().find_map(|u| rest.strip_prefix(u)) else {
            return false;
        };
        let after = ["内", "来", "里"]
            .iter()
            .find_map(|w| after.strip_prefix(w))
            .unwrap_or(after);
        let Some(after) = after.strip_prefix('的') else {
            return false;
        };
        PRICE_NOUNS
            .iter()
            .any(|p| after.trim_start().starts_with(p))
    })
}

/// Whether `w` stands in `text` as a word: Chinese anywhere, English between non-letters.
fn word_in(text: &str, w: &str) -> bool {
    text.match_indices(w).any(|(at, _)| {
        !w.is_ascii()
            || (!text[..at].ends_with(|c: char| c.is_ascii_alphabetic())
                && !text[at + w.len()..].starts_with(|c: char| c.is_ascii_alphabetic()))
    })
}

/// A chart word and a price noun in one sentence (`graph of l40s pricing`, `價格圖表`).
fn charted(text: &str) -> bool {
    CHARTS.iter().any(|c| word_in(text, c)) && PRICE_NOUNS.iter().any(|p| word_in(text, p))
}

/// The prices, then within three words a lead of a span and its number (`prices over 60
/// days`, `4090 pricing for the past 2 weeks`).
fn prices_over_span(text: &str) -> bool {
    PRICES.iter().any(|p| {
        text.match_indices(p).any(|(at, _)| {
            if !word_in(&text[at..], p) || text[..at].ends_with(|c: char| c.is_ascii_alphabetic()) {
                return false;
            }
            let rest = &text[at + p.len()..];
            // The words after the prices, up to three, each tried as where the lead starts.
            rest.char_indices()
                .filter(|(i, c)| *c == ' ' && *i < 40)
                .take(4)
                .any(|(i, _)| {
                    let from = &rest[i + 1..];
                    OVER.iter().any(|o| {
                        from.strip_prefix(o)
                            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
                    })
                })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::price_window_said as said;

    #[test]
    fn prices_over_a_span_or_charted_are_a_window() {
        for t in [
            "chart of mi300x prices over 60 days",
            "rtx 4090 prices over 2 weeks",
            "graph of l40s pricing over 45 days",
            "plot of h100 prices",
            "4090 60天价格曲线",
            "给我看 h200 90天的价格图表",
            "a100 pricing for the past 3 weeks",
            "mi300x 30天的 price",
            "mi300x 30天的价格",
            "h200 2周内的价格",
        ] {
            assert!(said(t), "{t}");
        }
        // A job's length beside a price, or a chart with no price, is no window.
        for t in [
            "how much to rent an h100 over 10 days",
            "what's the price over 3 days for a 4090",
            "4090跑60天多少钱",
            "plot images with sdxl on a 4090",
            "prices for a 4090",
            "4090 租30天的价格",
            "4090 30天多少钱",
            "跑 30天的价格",
            "a100 30天 多少钱 价格表",
            "h100 1周的 price 是多少",
            "a100 1天 price 大概",
            "a100 30天 price",
        ] {
            assert!(!said(t), "{t}");
        }
    }
}
