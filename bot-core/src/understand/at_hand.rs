//! Money as a sentence says it, for `/pick`'s facts (`understand::facts`): an amount's word
//! (`50`, `2k`, `3000块`), its currency, the words between a budget word and its amount, and
//! money at hand as the budget (`我手头有200`, `只有20块`, `就剩30`, `i have 50 bucks`): the
//! lexicon's one table of its words (`lexicon::MONEY_AT_HAND`) read by one reader with one guard.

use rust_decimal::Decimal;

/// Money at hand as the budget (`我手头有200`, `只有20块`, `就剩30了`, `i have 50 bucks`,
/// `all I've got is $10`; the lexicon's one table `MONEY_AT_HAND`): the first of its words
/// whose amount passes the guard ([`money_after`]). Anything else after the words (`只有支付宝`,
/// `i only have 2 hours`, `i have a 3090`, `我有两张4090`, `只有8g显存`) is no budget.
pub(super) fn at_hand(
    norm: &str,
    is_card: impl Fn(&str) -> bool,
) -> Option<(Decimal, Option<&'static str>)> {
    let low = norm.to_lowercase();
    crate::lexicon::at_hand_words().find_map(|w| {
        low.match_indices(w)
            .find_map(|(i, _)| money_after(&low[i + w.len()..], &is_card))
    })
}

/// The one guard of money at hand: the amount at the start of `rest` (after `budget_lead`'s
/// words) when it is money — its currency glued or the next word, or a bare number that ends
/// its clause (no Latin word after it; `normalize` makes `，` a space and glues a Chinese unit
/// to its number, so a Chinese word after it starts another clause: `就剩50了 够吗`) and is no
/// card's name (`我有3090`).
pub(super) fn money_after(
    rest: &str,
    is_card: impl Fn(&str) -> bool,
) -> Option<(Decimal, Option<&'static str>)> {
    const CLAUSE_END: &[char] = &[',', '，', '。', '.', ';', '；', '!', '！', '、', '?', '？'];
    let rest = budget_lead(rest.trim_start());
    // The amount's word, cut at the clause's end (`就剩50了，` → `50了`).
    let word_end = rest
        .find(|c: char| c.is_whitespace() || CLAUSE_END.contains(&c))
        .unwrap_or(rest.len());
    let word = &rest[..word_end];
    let after = &rest[word_end..];
    let amount_text = word.trim_end_matches(['了', '啊', '呢', '吧']);
    let amount = amount_word(amount_text)?;
    let next = after
        .split_whitespace()
        .next()
        .filter(|n| !n.starts_with(CLAUSE_END));
    let currency = currency_word(amount_text).or_else(|| {
        next.filter(|n| !n.chars().any(|c| c.is_ascii_digit()))
            .filter(|n| n.chars().count() <= 8)
            .and_then(|n| currency_word(n.trim_end_matches(CLAUSE_END)))
    });
    let ends = next.is_none()
        || after.trim_start().starts_with(CLAUSE_END)
        || next.is_some_and(|n| !n.starts_with(|c: char| c.is_ascii_alphanumeric()));
    let bare_card = currency.is_none() && is_card(amount_text);
    (currency.is_some() || (ends && !bare_card)).then_some((amount, currency))
}

/// What comes between the budget's word and its amount and says nothing of it: `预算改成80`,
/// `budget of 100 rmb`, `budget is about $30`, `预算最多两百` (a change or a bound said).
pub(super) fn budget_lead(rest: &str) -> &str {
    const LEAD: &[&str] = &[
        "改成",
        "改为",
        "换成",
        "调到",
        "调成",
        "提到",
        "降到",
        "加到",
        "变成",
        "最多",
        "顶多",
        "不超过",
        "只有",
        "就",
        "of",
        "is",
        "up to",
        "at most",
        "max",
        "maximum",
        "maybe",
        "to",
        // A bound or a hedge before the figure (`budget under 100ish`, pick_af): the budget.
        "under",
        "below",
        "less than",
        "within",
        "around",
        "roughly",
    ];
    let mut r = rest.trim_start_matches([' ', ':', '是', '在']);
    loop {
        let before = r;
        for w in LEAD {
            if let Some(t) = r.strip_prefix(w)
                && (!w.is_ascii() || t.starts_with(' '))
            {
                r = t.trim_start_matches([' ', ':', '是', '在']);
            }
        }
        if r == before {
            return r;
        }
    }
}

/// The currency written in `word` (`30元`, `$20`, `50刀`, `20美元`), if it is USD or CNY: the
/// reader's currency words, the longest found first (`美元` is not `元`), as the lexicon reads
/// them.
pub fn currency_word(word: &str) -> Option<&'static str> {
    let w = word.to_lowercase();
    let found = super::price::CURRENCY_WORDS
        .iter()
        .filter(|c| w.contains(**c))
        .max_by_key(|c| c.chars().count())?;
    match crate::lexicon::parse_currency(found).ok()?.as_str() {
        "USD" => Some("USD"),
        "CNY" => Some("CNY"),
        _ => None,
    }
}

/// The amount at the start of `text`: `50`, `2k`, `2k吧`, `1.5w`, `3000块`, `2千`, `1万`;
/// `None` when more follows than a currency or a "roughly" (`999b` is no amount).
pub fn amount_word(text: &str) -> Option<Decimal> {
    let t = text.trim_start_matches(['¥', '$', ' ']);
    let end = t
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
        .map_or(t.len(), |(i, _)| i);
    let n: Decimal = t[..end].parse().ok()?;
    let mut rest = &t[end..];
    let mut mult = 1;
    for (w, m) in [("k", 1000), ("千", 1000), ("w", 10_000), ("万", 10_000)] {
        if let Some(r) = rest.strip_prefix(w) {
            rest = r;
            mult = m;
            break;
        }
    }
    const TAILS: &[&str] = &[
        "",
        "吧",
        "左右",
        "以内",
        "以下",
        "块",
        "块钱",
        "元",
        "刀",
        "美元",
        "usd",
        "cny",
        "rmb",
        "块吧",
        "元吧",
        "左右吧",
        // `under 100ish`: the English hedge glued to one figure is that figure (pick_af).
        "ish",
    ];
    if !TAILS.contains(&rest.trim()) {
        return None;
    }
    n.checked_mul(Decimal::from(mult))
        .filter(|b| *b > Decimal::ZERO && *b < Decimal::from(10_000_000))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::understand::text::normalize;

    #[test]
    fn money_at_hand_is_the_budget() {
        let no_card = |_: &str| false;
        for (t, amount, cur) in [
            ("我是学生，一个小时就行，只有20块", 20, Some("CNY")),
            ("就剩30", 30, None),
            ("跑1小时，就剩50了，够吗", 50, None),
            ("student here, i only have 5 bucks", 5, Some("USD")),
            ("all I've got is $10", 10, Some("USD")),
            ("i only have 8 dollars", 8, Some("USD")),
            ("我手头有200，想lora微调", 200, None),
            ("i have 50 bucks", 50, Some("USD")),
            ("我有20块", 20, Some("CNY")),
        ] {
            let norm = normalize(t);
            assert_eq!(
                at_hand(&norm, no_card),
                Some((Decimal::from(amount), cur)),
                "{t} ({norm})"
            );
        }
        // A payment, a length, a card or memory after the same words is no budget.
        for t in [
            "只有支付宝",
            "i only have 2 hours",
            "只有8g显存",
            "就剩2张卡",
            "只有一张4090",
            "we only have 3 cards",
            "i have 8 hours",
            "i have 4 gpus at home",
            "i have a 3090",
            "我有两张4090",
        ] {
            let norm = normalize(t);
            assert_eq!(at_hand(&norm, no_card), None, "{t} ({norm})");
        }
        // A bare number that is a card's name is the card, never money.
        let cat = Catalog::embedded().unwrap();
        for t in ["我有3090", "i have 4090, want to tune"] {
            let norm = normalize(t);
            let card = |w: &str| cat.find_gpu(w).is_some();
            assert_eq!(at_hand(&norm, card), None, "{t} ({norm})");
        }
    }

    #[test]
    fn a_figure_hedged_with_ish_is_that_figure() {
        assert_eq!(amount_word("100ish"), Some(Decimal::from(100)));
        assert_eq!(amount_word("100左右"), Some(Decimal::from(100)));
        assert_eq!(amount_word("100ishy"), None);
        // A bound before it leads to the figure, as `up to` does.
        assert_eq!(budget_lead("under 100ish"), "100ish");
        assert_eq!(budget_lead("underway"), "underway");
    }
}
