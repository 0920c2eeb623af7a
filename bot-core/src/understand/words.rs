//! Cue words: which command a question asks for. Matched on the normalized text (lower case,
//! half-width), so each list holds one spelling per word.
//!
//! This file holds the fit and specs words and re-exports the rest, kept by topic:
//! [`super::words_price`], [`super::words_stock`], [`super::words_platforms`],
//! [`super::words_alerts`], [`super::words_guidance`].

pub(super) use super::words_alerts::{
    ALERT_LIST_WORDS, ALERT_STOP_WORDS, ALERT_WORDS, ALL_WORDS, ARRIVALS, FALLS_TO, TELL,
};
pub(super) use super::words_guidance::{GREETINGS, HELP_WORDS, PLACE_PICK_WORDS, asks_pick};
pub(super) use super::words_platforms::{
    AGAINST_WORDS, NOT_NEEDED_WORDS, PLATFORM_FACT_WORDS, PLATFORM_LIST_WORDS, QUALITY_WORDS,
    WHICH_BETTER_WORDS,
};
pub(super) use super::words_price::{
    CHEAP_WORDS, CHEAPER_WORDS, CONVERT_WORDS, COST_WORDS, PRICE_WORDS, SPECS_JOINS, TCO_WORDS,
    WHICH_WORDS,
};
pub(super) use super::words_stock::{
    EASY_TO_RENT, EXISTS_ENDS, GOT_ONE, HAVE_WORDS, IN_STOCK_WORDS, ON_DEMAND, PERIOD_NOW,
    RECENT_WORDS, RENT_AHEAD, STOCK_WORDS, TREND_WORDS,
};

/// Words before a number that count something other than cards: `batch 8 4090` and `并发10，4090`
/// are not eight or ten cards.
pub(super) const BATCH_WORDS: &[&str] =
    &["batch", "bs", "size", "并发", "concurrency", "concurrent"];

pub(super) const FIT_WORDS: &[&str] = &[
    "能跑",
    "跑得动",
    "跑得了",
    "跑不跑",
    "能不能跑",
    "放得下",
    "装得下",
    "够不够",
    "够用",
    "显存够",
    "能部署",
    "能训",
    "能微调",
    "fit",
    "can i run",
    "can it run",
    "enough",
    "run ",
    "跑",
];

pub(super) const SPECS_WORDS: &[&str] = &[
    "显存多大",
    "显存多少",
    // `T4 有多少显存`, `how much memory does the L4 have`: the memory asked in other orders.
    "有多少显存",
    "how much memory does",
    "how much memory do",
    // `ram` said for the card's memory (`how much ram does the 4090 have`): the card has it.
    "how much ram does",
    "参数",
    "规格",
    "带宽",
    "specs",
    "spec",
    "how much vram",
    "vram",
    "tflops",
    "算力",
    "区别",
    "差别",
    "不同",
    "有什么不一样",
    "difference",
    "differ",
    "vs ",
    "versus",
    "compare specs",
    "显存",
    "memory bandwidth",
    // `a100, h100, which has more memory`: cards weighed on their memory (a model makes it a fit).
    "more memory",
    "most memory",
    "bigger memory",
    "more vram",
    "内存大",
    "内存多",
    "bandwidth",
    "how fast",
    "性能",
    "哪个好",
    "哪个强",
    "哪个更好",
    "which is better",
    "better",
    "stronger",
    "不一样",
    "啥区别",
    "差多少",
    "差距",
    "差在哪",
    "哪个适合",
    "哪个更适合",
    "更适合",
    "better for",
    "差价",
    "差什么",
    "有什么区别",
    "which one for",
    // `autodl 的 vgpu-32g 是什么卡`: what a named card is (a platform beside it is where it was
    // seen, not a price asked).
    "是什么卡",
    "是啥卡",
    "是什么显卡",
    "是哪种卡",
    "what kind of card",
    "what kind of gpu",
    "what card is",
];

/// Words that make a duration the length of a job (`跑40分钟`), not a unit to convert to.
pub(super) const RUN_WORDS: &[&str] =
    &["跑", "用", "租", "run ", "running", "for ", "job", "train"];
