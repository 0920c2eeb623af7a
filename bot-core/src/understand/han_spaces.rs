//! Spaces typed between Chinese words (`A10 哪里 能 租到`): people, voice input and some IMEs
//! put them there, and Chinese writes no space between words, so such a space carries no
//! meaning. It is dropped once, here, before any cue is matched, so every whole-phrase cue
//! (`哪里能租到`, `多大显存`, `不用实名`) sees the joined phrase; before, a split stock cue left
//! the bare card, read as its spec sheet.
//!
//! A space is kept where it still separates: beside anything that is not a Han character (a
//! model name, a card, a number: `qwen3 8b 部署`), after a sentence-final particle (`有货吗
//! 多少钱`: two questions, the space their full stop), and beside an amount (a number and its
//! unit, `40 刀 等于…`, `开八个钟 一个月多少`): an amount is a fact of its own, and joined to the
//! next word its unit was read as something else (a currency lost, a daily length lost).

use crate::lexicon::is_han;

/// Particles that end a sentence: a space after one is the sentence's end, kept.
const SENTENCE_ENDS: [char; 9] = ['吗', '呢', '吧', '啊', '呀', '么', '嘛', '哦', '啦'];

/// Chinese numerals, and the counters and units (or a unit's first character: `美元`, `人民币`,
/// `小时`) that end an amount after one.
const NUMERALS: [char; 16] = [
    '〇', '一', '二', '两', '三', '四', '五', '六', '七', '八', '九', '十', '百', '千', '半', '几',
];
const UNITS: [char; 24] = [
    '张', '块', '卡', '个', '时', '钟', '天', '周', '月', '年', '期', '台', '刀', '元', '秒', '毛',
    '角', '晚', '万', '美', '人', '欧', '分', '小',
];

fn numeral(c: char) -> bool {
    c.is_ascii_digit() || NUMERALS.contains(&c)
}

/// Whether `before` (the text up to a blank) ends in an amount: a unit after a numeral a few
/// characters back (`八个钟`, `两张`), a unit right after a number (`45秒`, `40 刀`; never a
/// card's word, `A10 哪里`), or a numeral (`四百八`).
fn amount_ends(before: &[char]) -> bool {
    let run = before.iter().rev().take_while(|c| is_han(**c)).count();
    let word = &before[before.len() - run..];
    // A number right before the word, glued or apart (`45秒`, `40 刀`).
    // A magnitude letter after the digits (`1.5k个请求`, `2w次`) ends the number too.
    let head: Vec<char> = before[..before.len() - run]
        .iter()
        .rev()
        .filter(|c| !blank(**c))
        .take(2)
        .copied()
        .collect();
    let number_before = match head[..] {
        [c, ..] if c.is_ascii_digit() => true,
        [m, d] => matches!(m, 'k' | 'K' | 'w' | 'W') && d.is_ascii_digit(),
        _ => false,
    };
    let unit_last = word.last().is_some_and(|c| UNITS.contains(c));
    (number_before && run <= 3 && word.first().is_some_and(|c| UNITS.contains(c)))
        || (unit_last && word.iter().rev().skip(1).take(3).any(|c| numeral(*c)))
        // A spoken amount ends on its numeral (`一天要四百八 换成…`).
        || word.last().is_some_and(|c| numeral(*c))
}

/// Whether `after` starts with a unit, which continues the amount before it (`三个 小时`).
fn unit_starts(after: &[char]) -> bool {
    after.first().is_some_and(|c| UNITS.contains(c))
        || ["小时", "分钟", "星期", "美元"]
            .iter()
            .any(|u| after.iter().zip(u.chars()).filter(|(a, b)| *a == b).count() == 2)
}

/// Whether `after` starts with a currency written in Chinese (`美元`, `人民币`, `欧元`): named
/// apart, it is the sum's target or a fact of its own (`2块5每小时 美元`); joined to the word
/// before, the rate's unit and the currency ran together and the target was lost.
fn currency_starts(after: &[char]) -> bool {
    crate::lexicon::CURRENCIES.iter().any(|c| {
        let w: Vec<char> = c.word.chars().collect();
        w.len() >= 2 && w.iter().all(|ch| is_han(*ch)) && after.starts_with(&w)
    })
}

/// Whether `after` (the text after a blank) starts with an amount (`一个月`, `两小时`).
fn amount_starts(after: &[char]) -> bool {
    after.first().is_some_and(|c| numeral(*c))
        && after.iter().skip(1).take(2).any(|c| UNITS.contains(c))
}

fn blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{3000}')
}

/// `chars` without the runs of blanks that stand between two Han characters (but after a
/// sentence-final particle). One walk.
pub(super) fn joined(chars: Vec<char>) -> Vec<char> {
    if !chars.iter().any(|c| blank(*c)) {
        return chars;
    }
    let mut out: Vec<char> = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if !blank(c) {
            out.push(c);
            i += 1;
            continue;
        }
        let end = (i..chars.len())
            .find(|&j| !blank(chars[j]))
            .unwrap_or(chars.len());
        let before = out.last().copied();
        let after = chars.get(end).copied();
        let between_words = matches!((before, after), (Some(b), Some(a))
            if is_han(b) && is_han(a) && !SENTENCE_ENDS.contains(&b));
        // An amount is a fact of its own, unless its own unit follows (`三个 小时`).
        let rest = &chars[end..];
        let amount_apart = || {
            (amount_ends(&out) && !unit_starts(rest))
                || amount_starts(rest)
                || currency_starts(rest)
        };
        let drop = between_words && !amount_apart();
        if !drop {
            out.extend_from_slice(&chars[i..end]);
        }
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::joined;

    fn j(s: &str) -> String {
        joined(s.chars().collect()).into_iter().collect()
    }

    #[test]
    fn spaces_between_chinese_words_are_dropped() {
        assert_eq!(j("A10 哪里 能 租到"), "A10 哪里能租到");
        assert_eq!(j("帮 我\u{3000}推荐  个 平台"), "帮我推荐个平台");
    }

    #[test]
    fn spaces_beside_other_words_and_after_a_sentence_end_stay() {
        assert_eq!(j("qwen3 8b 部署 要 显存"), "qwen3 8b 部署要显存");
        assert_eq!(j("4090 有货吗 多少钱"), "4090 有货吗 多少钱");
        assert_eq!(j("租 4090 一天"), "租 4090 一天");
        assert_eq!(j("一天 40 刀 等于 多少"), "一天 40 刀 等于多少");
        assert_eq!(j("4090 哪里 能 租到"), "4090 哪里能租到");
        assert_eq!(j("一天开八个钟 一个月 多少"), "一天开八个钟 一个月 多少");
        assert_eq!(j("跑45秒 按秒 计费"), "跑45秒 按秒计费");
        assert_eq!(
            j("年付 6000 美元 换成 人民币"),
            "年付 6000 美元 换成 人民币"
        );
        assert_eq!(j("2块5每小时 美元"), "2块5每小时 美元");
        assert_eq!(j("跑 三个 小时 多少 钱"), "跑 三个小时 多少钱");
        assert_eq!(j("一天要四百八 换成 每小时"), "一天要四百八 换成每小时");
    }
}
