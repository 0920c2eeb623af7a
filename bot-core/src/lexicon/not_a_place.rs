//! Words right after a place's name that make it no place (`美国的卡`, `US dollars`, `the EU
//! AI act`): one test for every place reader (`regions::named_there`, `home_place`).

/// Words right after a place that make it no place at all: a payment card, a currency, a law,
/// a clock or a phone number of that country (`美国的卡`, `US dollars`, `the EU AI act`,
/// `日本时间`); ASCII ones whole words.
const NOT_A_PLACE_AFTER: &[&str] = &[
    "卡",
    "信用卡",
    "银行卡",
    "时间",
    "手机号",
    "号码",
    "法案",
    "法规",
    "dollar",
    "dollars",
    "card",
    "cards",
    "credit card",
    "bank card",
    "ai act",
    "act",
    "law",
    "laws",
    "time",
    "phone",
    "number",
    "tax",
];

/// Whether what follows a place's name (`after`, from the name's end) makes it no place.
pub(super) fn other_than_place(after: &str) -> bool {
    let a = after.trim_start();
    let a = a.strip_prefix('的').unwrap_or(a).trim_start();
    NOT_A_PLACE_AFTER.iter().any(|w| {
        a.strip_prefix(w).is_some_and(|rest| {
            !w.is_ascii() || !rest.starts_with(|c: char| c.is_ascii_alphanumeric())
        })
    })
}
