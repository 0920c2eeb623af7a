//! A key word typed with a pinyin input method's slip of one character (`题醒我` for 提醒我,
//! `帮我跳个平台` for 帮我挑): a pinyin input method is typed without tones, so it offers every
//! character of the same syllables, and a tired thumb takes the wrong one. Which characters
//! read alike is data, never a table of typos: the toneless Unihan `kMandarin` reading of the
//! key words' characters and of the common characters (GB 2312 level 1) that read alike, kept in
//! `pinyin_readings.tsv` with its source and date (`tools/unihan-readings.py` writes it).
//!
//! A slip is read as the key word only where the slipped character is no character of any key
//! word (so the slipped word reads nothing else the lexicon knows) and every other character
//! is the key word's own.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The readings file: a character, a tab, its toneless readings (space-separated).
const READINGS: &str = include_str!("pinyin_readings.tsv");

/// The toneless readings of a character the file holds.
fn readings(c: char) -> &'static [&'static str] {
    static MAP: OnceLock<HashMap<char, Vec<&'static str>>> = OnceLock::new();
    MAP.get_or_init(|| {
        READINGS
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let (c, r) = l.split_once('\t')?;
                let mut cs = c.chars();
                let ch = cs.next().filter(|_| cs.next().is_none())?;
                Some((ch, r.split_whitespace().collect()))
            })
            .collect()
    })
    .get(&c)
    .map_or(&[], Vec::as_slice)
}

/// Whether two characters share a toneless reading.
fn read_alike(a: char, b: char) -> bool {
    let rb = readings(b);
    readings(a).iter().any(|r| rb.contains(r))
}

/// The key words whose slips are read: the alert's verbs of telling (`提醒`, `通知`, `告诉`) and the
/// choice handed over (`帮我挑`, `帮忙选`): the lexicon's own words, of two characters or more.
pub fn keys() -> Vec<String> {
    let tell = super::audience::TELL_ZH.iter().map(|w| w.to_string());
    let handed = super::choose::FOR_ME_ZH.iter().flat_map(|f| {
        super::choose::CHOOSE_VERBS
            .iter()
            .filter(|v| !v.is_ascii())
            .map(move |v| format!("{f}{v}"))
    });
    tell.chain(handed)
        .filter(|k| k.chars().count() >= 2)
        .collect()
}

/// `text` with each one-character pinyin slip of a key word written as the key word.
pub fn homophone_slips_fixed(text: &str) -> String {
    if text.is_ascii() {
        return text.to_string();
    }
    let keys: Vec<Vec<char>> = keys().iter().map(|k| k.chars().collect()).collect();
    let key_chars: Vec<char> = keys.iter().flatten().copied().collect();
    let mut chars: Vec<char> = text.chars().collect();
    for key in &keys {
        let n = key.len();
        let mut i = 0;
        while i + n <= chars.len() {
            let window = &chars[i..i + n];
            let differ: Vec<usize> = (0..n).filter(|&p| window[p] != key[p]).collect();
            let slip = match differ[..] {
                [p] => Some(p),
                _ => None,
            };
            if let Some(p) =
                slip.filter(|&p| !key_chars.contains(&window[p]) && read_alike(window[p], key[p]))
            {
                chars[i + p] = key[p];
                i += n;
            } else {
                i += 1;
            }
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_come_from_the_data_file() {
        assert!(read_alike('题', '提'));
        assert!(read_alike('跳', '挑'));
        assert!(!read_alike('题', '挑'));
        // A character the file does not hold reads alike with nothing.
        assert!(!read_alike('龘', '提'));
    }

    #[test]
    fn every_key_character_has_its_reading() {
        for k in keys() {
            for c in k.chars() {
                assert!(
                    !readings(c).is_empty(),
                    "{k}: {c} not in pinyin_readings.tsv"
                );
            }
        }
    }

    #[test]
    fn a_slip_of_a_key_word_is_the_key_word() {
        assert_eq!(
            homophone_slips_fixed("H100降到2美元以下题醒我"),
            "H100降到2美元以下提醒我"
        );
        assert_eq!(homophone_slips_fixed("帮我跳个平台"), "帮我挑个平台");
        assert_eq!(homophone_slips_fixed("帮忙跳一个"), "帮忙挑一个");
    }

    #[test]
    fn words_of_their_own_and_other_readings_are_kept() {
        // Two characters off, or a character that reads otherwise: no slip.
        assert_eq!(homophone_slips_fixed("帮我推荐"), "帮我推荐");
        assert_eq!(homophone_slips_fixed("提问一下"), "提问一下");
        assert_eq!(homophone_slips_fixed("帮我看个平台"), "帮我看个平台");
        assert_eq!(homophone_slips_fixed("帮我提个意见"), "帮我提个意见");
        // A character of another key word reads as that word (`提` of 提醒 beside `我挑`).
        assert_eq!(homophone_slips_fixed("提我挑"), "提我挑");
        assert_eq!(homophone_slips_fixed("4090 price"), "4090 price");
    }
}
