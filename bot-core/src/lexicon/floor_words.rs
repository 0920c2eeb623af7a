//! Words that make a memory size a floor (`至少80g`, `at least 48gb`): one table for the readers
//! of a memory floor (`understand::memory_floor`) and of a card's smaller variant
//! (`understand::entities`). `understand::offers_words` still keeps a wider list of its own
//! (`over`, `than`, `超过`), not yet folded.

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
