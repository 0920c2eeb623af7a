//! Buying a card weighed against renting one (`买卡还是租卡`, `二手3090还是租`, `should i buy a
//! used 3090 or rent one`): the one table of both sides, read by the buy-or-rent reading and by
//! the rule that finds the ask among a message's sentences (a weighing told before the ask is
//! its story, `纠结买卡还是租卡。3090最近租金趋势怎样`).

/// Words of buying a card.
pub const BUY_WORDS: &[&str] = &[
    "买",
    "二手",
    "入手",
    "购买",
    "自购",
    "buy",
    "buying",
    "purchase",
    "used ",
    "second-hand",
    "secondhand",
    "own one",
    "owning",
];

/// Words of renting one.
pub const RENT_WORDS: &[&str] = &["租", "rent", "renting", "云上", "cloud"];

/// Whether `text` (normalized) weighs buying against renting: a word of each side.
pub fn buying_weighed(text: &str) -> bool {
    BUY_WORDS.iter().any(|w| text.contains(w)) && RENT_WORDS.iter().any(|w| text.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buying_and_renting_both_said() {
        assert!(buying_weighed("纠结买卡还是租卡"));
        assert!(buying_weighed("should i buy a used 3090 or rent one"));
        assert!(!buying_weighed("3090最近租金趋势怎样"));
        assert!(!buying_weighed("where to buy a 4090"));
    }
}
