//! Emoji used as words in a chat (`h20有货🔔我`, `4090是不是📈了`, `2 💵 an hour`): each is the word
//! it stands for, in the sentence's language (Chinese where the text has a Han character), so
//! every reader sees the alert verb, the price's rise or the currency it would see typed.
//! An emoji with no entry is left as it is (no reader takes it for a word).

use super::is_han;

/// (emoji, the Chinese word, the English word).
pub const EMOJI_WORDS: [(char, &str, &str); 6] = [
    ('🔔', "提醒", "notify"),
    ('⏰', "提醒", "remind"),
    ('📈', "涨价", "went up"),
    ('📉', "降价", "went down"),
    ('💵', "美元", "dollars"),
    ('💲', "美元", "dollars"),
];

/// `s` with each emoji of [`EMOJI_WORDS`] written as its word; one walk.
pub fn emoji_as_words(s: &str) -> String {
    if !s
        .chars()
        .any(|c| EMOJI_WORDS.iter().any(|(e, _, _)| *e == c))
    {
        return s.to_string();
    }
    let zh = s.chars().any(is_han);
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match EMOJI_WORDS.iter().find(|(e, _, _)| *e == c) {
            Some((_, word, _)) if zh => out.push_str(word),
            Some((_, _, word)) => {
                out.push(' ');
                out.push_str(word);
                out.push(' ');
            }
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::emoji_as_words;

    #[test]
    fn an_emoji_is_its_word_in_the_sentence_s_language() {
        assert_eq!(emoji_as_words("h20有货🔔我"), "h20有货提醒我");
        assert_eq!(emoji_as_words("2 💵 an hour"), "2  dollars  an hour");
        assert_eq!(
            emoji_as_words("🔔 me when a100 is back"),
            " notify  me when a100 is back"
        );
        assert_eq!(emoji_as_words("求4090🙏"), "求4090🙏");
    }
}
