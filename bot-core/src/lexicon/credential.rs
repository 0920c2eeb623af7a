//! A phone number lacked (`没有国内手机号`, `no chinese phone number`): in a question for the
//! platforms, no filter (helper und_eg, issue 26). The catalog holds no phone-verification
//! fact, so the no-real-name need it had been read as answered another question than the one
//! asked; /pick keeps it as its own need (und_du), said back there.

/// The need phrases of a phone number (the lexicon's `NEED_PHRASES` rows that name one).
const PHONE_PHRASES: &[&str] = &[
    "国内手机号",
    "大陆手机号",
    "中国手机号",
    "国内手机",
    "大陆手机",
    "chinese phone",
    "china phone",
    "chinese mobile",
];

/// Whether a need phrase names a phone number, which no platform's facts can be checked by.
pub fn phone_phrase(w: &str) -> bool {
    PHONE_PHRASES.contains(&w)
}

#[cfg(test)]
mod tests {
    use super::phone_phrase;
    use crate::lexicon::{NEED_PHRASES, Need};

    /// Every phone phrase is a need phrase of the one table (so the reader meets it there).
    #[test]
    fn phone_phrases_are_need_phrases() {
        for p in super::PHONE_PHRASES {
            assert!(
                NEED_PHRASES
                    .iter()
                    .any(|(w, n)| w == p && *n == Need::NoRealName),
                "{p}"
            );
        }
        assert!(!phone_phrase("实名"));
    }
}
