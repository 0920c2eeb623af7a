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

/// Whether `text` (lowercase) asks the prices over a window: charted, or said over a span.
pub fn price_window_said(text: &str) -> bool {
    charted(text) || prices_over_span(text)
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
        ] {
            assert!(!said(t), "{t}");
        }
    }
}
