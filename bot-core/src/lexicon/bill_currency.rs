//! A currency a bill is asked in (`4090跑一天多少钱 in usd`, `用美元算`, `换成美元多少`,
//! `按人民币`, `price in cny please`): a currency word of the class ([`CURRENCIES`], one with a
//! rate) led by a word that names what an answer is counted in. Without such a lead the word
//! says nothing of the answer's currency (`多少 usd` is read as the corpora read it, the bill in
//! the chat's currency), and after a number it is an amount's unit (`2 usd/hour`), never asked.

use super::currency::CURRENCIES;

/// Words right before a currency that name it as the one to count in: `in usd`, `into yuan`,
/// `用美元`, `按人民币`, `换成美元`, `折合人民币`.
const COUNTED_IN: &[&str] = &[
    "in",
    "into",
    "to",
    "用",
    "按",
    "换成",
    "换算成",
    "折合",
    "折成",
    "转成",
    "算成",
];

/// The code of the one currency `text` (lowercase, normalized) asks a bill in; `None` where none
/// is, or two different ones are.
pub fn bill_currency_asked(text: &str) -> Option<&'static str> {
    let mut found: Option<&'static str> = None;
    for c in CURRENCIES.iter().filter(|c| c.rate && c.priced) {
        let Some(code) = c.code else { continue };
        // Signs (`$`, `¥`) are read with their number; only words name a currency alone.
        if !c.word.chars().all(char::is_alphanumeric) {
            continue;
        }
        let asked = text.match_indices(c.word).any(|(at, w)| {
            let after = &text[at + w.len()..];
            // A whole English word (`in usd`, never `in usdt…` nor `dollars` inside a name).
            if w.is_ascii() && after.starts_with(|ch: char| ch.is_ascii_alphanumeric()) {
                return false;
            }
            let before = text[..at].trim_end();
            COUNTED_IN.iter().any(|lead| {
                before.strip_suffix(lead).is_some_and(|b| {
                    !lead.is_ascii() || !b.ends_with(|ch: char| ch.is_ascii_alphanumeric())
                })
            })
        });
        if asked {
            match found {
                Some(f) if f != code => return None,
                _ => found = Some(code),
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::bill_currency_asked;

    #[test]
    fn a_currency_led_by_a_counting_word_is_the_bills() {
        for (text, code) in [
            ("4090跑一天多少钱 in usd", Some("USD")),
            ("rent a 3090 for 8 hours how much in rmb", Some("CNY")),
            ("4090跑三小时多少钱 用美元算", Some("USD")),
            ("autodl 4090 跑一天 换成美元多少", Some("USD")),
            ("l40s两小时多少钱 按人民币", Some("CNY")),
            ("runpod a100 2 hours in yuan", Some("CNY")),
            // No lead: the currency of `多少` is no bill's (the corpora's reading).
            ("runpod h100 一小时 多少 usd", None),
            // An amount's unit.
            ("4090 under 2 usd an hour", None),
            // Two currencies: none taken.
            ("in usd or in rmb", None),
        ] {
            assert_eq!(bill_currency_asked(text), code, "{text}");
        }
    }
}
