//! Words of a budget: money set aside to spend over a period (`每月预算3000`, `$800/month in
//! credits`, `算力经费`), which guides a choice or caps it, never a price to convert per hour.

/// Words that make a sum a budget.
pub const BUDGET_WORDS: &[&str] = &[
    "预算",
    "经费",
    "额度",
    "算力费",
    "budget",
    "credits",
    "credit",
    "allowance",
    "grant",
];

/// Words asking how to spend a budget well: guidance (`怎么花最划算`, `smartest way to spend
/// it`).
pub const SPEND_ASKED: &[&str] = &[
    "怎么花",
    "怎么用最",
    "花在哪",
    "最划算",
    "租哪",
    "租什么",
    "选哪",
    "哪家",
    "spend it",
    "best way",
    "smartest way",
    "most out of",
    "what should we rent",
    "what should i rent",
    "which cloud",
    "which provider",
    "which platform",
    "which gpu",
    "which card",
    "what gpu",
    "what card",
];
