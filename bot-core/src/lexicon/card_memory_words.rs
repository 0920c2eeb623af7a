//! Words around a memory size that say whose memory it is (`understand::memory_as_card`): the
//! card the user has asking what to rent instead, another memory than the card's (system RAM,
//! disk, a file), and the tails that are still a card's name before a size (`4060 ti 16g`).

/// Words that ask which card to rent instead: the memory said is the card the user has, not
/// the one to judge on.
pub const RENT_INSTEAD: &[&str] = &[
    "租什么",
    "租个什么",
    "租啥",
    "租哪",
    "租几",
    "租幾",
    "换什么",
    "换啥",
    "换哪",
    "what do i rent",
    "what should i rent",
    "what to rent",
    "which gpu should i",
    "what gpu should i",
    "which card should i",
    "what card should i",
    "rent instead",
    "upgrade to",
];

/// Words beside a size that make it another memory than the card's: system memory, disk, a
/// file or download.
pub const OTHER_MEMORY: &[&str] = &[
    "ram", "内存", "硬盘", "disk", "ssd", "storage", "存储", "权重", "weights", "文件", "file",
    "下载", "download", "swap", "system",
];

/// Words after a card's model number that are still its name (`4060 ti`, `4080 super`).
pub const CARD_NAME_TAILS: &[&str] = &["ti", "super", "ada", "pro", "laptop", "mobile", "max-q"];
