//! Money as people type it: amounts, currencies, prices (`¥2/小时`, `$0.69/hr`, `0.0007 usd/s`), price
//! units (including per million tokens), sizes (`50gb`) and durations with a named field.

use crate::billing::{BillingError, PriceUnit};
use crate::units::{TimeUnit, parse_duration};
use rust_decimal::Decimal;
use std::str::FromStr;

impl PriceUnit {
    /// Parses `h`, `/hr`, `per hour`, `小时`, `1小时`, `mtok`, `1m tokens`, `百万token`...
    pub fn parse(word: &str) -> Option<PriceUnit> {
        let w: String = word
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let w = w
            .trim_start_matches(['/', '／'])
            .trim_start_matches("per")
            .trim_start_matches('每');
        let tokens = w
            .trim_start_matches('1')
            .trim_start_matches('一')
            .trim_start_matches('每');
        if matches!(
            tokens,
            "mtok"
                | "mtoks"
                | "mtokens"
                | "mtoken"
                | "milliontokens"
                | "百万token"
                | "百万tokens"
                | "百万tok"
                | "mt"
        ) {
            return Some(PriceUnit::MillionTokens);
        }
        if let Some(u) = TimeUnit::parse(w) {
            return Some(PriceUnit::Time(u));
        }
        // "1h", "1小时", "一小时": one unit written with its count.
        let stripped = w.strip_prefix('1').or_else(|| w.strip_prefix('一'))?;
        TimeUnit::parse(stripped).map(PriceUnit::Time)
    }
}

/// A price as typed; missing parts are filled in by the caller (default currency, `--per`).
#[derive(Debug, Clone, PartialEq)]
pub struct PriceText {
    pub amount: Decimal,
    pub currency: Option<String>,
    pub per: Option<PriceUnit>,
}

/// A non-negative decimal without exponent. Too many digits is `TooLarge`, not a panic.
pub fn parse_amount(what: &'static str, text: &str) -> Result<Decimal, BillingError> {
    let spaced: String = text
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect();
    let t = ungrouped(&spaced).ok_or_else(|| BillingError::BadNumber {
        what,
        text: text.trim().to_string(),
    })?;
    if t.starts_with('-') {
        return Err(BillingError::Negative { what });
    }
    let t = t.trim_start_matches('+');
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(BillingError::BadNumber {
            what,
            text: text.trim().to_string(),
        });
    }
    // Too many digits before the point cannot be a price or a size; say so precisely.
    let int_digits = t
        .split('.')
        .next()
        .unwrap_or("")
        .trim_start_matches('0')
        .len();
    if int_digits > 20 {
        return Err(BillingError::TooLarge { what });
    }
    Decimal::from_str(t).map_err(|_| BillingError::BadNumber {
        what,
        text: text.trim().to_string(),
    })
}

/// The length of an exponent (`e5`, `E-7`, `e+3`) at the start of `rest`, 0 when none.
fn exponent_len(rest: &str) -> usize {
    let b = rest.as_bytes();
    if !matches!(b.first(), Some(b'e' | b'E')) {
        return 0;
    }
    let sign = usize::from(matches!(b.get(1), Some(b'+' | b'-')));
    let digits = b[1 + sign..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 { 0 } else { 1 + sign + digits }
}

/// A number in scientific notation; one too large for a price is said to be, one too
/// small to hold (or malformed) is no number.
fn scientific(what: &'static str, text: &str) -> Result<Decimal, BillingError> {
    let positive_exp = !text.to_ascii_lowercase().contains("e-");
    match Decimal::from_scientific(text) {
        Ok(d) if d.is_sign_negative() => Err(BillingError::Negative { what }),
        Ok(d) if d.trunc().to_string().len() > 20 => Err(BillingError::TooLarge { what }),
        Ok(d) => Ok(d.normalize()),
        Err(_) if positive_exp && !text.contains(',') => Err(BillingError::TooLarge { what }),
        Err(_) => Err(BillingError::BadNumber {
            what,
            text: text.to_string(),
        }),
    }
}

/// A number with its thousands commas removed: `1,000` and `12,345.5` are grouped, each group
/// after a comma exactly three digits; `2,5` (a decimal comma, or a slip) is not a grouping
/// and gives `None`, never 25: a price read ten times too high is worse than a question. Only
/// the leading number is read (`2,000,000tokens` keeps its word); text without a comma comes
/// back as it is.
pub fn ungrouped(text: &str) -> Option<String> {
    if !text.contains(',') {
        return Some(text.to_string());
    }
    let end = text
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || matches!(c, ',' | '.' | '+')))
        .map_or(text.len(), |(i, _)| i);
    let (number, rest) = text.split_at(end);
    if rest.contains(',') {
        return None;
    }
    let (int, frac) = match number.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (number, None),
    };
    let sign = if int.starts_with('+') { "+" } else { "" };
    let mut groups = int.trim_start_matches('+').split(',');
    let first = groups.next()?;
    let first_ok = (1..=3).contains(&first.len()) && first.chars().all(|c| c.is_ascii_digit());
    let rest_ok = groups.all(|g| g.len() == 3 && g.chars().all(|c| c.is_ascii_digit()));
    if !first_ok || !rest_ok || frac.is_some_and(|f| f.contains(',')) {
        return None;
    }
    let digits = int.trim_start_matches('+').replace(',', "");
    Some(match frac {
        Some(f) => format!("{sign}{digits}.{f}{rest}"),
        None => format!("{sign}{digits}{rest}"),
    })
}

/// Words that make a price each card's, not a whole machine's (`under $1.5 per gpu`, `$2.5 a
/// gpu-hour`, `$1/h each`, `每卡`): one list for every reader of a machine's cap.
pub const PER_CARD_WORDS: &[&str] = &[
    "per gpu",
    "per card",
    "each gpu",
    "每卡",
    "每张",
    "单卡",
    "1张卡",
    "gpu-hour",
    "gpu hour",
    "gpu-hr",
    "card-hour",
    " each ",
    " apiece",
    "每块",
];

/// Currency symbols written before an amount (`$2`, `¥3`), longest first.
pub const LEADING_SYMBOLS: &[&str] = &["us$", "cn¥", "$", "¥", "￥", "€", "£", "₹"];

/// A currency's small unit said after an amount (`50 cents`, `5毛`): the word, its currency
/// and how many make one.
pub const SUB_UNITS: &[(&str, &str, u32)] = &[
    ("cents", "USD", 100),
    ("cent", "USD", 100),
    ("毛", "CNY", 10),
];

/// Parses `¥2/小时`, `$0.69/hr`, `0.0007 usd/s`, `2元/小时`, `2 cny per hour`, `0.3/mtok`, `1.98`.
pub fn parse_price(text: &str) -> Result<PriceText, BillingError> {
    let raw = text.trim();
    let mut s: String = raw
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    s = s.replace('／', "/").replace("per", "/").replace('每', "/");
    let mut currency = None;
    for sym in LEADING_SYMBOLS {
        if let Some(rest) = s.strip_prefix(sym) {
            currency = Some(parse_currency(sym)?);
            s = rest.to_string();
            break;
        }
    }
    if s.starts_with('-') {
        return Err(BillingError::Negative { what: "price" });
    }
    let num_len = s
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || matches!(c, '.' | ',' | '+')))
        .map_or(s.len(), |(i, _)| i);
    if num_len == 0 {
        return Err(BillingError::BadNumber {
            what: "price",
            text: raw.to_string(),
        });
    }
    // `2e-7usd/token`, `1.5E3`: scientific notation is one number, and one out of range
    // (`1e309`) is no price, never a "1" followed by a currency "e309usd".
    let exp_len = exponent_len(&s[num_len..]);
    let mut amount = if exp_len == 0 {
        parse_amount("price", &s[..num_len])?
    } else {
        scientific("price", &s[..num_len + exp_len])?
    };
    let num_len = num_len + exp_len;
    let mut rest = &s[num_len..];
    // `7块2`, `2元5`: yuan and jiao, as a price is said in Chinese.
    for yuan in ["块", "元"] {
        if let Some(jiao) = rest.strip_prefix(yuan)
            && let Some(d) = jiao.chars().next().and_then(|c| c.to_digit(10))
            && jiao.len() == 1
            && !s[..num_len].contains('.')
        {
            amount += Decimal::new(i64::from(d), 1);
            currency = Some("CNY".into());
            rest = "";
        }
    }
    let (cur_word, unit_word) = match rest.split_once('/') {
        Some((c, u)) => (c, Some(u)),
        None => (rest, None),
    };
    let mut per = None;
    if !cur_word.is_empty() {
        match parse_currency(cur_word) {
            Ok(c) => currency = Some(c),
            // "2h" style: no currency, the word is the unit.
            Err(e) => match (unit_word, PriceUnit::parse(cur_word)) {
                (None, Some(u)) => per = Some(u),
                _ => return Err(e),
            },
        }
    }
    if let Some(u) = unit_word {
        per = Some(
            PriceUnit::parse(u).ok_or_else(|| BillingError::UnknownUnit {
                text: u.to_string(),
            })?,
        );
    }
    Ok(PriceText {
        amount,
        currency,
        per,
    })
}

/// Parses a size in GB: `50`, `50gb`, `50g`, `1.5tb`, `100gib` (GiB converted to GB).
pub fn parse_size_gb(what: &'static str, text: &str) -> Result<Decimal, BillingError> {
    let t = text.trim().to_lowercase();
    let split = t
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | ',')))
        .map_or(t.len(), |(i, _)| i);
    let number = parse_amount(what, &t[..split])?;
    let factor = match t[split..].trim() {
        "" | "g" | "gb" => Decimal::ONE,
        "t" | "tb" => Decimal::from(1000),
        "m" | "mb" => Decimal::new(1, 3),
        // 2^30 / 10^9 exactly.
        "gib" => Decimal::new(1_073_741_824, 9),
        "tib" => Decimal::new(1_099_511_627_776, 9),
        other => {
            return Err(BillingError::UnknownSizeUnit {
                text: other.to_string(),
            });
        }
    };
    number
        .checked_mul(factor)
        .ok_or(BillingError::TooLarge { what })
}

/// A duration for a named field, with the field named in the error.
pub fn parse_dur(what: &'static str, text: &str) -> Result<Decimal, BillingError> {
    parse_duration(text).map_err(|source| BillingError::Duration {
        what,
        text: text.trim().to_string(),
        source,
    })
}

/// Reads a currency as people type it: `usd`, `$`, `美元`, `cny`, `rmb`, `¥`, `元`, `块`...
/// Any other three-letter code is accepted upper-cased (the FX table decides if it is usable).
pub fn parse_currency(text: &str) -> Result<String, BillingError> {
    let t = text.trim().to_lowercase();
    // The lexicon's class first: each currency word once, with its code.
    if let Some(code) = super::currency::currency_code(&t) {
        return Ok(code.to_string());
    }
    let code = match t.as_str() {
        "$" | "us$" | "usd" | "dollar" | "dollars" | "buck" | "bucks" | "美元" | "美金" | "刀" => {
            "USD"
        }
        "¥" | "￥" | "cny" | "rmb" | "元" | "块" | "块钱" | "人民币" | "yuan" | "cn¥" => {
            "CNY"
        }
        "€" | "eur" | "euro" | "euros" | "欧元" => "EUR",
        "yen" | "日元" | "日币" | "円" => "JPY",
        // Hong Kong dollars in the words Hong Kong and the mainland say (`hkd` is its code).
        "hk$" | "港币" | "港元" | "港纸" => "HKD",
        "£" | "gbp" | "pound" | "pounds" | "quid" | "英镑" => "GBP",
        "₹" | "inr" | "rupee" | "rupees" | "卢比" => "INR",
        other if other.len() == 3 && other.chars().all(|c| c.is_ascii_alphabetic()) => {
            return Ok(other.to_uppercase());
        }
        _ => {
            return Err(BillingError::UnknownCurrency {
                text: text.trim().to_string(),
            });
        }
    };
    Ok(code.to_string())
}

/// Every amount in `t` (lower-cased) not glued to a letter (`qwen2.5`, `7b`) nor followed by a unit of its
/// own: its start, the end of its digits, its end with a multiplier (`2千`), the multiplier.
pub fn bare_amounts(t: &str) -> Vec<(usize, usize, usize, i64)> {
    let mut found: Vec<(usize, usize, usize, i64)> = Vec::new();
    for (i, j) in super::numerals::decimal_runs(t) {
        let after = t[j..].trim_start();
        // `20 hours`, `8 gpus`, `7b`: a number with a unit of its own is no amount (`$20 for …`
        // and `300 a month` are).
        let word: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let unit = [
            "h", "hr", "hrs", "hour", "hours", "m", "min", "mins", "minute", "minutes", "s", "sec",
            "d", "day", "days", "week", "weeks", "month", "months", "gb", "g", "b", "tokens",
            "token", "gpu", "gpus", "card", "cards", "x", "people", "users", "k", "m",
        ]
        .contains(&word.as_str());
        // `1个月`, `1周`: the period's own count, never the amount.
        let other = [
            "小时",
            "个小时",
            "天",
            "张",
            "卡",
            "个人",
            "人",
            "h ",
            "k",
            "个月",
            "月",
            "周",
            "个星期",
            "星期",
            "分钟",
        ]
        .iter()
        .any(|w| after.starts_with(w));
        // `2千`, `1.5万`: the amount's own multiplier is part of it.
        let times = [("千", 1_000_i64), ("万", 10_000)]
            .into_iter()
            .find(|(w, _)| t[j..].starts_with(w));
        if !unit && !other {
            let end = j + times.map_or(0, |(w, _)| w.len());
            found.push((i, j, end, times.map_or(1, |(_, m)| m)));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::MONEY_WORDS;

    #[test]
    fn scientific_amounts_are_numbers_and_huge_ones_are_too_large() {
        let p = parse_price("1e3usd/h").unwrap();
        assert_eq!(
            (p.amount, p.currency.as_deref()),
            (Decimal::from(1000), Some("USD"))
        );
        assert_eq!(
            parse_price("2.5e-1 usd/h").unwrap().amount,
            "0.25".parse::<Decimal>().unwrap()
        );
        for huge in ["1e309usd/h", "1e29 usd/h", "9e99999999999usd/h", "1e+400"] {
            assert_eq!(
                parse_price(huge),
                Err(BillingError::TooLarge { what: "price" }),
                "{huge}"
            );
        }
        // Two euros, not an exponent.
        assert_eq!(
            parse_price("2eur/h").unwrap().currency.as_deref(),
            Some("EUR")
        );
    }

    #[test]
    fn a_comma_is_a_thousands_separator_only_before_three_digits() {
        assert_eq!(parse_amount("price", "1,000").unwrap(), Decimal::from(1000));
        assert_eq!(
            parse_amount("price", "12,345.5").unwrap(),
            "12345.5".parse::<Decimal>().unwrap()
        );
        assert_eq!(
            parse_amount("price", "1,234,567").unwrap(),
            Decimal::from(1_234_567)
        );
        // A decimal comma or a slip is not a grouping: refused, never read ten times higher.
        for bad in ["2,5", "0,69", "1,5000", "12,34", ",5", "1,,000", "1,000,5"] {
            assert!(parse_amount("price", bad).is_err(), "{bad}");
        }
        assert!(parse_price("¥2,5/小时").is_err());
        assert_eq!(
            parse_price("$1,200/month").unwrap().amount,
            Decimal::from(1200)
        );
    }

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn prices_in_the_forms_people_type() {
        let p = parse_price("¥2/小时").unwrap();
        assert_eq!(
            (p.amount, p.currency.as_deref(), p.per),
            (d("2"), Some("CNY"), Some(PriceUnit::Time(TimeUnit::Hour)))
        );
        let p = parse_price("$0.69/hr").unwrap();
        assert_eq!(
            (p.amount, p.currency.as_deref(), p.per),
            (
                d("0.69"),
                Some("USD"),
                Some(PriceUnit::Time(TimeUnit::Hour))
            )
        );
        let p = parse_price("0.0007 usd/s").unwrap();
        assert_eq!(
            (p.amount, p.currency.as_deref(), p.per),
            (
                d("0.0007"),
                Some("USD"),
                Some(PriceUnit::Time(TimeUnit::Second))
            )
        );
        let p = parse_price("2元每小时").unwrap();
        assert_eq!(p.currency.as_deref(), Some("CNY"));
        assert_eq!(p.per, Some(PriceUnit::Time(TimeUnit::Hour)));
        let p = parse_price("0.3 usd per 1M tokens").unwrap();
        assert_eq!(p.per, Some(PriceUnit::MillionTokens));
        let p = parse_price("1.98").unwrap();
        assert_eq!((p.amount, p.currency, p.per), (d("1.98"), None, None));
        // Yuan and jiao: `7块2` is 7.2 yuan.
        let p = parse_price("7块2").unwrap();
        assert_eq!((p.amount, p.currency.as_deref()), (d("7.2"), Some("CNY")));
        assert_eq!(parse_price("2元5").unwrap().amount, d("2.5"));
    }

    #[test]
    fn price_errors_name_the_bad_part() {
        assert_eq!(
            parse_price("-2/h"),
            Err(BillingError::Negative { what: "price" })
        );
        assert!(matches!(
            parse_price("2 usd/fortnight"),
            Err(BillingError::UnknownUnit { text }) if text == "fortnight"
        ));
        assert!(matches!(
            parse_price("cheap"),
            Err(BillingError::BadNumber { .. })
        ));
        assert!(matches!(
            parse_price("2 dogecoins/h"),
            Err(BillingError::UnknownCurrency { .. })
        ));
        assert_eq!(
            parse_price("999999999999999999999999999999999/h"),
            Err(BillingError::TooLarge { what: "price" })
        );
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size_gb("storage", "50gb").unwrap(), d("50"));
        assert_eq!(parse_size_gb("storage", "1.5TB").unwrap(), d("1500"));
        assert_eq!(parse_size_gb("storage", "1gib").unwrap(), d("1.073741824"));
        assert!(matches!(
            parse_size_gb("storage", "5 bananas"),
            Err(BillingError::UnknownSizeUnit { .. })
        ));
        assert_eq!(
            parse_size_gb("storage", "-5gb"),
            Err(BillingError::Negative { what: "storage" })
        );
    }

    #[test]
    fn currencies_parse_from_symbols_and_words() {
        for (t, c) in [
            ("$", "USD"),
            ("美元", "USD"),
            ("¥", "CNY"),
            ("元", "CNY"),
            ("rmb", "CNY"),
        ] {
            assert_eq!(parse_currency(t).unwrap(), c, "{t}");
        }
        assert_eq!(parse_currency("chf").unwrap(), "CHF");
        assert!(matches!(
            parse_currency("bitcoins"),
            Err(BillingError::UnknownCurrency { .. })
        ));
    }

    /// Every money word and symbol names its currency, but `蚊` (a Hong Kong dollar there, a
    /// yuan in Guangzhou), so no reader meets a word the currency parser does not know.
    #[test]
    fn every_money_word_and_symbol_names_a_currency() {
        for w in MONEY_WORDS
            .iter()
            .chain(LEADING_SYMBOLS)
            .filter(|w| **w != "蚊")
        {
            assert!(parse_currency(w).is_ok(), "{w}");
        }
        for (w, code, _) in SUB_UNITS {
            assert_eq!(parse_currency(code).as_deref(), Ok(*code), "{w}");
        }
    }
}
