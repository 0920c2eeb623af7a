//! Words that refuse what follows them (`不要autodl`, `除了vast`, `besides lambda`): one list
//! for `/pick`'s refusals (`dialogue::negated`) and the reader's exclusions
//! (`understand::refused`), which keeps to the words that cannot start a question of their own.

/// The refusals both read.
const COMMON: &[&str] = &[
    "不想用",
    "不要用",
    "别用",
    "不用",
    "不要",
    "不想要",
    "除了",
    "排除",
    "don't use ",
    "dont use ",
    "avoid ",
    "except ",
    "exclude ",
    "instead of ",
    "skip ",
];

/// Refusals only inside `/pick`, where every message answers a step: a bare `no`/`not` there
/// refuses (`no 4090 on vast?` as a question asks about it).
const PICK_ONLY: &[&str] = &["no ", "not ", "without "];

/// Refusals a question may start a name's exclusion with (`除了runpod哪里有h100`, `if not
/// vast`, `anything but a 4090`).
const QUESTION_ONLY: &[&str] = &[
    "不考虑",
    "别推荐",
    "别给我推荐",
    "不是",
    "if not ",
    "not on ",
    "besides ",
    "other than ",
    "anything but ",
    "excluding ",
    "apart from ",
    // `any h100 rn? not runpod pls`: a name refused after the ask (corpus87); `why not vast`
    // suggests it ([`super::refused_value_at`]).
    "not ",
];

/// Every word that refuses what follows it, as `/pick` reads a refusal.
pub fn refuse_words() -> impl Iterator<Item = &'static str> {
    COMMON.iter().chain(PICK_ONLY).copied()
}

/// The refusals that set one thing apart from the rest asked about (`除了它还有哪家`, `other than
/// that one`): only these take a word pointing back (`它`, `that one`) as the thing refused; `不用`
/// or `don't use it` say how it is used (`if i dont use it for a while`), never which is asked.
pub fn apart_words() -> impl Iterator<Item = &'static str> {
    exclude_words().filter(|w| {
        [
            "除了",
            "排除",
            "不考虑",
            "except ",
            "exclude ",
            "instead of ",
            "besides ",
            "other than ",
            "anything but ",
            "excluding ",
            "apart from ",
        ]
        .contains(w)
    })
}

/// The refusals a question may exclude a name with.
pub fn exclude_words() -> impl Iterator<Item = &'static str> {
    COMMON.iter().chain(QUESTION_ONLY).copied()
}

/// A card refused for its price, said right before it (`不想多花钱上4090`, `don't want to pay
/// for an a100`): the card set aside, another card asked (corpus69).
const PRICE_REFUSED_BEFORE: &[&str] = &[
    "不想多花钱上",
    "不想多花钱租",
    "不想多花钱用",
    "不想花钱上",
    "不想花钱租",
    "不想花钱用",
    "不想花大钱上",
    "不想花大钱租",
    "舍不得上",
    "舍不得租",
    "租不起",
    "上不起",
    "用不起",
    "don't want to pay for",
    "dont want to pay for",
    "do not want to pay for",
    "don't want to spend on",
    "dont want to spend on",
    "can't afford",
    "cant afford",
    "cannot afford",
    "not paying for",
    "rather not pay for",
];
/// A card refused for its price, said right after it (`a100太贵了`, `an h100 is too pricey`).
const PRICE_REFUSED_AFTER: &[&str] = &[
    "太贵",
    "租不起",
    "用不起",
    "is too expensive",
    "too expensive",
    "is too pricey",
    "too pricey",
    "is out of budget",
    "is out of my budget",
];

/// Whether the card said at bytes `at..end` of `padded` is refused for its price, by the words
/// right before it (an article between: `pay for an a100`) or right after it.
pub fn price_refused_at(padded: &str, at: usize, end: usize) -> bool {
    let before = padded[..at].trim_end();
    let before = ["an", "a", "the", "a single", "one"]
        .iter()
        .find_map(|a| {
            before
                .strip_suffix(a)
                .filter(|b| b.ends_with(' '))
                .map(str::trim_end)
        })
        .unwrap_or(before);
    let after = padded[end..].trim_start();
    let after = after.strip_prefix('s').unwrap_or(after).trim_start();
    PRICE_REFUSED_BEFORE.iter().any(|w| before.ends_with(w))
        || PRICE_REFUSED_AFTER.iter().any(|w| after.starts_with(w))
}

#[cfg(test)]
mod price_tests {
    use super::price_refused_at;

    fn refused(text: &str, card: &str) -> bool {
        let at = text.find(card).unwrap();
        price_refused_at(text, at, at + card.len())
    }

    #[test]
    fn a_card_refused_for_its_price() {
        assert!(refused(
            " don't want to pay for an a100, will a 4090 do ",
            "a100"
        ));
        assert!(!refused(
            " don't want to pay for an a100, will a 4090 do ",
            "4090"
        ));
        assert!(refused(" 3090能跑吗 不想多花钱上4090 ", "4090"));
        assert!(refused(" h100太贵了 l40s行吗 ", "h100"));
        assert!(!refused(" 4090和3090哪个便宜 ", "4090"));
    }
}
