//! Words of a sum for the whole job (`总共500`, `一共300块`, `400 in total`, `$50 all in`): the
//! money to spend on it all, a budget with no period, never a day's nor a cap per hour. The
//! amount is money only when it is written as money or ends its clause: `总共跑10个小时`,
//! `3 cards in total`, `一共两张卡` say a length or a count (`understand::facts`).

/// Said before the amount (`总共500`, `in total 300 yuan`).
pub const SUM_BEFORE: &[&str] = &[
    "总共",
    "一共",
    "总计",
    "合计",
    "in total",
    "total of",
    "altogether",
];

/// Said after the amount (`400 in total`, `500 total`, `$50 all in`).
pub const SUM_AFTER: &[&str] = &["in total", "total", "altogether", "all in", "all-in"];
