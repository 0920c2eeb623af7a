//! The words that make a message inside `/pick` a question rather than a statement of facts
//! (`4090多少钱一小时`, `H100 哪家有货`, `how much…?`): one list, the lexicon's, read by
//! `dialogue::listen::is_question` (it had been a list of its own there).

/// Question cues, matched anywhere in the lower-case message (and in its Simplified form).
pub const QUESTION_CUES: &[&str] = &[
    "?",
    "？",
    "吗",
    "多少",
    "多久",
    "哪",
    "怎么",
    "什么",
    "几",
    "how ",
    "what",
    "which",
    "where",
    "cheapest",
    "最便宜",
    // A price asked with a noun, no question mark (`h100价格`, `4090 price`).
    "价格",
    "价钱",
    "报价",
    "行情",
    "price",
    "how much",
    "有货",
    "走势",
    // Asked as a choice between yes and no, with no 吗 (`有没有5090的offer 最好低于3块`).
    "有没有",
    "有无",
    "能不能",
    "可不可以",
    // Listings asked for (`show me 4090 offers under $2`): the dialogue never asks for one.
    "offer",
];

/// A size asked (`4090显存多大`, `顯存有多大`, `能跑多大的模型`): `多大`, but not inside `最多大概` /
/// `差不多大概` (at most about, about), where it asks nothing. A card's memory asked mid-way in
/// `/pick` had been taken as the card chosen, or refused.
pub fn size_asked(l: &str) -> bool {
    l.match_indices("多大")
        .any(|(at, w)| !l[at + w.len()..].starts_with('概'))
}

#[cfg(test)]
mod tests {
    use super::size_asked;

    #[test]
    fn a_size_asked_and_about_told_apart() {
        for t in [
            "4090显存多大",
            "显存有多大",
            "能跑多大的模型",
            "how much 多大",
        ] {
            assert!(size_asked(t), "{t}");
        }
        for t in ["最多大概3小时", "预算差不多大概100", "多少钱"] {
            assert!(!size_asked(t), "{t}");
        }
    }
}
