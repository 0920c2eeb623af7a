//! Words written in a form the reader's tables do not hold, written as the tables hold them
//! before anything reads them: two words glued into one (`creditcard`), or an article a writer
//! whose first language has none or uses it otherwise puts into a set phrase (`over the time`).
//! Whole words only (`creditcards` keeps its plural: `credit cards`).

/// Each form as written and the lexicon's form.
pub const WRITTEN_APART: &[(&str, &str)] = &[
    ("creditcard", "credit card"),
    ("creditcards", "credit cards"),
    ("debitcard", "debit card"),
    ("debitcards", "debit cards"),
    ("over the time", "over time"),
    // `no realname platforms`: the need's two words glued.
    ("realname", "real name"),
];

/// `text` (lowercase) with every form of [`WRITTEN_APART`] that stands as whole words written as
/// the lexicon writes it.
pub fn written_apart(text: &str) -> String {
    let mut out = text.to_string();
    for (from, to) in WRITTEN_APART {
        let mut at = 0;
        while let Some(i) = out[at..].find(from).map(|i| i + at) {
            let end = i + from.len();
            let alone = !out[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric())
                && !out[end..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric());
            if alone {
                out.replace_range(i..end, to);
                at = i + to.len();
            } else {
                at = end;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glued_words_and_an_added_article_are_written_as_the_lexicon_writes_them() {
        assert_eq!(
            written_apart("without creditcard which cloud"),
            "without credit card which cloud"
        );
        assert_eq!(
            written_apart("h100 price over the time"),
            "h100 price over time"
        );
        assert_eq!(written_apart("no creditcards"), "no credit cards");
        // Inside another word, or another phrase: left.
        assert_eq!(written_apart("xcreditcard"), "xcreditcard");
        assert_eq!(written_apart("over the timeline"), "over the timeline");
    }
}
