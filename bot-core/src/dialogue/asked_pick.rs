//! The bot asked what it would pick, at a step (`what would you pick?`, `你会选哪个`, `不确定，
//! 你会选哪个？`, `not sure, 你选哪个?`, `要是你，你选哪个？`): the choice handed over, read as the
//! step's "you choose" (`said::Said::Unsure`: the default said, at the model step the size list,
//! at the card step the first card). Each clause is such a question (`lexicon::bot_choice_asked`),
//! a word that hands over or does not know (`said::hands_over`), a lead-in to "if it were you"
//! or a filler; at least one asks. Anything else said keeps the message a question of its own.

/// "If it were you" said as a clause of its own before the question (`要是你，…`, `if you were
/// me, …`).
const IF_YOU: &[&str] = &[
    "要是你",
    "如果是你",
    "如果你是我",
    "要是你是我",
    "换你",
    "换成你",
    "换做是你",
    "你的话",
    "if you were me",
    "if it were you",
    "if it was you",
    "in my shoes",
    "in my place",
];

/// Whether `text` asks what the bot would pick and says nothing else.
pub(super) fn asked(text: &str) -> bool {
    let clauses: Vec<&str> = text
        .split(|c: char| ",，。.!！;；、~…".contains(c))
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    let mut asks = false;
    for c in &clauses {
        let low = c.to_lowercase();
        let low = low.trim_matches(|c: char| "?？ ".contains(c));
        if crate::lexicon::bot_choice_asked(c) {
            asks = true;
        } else if !(IF_YOU.contains(&low)
            || super::said::hands_over(c)
            || super::said::is_filler(c))
        {
            return false;
        }
    }
    asks
}

#[cfg(test)]
mod tests {
    use super::asked;

    #[test]
    fn clauses_that_hand_the_choice_over_by_asking() {
        for t in [
            "你会选哪个？",
            "不确定，你会选哪个？",
            "not sure, 你选哪个?",
            "要是你，你选哪个？",
            "whatever you'd pick",
            "hmm, what would you pick?",
            "idk, which would you choose",
        ] {
            assert!(asked(t), "{t}");
        }
        for t in [
            "不确定",
            "你会选4090吗",
            "8k, what would you pick?",
            "what would you pick for 70b?",
            "which is cheaper",
        ] {
            assert!(!asked(t), "{t}");
        }
    }
}
