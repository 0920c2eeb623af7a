//! Whether a run of Latin letters is pinyin of a word (`gongju` 工具, `paidui` 排队, `suanle`
//! 算了): the syllables are the toneless readings of `pinyin_readings.tsv` (the one readings
//! file, read by `alike`), every syllable with a vowel (`m`, `ng` alone are interjections).
//! A word of one or two syllables is a word people type for a Chinese word, never a slip of a
//! name one letter from it (`gongju` is no `gongji`; und_ee).

use std::collections::HashSet;
use std::sync::OnceLock;

/// Every toneless syllable of the readings file that holds a vowel.
fn syllables() -> &'static HashSet<&'static str> {
    static S: OnceLock<HashSet<&'static str>> = OnceLock::new();
    S.get_or_init(|| {
        super::alike::all_readings()
            .filter(|r| r.contains(['a', 'e', 'i', 'o', 'u', 'v']))
            .collect()
    })
}

/// The fewest syllables `word` (lower-case letters) is written with, `None` where it is no
/// pinyin at all.
pub fn pinyin_syllables(word: &str) -> Option<usize> {
    let b = word.as_bytes();
    if b.is_empty() || !b.iter().all(u8::is_ascii_lowercase) {
        return None;
    }
    let set = syllables();
    // fewest[i]: the fewest syllables that write word[..i].
    let mut fewest: Vec<Option<usize>> = vec![None; b.len() + 1];
    fewest[0] = Some(0);
    for end in 1..=b.len() {
        fewest[end] = (end.saturating_sub(6)..end)
            .filter_map(|start| {
                Some(fewest[start]? + 1).filter(|_| set.contains(&word[start..end]))
            })
            .min();
    }
    fewest[b.len()]
}

/// Whether `word` is pinyin of one or two syllables: a Chinese word typed in letters.
pub fn pinyin_word(word: &str) -> bool {
    pinyin_syllables(word).is_some_and(|n| n <= 2)
}

#[cfg(test)]
mod tests {
    use super::{pinyin_syllables, pinyin_word};

    #[test]
    fn pinyin_words_and_names() {
        for w in [
            "gongju", "paidui", "suanle", "haizi", "jiage", "xianka", "pai", "lanren",
        ] {
            assert!(pinyin_word(w), "{w}");
        }
        assert_eq!(pinyin_syllables("hengyuanyun"), Some(3));
        // English words and slips of Latin names are no pinyin.
        for w in [
            "pairs", "paint", "autdl", "runpdo", "nebious", "vast", "modal", "lamda",
        ] {
            assert!(!pinyin_word(w), "{w}");
        }
    }
}
