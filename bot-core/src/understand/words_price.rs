//! Cue words for prices: a job's cost, the cheapest, rent vs an API, a conversion, a price
//! cap. Matched on the normalized text like [`super::words`].

pub(super) const COST_WORDS: &[&str] = &[
    "多少钱",
    "how much",
    "cost",
    "花多少",
    "要多少",
    "费用",
    "价格多少",
    "收费",
    "大概多少",
    "多少米",
    "how much would",
    "how much does",
    "what would it cost",
    "price for",
    "要花",
    "贵不贵",
    "几块钱",
    "几刀",
    "费用多少",
    "租金",
    "多钱",
    "几百",
    "几块",
    "多少块",
    "价格",
    "价钱",
    "price",
    "what does it cost",
    "how much is",
    "how many money",
    "how much money",
    "啥价",
    "什么价",
    "多少价",
    "市场价",
    "行情价",
    "报价",
    "market price",
    "going rate",
];

/// Which of several is cheaper, asked (`哪个便宜`, `which one is cheaper`): with two cards and
/// no job, both are ranked by a real hour. Read with a which-word (`WHICH_WORDS`), never alone:
/// `compare`/`对比` ask for the specs, `cheap` describes (`for a cheap inference box`), and
/// `划算` (worth it for a job) weighs speed against price: the cards side by side.
pub(super) const CHEAPER_WORDS: &[&str] =
    &["便宜", "cheaper", "cheapest", "cheepest", "less expensive"];

/// The join words among [`super::words::SPECS_WORDS`] (`a10 vs t4`): two cards joined by one
/// alone are set side by side, but the word asks nothing of its own, so a which-cheaper word
/// after it asks the price as after `和`, `对比` or `还是` (`a10 vs t4 哪个便宜`).
pub(super) const SPECS_JOINS: &[&str] = &["vs ", "versus"];

/// The which-word of a question that picks one of several.
pub(super) const WHICH_WORDS: &[&str] = &[
    "哪个",
    "哪個",
    "哪一个",
    "哪一個",
    "哪张",
    "哪張",
    "which",
    "谁",
];

pub(super) const CHEAP_WORDS: &[&str] = &[
    "最便宜",
    "cheapest",
    "哪家便宜",
    "哪里便宜",
    "compare",
    "对比",
    "比较",
    "便宜",
    "cheaper",
    "cheepest",
    "cheapst",
    "chepest",
    "cheapest",
    "best price",
    "lowest price",
    "哪个便宜",
    "哪家划算",
    "哪个划算",
    "更便宜",
    "cheapest",
    "which is cheaper",
    "less expensive",
    "lowest",
    "最划算",
    "划算",
    "best deal",
    "good deal",
    "deal on",
    "save money",
    // A comparison verb: between two cards their specs and prices side by side, for one
    // card its prices.
    "比一下",
    "比一比",
    "比比",
    "实惠",
    "性价比",
    "affordable",
    "cheap ",
    "最省",
    "省钱",
    "最省钱",
    "most economical",
    // The comparative the other way (`is a 5090 much pricier than a 4090`): the same ranking.
    "pricier",
    "more expensive",
    "costlier",
];

/// Rent vs an API (self-hosting against paying per token).
pub(super) const TCO_WORDS: &[&str] = &[
    // A word of its own (`stcok` is not a TCO question).
    " tco ",
    "自建",
    "自己部署",
    "自己搭",
    "自己租卡",
    "租卡还是",
    "还是调api",
    "还是用api",
    "还是api",
    "调api",
    "api划算",
    "api便宜",
    "回本",
    "rent vs api",
    "vs api",
    "vs the api",
    "or api",
    "or an api",
    "or the api",
    "or use an api",
    "or use the api",
    "than an api",
    "than the api",
    "than api",
    "break-even",
    "break even",
    "breakeven",
    "self-host",
    "selfhost",
    "self host",
    "调api",
    "用api",
    "api哪个",
    "api便宜",
    "api贵",
    "self-hosting",
    "host it myself",
    "run it myself",
    "my own gpu",
    "vs an api",
    "vs. api",
    "or an api",
    "or use an api",
    "api or",
    "划算还是",
    // Paying set against renting is the API side of the sum (`vs paying $0.1/M`); paying per
    // token alone is not (`want to stop paying per token … will it fit` is a fit).
    "vs paying",
];

/// A price turned into another currency or unit, whatever card or platform it is the price
/// of (`runpod 的 h100 2.69刀一小时 换算成人民币多少`).
pub(super) const CONVERT_WORDS: &[&str] = &[
    "换算",
    "换成",
    "折合",
    "折算",
    "合人民币",
    "合美元",
    "合多少",
    // `0.0006美元每秒，等于每小时多少`: a rate said equal to another unit's (und_dx).
    "等于",
    "相当于",
    "in cny",
    "in usd",
    "in rmb",
    "in yuan",
    "to cny",
    "to usd",
    "to rmb",
    "to yuan",
    "to dollars",
    "convert",
];

pub(super) const PRICE_WORDS: &[&str] = &["价格", "价钱", "租金", "price", "pricing", "rate"];
