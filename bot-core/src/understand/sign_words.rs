//! Comparison signs said for words (`notify when 4090 < $0.3/hr`, `ping me if a100 ≤ 1.2 usd/h`):
//! a sign before an amount is the ceiling word the alert and cap readers know (`under`, or
//! `低于` in a Chinese sentence). Left a sign, `when … <` set no condition and the alert was
//! read as the card's specs.

use crate::lexicon::is_han;

/// Signs of "at most", longest first where one begins another.
const BELOW_SIGNS: &[&str] = &["<=", "≤", "=<", "＜", "<", "⩽"];

/// `t` with each sign of "at most" right before an amount (a digit or a currency sign, spaces
/// between) written as the ceiling word in the sentence's language.
pub(super) fn plain(t: &str) -> String {
    let word = if t.chars().any(is_han) {
        "低于"
    } else {
        " under "
    };
    let mut out = t.to_string();
    for sign in BELOW_SIGNS {
        let mut from = 0;
        while let Some(k) = out[from..].find(sign).map(|k| from + k) {
            let rest = out[k + sign.len()..].trim_start();
            let amount = rest.starts_with(|c: char| c.is_ascii_digit() || "$¥￥€".contains(c));
            if amount {
                out.replace_range(k..k + sign.len(), word);
                from = k + word.len();
            } else {
                from = k + sign.len();
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_sign_before_an_amount_is_the_ceiling_word() {
        assert_eq!(
            plain("notify when 4090 < $0.3/hr"),
            "notify when 4090  under  $0.3/hr"
        );
        assert_eq!(plain("a100 ≤1.2 usd/h"), "a100  under 1.2 usd/h");
        assert_eq!(plain("3090价格<1元"), "3090价格低于1元");
        // No amount after it: an arrow or a tag stays.
        assert_eq!(plain("back <- here"), "back <- here");
    }
}
