//! Which common characters a pinyin input method offers for one key sequence: two characters
//! that share a toneless reading (`宝`/`保` bao, `个`/`各` ge, `在`/`再` zai). Data, never a
//! table of typos: the toneless Unihan `kMandarin` reading of every GB 2312 level-1 character,
//! `pinyin_readings.tsv` (source and as_of in its header, written by `tools/unihan-readings.py`),
//! the one readings file: `homophones` reads it here too.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The readings file: a character, a tab, its toneless readings (space-separated).
const READINGS: &str = include_str!("pinyin_readings.tsv");

/// The toneless readings of a character the file holds.
pub(crate) fn readings(c: char) -> &'static [&'static str] {
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

/// Every reading the file holds, once per character that reads so (`pinyin_words` keeps the
/// syllables).
pub(crate) fn all_readings() -> impl Iterator<Item = &'static str> {
    READINGS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t').map(|(_, r)| r))
        .flat_map(str::split_whitespace)
}

/// Whether two different characters share a toneless reading; a character the file does not
/// hold (a rare one, Latin, a digit) reads alike with nothing.
pub fn read_alike(a: char, b: char) -> bool {
    let rb = readings(b);
    a != b && readings(a).iter().any(|r| rb.contains(r))
}

#[cfg(test)]
mod tests {
    use super::read_alike;

    #[test]
    fn same_syllable_common_characters_read_alike() {
        for (a, b) in [
            ('宝', '保'),
            ('个', '各'),
            ('在', '再'),
            ('信', '心'),
            ('调', '掉'),
        ] {
            assert!(read_alike(a, b), "{a} {b}");
        }
    }

    #[test]
    fn other_syllables_and_non_characters_do_not() {
        for (a, b) in [
            ('宝', '金'),
            ('个', '个'),
            ('在', '线'),
            ('a', 'a'),
            ('龘', '提'),
        ] {
            assert!(!read_alike(a, b), "{a} {b}");
        }
    }
}
