//! Every currency word and sign, once, with its code and whether the exchange table has a
//! rate for it: one class that every reader of money derives its words from. It was four lists
//! that overlapped and drifted (`MONEY_WORDS`, the price reader's `CURRENCY_WORDS`, and the
//! unsupported-currency reader's words and parts): HK dollars and `buck` were a price's currency
//! but no money word, `港纸` money but never said to be unsupported.

use std::sync::LazyLock;

/// One way of writing a currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Currency {
    /// As typed, lower-cased (`块钱`, `euros`, `€`).
    pub word: &'static str,
    /// Its ISO code; `None` where the word names two (`蚊`: a Hong Kong dollar there, a yuan in
    /// Guangzhou), so it marks money but no currency.
    pub code: Option<&'static str>,
    /// Whether `catalog/fx.toml` holds a rate for it (a test keeps this true to the table).
    pub rate: bool,
    /// Whether it names the currency of an amount said after it too (`欧元 300`, `hkd 20`);
    /// `3刀`, `5块`, `2 bucks` are said only after one; `$` and `¥` before their number are
    /// read with it by the price reader (`LEADING_SYMBOLS`).
    pub before: bool,
    /// Whether a price said in it is read (and `/convert` says which rate it lacks); the others
    /// are only said back as unsupported, never read as a price.
    pub priced: bool,
}

const fn c(
    word: &'static str,
    code: &'static str,
    rate: bool,
    before: bool,
    priced: bool,
) -> Currency {
    Currency {
        word,
        code: Some(code),
        rate,
        before,
        priced,
    }
}

/// Every currency word and sign the reader knows.
pub const CURRENCIES: &[Currency] = &[
    // US dollars.
    c("美元", "USD", true, true, true),
    c("美金", "USD", true, true, true),
    c("刀", "USD", true, false, true),
    c("dollars", "USD", true, false, true),
    c("dollar", "USD", true, false, true),
    c("bucks", "USD", true, false, true),
    c("buck", "USD", true, false, true),
    c("usd", "USD", true, true, true),
    c("$", "USD", true, false, true),
    // Tether's USDT, pegged 1:1 to the US dollar (https://tether.to/en/transparency/, read
    // 2026-12-06: "backed 1-to-1"), read as US dollars and said so (`understand::usdt_said`);
    // Chinese groups write it `u` after an amount (`低于2u`, `0.8u一小时`: [`usdt_written`]).
    // Said alone (`usdt`) it is also a way to pay (`needs`: crypto).
    c("usdt", "USD", true, true, true),
    // Chinese yuan.
    c("人民币", "CNY", true, true, true),
    c("块钱", "CNY", true, false, true),
    c("块", "CNY", true, false, true),
    c("元", "CNY", true, false, true),
    c("cny", "CNY", true, true, true),
    c("rmb", "CNY", true, true, true),
    c("yuan", "CNY", true, false, true),
    // `3000大洋`: the silver dollar's name, chat's word for yuan, after its number only.
    c("大洋", "CNY", true, false, true),
    // `块` written in pinyin (`3 kuai`, `2 kuai an hour`), as Chinese speakers type it in
    // English: the yuan, said after its number only.
    c("kuai", "CNY", true, false, true),
    c("¥", "CNY", true, false, true),
    c("￥", "CNY", true, false, true),
    // Euros.
    c("euros", "EUR", false, true, true),
    c("euro", "EUR", false, true, true),
    c("eur", "EUR", false, true, true),
    c("欧元", "EUR", false, true, true),
    c("€", "EUR", false, true, true),
    // Hong Kong dollars: a currency of its own, never yuan or US dollars.
    c("港币", "HKD", false, true, true),
    c("港元", "HKD", false, true, true),
    c("港纸", "HKD", false, true, true),
    c("hkd", "HKD", false, true, true),
    // Yen.
    c("日元", "JPY", false, true, true),
    c("日币", "JPY", false, true, true),
    c("yen", "JPY", false, true, true),
    c("jpy", "JPY", false, true, true),
    c("円", "JPY", false, true, false),
    // Pounds and rupees.
    c("英镑", "GBP", false, true, true),
    c("pounds", "GBP", false, true, true),
    c("pound", "GBP", false, true, true),
    // British slang for pounds (`under 2 quid`): said back as a currency without a rate, never
    // a bare cap in the chat's currency.
    c("quid", "GBP", false, false, true),
    c("gbp", "GBP", false, true, true),
    c("£", "GBP", false, true, true),
    c("卢比", "INR", false, true, true),
    c("rupees", "INR", false, true, true),
    c("rupee", "INR", false, true, true),
    c("inr", "INR", false, true, true),
    c("₹", "INR", false, true, true),
    // Currencies only said back as unsupported.
    c("krw", "KRW", false, true, false),
    c("韩元", "KRW", false, true, false),
    c("₩", "KRW", false, true, false),
    c("aud", "AUD", false, true, false),
    c("澳元", "AUD", false, true, false),
    c("cad", "CAD", false, true, false),
    c("加元", "CAD", false, true, false),
    c("sgd", "SGD", false, true, false),
    c("新加坡元", "SGD", false, true, false),
    c("twd", "TWD", false, true, false),
    c("台币", "TWD", false, true, false),
    c("chf", "CHF", false, true, false),
    c("瑞郎", "CHF", false, true, false),
    c("rubles", "RUB", false, true, false),
    c("roubles", "RUB", false, true, false),
    c("ruble", "RUB", false, true, false),
    c("卢布", "RUB", false, true, false),
    c("₽", "RUB", false, true, false),
    // `蚊`: money, but which currency depends on the city.
    Currency {
        word: "蚊",
        code: None,
        rate: false,
        before: false,
        priced: false,
    },
];

/// The currency word `w` (lower-case letters) is a slip of (`dollrs`, `dolars`, `dollers`,
/// `yaun`, `usdd`), by the cue words' bounded measure (`super::cue_of_slip`): one edit of a
/// word of six letters or more (`dollar`, `dollars`), two neighbours swapped in a four-letter
/// one (`yuan`, `usdt`), and one letter held down in a three-letter code (`usdd`, `rmbb`).
/// Only words of a currency with a rate: a slip read as a currency the bot cannot convert
/// would only be said back. Without it `under 2 dollrs` was a cap in the chat's currency.
pub fn currency_of_slip(w: &str) -> Option<&'static str> {
    let words = || {
        CURRENCIES
            .iter()
            .filter(|c| c.rate && c.priced && c.word.bytes().all(|b| b.is_ascii_lowercase()))
            .map(|c| c.word)
    };
    if words().any(|c| c == w) {
        return None;
    }
    let t = w.as_bytes();
    words().find(|c| {
        let c = c.as_bytes();
        match c.len() {
            3 => held_key(c, t),
            4 => t.len() == 4 && super::swapped(c, t),
            n if n >= 6 => t.len() >= 5 && super::one_edit(c, t),
            _ => false,
        }
    })
}

/// `w` is `cue` with one of its letters typed twice (`usdd`, `uusd`).
fn held_key(cue: &[u8], w: &[u8]) -> bool {
    w.len() == cue.len() + 1
        && (1..w.len()).any(|i| w[i] == w[i - 1] && [&w[..i], &w[i + 1..]].concat() == cue)
}

/// Whether `unit`, the word said right after a number, counts something other than money: a
/// card or a machine (`2张`, `4 cards`, `8-gpu`), memory (`24gb`, `80G显存`), time (`3 hours`),
/// tokens, people, or one of `other` (a reader's own). A ceiling word before such an amount
/// bounds that thing, never a price (`understand::cap_unread`). Words of the lexicon's classes,
/// so a unit added to one is known here too; an English word matched whole, its plural too.
pub fn counts_no_money(unit: &str, other: &[&str]) -> bool {
    let unit = unit.trim_start_matches('-').trim_start();
    let first: &str = if unit.starts_with(|c: char| c.is_ascii_alphabetic()) {
        unit.split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("")
    } else {
        unit
    };
    // `3块` is money before it is a card's measure word (`2块4090`).
    if MONEY_WORDS.iter().any(|m| unit.starts_with(m)) {
        return false;
    }
    let classes: [&[&str]; 7] = [
        super::CARD_MEASURES,
        super::MACHINE_NOUNS,
        super::MEMORY_UNITS,
        super::CARD_HOUR_UNITS,
        super::TOKEN_NOUNS,
        super::PEOPLE_AFTER,
        other,
    ];
    classes.iter().flat_map(|c| c.iter()).any(|w| {
        if w.is_ascii() {
            first == *w || first.strip_suffix('s') == Some(w) || first.strip_suffix("es") == Some(w)
        } else {
            unit.starts_with(w)
        }
    })
}

/// Words after `4u` that make it a server's height in rack units (`4u服务器`, `a 4u server`),
/// never money.
const RACK_AFTER: &[&str] = &["服务器", "机箱", "机架", "server", "chassis", "rack"];

/// `text` (lower-case) with each `u` glued right after an amount's digits (`2u`, `0.8u一小时`)
/// written `usd`: USDT, the currency Chinese groups mean by it, read as US dollars (never `usdt`,
/// which the needs read as paying in crypto: an amount says nothing of how one pays). A `u` apart
/// from its number (`5 u`), one that begins a word (`2usd`, `3 users`), a server's height
/// (`4u服务器`) and a name's digits (`h100u`) stay.
pub fn usdt_written(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 8);
    let mut last = 0;
    for (i, _) in text.match_indices('u') {
        let after = &text[i + 1..];
        let amount = i > 0 && b[i - 1].is_ascii_digit();
        let word_ends = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '.');
        let rack = RACK_AFTER.iter().any(|w| after.trim_start().starts_with(w));
        if amount && word_ends && !rack && !glued_to_name(&text[..i]) {
            out.push_str(&text[last..i]);
            out.push_str("usd");
            last = i + 1;
        }
    }
    out.push_str(&text[last..]);
    out
}

/// Whether the digits ending `before` belong to a name (`h100u`, `qwen2.5u`): a letter right
/// before them.
fn glued_to_name(before: &str) -> bool {
    before
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
        .ends_with(|c: char| c.is_ascii_alphabetic())
}

/// Longest first, so a walk that takes the first match takes the whole word (`块钱` before
/// `块`, `dollars` before `dollar`, `euros` before `eur`).
fn longest_first(words: impl Iterator<Item = &'static str>) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = words.collect();
    v.sort_by_key(|w| std::cmp::Reverse(w.len()));
    v
}

fn is_sign(w: &str) -> bool {
    !w.chars().any(char::is_alphanumeric)
}

/// Words of an amount of money said after its number (`3000块`, `2k usd`, `50 bucks`, `15蚊`):
/// every word of the class that a price is read in, and `蚊`; no sign.
pub static MONEY_WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    longest_first(
        CURRENCIES
            .iter()
            .filter(|c| !is_sign(c.word) && (c.priced || c.code.is_none()))
            .map(|c| c.word),
    )
});

/// Currency words and signs read after a price's number (`2.5刀`, `0.2$/h`, `0.39 €/h`).
pub static PRICE_CURRENCY_WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    longest_first(
        CURRENCIES
            .iter()
            .filter(|c| c.priced && c.code.is_some())
            .map(|c| c.word),
    )
});

/// `块` after an amount is the word a spoken amount is counted in (`一块五`, one point five);
/// the amount is in yuan only when no currency word follows it: `一块五美元` is 1.5 USD,
/// `两块五美金`, `三块美刀` likewise.
pub fn currency_after_unit_word<'a>(word: &str, rest: &'a str) -> Option<&'a str> {
    if !matches!(word, "块" | "块钱") {
        return None;
    }
    let rest = rest.trim_start();
    PRICE_CURRENCY_WORDS
        .iter()
        .find(|w| rest.starts_with(**w))
        .filter(|w| !matches!(**w, "块" | "块钱" | "元" | "rmb" | "cny"))
        .map(|w| &rest[..w.len()])
}

/// [`PRICE_CURRENCY_WORDS`] that name the amount said after them too (`欧元300`).
pub fn names_before(word: &str) -> bool {
    CURRENCIES.iter().any(|c| c.word == word && c.before)
}

/// Currencies with no rate in the table, as words of their own (`rupees`, `krw`).
pub static UNRATED_WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    longest_first(
        CURRENCIES
            .iter()
            .filter(|c| !c.rate && c.code.is_some() && c.word.is_ascii() && !is_sign(c.word))
            .map(|c| c.word),
    )
});

/// … and inside a run of Chinese, or as a sign (`日元`, `€`).
pub static UNRATED_PARTS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    longest_first(
        CURRENCIES
            .iter()
            .filter(|c| !c.rate && c.code.is_some() && !c.word.is_ascii())
            .map(|c| c.word),
    )
});

/// The code of a currency word or sign of the class.
pub fn currency_code(word: &str) -> Option<&'static str> {
    CURRENCIES.iter().find(|c| c.word == word)?.code
}

#[cfg(test)]
mod tests {
    /// `一块五美元` is 1.5 USD: the currency word after `块` is the amount's (und_df).
    #[test]
    fn a_currency_after_kuai_is_the_amounts() {
        use super::currency_after_unit_word as after;
        assert_eq!(after("块", "美元1小时"), Some("美元"));
        assert_eq!(after("块", " 美金"), Some("美金"));
        assert_eq!(after("块", "1小时"), None);
        assert_eq!(after("块", "人民币"), Some("人民币"));
        assert_eq!(after("元", "美元"), None);
    }

    use super::*;

    /// Each word once; the rate flag true to the exchange table (`catalog/fx.toml`).
    #[test]
    fn each_word_once_and_its_rate_as_the_table_has_it() {
        let catalog = crate::Catalog::embedded().unwrap();
        for (k, c) in CURRENCIES.iter().enumerate() {
            assert!(
                !CURRENCIES[..k].iter().any(|o| o.word == c.word),
                "{}",
                c.word
            );
            let Some(code) = c.code else { continue };
            let rated = (catalog.fx.iter()).any(|r| r.base == code || r.quote == code);
            assert_eq!(c.rate, rated, "{}", c.word);
        }
    }

    /// Every priced word names its currency through the parser, the readers' lists hold it,
    /// and a word that begins another comes after it.
    #[test]
    fn readers_lists_come_from_the_class() {
        for c in CURRENCIES.iter().filter(|c| c.priced) {
            assert_eq!(
                crate::lexicon::parse_currency(c.word).ok().as_deref(),
                c.code,
                "{}",
                c.word
            );
            assert!(PRICE_CURRENCY_WORDS.contains(&c.word), "{}", c.word);
        }
        for list in [&*MONEY_WORDS, &*PRICE_CURRENCY_WORDS, &*UNRATED_PARTS] {
            for (k, w) in list.iter().enumerate() {
                assert!(!list[..k].iter().any(|p| w.starts_with(p)), "{w}");
            }
        }
        assert!(MONEY_WORDS.contains(&"蚊") && !PRICE_CURRENCY_WORDS.contains(&"蚊"));
        assert!(UNRATED_WORDS.contains(&"krw") && !UNRATED_WORDS.contains(&"usd"));
        assert!(UNRATED_PARTS.contains(&"€") && !UNRATED_PARTS.contains(&"¥"));
    }

    #[test]
    fn u_after_an_amount_is_usdt() {
        assert_eq!(usdt_written("h100低于2u提醒我"), "h100低于2usd提醒我");
        assert_eq!(usdt_written("0.8u一小时"), "0.8usd一小时");
        assert_eq!(usdt_written("under 2u on vast"), "under 2usd on vast");
        assert_eq!(usdt_written("1.5u/h"), "1.5usd/h");
        // A word that begins with `u`, a server's height, a name's digits: as typed.
        for t in ["2usd", "3 users", "5 u", "4u服务器", "a 4u server", "h100u"] {
            assert_eq!(usdt_written(t), t, "{t}");
        }
        assert_eq!(
            crate::lexicon::parse_currency("usdt").ok().as_deref(),
            Some("USD")
        );
    }
}
