//! Small whole numbers written as English words (`one` to `ten`), where a place among a few
//! choices is said with its noun (`number one`, `option two`). One table for the lexicon's
//! readers; the question reader's counts (`understand::count_words`) read the same words up to
//! ninety.

/// `one` to `ten`, in order.
const EN_CARDINALS: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

/// The number an English word from `one` to `ten` says.
pub(crate) fn en_cardinal(word: &str) -> Option<usize> {
    EN_CARDINALS.iter().position(|w| *w == word).map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_one_to_ten() {
        assert_eq!(en_cardinal("one"), Some(1));
        assert_eq!(en_cardinal("ten"), Some(10));
        assert_eq!(en_cardinal("first"), None);
        assert_eq!(en_cardinal("eleven"), None);
    }
}
