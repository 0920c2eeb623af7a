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
    ("百万", 1_000_000),
    ("1k tokens", 1_000),
    ("1k token", 1_000),
    ("1k tok", 1_000),
    ("k tokens", 1_000),
    ("k token", 1_000),
    ("1000 tokens", 1_000),
    ("千token", 1_000),
];

/// `$0.05/M`, `$2/1m`: a bare `M` after a price's mark, a million tokens only where the sentence
/// speaks of tokens ([`speaks_of_tokens`]): `4090 $300/m` is a month's rent.
const BARE_MILLION: &[&str] = &["1m", "m"];

/// Words that make a sentence speak of tokens: tokens named, an API, a count in millions or more.
const TOKEN_CONTEXT: &[&str] = &[
    "token", " tok", "api", "百万", "千万", "亿", "million", "billion",
];

/// Whether `norm` speaks of tokens: a word of [`TOKEN_CONTEXT`], or another count written with
/// `m` (`5M a day`), which counts tokens beside a price per `M` (a size's `8b` is no count).
pub fn speaks_of_tokens(norm: &str) -> bool {
    TOKEN_CONTEXT.iter().any(|w| norm.contains(w))
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
    let bare = BARE_MILLION
        .iter()
        .filter(|_| tokens)
        .map(|w| (*w, 1_000_000));
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
    fn a_sentence_that_speaks_of_tokens() {
        assert!(speaks_of_tokens("paying $0.05/m, 5m a day"));
        assert!(speaks_of_tokens("vs the api at $0.1/m"));
        assert!(speaks_of_tokens("3b tokens a month"));
        assert!(!speaks_of_tokens("llama 3.1 8b $300/m"));
        assert!(!speaks_of_tokens("4090 $300/m"));
        assert!(!speaks_of_tokens("a100 80g $1.5/h for 3 days"));
    }
}
