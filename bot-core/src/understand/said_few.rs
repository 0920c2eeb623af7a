//! fresh25's readings of a few words (helper und-u): a month's spend on an API is no price per
//! million tokens (`调API一个月花了3000块，想自己部署…`); a price with words of converting beside a
//! card's name is a conversion (`4090 3毛钱一分钟 合一小时多少`: the card prices nothing);
//! renting or running asked in a few words with nothing named is guidance (`rent gpu`, `租gpu`,
//! `跑个模型要多少钱`, `第一次 rent GPU，帮我 pick 一个`).

use super::Reading;
use super::price::convert_request;
use super::question::Question;
use super::request::Request;
use super::words::{ALERT_WORDS, CONVERT_WORDS};

/// Words of converting a price to another unit (beside `CONVERT_WORDS`).
const CONVERT_TO: &[&str] = &[
    "合一小时",
    "合每小时",
    "合一天",
    "合每天",
    "合一个月",
    "合每月",
    "合一年",
    "合1小时",
    "合1天",
    "合1个月",
    "合1年",
    "等于每小时",
];

/// `4090 每分钟5分钱 合每小时多少`, `h100 $2.5/hr 换算成人民币一天多少`: `/convert`.
pub(super) fn convert_beside_card(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let asked = p.per.is_some() && (q.has(CONVERT_WORDS) || q.has(CONVERT_TO));
    // `alert me in yuan when a 4090 is below 2`: a ceiling, not a price to convert.
    let bound = q.has(ALERT_WORDS) || q.ceiling_said();
    if !asked || bound || !q.nothing_to_size() || q.e.gpus.len() > 1 {
        return None;
    }
    convert_request(q.padded, p).map(Reading::Command)
}

/// Renting, running or choosing.
const RENT: &[&str] = &[
    "rent",
    "租",
    "跑个模型",
    "跑模型",
    "run a model",
    "pick",
    "选一个",
    "选个",
    "不知道 which",
    "不知道选哪",
    "don't know which",
    "not sure which",
];
/// What is rented or chosen, or its price.
const WHAT: &[&str] = &[
    "gpu",
    "显卡",
    "卡",
    "card",
    "多少钱",
    "how much",
    "platform",
    "平台",
    "一个",
];

/// `rent gpu`, `租gpu`, `跑个模型要多少钱`: guidance, nothing named to answer for.
pub(super) fn guidance_in_few_words(q: &Question) -> Option<Reading> {
    let nothing = q.nothing_named();
    // A memory floor (`显存48G以上的卡`) is something to answer for.
    let few = q.padded.split_whitespace().count() <= 10
        && q.padded.chars().count() <= 56
        && !q.has(&["显存", "vram", "memory", "gb", "g以上"])
        // `有没有便宜的24G显卡可以租`: a card's memory in any spelling is a floor to look up.
        && super::memory_floor::memory_said(q.padded).is_none();
    // A list asked (`有哪些租卡平台`) or an API weighed (`租卡还是买API`) is its own reading.
    let other = q.has(&["哪些", "有哪", "list", "api", "token"])
        || super::few_words::list_asked(q.padded)
        || !super::needs_said::needs_said(q.padded).is_empty();
    (nothing && few && !other && q.has(RENT) && q.has(WHAT))
        .then_some(Reading::Command(Request::Pick))
}

/// Spending words, a period and an API: a month's bill, no price per million tokens.
const SPENT: &[&str] = &["花了", "花", "spend", "spent", "paying", "pay ", "bill"];
const PERIOD: &[&str] = &["一个月", "每个月", "每月", "month"];

/// `r` without an API price that is a month's spend (`/tco … 3000cny` from `调API一个月花了
/// 3000块`): `/tco` reads its API price per million tokens.
pub(super) fn without_spend(q: &Question, r: Reading) -> Reading {
    let Reading::Command(Request::Tco(mut t)) = r else {
        return r;
    };
    // The amount and its period are the price, out of the text the words are looked for in.
    let per_period = q.price.is_some_and(|p| {
        p.per
            .is_some_and(|u| matches!(u.key(), "day" | "week" | "month" | "year"))
    });
    // A month said as the span (`一个月花了3000块`) is read out of the text too.
    let span = match &q.e.usage {
        Some(super::request::Usage::Always) => true,
        Some(super::request::Usage::Once(s)) => *s >= rust_decimal::Decimal::from(86_400),
        _ => false,
    };
    let spend = q.has(SPENT) && (per_period || span || q.has(PERIOD)) && q.has(&["api", "接口"]);
    if spend && !q.has(&["百万", "million", "1m token", "per 1m"]) {
        t.api = None;
        if t.price
            .as_ref()
            .is_some_and(|p| p.per.is_some_and(|u| u.key() == "month"))
        {
            t.price = None;
        }
    }
    Reading::Command(Request::Tco(t))
}

/// Money set equal elsewhere (`同样的钱别家能租到4090吗`, `for the same money`).
const SAME_MONEY: &[&str] = &[
    "同样的钱",
    "一样的钱",
    "同样价钱",
    "同样的价格",
    "same money",
    "same price",
];

/// `同样的钱别家能租到4090吗`: what the card costs elsewhere is asked (its ranking for an hour,
/// or the length said), not whether it is in stock.
pub(super) fn same_money(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.has(SAME_MONEY) || !q.nothing_to_size() || q.has(ALERT_WORDS) {
        return None;
    }
    let usage =
        q.e.usage
            .clone()
            .unwrap_or(super::request::Usage::Once(rust_decimal::Decimal::from(
                3600,
            )));
    super::request::compare_on(g, &usage, &q.e.platforms).map(Reading::Command)
}
