//! The words that take back what was just said (`72b……不对，是32b`, `6 hours, no wait, 4`,
//! `not the 4090, the 3090`): one list for every reading, so a correction means the same in a
//! question, a follow-up and the `/pick` dialogue.

/// Said after a value, before the one that replaces it (`X 不对 是 Y`, `X, sorry, Y`).
pub const TAKEN_BACK_AFTER: &[&str] = &[
    "不对",
    "说错了",
    "打错了",
    "写错了",
    "口误",
    "更正一下",
    "纠正一下",
    "哦不",
    // `阿里云 pai … 我是说 腾讯云 hai`: what I meant, said after the slip (und_ee).
    "我是说",
    "我的意思是",
    "不不",
    "算了",
    "sorry",
    "no wait",
    "wait no",
    "i mean",
    "i meant",
    "make that",
    // `rent an l40s for 5 hours, actually make it 8 hours`: the later length replaces the first.
    "actually make it",
    "make it",
    "scratch that",
    "correction",
    "oops",
];

/// Said before the value taken back, the replacement after it (`不是 X 是 Y`, `not X, the Y`).
pub const TAKEN_BACK_BEFORE: &[&str] = &["不是", "not"];

/// Where the value refused by a [`TAKEN_BACK_BEFORE`] word (or any refusal word) said at
/// `at..at + word.len()` starts: past the spaces and an article after it (`not the 4090`, `不是
/// H100`). `None` where the word refuses nothing: a question's `是不是` or `对不对`, a Latin word
/// inside another (`cannot`, `nothing`). The one rule for a value superseded or refused, read by
/// the correction (`understand::taken_back`), a card's variant said after (`understand::weighed`)
/// and an exclusion (`understand::refused`).
pub fn refused_value_at(text: &str, at: usize, word: &str) -> Option<usize> {
    let before = &text[..at];
    if word.starts_with(|c: char| c.is_ascii_alphabetic()) {
        let after = text[at + word.trim_end().len()..].chars().next();
        if before.ends_with(|c: char| c.is_ascii_alphanumeric())
            || after.is_some_and(|c| c.is_ascii_alphanumeric())
        {
            return None;
        }
    }
    // `why not vast`, `or not runpod`: a suggestion or a choice, no refusal.
    if word == "not " && (before.ends_with("why ") || before.ends_with("or ")) {
        return None;
    }
    if word == "不对" && before.ends_with('对') || word == "不是" && before.ends_with('是') {
        return None;
    }
    let mut k = at + word.len();
    k += text[k..].len() - text[k..].trim_start().len();
    Some(
        ["the ", "an ", "a "]
            .iter()
            .find(|a| text[k..].starts_with(**a))
            .map_or(k, |a| k + a.len()),
    )
}

/// Words between a correction and the value it gives (`是`, `应该是`, `the`, `it's`), skipped.
pub const CORRECTION_LEADS: &[&str] = &[
    "应该是",
    "其实是",
    "而是",
    "我是说",
    "我说的是",
    "是",
    "but ",
    "it's ",
    "its ",
    "it is ",
    "the ",
    "an ",
    "a ",
];

/// The unit words a corrected amount is compared by: one key for each way of writing a unit
/// (`5个小时 … 3小时`, `6 hours … 4h` take back one another; `3小时 … 5张` do not).
pub fn unit_key(unit: &str) -> &str {
    match unit.trim().trim_start_matches('个') {
        "h" | "hr" | "hrs" | "hour" | "hours" | "小时" | "钟头" => "h",
        "min" | "mins" | "minute" | "minutes" | "分钟" => "min",
        "d" | "day" | "days" | "天" => "d",
        "w" | "week" | "weeks" | "周" | "星期" | "礼拜" => "w",
        "月" | "month" | "months" => "mo",
        "块" | "元" | "块钱" | "人民币" | "cny" | "rmb" => "cny",
        "刀" | "美元" | "美金" | "usd" | "dollar" | "dollars" | "bucks" => "usd",
        "张" | "卡" | "card" | "cards" | "gpu" | "gpus" => "cards",
        "b" => "b",
        other => other,
    }
}
