//! How people write an API's price and traffic: the unit of tokens after a price's mark (`$0.05/M`,
//! `$2/Mtok`, `¥8/M tokens`, `$0.002/1K tokens`), the words that set an input price apart from an
//! output one, and the nouns that count requests (`50k requests`, `2万次请求`). Read once here, for
//! the question reader and the price finder alike: `/M` after an amount had been no unit at all, so
//! a rent-vs-API question was read as a bill for minutes.

/// A unit of tokens written after a price's mark (`/`, `per`, `每`), longest first where one
/// begins another, with the tokens it counts: a million (`M`, the API price's own unit, as every
/// API lists it) or a thousand (`1K tokens`, older price lists).
const PER_TOKENS: &[(&str, u64)] = &[
    ("1m tokens", 1_000_000),
    ("1m token", 1_000_000),
    ("1m tok", 1_000_000),
    ("m tokens", 1_000_000),
    ("m token", 1_000_000),
    ("m tok", 1_000_000),
    ("mtokens", 1_000_000),
    ("mtoken", 1_000_000),
    ("mtoks", 1_000_000),
    ("mtok", 1_000_000),
    ("million tokens", 1_000_000),
    ("million token", 1_000_000),
    ("million", 1_000_000),
    ("百万tokens", 1_000_000),
    ("百万token", 1_000_000),
    // `每百万 token 2 块`: the unit written with a space in it.
    ("百万 tokens", 1_000_000),
    ("百万 token", 1_000_000),
    ("百万", 1_000_000),
    ("1k tokens", 1_000),
    ("1k token", 1_000),
    ("1k tok", 1_000),
    ("k tokens", 1_000),
    ("k token", 1_000),
    ("1000 tokens", 1_000),
    ("1000 token", 1_000),
    ("1000tokens", 1_000),
    ("1000token", 1_000),
    ("1000个token", 1_000),
    ("thousand tokens", 1_000),
    ("thousand token", 1_000),
    ("1千token", 1_000),
    ("1千个token", 1_000),
    ("千个token", 1_000),
    ("千token", 1_000),
];

/// `$0.05/M`, `$2/1m`: a bare `M` after a price's mark, a million tokens only where the sentence
/// speaks of tokens ([`speaks_of_tokens`]): `4090 $300/m` is a month's rent. `$0.002/1K` there is
/// a thousand.
const BARE_UNITS: &[(&str, u64)] = &[("1m", 1_000_000), ("m", 1_000_000), ("1k", 1_000)];

/// What a word that makes a count of tokens says (one table, [`TOKEN_CUES`], each word one sense;
/// each reader takes the senses it needs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenCue {
    /// Tokens named (`token`, `tok`).
    Named,
    /// An API, or a price per tokens (`api`, `tco`, `per million`, `/1m`).
    Api,
    /// A count in millions or more said in words (`百万`, `千万`, `亿`, `million`).
    Count,
    /// A cost weighed (`划算`, `worth it`): the rent-vs-API sum's word, and any bill's.
    Weighed,
}

/// The words that make a count of tokens, each with its one sense.
pub const TOKEN_CUES: &[(&str, TokenCue)] = &[
    ("token", TokenCue::Named),
    (" tok", TokenCue::Named),
    ("api", TokenCue::Api),
    ("tco", TokenCue::Api),
    ("per million", TokenCue::Api),
    ("per 1m", TokenCue::Api),
    ("/1m", TokenCue::Api),
    ("/m tok", TokenCue::Api),
    ("百万", TokenCue::Count),
    ("千万", TokenCue::Count),
    ("亿", TokenCue::Count),
    ("million", TokenCue::Count),
    ("billion", TokenCue::Count),
    ("划算", TokenCue::Weighed),
    ("worth it", TokenCue::Weighed),
];

/// Whether `text` says a word of [`TOKEN_CUES`] of one of `senses`.
pub fn token_cue_said(text: &str, senses: &[TokenCue]) -> bool {
    TOKEN_CUES
        .iter()
        .any(|(w, s)| senses.contains(s) && text.contains(w))
}

/// The nouns of tokens after a count (`5m tokens`, `1k tok`).
pub const TOKEN_NOUNS: &[&str] = &["tokens", "token", "toks", "tok"];

/// Whether `norm` speaks of tokens: tokens named, an API, a count in millions ([`TOKEN_CUES`]), or
/// another count written with `m` (`5M a day`), which counts tokens beside a price per `M` (a
/// size's `8b` is no count).
pub fn speaks_of_tokens(norm: &str) -> bool {
    token_cue_said(norm, &[TokenCue::Named, TokenCue::Api, TokenCue::Count])
        || norm
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
            .any(|w| {
                w.strip_suffix('m').is_some_and(|n| {
                    !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                })
            })
}

/// The unit of tokens at the start of `rest` (after a price's mark), as its length in bytes and
/// the tokens it counts; an English unit must end its word (`/min` is no million). A bare `M`
/// counts only where `tokens` (the sentence speaks of tokens).
pub fn tokens_unit_at(rest: &str, tokens: bool) -> Option<(usize, u64)> {
    let bare = BARE_UNITS.iter().copied().filter(|_| tokens);
    PER_TOKENS.iter().copied().chain(bare).find_map(|(w, n)| {
        let after = rest.strip_prefix(w)?;
        let ends = !w.is_ascii()
            || after
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
        ends.then_some((w.len(), n))
    })
}

/// The marks between a bare amount and the unit of tokens it is priced per (`0.4 per million`,
/// `0.25 /M tokens`, `2 每百万`, `0.5 a million`, `0.3 for 1m tokens`).
const PRICE_MARKS: &[&str] = &["per ", "/", "每", "for a ", "for ", "a "];

/// The unit of tokens a bare amount is priced per, said right after it ([`PRICE_MARKS`], then a
/// unit of [`tokens_unit_at`]): the bytes the mark and unit take in `after` (leading spaces
/// counted) and the tokens the unit counts. `tokens`: the sentence speaks of tokens, so a bare
/// `M` is a million.
pub fn per_tokens_after(after: &str, tokens: bool) -> Option<(usize, u64)> {
    let rest = after.trim_start();
    let lead = after.len() - rest.len();
    PRICE_MARKS
        .iter()
        .find_map(|m| {
            let unit = rest.strip_prefix(m)?;
            let unit_trim = unit.trim_start();
            let (len, n) = tokens_unit_at(unit_trim, tokens)?;
            Some((lead + rest.len() - unit_trim.len() + len, n))
        })
        .or_else(|| {
            // `0.3美元一百万`: one of a Chinese unit right after the amount, no mark, is the unit
            // it is priced per (one of the unit is never a volume: `ends_with_count`).
            let unit = ["1", "一"].iter().find_map(|o| rest.strip_prefix(o))?;
            let unit_trim = unit.trim_start();
            let (len, n) = tokens_unit_at(unit_trim, tokens)?;
            (!unit_trim[..len].is_ascii()).then_some((lead + rest.len() - unit_trim.len() + len, n))
        })
}

/// Words that may stand between a unit of tokens said first and its amount, beside the verbs
/// of charging (`per million is $0.4`, `每百万token为2元`).
const LINKS_BEFORE_AMOUNT: &[&str] = &["is", "are", "=", ":", "：", "为"];

/// Characters that make the words before a unit of tokens a count of them (`每天五百万token 2块`:
/// five million tokens, the volume), never the unit an amount is priced per.
fn ends_with_count(s: &str) -> bool {
    let numeral =
        |c: char| c.is_ascii_digit() || c == '.' || "零一二两三四五六七八九十百千万几".contains(c);
    // One of the unit (`一百万 token 三块钱`, `1 百万token 2块`) is the unit itself: the price
    // of a million, no volume.
    let one = s
        .strip_suffix('一')
        .or_else(|| s.strip_suffix('1'))
        .is_some_and(|r| !r.ends_with(numeral));
    !one && s.ends_with(numeral)
}

/// The unit of tokens an amount is priced per, said BEFORE it (`每百万4元`, `per million $0.5`,
/// `百万token 2块`, `api per 1m tokens is $0.4`): where its words start in `before` (the text
/// before the amount) and the tokens the unit counts. The same rule as [`per_tokens_after`] with
/// the words the other way round, so the price's unit is the one said with it, never a period
/// said after it for the volume (`每百万4元，每天五百万token` had been ¥4 a day). A mark (`每`,
/// `per`, `/`) makes any unit of tokens the price's; with none only a unit that names tokens
/// (`百万token 2块`), never one after a count (`五百万token`). `tokens`: the sentence speaks of
/// tokens, so a bare `M` is a million.
pub fn per_tokens_before(before: &str, tokens: bool) -> Option<(usize, u64)> {
    let mut b = crate::lexicon::charge_verb_stripped(before.trim_end());
    if let Some(r) = LINKS_BEFORE_AMOUNT.iter().find_map(|l| {
        let r = b.strip_suffix(l)?;
        // An English link is a whole word (`this` is no `is`).
        let whole = !l.starts_with(|c: char| c.is_ascii_alphabetic())
            || !r.ends_with(|c: char| c.is_ascii_alphanumeric());
        whole.then_some(r)
    }) {
        b = crate::lexicon::charge_verb_stripped(r.trim_end());
    }
    let bare = BARE_UNITS.iter().copied().filter(|_| tokens);
    PER_TOKENS.iter().copied().chain(bare).find_map(|(w, n)| {
        let rest = b.strip_suffix(w)?;
        // An English unit starts its word (`5m tokens` is a count, `per 1m tokens` a unit).
        if w.is_ascii() && rest.ends_with(|c: char| c.is_ascii_alphanumeric()) {
            return None;
        }
        let r = rest.trim_end();
        let marked = UNIT_MARKS.iter().map(|m| m.trim_end()).find(|m| {
            r.strip_suffix(m)
                .is_some_and(|x| !m.is_ascii() || !x.ends_with(|c: char| c.is_ascii_alphanumeric()))
        });
        if let Some(m) = marked {
            return Some((r.len() - m.len(), n));
        }
        // Unmarked, a unit written with its own figure (`1000 tokens ¥2`) is a count too.
        let named = TOKEN_NOUNS.iter().any(|t| w.ends_with(t));
        let figured = w.starts_with(|c: char| c.is_ascii_digit());
        (named && !figured && !ends_with_count(rest)).then_some((rest.len(), n))
    })
}

/// `0.1/m`, `2/1k`, `0.3/百万`: an amount with its unit of tokens written onto it, as the amount
/// and the tokens it is per.
pub fn glued_per_tokens(word: &str, tokens: bool) -> Option<(&str, u64)> {
    let (amount, unit) = word.split_once('/')?;
    let (len, n) = tokens_unit_at(unit, tokens)?;
    (len == unit.len() && !amount.is_empty()).then_some((amount, n))
}

/// The marks a price per a unit of tokens is written with before the unit (`每1k token`,
/// `per thousand tokens`, `/ 1000 tokens`).
const UNIT_MARKS: &[&str] = &["每", "per ", "/"];

/// The first price unit of a thousand tokens said in `text` (`每千个token`, `per 1k tokens`,
/// `/ 1000 tokens`: a mark of [`UNIT_MARKS`], spaces, then a unit of [`PER_TOKENS`] that counts
/// a thousand), as its byte range. The question reader writes such a price per million, the unit
/// `/tco` takes; it had kept its own list of these spellings (`understand::per_thousand`).
pub fn per_thousand_at(text: &str) -> Option<std::ops::Range<usize>> {
    UNIT_MARKS
        .iter()
        .flat_map(|m| text.match_indices(m))
        .filter_map(|(at, m)| {
            let after = &text[at + m.len()..];
            let unit = after.trim_start();
            let (len, n) = tokens_unit_at(unit, false)?;
            (n == 1_000).then(|| at..at + m.len() + (after.len() - unit.len()) + len)
        })
        .min_by_key(|r| r.start)
}

/// Words that say the price after them is the API's price of input (prompt) tokens.
pub const INPUT_PRICE_WORDS: &[&str] = &["input", "输入", "prompt", "提示"];
/// Words that say the price after them is the API's price of output (generated) tokens.
pub const OUTPUT_PRICE_WORDS: &[&str] = &["output", "输出", "completion", "生成"];

/// Nouns that count requests or calls to a model (`50k requests`, `2万次请求`, `每天3000次调用`).
pub const REQUEST_WORDS: &[&str] = &[
    "requests",
    "request",
    "calls",
    "queries",
    "次请求",
    "个请求",
    "次调用",
    "请求",
    "调用",
    // Items a service answers one request each for (`两万条工单，每条1.5k token`, `3000 support
    // tickets a day at 1k tokens each`): counted like requests where tokens each are said.
    "条请求",
    "条消息",
    "条工单",
    "条对话",
    "条问答",
    "条评论",
    "个对话",
    "次对话",
    "tickets",
    "messages",
    "conversations",
    "chats",
    "prompts",
    // `一天一千次`, beside tokens each (`每次请求3000个token`): the count of requests, last so
    // `次请求` and `次调用` are read whole.
    "次",
];

/// Words after a count of tokens that make it each request's (`1k tokens each`, `每次2000 token`).
pub const EACH_REQUEST_WORDS: &[&str] = &[
    "each",
    "apiece",
    "per request",
    "per call",
    "a request",
    "每次",
    "每个",
    "每条",
    "一次",
];

#[cfg(test)]
mod tests {
    use super::{speaks_of_tokens, tokens_unit_at};

    #[test]
    fn units_of_tokens_after_a_mark() {
        let at = |s| tokens_unit_at(s, true);
        assert_eq!(at("m, 5m a day"), Some((1, 1_000_000)));
        assert_eq!(at("mtok"), Some((4, 1_000_000)));
        assert_eq!(at("m tokens"), Some((8, 1_000_000)));
        assert_eq!(at("1k tokens"), Some((9, 1_000)));
        assert_eq!(at("百万token 2块"), Some(("百万token".len(), 1_000_000)));
        // A minute, a month, an hour: no unit of tokens.
        assert_eq!(at("min"), None);
        assert_eq!(at("mo"), None);
        assert_eq!(at("month"), None);
        assert_eq!(at("hour"), None);
        // A bare `M` where nothing speaks of tokens (`4090 $300/m`): no million.
        assert_eq!(tokens_unit_at("m", false), None);
        assert_eq!(tokens_unit_at("m tokens", false), Some((8, 1_000_000)));
    }

    #[test]
    fn a_bare_amount_priced_per_tokens() {
        use super::{glued_per_tokens, per_tokens_after};
        assert_eq!(
            per_tokens_after(" per million ", true),
            Some((12, 1_000_000))
        );
        assert_eq!(per_tokens_after(" /m tokens ", true), Some((10, 1_000_000)));
        assert_eq!(
            per_tokens_after(" 每百万 ", true).map(|x| x.1),
            Some(1_000_000)
        );
        assert_eq!(per_tokens_after(" per 1k tokens ", true), Some((14, 1_000)));
        assert_eq!(
            per_tokens_after(" a million ", true).map(|x| x.1),
            Some(1_000_000)
        );
        // A length or a count after the amount is no unit it is priced per.
        assert_eq!(per_tokens_after(" per hour ", true), None);
        assert_eq!(per_tokens_after(" for 5m tokens ", true), None);
        assert_eq!(per_tokens_after(" a month ", true), None);
        // One of a Chinese unit with no mark is the unit; an English one is a volume.
        assert_eq!(
            per_tokens_after("1百万 哪个便宜", true).map(|x| x.1),
            Some(1_000_000)
        );
        assert_eq!(per_tokens_after(" 1m tokens a day", true), None);
        assert_eq!(per_tokens_after("10百万", true), None);
        assert_eq!(glued_per_tokens("0.1/m", true), Some(("0.1", 1_000_000)));
        assert_eq!(glued_per_tokens("0.002/1k", true), Some(("0.002", 1_000)));
        assert_eq!(glued_per_tokens("0.3/百万", true), Some(("0.3", 1_000_000)));
        assert_eq!(glued_per_tokens("300/m", false), None);
        assert_eq!(glued_per_tokens("2/min", true), None);
    }

    #[test]
    fn a_unit_of_tokens_said_before_its_amount() {
        use super::per_tokens_before;
        fn at(s: &str) -> Option<(&str, u64)> {
            per_tokens_before(s, true).map(|(k, n)| (&s[k..], n))
        }
        assert_eq!(at("api价格是每百万"), Some(("每百万", 1_000_000)));
        assert_eq!(at("api每百万token要"), Some(("每百万token要", 1_000_000)));
        assert_eq!(at("百万token "), Some(("百万token ", 1_000_000)));
        assert_eq!(
            at("api per million is "),
            Some(("per million is ", 1_000_000))
        );
        assert_eq!(
            at("charges per 1k tokens "),
            Some(("per 1k tokens ", 1_000))
        );
        // A count of tokens before the amount is the volume; a unit of time is no unit of tokens.
        assert_eq!(at("每天五百万token "), None);
        assert_eq!(at("每天5百万token "), None);
        assert_eq!(at("5m tokens "), None);
        assert_eq!(at("每天"), None);
        assert_eq!(at("a million "), None);
    }

    #[test]
    fn a_price_unit_of_a_thousand_tokens() {
        use super::per_thousand_at;
        for (s, unit) in [
            ("api 每1000 token 0.002元", "每1000 token"),
            ("$0.0004 / 1000 tokens, 5m a day", "/ 1000 tokens"),
            ("$0.0004 per thousand tokens", "per thousand tokens"),
            ("每千个token 0.002元", "每千个token"),
            ("0.0006 usd per 1k tokens", "per 1k tokens"),
        ] {
            let r = per_thousand_at(s).expect(s);
            assert_eq!(&s[r], unit, "{s}");
        }
        // A million, a length, a bare `1k` with no tokens named: none.
        for s in [
            "per million tokens",
            "per 1000 hours",
            "每1k 多少",
            "$2 per hour",
        ] {
            assert_eq!(per_thousand_at(s), None, "{s}");
        }
    }

    #[test]
    fn a_sentence_that_speaks_of_tokens() {
        assert!(speaks_of_tokens("paying $0.05/m, 5m a day"));
        assert!(speaks_of_tokens("vs the api at $0.1/m"));
        assert!(speaks_of_tokens("3b tokens a month"));
        assert!(!speaks_of_tokens("llama 3.1 8b $300/m"));
        assert!(!speaks_of_tokens("4090 $300/m"));
        assert!(!speaks_of_tokens("a100 80g $1.5/h for 3 days"));
    }
}
