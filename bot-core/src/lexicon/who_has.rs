//! Who has a card, or rents it out, asked (`h200 谁家有`, `anyone renting`, `80G显存的卡现在谁家
//! 有`): the words that ask where something is to be had, read by the stock readers for a card
//! (`understand::stock_short`) and for a memory size (`understand::memory_floor`) alike.

/// Who has it, or who rents it out, asked.
pub const WHO_HAS: &[&str] = &[
    "anyone has",
    "anybody has",
    "anyone renting",
    "anybody renting",
    "renting out",
    "rents it out",
    "who rents",
    "谁家有",
    "有人出租",
    "有人在租",
    "有人在 rent",
    "有人 rent",
    "有人租吗",
    // `any b200 i can rent`, `is there an h200 i could rent`: one to be had, asked.
    "i can rent",
    "i could rent",
    "can i rent",
    "could i rent",
    "available to rent",
    "up for rent",
    "能租到",
    "租得到",
    "可以租到",
];
