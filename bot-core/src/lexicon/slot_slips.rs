//! A real English word with no role where the sentence needs a domain word one slip away (a
//! phone's autocorrect or a swipe: `per weak` for per week, `back in stick` for in stock, `how much
//! cram does` for vram, `where can i tent a` for rent): the word stands in a slot only the domain
//! word fills (after `per`, before `does … have`), so it is read as the domain word, and the
//! reading is said (`understand::slips_said`). Never a table of typos: the slots and their words
//! are the lexicon's, the measure is [`super::slips_apart`] (one slip; two for a word of six
//! letters or more), and a word the slot takes as itself (`per gpu`, `too weak for`, `how much
//! ram`) is kept.

/// One slot: the words right before it (any one of them), the domain words that fill it, the
/// words that fill it as themselves (never corrected), and the words that may follow it (for a
/// period, only what ends its clause: `a weak card` is an adjective with a role).
struct Slot {
    before: &'static [&'static str],
    words: &'static [&'static str],
    own: &'static [&'static str],
    after: &'static [&'static str],
}

/// Words after a slot's word that leave it ending its clause (a function word, a pronoun's
/// verb): `per weak for a 4090`, `in stick anywhere`.
const CLAUSE_GOES_ON: &[&str] = &[
    "", "for", "on", "in", "at", "with", "of", "and", "or", "then", "please", "pls", "plz",
    "anywhere", "now", "right", "again", "today", "rn", "if", "when", "is", "would", "will",
];

/// The slots. Periods after a rate's `per`/`each`/`every` (or a count, five letters or more); a
/// card's memory asked of it; stock after `in`/`of`; renting before what is rented.
const SLOTS: &[Slot] = &[
    Slot {
        // Never after `a`/`an`: `a way for`, `a bay`, `a gear` are words with a role.
        before: &["per", "each", "every", "/"],
        words: &[
            "hour", "day", "week", "month", "year", "minute", "second", "hours", "days", "weeks",
            "months",
        ],
        own: &[
            "gpu", "card", "token", "tokens", "person", "user", "night", "node", "run", "job",
            "image", "call", "request", "million", "mo", "hr", "min", "sec", "yr", "wk", "few",
            "lot", "bit", "little", "new", "good", "cheap", "cheaper", "used", "one", "single",
        ],
        after: CLAUSE_GOES_ON,
    },
    Slot {
        before: &["much", "the", "its", "enough", "more", "less"],
        words: &["vram"],
        own: &[
            "ram", "memory", "mem", "vram", "gpu", "card", "time", "money", "power",
        ],
        after: &[
            "does", "do", "is", "on", "has", "have", "for", "of", "in", "to",
        ],
    },
    Slot {
        before: &["in", "of"],
        words: &["stock"],
        own: &["store", "stack", "stuck", "shock", "stocks"],
        after: CLAUSE_GOES_ON,
    },
    Slot {
        before: &["to", "i", "we", "can"],
        words: &["rent"],
        own: &[
            "run", "test", "try", "get", "find", "use", "want", "went", "sent", "spent",
        ],
        after: &["a", "an", "the", "one", "two", "some", "gpus", "cards"],
    },
];

/// The domain word `w` is a slip of in a slot, where exactly one of the slot's words is that
/// near and `w` is none of its own words.
fn slip_in(slot: &Slot, w: &str) -> Option<&'static str> {
    if w.len() < 3
        || !w.bytes().all(|b| b.is_ascii_lowercase())
        || slot.words.contains(&w)
        || slot.own.contains(&w)
        // A word made from a slot word (`monthly`, `weekend`, `daytime`) is a word of its own.
        || slot.words.iter().any(|d| w.starts_with(d))
    {
        return None;
    }
    let max = |d: &str| if d.len() >= 6 { 2 } else { 1 };
    let near: Vec<&'static str> = (slot.words.iter())
        .filter(|d| super::slips_apart(w.as_bytes(), d.as_bytes(), max(d)).is_some())
        .copied()
        .collect();
    // A word near two of the slot's words (`days`/`day`) takes the one of its own number.
    let own_number: Vec<&'static str> = (near.iter())
        .filter(|d| d.ends_with('s') == w.ends_with('s'))
        .copied()
        .collect();
    match (near.as_slice(), own_number.as_slice()) {
        ([one], _) | (_, [one]) => Some(one),
        _ => None,
    }
}

/// Each slot word read in `text` (lowercase, words between spaces): the text with them written
/// as the domain word, and the pairs (as typed, as read) to say.
pub fn slot_slips(text: &str) -> (String, Vec<(String, &'static str)>) {
    if !text.contains(' ') {
        return (text.to_string(), Vec::new());
    }
    let toks: Vec<&str> = text.split(' ').collect();
    let mut said = Vec::new();
    let mut out: Vec<String> = toks.iter().map(|t| t.to_string()).collect();
    for i in 1..toks.len() {
        let w = toks[i];
        let next = toks.get(i + 1).copied().unwrap_or("");
        let before = toks[i - 1];
        let read = SLOTS.iter().find_map(|s| {
            // A count before a period (`3 weaks`) leads it too, for words of five letters or
            // more: `2 ways` is no `2 days`.
            let counted = s.words[0] == "hour"
                && w.len() >= 5
                && !before.is_empty()
                && before.bytes().all(|b| b.is_ascii_digit());
            let led = s.before.contains(&before) || counted;
            (led && s.after.contains(&next))
                .then(|| slip_in(s, w))
                .flatten()
        });
        if let Some(d) = read {
            said.push((w.to_string(), d));
            out[i] = d.to_string();
        }
    }
    (out.join(" "), said)
}

#[cfg(test)]
mod tests {
    use super::slot_slips;

    fn read(t: &str) -> String {
        slot_slips(t).0
    }

    #[test]
    fn a_real_word_in_a_domain_words_slot_is_that_word() {
        for (t, want) in [
            ("what's that per weak", "what's that per week"),
            ("1.5 dollars per mouth", "1.5 dollars per month"),
            ("3 yuan per our", "3 yuan per hour"),
            (
                "how much cram does the 5080 have",
                "how much vram does the 5080 have",
            ),
            (
                "when are h100s back in stick",
                "when are h100s back in stock",
            ),
            ("where can i tent a 4090", "where can i rent a 4090"),
            (
                "2 dollars every weak for a 4090",
                "2 dollars every week for a 4090",
            ),
        ] {
            assert_eq!(read(t), want, "{t}");
        }
        assert_eq!(
            slot_slips("how much cram does the 5080 have").1,
            vec![("cram".to_string(), "vram")]
        );
    }

    #[test]
    fn a_word_with_a_role_or_out_of_the_slot_is_kept() {
        for t in [
            "is a t4 too weak for llama",
            "a weak card",
            "per gpu",
            "how much ram does the 4090 have",
            "how much time does it take",
            "i want a 4090",
            "in store now",
            "our budget per month",
            "cram the model into a 4090",
            "per day",
            "is there a way for me",
            "read it 2 ways",
            "a 4090 monthly or hourly",
            "rent a 4090 weekly",
        ] {
            assert_eq!(read(t), t, "{t}");
        }
    }
}
