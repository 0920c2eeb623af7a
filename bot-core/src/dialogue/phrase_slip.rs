//! A short word's slip inside one of the step's whole phrases (issue 26 §4, helper und_ec):
//! `dialogue::slip` forgives words of four letters or more only, as a word of three alone could
//! be many; typed as part of a phrase the step reads (`no ned` for `no need`), the other words
//! typed as the phrase's pin it down. One word only, one slip ([`lexicon::slips_apart`]), never
//! a word the lexicon knows as itself, and one phrase only.

use crate::lexicon;

/// The phrase of `phrases` that `text` is with one short word slipped; `None` where none or
/// two are.
pub(super) fn fixed(text: &str, phrases: &[String]) -> Option<String> {
    let lower = text.trim().to_lowercase();
    let typed: Vec<&str> = lower.split_whitespace().collect();
    if typed.len() < 2
        || !typed
            .iter()
            .all(|w| w.bytes().all(|b| b.is_ascii_alphabetic()))
    {
        return None;
    }
    let mut found: Vec<&str> = phrases
        .iter()
        .filter(|p| {
            let words: Vec<&str> = p.split_whitespace().collect();
            if words.len() != typed.len() {
                return false;
            }
            let off: Vec<usize> = (0..words.len()).filter(|&i| words[i] != typed[i]).collect();
            matches!(off[..], [i] if typed[i].len() >= 3
                && !lexicon::REAL_WORDS.contains(&typed[i])
                && lexicon::slips_apart(typed[i].as_bytes(), words[i].as_bytes(), 1).is_some())
        })
        .map(String::as_str)
        .collect();
    found.dedup();
    match found[..] {
        [p] => Some(p.to_string()),
        _ => None,
    }
}

/// The one step word of three letters `w` is with two neighbouring letters swapped (`yse` of
/// `yes`, `aqw` of `awq`, `oen` of `one`): the one slip a word this short is read back from,
/// since a changed letter makes other words (`yet`, `awl`). `None` for none or two.
pub(super) fn short_swap<'a>(w: &str, vocab: &'a [String]) -> Option<&'a str> {
    if vocab.iter().any(|v| v == w) {
        return None;
    }
    let mut near = vocab
        .iter()
        .filter(|v| v.len() == 3 && crate::lexicon::swapped(w.as_bytes(), v.as_bytes()));
    let one = near.next()?;
    near.next().is_none().then_some(one.as_str())
}

/// Of the step's words `w` (typed alone) is equally near, the one whole answer the step takes
/// alone (`donr`: `done`, not `dont` of `dont know`); `None` for none or two.
pub(super) fn whole_answer<'a>(w: &str, phrases: &'a [String]) -> Option<&'a str> {
    let mut near = phrases.iter().filter(|p| {
        p.len() >= 4
            && p.bytes().all(|b| b.is_ascii_lowercase())
            && crate::lexicon::slips_apart(w.as_bytes(), p.as_bytes(), 1).is_some()
    });
    let one = near.next()?;
    near.all(|p| p == one).then_some(one.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_word_slipped_inside_a_phrase() {
        let phrases: Vec<String> = ["no need", "no needs", "web terminal", "first one"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(fixed("no ned", &phrases).as_deref(), Some("no need"));
        assert_eq!(fixed("No nee", &phrases).as_deref(), Some("no need"));
        assert_eq!(
            fixed("wen terminal", &phrases).as_deref(),
            Some("web terminal")
        );
        // Alone, two words off, or no phrase of that length: none.
        assert_eq!(fixed("ned", &phrases), None);
        assert_eq!(fixed("na ned", &phrases), None);
        assert_eq!(fixed("no ned at all", &phrases), None);
    }
}
