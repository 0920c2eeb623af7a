//! Whole numbers written as words: English words (`one` to `ninety`, `dozen`, `hundred`) and,
//! through the one numeral reader, Chinese numerals (`八十`, `二十四`, `两`). One table for every
//! reader: a place among a few choices said with its noun (`number one`, `option two`,
//! [`en_cardinal`]), and counts of people and memory sizes in a sentence ([`number_word`]).

/// English number words up to ninety, and `dozen`.
const EN: &[(&str, u32)] = &[
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("dozen", 12),
    ("thirteen", 13),
    ("fourteen", 14),
    ("fifteen", 15),
    ("sixteen", 16),
    ("seventeen", 17),
    ("eighteen", 18),
    ("nineteen", 19),
    ("twenty", 20),
    ("thirty", 30),
    ("forty", 40),
    ("fifty", 50),
    ("sixty", 60),
    ("seventy", 70),
    ("eighty", 80),
    ("ninety", 90),
    ("hundred", 100),
];

/// The number an English word from `one` to `ten` says.
pub(crate) fn en_cardinal(word: &str) -> Option<usize> {
    EN.iter()
        .take_while(|(_, n)| *n <= 10)
        .find(|(w, _)| *w == word)
        .map(|(_, n)| *n as usize)
}

/// `八十` 80, `二十四` 24, `十六` 16, `一百二十` 120, `两` 2: the whole word (read by the one
/// numeral reader), else `None` (`两三` is a range, no count).
fn zh_number(s: &str) -> Option<u32> {
    let run: Vec<char> = s.chars().collect();
    super::numerals::value_of(&run)
        .filter(|n| *n > 0)
        .and_then(|n| u32::try_from(n).ok())
}

/// The number a word writes: `30`, `thirty`, `三十` (`twenty four` is two words, read as the
/// first); `None` for anything else.
pub fn number_word(w: &str) -> Option<u32> {
    if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) {
        return w.parse().ok();
    }
    EN.iter()
        .find(|(e, _)| *e == w)
        .map(|(_, n)| *n)
        .or_else(|| zh_number(w))
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
        assert_eq!(en_cardinal("dozen"), None);
    }

    #[test]
    fn numbers_in_words() {
        assert_eq!(number_word("thirty"), Some(30));
        assert_eq!(number_word("12"), Some(12));
        assert_eq!(number_word("八十"), Some(80));
        assert_eq!(number_word("二十四"), Some(24));
        assert_eq!(number_word("十六"), Some(16));
        assert_eq!(number_word("两"), Some(2));
        assert_eq!(number_word("一百二十"), Some(120));
        assert_eq!(number_word("the"), None);
        assert_eq!(number_word("十分"), None);
        assert_eq!(number_word(""), None);
    }
}
