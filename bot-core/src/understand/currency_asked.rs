//! The chat's currency asked or set in words: `以后价格都用人民币显示`, `show me prices in
//! dollars`, `切换成美元` → `/currency usd|cny`; `现在是用什么货币显示的`, `what currency is
//! this` → `/currency`. Only with nothing else named (no card, model, platform, price or
//! length): `4090 多少美元` asks a price, read by its own rules.

use super::Reading;
use super::question::Question;
use super::request::Request;
use super::text::has;

const CNY: &[&str] = &["人民币", "rmb", "cny", "yuan", "renminbi", "国内货币"];
const USD: &[&str] = &["美元", "美金", "刀", "usd", "dollar", "us$"];
/// Words that set how prices are shown.
const SHOWN: &[&str] = &[
    "显示",
    "切换",
    "换成",
    "改成",
    "改为",
    "换为",
    "设成",
    "设为",
    "设置",
    "默认",
    "以后",
    "都用",
    "统一用",
    "switch",
    "change",
    "show me prices in",
    "show prices in",
    "prices in ",
    "display",
    "set currency",
    "set the currency",
    "use ",
    "default",
];
/// Words that ask which currency is in use.
const WHICH: &[&str] = &[
    "什么货币",
    "哪种货币",
    "啥货币",
    "什么币种",
    "哪个币种",
    "哪种币",
    "货币是",
    "币种是",
    "what currency",
    "which currency",
    "currency is",
    "currency are",
];

pub(super) fn currency_asked(q: &Question) -> Option<Reading> {
    if super::lists::names_a_job(q) {
        return None;
    }
    let p = q.padded;
    let (cny, usd) = (has(p, CNY), has(p, USD));
    let code = match (cny, usd) {
        (true, false) => Some("CNY"),
        (false, true) => Some("USD"),
        _ => None,
    };
    if let Some(code) = code
        && has(p, SHOWN)
    {
        return Some(Reading::Command(Request::Currency(Some(code.to_string()))));
    }
    (code.is_none() && has(p, WHICH)).then_some(Reading::Command(Request::Currency(None)))
}
