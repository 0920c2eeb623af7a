//! The best place to rent asked for a job (`the best provider to run llama 3.1 8b`, `best cloud
//! for serving qwen`, `best gpu host for an api`): guidance, even with a model named (it was
//! read as the model's fit). One rule for every noun of a place to rent, never a phrase each.

/// Nouns of a place that rents cards.
const PLACE_NOUNS: &[&str] = &[
    "provider",
    "providers",
    "platform",
    "platforms",
    "host",
    "hosting",
    "cloud",
    "clouds",
    "service",
    "services",
    "place",
    "site",
];

/// Words after the noun that make it the place asked (`best cloud for`, `best host to`), or
/// the sentence's end; another noun after it (`best cloud price`) asks something else.
const AFTER: &[&str] = &[
    "to", "for", "if", "when", "that", "i", "you", "out", "here", "now",
];

/// Whether `text` (normalized) asks for the best place to rent: `best`, at most one word
/// (`gpu`, `cloud`), a noun of [`PLACE_NOUNS`], then one of [`AFTER`] or nothing.
pub(super) fn asked(text: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '?' | '!' | '.' | ';'))
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(k, w)| {
        *w == "best"
            && (1..=2).any(|gap| {
                words.get(k + gap).is_some_and(|n| PLACE_NOUNS.contains(n))
                    && words.get(k + gap + 1).is_none_or(|a| AFTER.contains(a))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::asked;

    #[test]
    fn the_best_place_is_asked_with_its_noun_and_not_with_a_price() {
        assert!(asked("what's the best provider to run llama 3.1 8b"));
        assert!(asked("best gpu cloud for serving qwen?"));
        assert!(asked("which is the best host"));
        assert!(!asked("best cloud price for h100"));
        assert!(!asked("best gpu for llama 70b"));
    }
}
