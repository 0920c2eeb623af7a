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

/// Where `text` first says a budget by one of [`BUDGET_WORDS`], and the word (the longest at that
/// place): the one test every reader of a budget noun uses (`understand::vague_job`,
/// `size_guided`, `guide_more`, `guide_needs`, `budget_job`, `budget_said`, `budget_month`,
/// `own_figures`, `dialogue::monthly`), which had kept lists of their own (`预算`/`budget`, some
/// `经费`) and so read `额度`, `credits` or `allowance` as no budget. An English word stands
/// alone (`grant` is no part of `granted`), and `credit` before `card` is a way to pay, never a
/// budget.
pub fn budget_noun_at(text: &str) -> Option<(usize, &'static str)> {
    budget_nouns_in(text).min_by_key(|&(at, w)| (at, std::cmp::Reverse(w.len())))
}

/// Every place `text` says a budget by one of [`BUDGET_WORDS`], as [`budget_noun_at`] reads one.
pub fn budget_nouns_in(text: &str) -> impl Iterator<Item = (usize, &'static str)> + '_ {
    BUDGET_WORDS.iter().flat_map(move |w| {
        text.match_indices(w)
            .map(|(at, _)| (at, *w))
            .filter(move |&(at, w)| !w.is_ascii() || english_noun_alone(text, at, w))
    })
}

/// Whether `text` says a budget by one of [`BUDGET_WORDS`] ([`budget_noun_at`]).
pub fn budget_noun_said(text: &str) -> bool {
    budget_noun_at(text).is_some()
}

/// The English budget noun `w` at `at` is a word of its own (no letter glued either side) and no
/// card to pay with (`credit card`).
fn english_noun_alone(text: &str, at: usize, w: &str) -> bool {
    let before = text[..at].chars().next_back();
    let rest = &text[at + w.len()..];
    !before.is_some_and(|c| c.is_ascii_alphabetic())
        && !rest.starts_with(|c: char| c.is_ascii_alphabetic())
        && !rest.trim_start().starts_with("card")
}

/// Words of spending before an amount (`最多花50`, `能花`, `控制在300`, `i can spend`): the
/// amount after them is money to spend.
pub const SPEND_VERBS: &[&str] = &[
    "最多花",
    "花不超过",
    "能花",
    "可以花",
    "愿意花",
    "控制在",
    "can spend",
    "could spend",
];

/// Money at hand said before its amount (`我手头有200`, `只有20块`, `就剩30`, `i have 50
/// bucks`, `all I've got is $10`): one table for every kind, read by one reader with one guard
/// (`understand::facts`): the amount right after the words is the budget only when it is money
/// — a currency glued or the next word, or a bare number that ends its clause and is no card's
/// name. The same words before a length, a payment, a card, a count or memory (`i only have 2
/// hours`, `只有支付宝`, `i have a 3090`, `我有两张4090`, `只有8g显存`) are no budget.
/// Longest first where one holds another (`就只有` before `只有`).
pub const MONEY_AT_HAND: &[&str] = &[
    // All there is (`只有`, `i only have`).
    "就只有",
    "只有",
    "all i've got is",
    "all ive got is",
    "all i have is",
    "i only have",
    "i have only",
    "i've only got",
    "ive only got",
    "i only got",
    "only have",
    "only got",
    // What is left (`就剩`, `还剩`).
    "只剩下",
    "就剩下",
    "只剩",
    "就剩",
    "还剩",
    // What one has (`i have`, `我手头有`).
    "i have",
    "i've got",
    "ive got",
    "i got",
    "手头有",
    "手上有",
    "手头",
    "我有",
];

/// [`MONEY_AT_HAND`]'s words.
pub fn at_hand_words() -> impl Iterator<Item = &'static str> {
    MONEY_AT_HAND.iter().copied()
}

/// Bounds said on spending (`一个月最多两百`, `每周顶多50`, `max $150 a month`, `no more than
/// 300 rmb a week`): the words of spending and the lexicon's ceiling words that bound a quantity
/// at most, said before it (`lexicon::ceiling`, one table). Beside a period, the amount is a
/// budget for that period even with no budget word; an amount per hour beside one (`max
/// $2/hr`) stays the hourly cap.
pub fn spend_bounds() -> impl Iterator<Item = &'static str> {
    SPEND_VERBS
        .iter()
        .copied()
        .chain(super::ceiling::at_most_before())
}

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

/// Guidance asked of a sum (`500块能干点啥`, `what can I do with $40`, `cheapest way to … with
/// $30`): what the money buys, a choice to guide, even with a model named (corpus69). The one
/// class the reader's guidance rules read (`understand::vague_job`, `understand::budget_guide`).
pub const MONEY_CAN_DO: &[&str] = &[
    "能干啥",
    "能干点啥",
    "能干什么",
    "能干点什么",
    "能做什么",
    "能做点什么",
    "能做啥",
    "能做点啥",
    "能玩什么",
    "能玩点什么",
    "能玩点啥",
    "可以干啥",
    "可以干点啥",
    "可以干什么",
    "可以做什么",
    "可以做点什么",
    "怎么最省钱",
    "最省钱的方案",
    "最省钱的办法",
    "最便宜的方案",
    "最便宜的办法",
    "what can i do",
    "what could i do",
    "what can i run",
    "what can i try",
    "what can you do with",
    "what would you do with",
    "cheapest way",
    "cheapest route",
    "cheapest setup",
];

/// Whether `padded` asks what a sum can do, or the cheapest way to a job ([`MONEY_CAN_DO`]).
pub fn money_can_do(padded: &str) -> bool {
    MONEY_CAN_DO.iter().any(|w| padded.contains(w))
}

/// Money, as a budget or plainly (`预算`, `经费`, `钱`), before a word that it is short.
const MONEY_ZH: &[&str] = &["预算", "经费", "钱"];
/// Short, said after the money (`预算不多`, `经费紧张`, `钱不多`).
const SHORT_ZH: &[&str] = &["不多", "有限", "紧", "少", "不够", "不足", "不宽裕"];
/// Little, said before the money (`没多少预算`, `没什么钱`).
const LITTLE_ZH: &[&str] = &["没多少", "没什么", "没啥", "不多的", "很少的"];
/// A budget said short in English.
const SHORT_EN: &[&str] = &[
    "tight budget",
    "low budget",
    "limited budget",
    "small budget",
    "budget is tight",
    "budget is limited",
    "on a budget",
    "shoestring",
    "broke",
    "not much money",
    "little money",
    "don't have much money",
];

/// Whether `padded` says the money to spend is short, in words and with no sum (`预算不多`,
/// `没多少预算`, `经费紧张`, `tight budget`, `broke student`): a budget said, which asks for
/// the cheap choice.
pub fn budget_short(padded: &str) -> bool {
    super::followed(padded, MONEY_ZH, SHORT_ZH, 1)
        || super::followed(padded, LITTLE_ZH, MONEY_ZH, 0)
        || SHORT_EN.iter().any(|w| padded.contains(w))
}

/// Period words a budget alone uses (`月预算`, `$300/mo`), beside the each-period table's: a
/// budget's period, never a usage's (`一月` is January elsewhere).
const BUDGET_PERIODS: &[(&str, super::Period)] = &[
    ("月预算", super::Period::Month),
    ("一月", super::Period::Month),
    ("/月", super::Period::Month),
    ("/mo", super::Period::Month),
    // `老板说这个月GPU最多给2000块` (pick_al, und_ec): this month's money is a month's budget.
    ("这个月", super::Period::Month),
    ("this month", super::Period::Month),
    (" a mo", super::Period::Month),
    // `月费别过100` (pick_ak): a month's fee bounded is a month's budget.
    ("月费", super::Period::Month),
    ("日预算", super::Period::Day),
    ("周预算", super::Period::Week),
    ("/周", super::Period::Week),
    ("一星期", super::Period::Week),
    ("1星期", super::Period::Week),
    ("一个星期", super::Period::Week),
    ("1个星期", super::Period::Week),
];

/// [`BUDGET_PERIODS`]' words for period `p`.
pub fn budget_period_words(p: super::Period) -> impl Iterator<Item = &'static str> {
    BUDGET_PERIODS
        .iter()
        .filter(move |(_, q)| *q == p)
        .map(|(w, _)| *w)
}

#[cfg(test)]
mod tests {
    use super::{budget_noun_at, budget_noun_said, budget_short};

    #[test]
    fn a_budget_said_by_any_noun_of_the_one_table() {
        for p in [
            " 额度就200块 ",
            " 经费500 ",
            " 算力费300 ",
            " my credits are $40 ",
            " my allowance is 25 dollars ",
            " a grant of $500 ",
            " budget: 100 ",
        ] {
            assert!(budget_noun_said(p), "{p}");
        }
        // A card to pay with, a word the noun is part of: no budget.
        for p in [
            " i pay by credit card ",
            " credit cards accepted? ",
            " take it for granted ",
            " budgetary ",
        ] {
            assert!(!budget_noun_said(p), "{p}");
        }
        // The first place, the longest word there.
        assert_eq!(
            budget_noun_at("credits 50, budget 10"),
            Some((0, "credits"))
        );
        assert_eq!(budget_noun_at("预算额度"), Some((0, "预算")));
    }

    #[test]
    fn a_budget_said_short_in_words() {
        for p in [
            " 预算不多 ",
            " 没多少预算 ",
            " 经费紧张 ",
            " 钱不多 ",
            " tight budget ",
            " broke student ",
        ] {
            assert!(budget_short(p), "{p}");
        }
        // A sum, or money that is plenty, says nothing short.
        for p in [" 预算500 ", " 预算充足 ", " 钱多 ", " budget is $500 "] {
            assert!(!budget_short(p), "{p}");
        }
    }
}
