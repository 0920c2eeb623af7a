//! Numbers as people group and name them (helper und_dx, issue 26): the South Asian lakh and
//! crore (`50 lakh tokens` is 5,000,000; `2 crore` 20,000,000), digit groups written with a
//! space or an apostrophe (`20 000 000`, `5'000'000`, the SI and Swiss ways), and the chat
//! words that stand for another (`木有` for `没有`, the net's spelling of "don't have").

/// Words that multiply the number before them.
pub const LARGE_NUMBER_WORDS: &[(&str, u64)] = &[
    ("lakh", 100_000),
    ("lakhs", 100_000),
    ("lac", 100_000),
    ("lacs", 100_000),
    ("crore", 10_000_000),
    ("crores", 10_000_000),
];

/// Marks that group thousands inside one number: a space (plain, no-break, thin, narrow) or
/// an apostrophe (straight or curly). A space groups only where two groups follow the lead
/// (`20 000 000`): one space group alone (`3 100`) is too often two numbers.
pub const GROUP_APOSTROPHES: &[char] = &['\'', '’'];
pub const GROUP_SPACES: &[char] = &[' ', '\u{a0}', '\u{2009}', '\u{202f}'];

/// Marks that group thousands the way some locales write them: a dot (`5.000.000`, most of
/// continental Europe) and the full-width comma a Chinese IME types (`5，000，000`). Like a
/// space, only where two groups of three follow the lead and every mark is the same one: one
/// group alone is a decimal (`1.500`) or a list (`4090，500`).
pub const GROUP_MARKS_OF_TWO: &[char] = &['.', '，'];

/// Chat spellings of a Chinese word, replaced wherever they stand.
pub const ZH_CHAT_SPELLINGS: &[(&str, &str)] = &[("木有", "没有")];

/// Words (lower-case) that, right before an `h:mm` figure, make it a length of use, never a
/// time of day (`for 2:30`, `跑1:45`, `租了3:15`).
pub const LENGTH_BEFORE_CLOCK: &[&str] = &[
    "for", "run", "runs", "running", "use", "takes", "took", "lasts", "跑", "跑了", "用", "用了",
    "租", "租了", "开", "开了", "训练", "训了",
];

/// Words (lower-case) right after an `h:mm` figure that make it a time of day.
pub const CLOCK_AFTER: &[&str] = &[
    "am", "pm", "a.m", "p.m", "点", "-", "~", "～", "到", "to", "until", "till", "开始", "start",
];

/// English contractions written without their apostrophe, which the spellings table reads
/// (`dont`); one with its apostrophe misplaced (`dont'`, `does'nt`, `do'nt`) is written so.
pub const CONTRACTIONS_BARE: &[&str] = &[
    "dont", "doesnt", "didnt", "isnt", "arent", "cant", "wont", "wasnt", "havent", "hasnt",
];
