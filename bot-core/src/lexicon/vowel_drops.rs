//! Chat shorthand that drops a word's vowels (`hlp me pck a gpu cld`, `whch prvdrs tk crypto`,
//! `wht alrts do i hv`, `prc trnd`): each form is built from the word itself (its first letter,
//! then its consonants), one table of the domain's and chat's common words, so the reader reads
//! the word. A form two words share is no word (asked of no one: left as typed), and a form that
//! names a card, model or platform is left out (`ds` is DeepSeek: `does` is not in the table;
//! the suite's `und_dz_mechanisms` checks every form against the catalog).

use std::collections::HashMap;
use std::sync::OnceLock;

/// Words people drop the vowels of.
pub const DROPPED_WORDS: &[&str] = &[
    "help",
    "pick",
    "cloud",
    "clouds",
    "which",
    "provider",
    "providers",
    "take",
    "what",
    "alert",
    "alerts",
    "have",
    "price",
    "prices",
    "trend",
    "that",
    "day",
    "week",
    "month",
    "hours",
    "cheap",
    "cheaper",
    "cheapest",
    "card",
    "cards",
    "rent",
    "cost",
    "much",
    "platform",
    "platforms",
    "accept",
    "stock",
    "compare",
    "available",
    "notify",
    "show",
    "list",
    "history",
    "chart",
    "memory",
    "model",
    "where",
    "when",
    "want",
    "know",
    "support",
    "payment",
    "about",
    "this",
];

fn is_vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u')
}

/// A word's shorthand: its first letter, then its letters that are not vowels.
pub fn dropped(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .into_iter()
        .chain(chars.filter(|c| !is_vowel(*c)))
        .collect()
}

fn forms() -> &'static HashMap<String, Option<&'static str>> {
    static F: OnceLock<HashMap<String, Option<&'static str>>> = OnceLock::new();
    F.get_or_init(|| {
        let mut map: HashMap<String, Option<&'static str>> = HashMap::new();
        for w in DROPPED_WORDS {
            let d = dropped(w);
            if d == *w || d.len() < 2 || DROPPED_WORDS.contains(&d.as_str()) {
                continue;
            }
            // Two words with one form: neither.
            map.entry(d)
                .and_modify(|seen| *seen = None)
                .or_insert(Some(*w));
        }
        map
    })
}

/// The word a lower-case token stands for with its vowels dropped, if the table has one.
pub fn undropped(token: &str) -> Option<&'static str> {
    if token.chars().skip(1).any(is_vowel) {
        return None;
    }
    forms().get(token).copied().flatten()
}

/// Every (shorthand, word) the table reads.
pub fn dropped_forms() -> Vec<(String, &'static str)> {
    forms()
        .iter()
        .filter_map(|(d, w)| w.map(|w| (d.clone(), w)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back_from_its_form() {
        for w in DROPPED_WORDS {
            let d = dropped(w);
            if d != *w && d.len() >= 2 {
                assert_eq!(undropped(&d), Some(*w), "{w} as {d}");
            }
        }
        assert_eq!(undropped("prvdrs"), Some("providers"));
        assert_eq!(undropped("tk"), Some("take"));
        // A word with its vowels is no shorthand; an unknown form is left.
        assert_eq!(undropped("help"), None);
        assert_eq!(undropped("xyz"), None);
    }
}
