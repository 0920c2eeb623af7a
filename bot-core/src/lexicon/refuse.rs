//! Words that refuse what follows them (`不要autodl`, `除了vast`, `besides lambda`): one list
//! for `/pick`'s refusals (`dialogue::negated`) and the reader's exclusions
//! (`understand::refused`), which keeps to the words that cannot start a question of their own.

/// The refusals both read.
const COMMON: &[&str] = &[
    "不想用",
    "不要用",
    "别用",
    "不用",
    "不要",
    "不想要",
    "除了",
    "排除",
    "don't use ",
    "dont use ",
    "avoid ",
    "except ",
    "exclude ",
    "instead of ",
    "skip ",
];

/// Refusals only inside `/pick`, where every message answers a step: a bare `no`/`not` there
/// refuses (`no 4090 on vast?` as a question asks about it).
const PICK_ONLY: &[&str] = &["no ", "not ", "without "];

/// Refusals a question may start a name's exclusion with (`除了runpod哪里有h100`, `if not
/// vast`, `anything but a 4090`).
const QUESTION_ONLY: &[&str] = &[
    "不考虑",
    "别推荐",
    "别给我推荐",
    "不是",
    "if not ",
    "not on ",
    "besides ",
    "other than ",
    "anything but ",
    "excluding ",
    "apart from ",
];

/// Every word that refuses what follows it, as `/pick` reads a refusal.
pub fn refuse_words() -> impl Iterator<Item = &'static str> {
    COMMON.iter().chain(PICK_ONLY).copied()
}

/// The refusals a question may exclude a name with.
pub fn exclude_words() -> impl Iterator<Item = &'static str> {
    COMMON.iter().chain(QUESTION_ONLY).copied()
}
