//! Words that refuse what follows them (`不要autodl`, `除了vast`, `besides lambda`): one list
//! for `/pick`'s refusals (`dialogue::negated`) and the reader's exclusions
//! (`understand::refused`), which keeps to the words that cannot start a question of their own.

/// Every word that refuses what follows it, as `/pick` reads a refusal.
pub const REFUSE_WORDS: &[&str] = &[
    "不想用",
    "不要用",
    "别用",
    "不用",
    "不要",
    "不想要",
    "除了",
    "排除",
    "no ",
    "not ",
    "without ",
    "don't use ",
    "dont use ",
    "avoid ",
    "except ",
    "exclude ",
    "instead of ",
    "skip ",
];

/// The refusals a question may start with a name after (`除了runpod哪里有h100`, `if not vast`,
/// `anything but a 4090`): a bare `no`/`not` is left out (`no 4090 on vast?` asks about it).
pub const EXCLUDE_WORDS: &[&str] = &[
    "不想用",
    "不要用",
    "别用",
    "不用",
    "不要",
    "不想要",
    "除了",
    "排除",
    "不考虑",
    "别推荐",
    "别给我推荐",
    "不是",
    "if not ",
    "not on ",
    "besides ",
    "other than ",
    "anything but ",
    "except ",
    "exclude ",
    "excluding ",
    "instead of ",
    "skip ",
    "avoid ",
    "apart from ",
    "don't use ",
    "dont use ",
];
