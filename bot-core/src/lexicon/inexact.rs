//! Amounts, lengths and counts said without the figure a reader would take from them: a vague
//! amount (`几百块`, `a few hundred bucks`: no number to hold anyone to), a length that ends at
//! a time of day the bot does not know (`到明天`, `till tomorrow`), and a count of things after
//! a number with a suffix (`10M documents`, `5m users`: a count, never ten minutes).

/// Vague amounts of money: a place value with no digit before it. Said with money (a currency
/// after it, or a budget or spending word before it) they are no figure.
pub const VAGUE_AMOUNTS: &[&str] = &[
    "大几百",
    "好几百",
    "几百",
    "大几千",
    "好几千",
    "几千",
    "几万",
    "几十",
    "a few hundred",
    "few hundred",
    "several hundred",
    "hundreds of",
    "a few thousand",
    "few thousand",
    "several thousand",
    "thousands of",
];

/// Words of money after a vague amount (`几百块`, `a few hundred bucks`, `几千人民币`).
pub const VAGUE_MONEY_AFTER: &[&str] = &[
    "块钱",
    "块",
    "元",
    "刀",
    "美元",
    "美金",
    "人民币",
    "rmb",
    " rmb",
    " usd",
    " dollars",
    " bucks",
    " yuan",
    " 块",
    " 元",
];

/// Words before a vague amount that make it money (`预算几百`, `budget is a few hundred`).
pub const VAGUE_MONEY_BEFORE: &[&str] = &[
    "预算", "budget", "花", "spend", "经费", "最多", "up to", "at most",
];

/// A length that ends at a time the bot does not know (`跑到明天`, `till tomorrow`): how many
/// hours depends on when it starts, so it is asked, never guessed.
pub const TILL_TOMORROW: &[&str] = &[
    "到明天",
    "到明早",
    "到明儿",
    "till tomorrow",
    "until tomorrow",
    "til tomorrow",
    "till tmr",
    "until tmr",
];

/// Nouns of things counted (`10M documents`, `5m users`, `200k images`): a number with a
/// suffix before one is how many, never a duration (`m` is minutes only as a length). Tokens
/// are the volume reader's (`10m tokens per day`), not in this list.
pub const COUNTED_NOUNS: &[&str] = &[
    "document",
    "doc",
    "image",
    "picture",
    "photo",
    "pic",
    "video",
    "user",
    "customer",
    "people",
    "person",
    "request",
    "query",
    "queries",
    "call",
    "row",
    "record",
    "sample",
    "example",
    "file",
    "page",
    "article",
    "item",
    "text",
    "sentence",
    "prompt",
    "message",
    "email",
    "review",
    "comment",
    "word",
    "chunk",
    "vector",
    "embedding",
    "paper",
    "product",
    "line",
    "entry",
    "entries",
    "篇",
    "条",
    "张图",
    "个用户",
    "个请求",
    "份",
];

/// Whether `word` (lower case, one token) is a noun of things counted, singular or plural.
pub fn counted_noun(word: &str) -> bool {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric() && !super::is_han(c));
    COUNTED_NOUNS.iter().any(|n| {
        if n.is_ascii() {
            w == *n || w.strip_suffix('s') == Some(n) || w.strip_suffix("es") == Some(n)
        } else {
            w.starts_with(n)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn things_counted_in_their_plurals() {
        for w in [
            "documents",
            "docs",
            "users",
            "queries",
            "images",
            "篇文档",
            "条评论",
            "emails",
        ] {
            assert!(counted_noun(w), "{w}");
        }
        for w in ["hours", "min", "minutes", "of", "h100s", "with", "a"] {
            assert!(!counted_noun(w), "{w}");
        }
    }
}
