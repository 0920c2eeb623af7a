//! A key word typed with a pinyin input method's slip of one character (`题醒我` for 提醒我,
//! `帮我跳个平台` for 帮我挑): a pinyin input method is typed without tones, so it offers every
//! character of the same syllables, and a tired thumb takes the wrong one. Which characters
//! read alike is data, never a table of typos: the toneless Unihan `kMandarin` reading of the
//! key words' characters and of every common character (GB 2312 level 1), kept in
//! `pinyin_readings.tsv` with its source and date (`tools/unihan-readings.py` writes it), read
//! with an input method's fuzzy pairs (in/ing, z/zh).
//!
//! A slip is read as the key word only where the slipped character is no character of any key
//! word (so the slipped word reads nothing else the lexicon knows) and every other character
//! is the key word's own, and only where one key word is that near.

use super::alike::readings;

/// An input method's fuzzy-pinyin pairs (ibus-libpinyin's and Sogou's 模糊音 options: z/zh,
/// c/ch, s/sh initials; an/ang, en/eng, in/ing finals): a person used to one side types the other
/// (`人名币` for 人民币: min typed as ming), so a reading is compared with both sides folded.
fn fuzzy(r: &str) -> String {
    let r = ["zh", "ch", "sh"]
        .iter()
        .find_map(|i| r.strip_prefix(i).map(|rest| format!("{}{rest}", &i[..1])))
        .unwrap_or_else(|| r.to_string());
    // `ang` as `an`, `eng` as `en`, `ing` as `in` (`ong` has no pair).
    match r.strip_suffix("ng") {
        Some(stem) if stem.ends_with(['a', 'e', 'i']) => format!("{stem}n"),
        _ => r,
    }
}

/// Whether two characters share a toneless reading, the fuzzy pairs folded ([`fuzzy`]).
pub fn read_alike(a: char, b: char) -> bool {
    let rb: Vec<String> = readings(b).iter().map(|r| fuzzy(r)).collect();
    readings(a).iter().any(|r| rb.contains(&fuzzy(r)))
}

/// The subscription word of the alert commands (`订阅`, read by `understand::words_alerts`), held
/// here so its slip (`定阅`) is read as the other key words' are.
const SUBSCRIBE_ZH: &[&str] = &["订阅"];

/// The key words whose slips are read, every one the lexicon's own words of two characters or
/// more: the alert's verbs of telling (`提醒`, `通知`, `告诉`) and the subscription word; the
/// choice handed over (`帮我挑`, `帮忙选`); a place to rent asked (`去哪家`, `选哪`,
/// `place::WHERE`); the currencies' Chinese words (`人民币`, `美元`, [`super::CURRENCIES`]).
pub fn keys() -> Vec<String> {
    let tell = super::audience::TELL_ZH.iter().map(|w| w.to_string());
    let handed = super::choose::FOR_ME_ZH.iter().flat_map(|f| {
        super::choose::CHOOSE_VERBS
            .iter()
            .filter(|v| !v.is_ascii())
            .map(move |v| format!("{f}{v}"))
    });
    let place = super::place::WHERE
        .iter()
        .chain(super::place::HOW_CHOOSE)
        .chain(SUBSCRIBE_ZH);
    let money = super::CURRENCIES.iter().map(|c| c.word);
    let words = place.copied().chain(money).map(str::to_string);
    let mut keys: Vec<String> = tell
        .chain(handed)
        .chain(words)
        .filter(|k| !k.is_ascii() && k.chars().count() >= 2)
        .collect();
    keys.dedup();
    keys
}

/// The one key word the window `w` is a slip of: it differs from the key in exactly one
/// character, which reads alike and is no character of any key word; `None` where no key or two
/// keys are that near (never guessed between two).
fn slip_of<'k>(w: &[char], keys: &'k [Vec<char>], key_chars: &[char]) -> Option<&'k [char]> {
    let mut near = keys.iter().filter(|key| {
        let n = key.len();
        if w.len() < n {
            return false;
        }
        let differ: Vec<usize> = (0..n).filter(|&p| w[p] != key[p]).collect();
        matches!(differ[..], [p] if !key_chars.contains(&w[p]) && read_alike(w[p], key[p]))
    });
    let first = near.next()?;
    near.all(|k| k == first).then_some(first.as_slice())
}

/// `text` with each one-character pinyin slip of a key word written as the key word.
pub fn homophone_slips_fixed(text: &str) -> String {
    if text.is_ascii() {
        return text.to_string();
    }
    let keys: Vec<Vec<char>> = keys().iter().map(|k| k.chars().collect()).collect();
    let key_chars: Vec<char> = keys.iter().flatten().copied().collect();
    let mut chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match slip_of(&chars[i..], &keys, &key_chars) {
            Some(key) => {
                let n = key.len();
                chars[i..i + n].copy_from_slice(key);
                i += n;
            }
            None => i += 1,
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

    #[test]
    fn slips_of_the_subscription_currency_and_place_words() {
        assert_eq!(homophone_slips_fixed("我定阅了哪些"), "我订阅了哪些");
        assert_eq!(homophone_slips_fixed("0.5美圆一小时"), "0.5美元一小时");
        // min typed as ming: the fuzzy in/ing pair of an input method.
        assert_eq!(homophone_slips_fixed("换算成人名币"), "换算成人民币");
        assert_eq!(homophone_slips_fixed("选那家比较好"), "选哪家比较好");
        assert_eq!(homophone_slips_fixed("去拿家租"), "去哪家租");
        // The words themselves, and words one character off that read otherwise, are kept.
        assert_eq!(homophone_slips_fixed("确定一下"), "确定一下");
        assert_eq!(homophone_slips_fixed("人名"), "人名");
        assert_eq!(homophone_slips_fixed("人民币"), "人民币");
        assert_eq!(homophone_slips_fixed("美国的卡"), "美国的卡");
    }

    #[test]
    fn fuzzy_pairs_fold_both_sides() {
        assert!(read_alike('名', '民'));
        assert!(read_alike('纯', '存'));
        assert!(!read_alike('名', '美'));
        assert_eq!(fuzzy("zhang"), "zan");
        assert_eq!(fuzzy("tong"), "tong");
    }
}
