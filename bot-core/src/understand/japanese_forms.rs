//! A Chinese question typed on a Japanese input method: the character's Japanese form
//! (shinjitai: `実名` for 实名, `発票` for 发票, `価格` for 价格), which no GB 2312 or Big5 table
//! holds, read as its Simplified character (`shinjitai_chars.txt`, OpenCC's jp2t then t2s,
//! written by `tools/gen_shinjitai.py`; source and date in its header). The Traditional fold
//! ([`super::spellings::simplified`]) reads it after its own tables; the reading is said
//! (`slips_said`).

use std::sync::OnceLock;

const PAIRS: &str = include_str!("shinjitai_chars.txt");

pub(super) fn pairs() -> &'static [(char, char)] {
    static P: OnceLock<Vec<(char, char)>> = OnceLock::new();
    P.get_or_init(|| {
        let mut p: Vec<(char, char)> = PAIRS
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut c = l.chars();
                Some((c.next()?, c.next()?))
            })
            .collect();
        p.sort_unstable();
        p
    })
}

/// The Simplified character a Japanese form stands for.
pub(crate) fn simplified_of(c: char) -> Option<char> {
    let p = pairs();
    p.binary_search_by_key(&c, |(j, _)| *j).ok().map(|i| p[i].1)
}

/// Each Japanese form in `text`, with the Han character after it (the word it is in, as far
/// as two characters show it): (as typed, as read).
pub(crate) fn japanese_said(text: &str) -> Vec<(String, String)> {
    let chars: Vec<char> = text.chars().collect();
    // Only the Japanese forms folded here (the Traditional fold reads this table: no circle).
    let fold = |c: char| simplified_of(c).unwrap_or(c);
    (0..chars.len())
        .filter(|&i| simplified_of(chars[i]).is_some())
        .map(|i| {
            let end = (i + 2).min(chars.len());
            let end = if crate::lexicon::is_han(chars[end - 1]) {
                end
            } else {
                i + 1
            };
            let typed: String = chars[i..end].iter().collect();
            let read: String = chars[i..end].iter().map(|&c| fold(c)).collect();
            (typed, read)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{japanese_said, simplified_of};

    #[test]
    fn japanese_forms_read_as_simplified() {
        assert_eq!(simplified_of('実'), Some('实'));
        assert_eq!(simplified_of('発'), Some('发'));
        assert_eq!(simplified_of('価'), Some('价'));
        // Simplified and Traditional characters are the other tables' (`係` Cantonese `is`).
        for c in ['实', '價', '係', '揀'] {
            assert_eq!(simplified_of(c), None, "{c}");
        }
        assert_eq!(
            japanese_said("哪些平台不用実名"),
            vec![("実名".to_string(), "实名".to_string())]
        );
        assert!(japanese_said("哪些平台不用实名").is_empty());
    }
}
