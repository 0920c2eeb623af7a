//! `还有` before a word asking which or where (`除了它还有哪家便宜`, `还有哪里有货`) asks what else,
//! never whether something is had: the `有` of `还有哪家` had been read as stock (`4090 还有哪家便宜`
//! → `/gpu`). Written as the bare which-word before the reader's cues (und_dt). Not `还有哪里`:
//! after a question of its own (`4090多少钱一小时，还有哪里能租`, `仲有邊度最平`) it is the second
//! ask beside the first, which the bare `哪里能租` outranked as stock.

/// (as said, as read): the which-word alone.
pub const ELSE_ASKED: &[(&str, &str)] = &[
    ("还有哪家", "哪家"),
    ("还有哪些", "哪些"),
    ("还有哪个", "哪个"),
    ("还有什么平台", "什么平台"),
    ("还有别的平台", "别的平台"),
];
