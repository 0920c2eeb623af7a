//! A budget or a length said with no figure, read by the shape of the phrase: a noun of money
//! (`预算`, `钱`, `budget`, `money`) or of time (`时间`, `time`) with a quantifier of small
//! degree after or before it (`不多`, `有限`, `很少`, `紧`, `not much`, `limited`, `tight`,
//! degree adverbs between: `预算比较有限`, `budget is pretty tight`), or an indefinite length
//! standing for the whole answer (`跑一会儿就行`, `not long`, `just a bit`, `a while`). No
//! numeral in its clause: `预算不多，300左右` says 300 elsewhere, read by the budget readers.

/// What a phrase with no figure is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoFigure {
    Money,
    Length,
}

const MONEY_NOUNS: &[&str] = &[
    "预算", "经费", "资金", "钱", "budget", "money", "funds", "cash",
];
const TIME_NOUNS: &[&str] = &["时间", "时长", "time"];
/// Quantifiers of small degree after their noun (`预算不多`, `budget is tight`).
const SMALL_AFTER: &[&str] = &[
    "不多",
    "不太多",
    "有限",
    "很少",
    "较少",
    "不够",
    "不高",
    "很低",
    "较低",
    "紧张",
    "吃紧",
    "不足",
    "不宽裕",
    "不充裕",
    "紧",
    "少",
    "低",
    "短",
    "不长",
    "not much",
    "not a lot",
    "limited",
    "tight",
    "low",
    "small",
    "short",
    "scarce",
    "not big",
    "not high",
];
/// Quantifiers of small degree before their noun (`not much money`, `没多少钱`, `tight budget`).
const SMALL_BEFORE: &[&str] = &[
    "don't have much",
    "do not have much",
    "dont have much",
    "not have much",
    "haven't got much",
    "not much",
    "not a lot of",
    "very little",
    "little",
    "limited",
    "tight",
    "low",
    "small",
    "short on",
    "low on",
    "没有多少",
    "没多少",
    "没什么",
    "没啥",
    "很少的",
    "有限的",
    "不多的",
];
/// Degree adverbs and copulas between a noun and its quantifier.
const BETWEEN: &[&str] = &[
    "比较",
    "非常",
    "特别",
    "有点",
    "有些",
    "实在",
    "真的",
    "很",
    "挺",
    "太",
    "也",
    "就",
    "都",
    "是",
    "the",
    "my",
    "our",
    "is",
    "are",
    "'s",
    "quite",
    "very",
    "pretty",
    "kinda",
    "kind of",
    "rather",
    "a bit",
    "really",
    "super",
    "so",
    "fairly",
    "extremely",
];
/// Lengths said with no figure, whole answers (`一会儿`, `a while`), longest first.
const LENGTHS: &[&str] = &[
    "一小会儿",
    "一小会",
    "一会儿",
    "一会",
    "一阵子",
    "一阵",
    "一段时间",
    "片刻",
    "没多久",
    "不会太久",
    "不会很久",
    "不太久",
    "不用太久",
    "不久",
    "很短",
    "短时间",
    "很久",
    "好久",
    "挺久",
    "a little bit",
    "a little while",
    "a short while",
    "a short time",
    "a long while",
    "a long time",
    "not for long",
    "not very long",
    "not too long",
    "not long",
    "a while",
    "a bit",
    "a moment",
    "briefly",
    "for long",
    "some time",
];
/// Words a whole-answer length may stand among (`跑一会儿就行`, `just a bit`).
const FILLERS: &[&str] = &[
    "就行", "就好", "就够", "而已", "先", "只", "就", "跑", "用", "开", "租", "试", "下", "吧",
    "了", "啊", "的", "大概", "也", "just", "only", "run", "it", "for", "maybe", "like", "then",
    "use", "try", "rent", "lol", "probably", "i", "guess", "will", "should", "be", "enough",
];

/// The first phrase of `text` (lower case, Simplified) that says a budget or a length with no
/// figure: what it is about and the byte range of its clause.
pub fn no_figure(text: &str) -> Option<(NoFigure, usize, usize)> {
    let mut from = 0;
    for piece in text.split(super::CLAUSE_MARKS) {
        let (a, b) = (from, from + piece.len());
        from = b + text[b..].chars().next().map_or(0, char::len_utf8);
        if piece
            .chars()
            .any(|c| c.is_ascii_digit() || super::numerals::digit(c).is_some())
            && !LENGTHS.iter().any(|l| piece.contains(l))
        {
            continue;
        }
        if MONEY_NOUNS.iter().any(|n| small_beside(piece, n)) {
            return Some((NoFigure::Money, a, b));
        }
        if TIME_NOUNS.iter().any(|n| small_beside(piece, n)) || length_alone(piece) {
            return Some((NoFigure::Length, a, b));
        }
    }
    None
}

/// Whether `noun` stands in `c` with a quantifier of small degree after it (degree words
/// between) or before it.
fn small_beside(c: &str, noun: &str) -> bool {
    c.match_indices(noun).any(|(at, _)| {
        let latin = noun.is_ascii();
        if latin
            && (c[..at].ends_with(|x: char| x.is_ascii_alphabetic())
                || c[at + noun.len()..].starts_with(|x: char| x.is_ascii_alphabetic()))
        {
            return false;
        }
        let mut after = c[at + noun.len()..].trim_start();
        while let Some(w) = BETWEEN.iter().find(|w| word_at(after, w)) {
            after = after[w.len()..].trim_start();
        }
        let before = c[..at].trim_end();
        SMALL_AFTER.iter().any(|w| word_at(after, w))
            || SMALL_BEFORE.iter().any(|w| {
                before.ends_with(w)
                    && (!w.is_ascii()
                        || !before[..before.len() - w.len()]
                            .ends_with(|x: char| x.is_ascii_alphabetic()))
            })
    })
}

/// Whether `s` starts with `w`, a whole word where `w` is Latin.
fn word_at(s: &str, w: &str) -> bool {
    s.starts_with(w)
        && (!w.is_ascii() || !s[w.len()..].starts_with(|x: char| x.is_ascii_alphabetic()))
}

/// Whether a clause is a length with no figure among fillers only (`跑一会儿就行`, `just a bit`).
fn length_alone(c: &str) -> bool {
    let Some(l) = LENGTHS.iter().find(|l| c.contains(**l)) else {
        return false;
    };
    let mut rest = c.replacen(l, " ", 1);
    loop {
        let t = rest.trim_start();
        match FILLERS
            .iter()
            .filter(|w| word_at(t, w))
            .max_by_key(|w| w.len())
        {
            Some(w) => rest = t[w.len()..].to_string(),
            None => break,
        }
        if rest.trim().is_empty() {
            break;
        }
    }
    let left = rest.trim();
    left.is_empty()
        || left
            .split_whitespace()
            .all(|w| FILLERS.contains(&w) || w.chars().all(|c| !c.is_alphanumeric()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(t: &str) -> Option<NoFigure> {
        no_figure(t).map(|(k, _, _)| k)
    }

    #[test]
    fn money_and_time_with_no_figure() {
        for t in [
            "钱不多",
            "预算不多",
            "预算有限",
            "预算比较有限",
            "预算很少",
            "budget is tight",
            "budget is pretty tight",
            "not much money",
            "tight budget",
            "i don't have much money",
            "没多少钱",
            "经费紧张",
            "没什么预算",
            "预算比较紧",
            "budget's limited",
            "low on money",
        ] {
            assert_eq!(kind(t), Some(NoFigure::Money), "{t}");
        }
        for t in [
            "跑一会儿就行",
            "not long",
            "just a bit",
            "时间不长",
            "a short while",
            "run it for a while",
            "跑一阵子",
            "用一小会儿",
            "not for long",
            "short on time",
        ] {
            assert_eq!(kind(t), Some(NoFigure::Length), "{t}");
        }
        let t = "lora finetune qwen2.5 7b for 3 hours, budget is tight";
        let (k, a, b) = no_figure(t).unwrap();
        assert_eq!((k, &t[a..b]), (NoFigure::Money, " budget is tight"));
    }

    #[test]
    fn a_figure_or_another_sense_is_no_such_phrase() {
        for t in [
            "预算300",
            "预算不多于300",
            "budget 50",
            "a bit more memory",
            "a bit of fine-tuning",
            "lowest price",
            "small model",
            "money is no problem",
            "跑一会儿3小时",
            "qwen2.5 7b",
            "时间",
            "一直开着",
        ] {
            assert_eq!(kind(t), None, "{t}");
        }
    }
}
