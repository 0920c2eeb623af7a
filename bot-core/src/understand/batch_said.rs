//! A batch said with a verb between the word and its number (`batch开8`, `batch设成16`, `batch
//! size 开到 4`), in Chinese words (`批量8`, `批大小16`, `批量开到32`) or with a Chinese numeral
//! (`batch开八`, `并发八`): written `batch N`, the form the batch reader takes. Left as said, the number
//! was dropped (memory sized for one sequence) or read as a count of cards (`批大小16 4090` was
//! 16 cards): a number keeps its role.

use super::numerals::value_of;

/// Words that name a batch, longest first.
const BATCH: &[&str] = &[
    "批处理大小",
    "批次大小",
    "批量大小",
    "batch size",
    "batch_size",
    "batchsize",
    "批大小",
    "批量",
    "批次",
    "并发数",
    "并发",
    "batch",
    "bs",
];
/// Verbs and marks between the word and its number (`开`, `设成`, `调到`, `是`), longest first.
const SETTING: &[&str] = &[
    "设置成",
    "设置为",
    "设置到",
    "开到",
    "开成",
    "设成",
    "设为",
    "设到",
    "调到",
    "调成",
    "改成",
    "改为",
    "拉到",
    "开",
    "设",
    "调",
    "给",
    "用",
    "是",
    "为",
    "到",
];
/// Words after a number that make it another count (`批量8张`, `batch 2小时`): no batch.
const COUNTED: &[&str] = &["张", "卡", "台", "块", "个", "小时", "分钟", "天"];
/// English units after a number, as whole words.
const COUNTED_EN: &[&str] = &["h", "gpu", "gpus", "card", "cards", "x", "hours", "min"];
/// The batch words the batch reader takes as they are (`batch 8`).
const READ: &[&str] = &["batch", "bs", "batchsize", "batch_size", "batch size"];

/// The text with each batch said with a verb, in Chinese words or in Chinese numerals written
/// `batch N`.
pub(super) fn plain(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    'scan: while !rest.is_empty() {
        for w in BATCH {
            let Some(after) = rest.strip_prefix(w) else {
                continue;
            };
            // A word of its own (`bs` in `jobs` is none).
            let starts = out
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
            if !starts || (w.is_ascii() && after.starts_with(|c: char| c.is_ascii_alphabetic())) {
                continue;
            }
            if let Some((n, used)) = number_after(after, READ.contains(w)) {
                out.push_str(&format!("batch {n} "));
                rest = &after[used..];
                continue 'scan;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The number a batch word is set to at the start of `s` (spaces, a setting verb, then digits or
/// a Chinese numeral that no other unit follows), and the bytes it takes.
fn number_after(s: &str, read: bool) -> Option<(u32, usize)> {
    let mut t = s.trim_start();
    let verb = SETTING.iter().find(|v| t.starts_with(**v));
    if let Some(v) = verb {
        t = t[v.len()..].trim_start();
    }
    // `并发大概16`, `并发约 24`: an adverb of approximation keeps the cue's number.
    let about = crate::lexicon::APPROXIMATELY
        .iter()
        .find(|a| t.starts_with(**a));
    if let Some(a) = about {
        t = t[a.len()..].trim_start();
    }
    let len: usize = t
        .chars()
        .take_while(|c| {
            c.is_ascii_digit() || super::numerals::digit(*c).is_some() || matches!(c, '十' | '百')
        })
        .map(char::len_utf8)
        .sum();
    if len == 0 {
        return None;
    }
    let after = t[len..].trim_start();
    let word: String = after
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    // `并发 32k上下文`: a number of tokens (`32k`, `8千`, `1万`) is a context or a volume, and the
    // batch was said before the word (`20个并发`); taken as the batch, both were lost.
    let tokens = t[len..].starts_with(['k', 'K', '千', '万']);
    if tokens
        || COUNTED.iter().any(|u| after.starts_with(u))
        || COUNTED_EN.contains(&word.as_str())
        || after.starts_with(['.', ','])
    {
        return None;
    }
    // A bare `batch 8` is read as it is; only a verb, a Chinese word or a numeral needs
    // writing.
    let digits = t[..len].bytes().all(|b| b.is_ascii_digit());
    if digits && verb.is_none() && about.is_none() && read && s.starts_with(' ') {
        return None;
    }
    let n = u32::try_from(value_of(&t[..len].chars().collect::<Vec<_>>())?).ok()?;
    (1..=crate::vram::MAX_BATCH)
        .contains(&n)
        .then_some((n, s.len() - t.len() + len))
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_batch_set_with_a_verb_or_in_chinese_is_batch_n() {
        assert_eq!(plain("推理 batch开8 一张l4"), "推理 batch 8  一张l4");
        assert_eq!(plain("batch设成16 4090够不够"), "batch 16  4090够不够");
        assert_eq!(plain("批大小16 4090"), "batch 16  4090");
        assert_eq!(plain("批量开到32 l40s"), "batch 32  l40s");
        assert_eq!(plain("batch开八 a10"), "batch 8  a10");
        assert_eq!(plain("batch size 开到 4 在3090上"), "batch 4  在3090上");
        // Read as said: a bare batch, a count of cards, bulk renting, another word.
        assert_eq!(plain("batch 8 4090"), "batch 8 4090");
        assert_eq!(plain("批量租8张4090"), "批量租8张4090");
        assert_eq!(plain("批量8张4090"), "批量8张4090");
        assert_eq!(plain("jobs 8"), "jobs 8");
        assert_eq!(plain("batch开8 h100"), "batch 8  h100");
        assert_eq!(plain("批量 8 h100"), "batch 8  h100");
        assert_eq!(plain("batch 2 hours"), "batch 2 hours");
        assert_eq!(plain("并发八 4090"), "batch 8  4090");
        // An adverb of approximation between the word and its number.
        assert_eq!(plain("并发大概16 l40s"), "batch 16  l40s");
        assert_eq!(plain("并发约 24 a10"), "batch 24  a10");
        // A number of tokens after the word is no batch.
        assert_eq!(plain("20个并发 32k上下文"), "20个并发 32k上下文");
        assert_eq!(plain("并发 8K context"), "并发 8K context");
    }
}
