//! A domain word typed with its characters out of order or one dropped, slips no table of typos
//! lists: two adjacent characters swapped (`势走图` for 走势图, `机关不收费` for 关机不收费,
//! a quick pinyin input committing the second syllable first), and a four-character word written
//! without one inner character (`虚拟币` for 虚拟货币, `加密币`). The words are the lexicon's own:
//! the domain words [`super::zh_slips::DOMAIN_ZH`], the needs' Chinese phrases and the stopped
//! machine's words; read only where one word is that near, never where the characters are a
//! domain word of their own where they stand, and said (`understand::slips_said`).

use std::sync::OnceLock;

use super::is_han;

/// Characters a swap never moves: numerals and the small words a sentence is built of, which
/// stand beside a domain word's character in many real sequences (`天每` in `3天每天`, `里哪` in
/// `这里哪家`, `货有` in `现货有吗`).
const NEVER_MOVED: &str = "零一二三四五六七八九十百千万亿两半几啥的了是不在和与或吗呢吧么这那你我他它哪里些多少大每个小时天周月能有要";

/// The Chinese words a slip of order is read against, each as its characters.
fn words() -> &'static [Vec<char>] {
    static W: OnceLock<Vec<Vec<char>>> = OnceLock::new();
    W.get_or_init(|| {
        let needs = super::NEED_PHRASES.iter().map(|(w, _)| *w);
        let mut w: Vec<Vec<char>> = (super::zh_slips::DOMAIN_ZH.iter().copied())
            .chain(needs)
            .chain(super::STOPPED_WORDS.iter().copied())
            .chain(super::STOPPED_BILLED_WORDS.iter().copied())
            .map(|w| w.chars().collect::<Vec<char>>())
            .filter(|w| w.len() >= 2 && w.iter().all(|c| is_han(*c)))
            .collect();
        w.sort();
        w.dedup();
        w
    })
}

/// Whether a word of the list stands in `chars` over any of `at..at + len`.
fn word_over(chars: &[char], at: usize, len: usize) -> bool {
    words().iter().any(|w| {
        let lo = (at + 1).saturating_sub(w.len());
        (lo..at + len).any(|s| chars.get(s..s + w.len()) == Some(w.as_slice()))
    })
}

/// The one word `window` is a slip of: two adjacent characters swapped (neither of
/// [`NEVER_MOVED`]), or, for a three-character window, a four-character word less one inner
/// character.
fn word_of(window: &[char]) -> Option<&'static [char]> {
    let mut near = words().iter().filter(|w| {
        let swapped = w.len() == window.len()
            && (0..w.len() - 1).any(|k| {
                let mut s = (*w).clone();
                s.swap(k, k + 1);
                s != **w
                    && s == window
                    && !NEVER_MOVED.contains(w[k])
                    && !NEVER_MOVED.contains(w[k + 1])
            });
        let dropped = w.len() == 4
            && window.len() == 3
            && (1..3).any(|k| {
                let mut s = (*w).clone();
                s.remove(k);
                s == window
            });
        swapped || dropped
    });
    match (near.next(), near.next()) {
        (Some(w), None) => Some(w.as_slice()),
        _ => None,
    }
}

/// `text` with each window of Han characters that is a domain word's slip of order
/// ([`word_of`]) written as the word, where no domain word stands over it as typed; the pairs
/// (as typed, as read) are said.
pub fn order_slips_read(text: &str) -> (String, Vec<(String, String)>) {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut said = Vec::new();
    let mut i = 0;
    'at: while i < chars.len() {
        if is_han(chars[i]) {
            for len in [4, 3, 2] {
                let Some(window) = chars.get(i..i + len) else {
                    continue;
                };
                if !window.iter().all(|c| is_han(*c)) || word_over(&chars, i, len) {
                    continue;
                }
                if let Some(w) = word_of(window) {
                    let (typed, read): (String, String) =
                        (window.iter().collect(), w.iter().collect());
                    out.push_str(&read);
                    said.push((typed, read));
                    i += len;
                    continue 'at;
                }
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    (out, said)
}

#[cfg(test)]
mod tests {
    use super::order_slips_read;

    fn read(t: &str) -> String {
        order_slips_read(t).0
    }

    #[test]
    fn two_characters_swapped_are_the_word() {
        assert_eq!(read("4090价格势走图"), "4090价格走势图");
        assert_eq!(read("有没有机关不收费的平台"), "有没有关机不收费的平台");
        assert_eq!(read("哪家存显大"), "哪家显存大");
        assert_eq!(read("a100能调微吗"), "a100能微调吗");
        assert_eq!(read("哪些平台不用名实"), "哪些平台不用实名");
        assert_eq!(
            order_slips_read("势走图").1,
            vec![("势走".to_string(), "走势".to_string())]
        );
    }

    #[test]
    fn a_four_character_word_less_one_is_the_word() {
        assert_eq!(read("支持虚拟币付款"), "支持虚拟货币付款");
        assert_eq!(read("能用加密币吗"), "能用加密货币吗");
    }

    #[test]
    fn real_sequences_and_words_stand() {
        for t in [
            "3天每天8小时",
            "这里哪家便宜",
            "现货有吗",
            "价格走势",
            "关机后收费吗",
            "管理推理服务",
            "整理推荐一下",
            "一天多少钱",
            "虚拟货币",
        ] {
            assert_eq!(read(t), t, "{t}");
        }
    }
}
