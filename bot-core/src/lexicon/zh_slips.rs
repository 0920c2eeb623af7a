//! The domain's Chinese words typed with an input method's slip that no table of typos lists:
//! raw pinyin sent before a candidate was chosen (`yitian多少` for 一天多少, `daohuo了`, `nali有货`),
//! and a character that looks like the word's own in a handwriting input (`最使宜` for 最便宜,
//! `预箅`). Data, never a list of slips: the toneless readings of `pinyin_readings.tsv`
//! ([`super::alike::readings`]) and the radical and residual strokes of `radical_strokes.tsv`
//! (Unihan kRSUnicode, `tools/unihan-radicals.py`), over one list of the domain's words
//! ([`DOMAIN_ZH`], with [`super::homophones::keys`]). Read only in a sentence with Chinese in it,
//! only where one word is that near, and said (`understand::slips_said`).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::alike::readings;
use super::is_han;

/// The domain's Chinese words whose raw pinyin or look-alike slip is read: prices and periods,
/// memory, stock and its arrival, where and which, the alert's verbs, trend, guidance, the jobs,
/// budget and billing, the barriers.
pub const DOMAIN_ZH: &[&str] = &[
    "便宜",
    "最便宜",
    "价格",
    "多少钱",
    "多少",
    "小时",
    "一小时",
    "每小时",
    "一天",
    "每天",
    "一周",
    "每周",
    "一个月",
    "每月",
    "包月",
    "显存",
    "显卡",
    "到货",
    "有货",
    "补货",
    "库存",
    "哪里",
    "哪家",
    "哪些",
    "提醒",
    "通知",
    "告诉",
    "订阅",
    "走势",
    "推荐",
    "部署",
    "微调",
    "推理",
    "训练",
    "预算",
    "计费",
    "实名",
    "支付宝",
    "微信",
    "一样",
    "区别",
    "多大",
    "能跑",
];

/// Words one look-alike character from a domain word, meant as themselves (`补贴` a subsidy, not
/// 补货): never read as the domain word.
const REAL_ZH: &[&str] = &["补贴", "贴补", "有贷", "贷款"];

/// Characters never read as a slip of another that looks like them: numerals (`七天` is no
/// `一天`) and the words a question is made of (`选啥卡`, `是`, `的`).
const NEVER_SLIPS: &str =
    "零一二三四五六七八九十百千万亿两半几啥的了是不在和与或吗呢吧么这那你我他它";

/// The domain words, each as its characters: the look-alike reader's (the homophone keys are
/// read alike by sound, `homophones`, never by shape: `混元` is no `港元`).
fn domain_words() -> &'static [Vec<char>] {
    static W: OnceLock<Vec<Vec<char>>> = OnceLock::new();
    W.get_or_init(|| DOMAIN_ZH.iter().map(|w| w.chars().collect()).collect())
}

/// The domain words and the homophone keys, each as its characters: the raw pinyin reader's.
fn words() -> &'static [Vec<char>] {
    static W: OnceLock<Vec<Vec<char>>> = OnceLock::new();
    W.get_or_init(|| {
        let mut w: Vec<Vec<char>> = (DOMAIN_ZH.iter().map(|w| w.to_string()))
            .chain(super::homophones::keys())
            .map(|w| w.chars().collect())
            .filter(|w: &Vec<char>| w.len() >= 2 && w.iter().all(|c| is_han(*c)))
            .collect();
        w.sort();
        w.dedup();
        w
    })
}

/// Each domain word's toneless pinyin run together (every reading of a character that has
/// several), to the words that read so.
fn by_pinyin() -> &'static HashMap<String, Vec<String>> {
    static M: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    M.get_or_init(|| {
        let mut m: HashMap<String, Vec<String>> = HashMap::new();
        for w in words() {
            let mut spelled = vec![String::new()];
            for c in w {
                let rs = readings(*c);
                spelled = (spelled.iter())
                    .flat_map(|s| rs.iter().map(move |r| format!("{s}{r}")))
                    .collect();
            }
            for s in spelled {
                let word: String = w.iter().collect();
                let at = m.entry(s).or_default();
                if !at.contains(&word) {
                    at.push(word);
                }
            }
        }
        m
    })
}

/// The one domain word a run of letters is the raw pinyin of (four letters or more: `nali`).
fn word_of_pinyin(run: &str) -> Option<&'static str> {
    match by_pinyin().get(run).map(Vec::as_slice) {
        Some([one]) if run.len() >= 4 => Some(one.as_str()),
        _ => None,
    }
}

/// `text` (lowercase) with each run of letters that is a domain word's raw pinyin written as
/// the word, where the text has Chinese in it; a run glued to a digit or a name's joiner
/// (`a100`, `qwen-coder`) is a name's, left. The pairs (as typed, as read) are said.
pub fn pinyin_read(text: &str) -> (String, Vec<(String, String)>) {
    let mut said = Vec::new();
    if !text.chars().any(is_han) {
        return (text.to_string(), said);
    }
    let glue = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || "-_./".contains(c));
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_lowercase()) {
        let end = (rest[start..].find(|c: char| !c.is_ascii_lowercase()))
            .map_or(rest.len(), |k| start + k);
        let run = &rest[start..end];
        out.push_str(&rest[..start]);
        let named = glue(rest[..start].chars().next_back()) || glue(rest[end..].chars().next());
        match word_of_pinyin(run).filter(|_| !named) {
            Some(w) => {
                said.push((run.to_string(), w.to_string()));
                out.push_str(w);
            }
            None => out.push_str(run),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    (out, said)
}

/// A character's radical and residual strokes (`radical_strokes.tsv`).
fn radical(c: char) -> Option<(&'static str, u8)> {
    static MAP: OnceLock<HashMap<char, (&'static str, u8)>> = OnceLock::new();
    MAP.get_or_init(|| {
        (include_str!("radical_strokes.tsv").lines())
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut f = l.split('\t');
                let c = f.next()?.chars().next()?;
                Some((c, (f.next()?, f.next()?.parse().ok()?)))
            })
            .collect()
    })
    .get(&c)
    .copied()
}

/// Whether two different characters look alike to a handwriting recogniser: one radical, the
/// rest within one stroke (`使`/`便`, `宣`/`宜`, `箅`/`算`).
pub fn look_alike(a: char, b: char) -> bool {
    match (radical(a), radical(b)) {
        (Some((ra, sa)), Some((rb, sb))) => a != b && ra == rb && sa.abs_diff(sb) <= 1,
        _ => false,
    }
}

/// `text` with each window that is a domain word but for one character that looks like the
/// word's own written as the word: the slipped character is no character of any domain word,
/// and only one word is that near. The pairs (as typed, as read) are said.
pub fn look_alike_read(text: &str) -> (String, Vec<(String, String)>) {
    let mut said = Vec::new();
    if !text.chars().any(is_han) {
        return (text.to_string(), said);
    }
    let ws = domain_words();
    let own: Vec<char> = (words().iter().flatten().copied())
        .chain(NEVER_SLIPS.chars())
        .collect();
    let mut chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let w = &chars[i..];
        let mut near = ws.iter().filter(|k| {
            let n = k.len();
            w.len() >= n && {
                let differ: Vec<usize> = (0..n).filter(|&p| w[p] != k[p]).collect();
                matches!(differ[..], [p] if !own.contains(&w[p]) && look_alike(w[p], k[p]))
            }
        });
        let real = |n: usize| {
            let typed: String = chars[i..i + n].iter().collect();
            REAL_ZH.iter().any(|r| r.contains(&typed))
        };
        match (near.next(), near.next()) {
            (Some(k), None) if !real(k.len()) => {
                let n = k.len();
                said.push((chars[i..i + n].iter().collect(), k.iter().collect()));
                chars[i..i + n].copy_from_slice(k);
                i += n;
            }
            _ => i += 1,
        }
    }
    (chars.into_iter().collect(), said)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_pinyin_of_a_domain_word_is_the_word() {
        for (t, want) in [
            ("每小时4块 yitian多少", "每小时4块 一天多少"),
            ("h20 daohuo了 告诉我", "h20 到货了 告诉我"),
            ("4090 nali有货", "4090 哪里有货"),
            ("h100 jiage 走势", "h100 价格 走势"),
            ("a100 多少 duoshaoqian", "a100 多少 多少钱"),
            ("4090 xiancun多大", "4090 显存多大"),
        ] {
            assert_eq!(pinyin_read(t).0, want, "{t}");
        }
        assert_eq!(
            pinyin_read("h20 daohuo了").1,
            vec![("daohuo".to_string(), "到货".to_string())]
        );
    }

    #[test]
    fn names_english_and_latin_sentences_are_kept() {
        for t in [
            "autodl 4090 一小时多少钱",
            "yitian how much",
            "runpod 上 a100 多少钱",
            "qwen2.5 7b 能跑吗",
            "h100 price 多少",
            "na li",
        ] {
            assert_eq!(pinyin_read(t).0, t, "{t}");
        }
    }

    #[test]
    fn a_look_alike_character_in_a_domain_word_is_the_word() {
        assert!(look_alike('使', '便'));
        assert!(look_alike('宣', '宜'));
        assert!(look_alike('箅', '算'));
        assert!(!look_alike('便', '便'));
        assert!(!look_alike('宜', '金'));
        for (t, want) in [
            ("l40s 哪家最使宜", "l40s 哪家最便宜"),
            ("a100 哪家最便宣", "a100 哪家最便宜"),
            ("预箅100块", "预算100块"),
        ] {
            assert_eq!(look_alike_read(t).0, want, "{t}");
        }
        // A character of another domain word (`小` of 小时 beside 多), and words of their own.
        for t in [
            "显存多小",
            "便宜",
            "使用4090",
            "事宜",
            "4090 price",
            "有学生补贴吗",
        ] {
            assert_eq!(look_alike_read(t).0, t, "{t}");
        }
    }
}
