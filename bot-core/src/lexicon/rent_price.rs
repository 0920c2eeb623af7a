//! `rent` as a price noun (`how did the a100 rent change over time`, `A100 rent history`, `has
//! the 4090 rent gone up`), told apart from `rent` the verb (`rent an a100 for a day`, `rent 2
//! cards`): a noun is the word not followed by what a verb takes (an article, a count, a card
//! or a pronoun). `rental rates`/`rental prices` name a price too; `租金` is a price noun in
//! every reader's price table already. Read by the trend readers (`understand::price_moved`).

/// The English forms of the noun, as whole words.
const RENT_NOUNS: &[&str] = &["rent", "rents", "rental", "rentals"];

/// Words after `rent` that make it a verb with its object (`rent a 4090`, `rent them`).
const VERB_OBJECTS: &[&str] = &[
    "a", "an", "the", "one", "two", "three", "some", "my", "our", "it", "them", "out", "gpu",
    "gpus", "card", "cards", "me", "us", "this", "that", "these", "those", "several", "multiple",
];

/// Whether a lower-case text says a rent as a price (a word of [`RENT_NOUNS`] as a noun).
pub fn rent_priced(text: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(i, w)| {
        RENT_NOUNS.contains(w)
            && words.get(i + 1).is_none_or(|next| {
                !VERB_OBJECTS.contains(next) && !next.starts_with(|c: char| c.is_ascii_digit())
            })
    })
}

#[cfg(test)]
mod tests {
    use super::rent_priced;

    #[test]
    fn rent_as_a_price_and_as_a_verb() {
        for t in [
            "how did the a100 rent change over time",
            "a100 rent history please",
            "has the 4090 rent gone up lately",
            "did the 3090 rent go down over time",
            "h100 rental rates over time",
            "l40s 的 rent 这半年有变化吗",
        ] {
            assert!(rent_priced(t), "{t}");
        }
        for t in [
            "rent an a100 for a day",
            "rent 2 cards of 4090",
            "where can i rent a gpu",
            "i want to rent them for a week",
            "what's the current h100 price",
            "parental advice on gpus",
            "rented a 4090 last week",
        ] {
            assert!(!rent_priced(t), "{t}");
        }
    }
}
