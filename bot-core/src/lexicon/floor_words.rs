//! Words that make a size a floor (`至少80g`, `at least 48gb`, `48g以上`, `80gb or more`): one
//! table each for the words before and after a size, read by the memory floor
//! (`understand::memory_floor`), a card's smaller variant (`understand::entities`), the offers'
//! filters (`understand::offers_words`) and card counts (`understand::hyphen_units`).

/// Words of a floor before a size (`至少80g`, `at least 48gb`).
pub const FLOOR_BEFORE: &[&str] = &[
    "至少",
    "不少于",
    "不低于",
    "最少",
    "at least",
    ">=",
    "≥",
    "min",
];

/// Words of a size exceeded before it (`over 40gb`, `more than 48g`, `超过80g`, `大于24g`): a
/// floor where offers are filtered by memory (`understand::offers_words`); elsewhere `than`
/// also compares prices, so the memory floor reads [`FLOOR_BEFORE`] alone.
pub const ABOVE_BEFORE: &[&str] = &["over", "than", "超过", "大于"];

/// Words of a floor after a size (`48g以上`, `40 gigs or more`, `24gb+`).
pub const FLOOR_AFTER: &[&str] = &[
    "以上",
    "及以上",
    "起",
    "or more",
    "or above",
    "and up",
    "and above",
    "plus",
    "+",
    "或以上",
    "或更多",
    "往上",
];
