//! Words that rank prices lowest first (helper und_dk, corpus95's `l40s 最低价 atm?`): `最便宜`
//! and `cheapest`, and every word said for them in either language (`最低价`, `底价`, `最实惠`,
//! `lowest price`, `best rate`, `least expensive`). One table, so a card said with any of them is
//! its ranking, as with `cheapest`; the card alone had fallen to its specs.
//!
//! Left out, each with a second sense a question also asks: `最低` alone (a minimum top-up, a
//! least configuration), `最低收费`/`最低费用` (a minimum charge), `best value`/`性价比` (price
//! weighed against speed).

/// The price-rank words (Simplified: the reader sees Traditional as Simplified). English words are
/// matched whole.
pub const PRICE_RANK_WORDS: &[&str] = &[
    "最便宜",
    "最低价",
    "最低的价",
    "价格最低",
    "价钱最低",
    "最低报价",
    "最低的报价",
    "最低租金",
    "租金最低",
    "底价",
    "最优惠",
    "最实惠",
    "最划算",
    "最省钱",
    "cheapest",
    "lowest price",
    "lowest prices",
    "lowest priced",
    "lowest-priced",
    "lowest rate",
    "lowest rates",
    "lowest cost",
    "lowest hourly",
    "best price",
    "best prices",
    "best rate",
    "best rates",
    "best deal",
    "best deals",
    "least expensive",
    "most affordable",
    "rock bottom",
    "rock-bottom",
];

/// Whether a price-rank word ([`PRICE_RANK_WORDS`]) is said: Chinese anywhere, English as whole
/// words (`cheapest` in `cheapestt` is no word of its own, `best rate` not in `best rated`).
pub fn price_rank_said(text: &str) -> bool {
    PRICE_RANK_WORDS.iter().any(|w| {
        text.match_indices(*w).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + w.len()..].chars().next();
            !w.is_ascii()
                || before.is_none_or(|c| !c.is_ascii_alphanumeric())
                    && after.is_none_or(|c| !c.is_ascii_alphanumeric())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn price_rank_words_in_either_language_and_english_whole() {
        for t in [
            " l40s 最低价 atm? ",
            " 4090d 底价多少 ",
            " h20 的最低报价 ",
            " lowest price for an a6000 ",
            " a10 best rate? ",
            " least expensive h100 ",
            " 4090 rock bottom price ",
        ] {
            assert!(price_rank_said(t), "{t}");
        }
        for t in [
            " autodl 最低充值多少 ",
            " 4090 最低配置 ",
            " the best rated cloud ",
            " h100 price ",
            " a100 性价比 ",
        ] {
            assert!(!price_rank_said(t), "{t}");
        }
    }
}
