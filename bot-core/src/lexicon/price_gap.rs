//! A price difference asked as an amount (`差价`, `价差`, `便宜多少`, `贵多少`, `差多少钱`, `how
//! much cheaper`, `how much more expensive`, `cheaper by how much`): a price asked, as a price
//! noun's difference is (`租金差多少`, `price difference`). With no length said it is an hour's,
//! the house's rule for a price with no length (corpus49's header), so two cards asked so are
//! both ranked for an hour (`/compare a b 1h`), never `/gpu a b`'s specs (und_bg, issue 26; the
//! two own rows labelled `/gpu` were relabelled with the reason in their files' headers). A bare
//! difference (`差多少`, `区别`) or whether one is cheaper (`比…便宜吗`) is not an amount of money:
//! not here.

/// Words that ask a price difference as an amount, whatever else is said.
pub const PRICE_GAP_WORDS: &[&str] = &[
    "差价",
    "价差",
    "价格差",
    "价钱差",
    "租金差",
    "费用差",
    "差多少钱",
    "贵多少",
    "便宜多少",
    "贵了多少",
    "便宜了多少",
    "price difference",
    "price gap",
    "cost difference",
    "difference in price",
    "difference in cost",
    "how much cheaper",
    "how much more expensive",
    "how much pricier",
    "how much dearer",
];

/// Comparatives of price, asked `by how much` (`cheaper than a t4 by how much`).
const PRICE_COMPARATIVES: &[&str] = &["cheaper", "more expensive", "pricier", "dearer"];

/// Whether `s` asks a price difference as an amount. `最便宜多少` is the lowest price asked, no
/// difference (`最` before the word).
pub fn price_gap_asked(s: &str) -> bool {
    PRICE_GAP_WORDS.iter().any(|w| {
        s.match_indices(w)
            .any(|(at, _)| !(w.starts_with("便宜") && s[..at].ends_with('最')))
    }) || (s.contains("by how much") && PRICE_COMPARATIVES.iter().any(|c| s.contains(c)))
}

#[cfg(test)]
mod tests {
    use super::price_gap_asked;

    #[test]
    fn a_price_difference_asked_as_an_amount() {
        for s in [
            "l40s 和 a6000 差价多少",
            "3090比4090便宜多少",
            "how much more expensive is the h100",
            "l4 is cheaper than t4 by how much?",
        ] {
            assert!(price_gap_asked(s), "{s}");
        }
        for s in [
            "4090 和 3090 差多少",
            "a100比h100便宜吗",
            "l20最便宜多少钱一小时",
        ] {
            assert!(!price_gap_asked(s), "{s}");
        }
    }
}
