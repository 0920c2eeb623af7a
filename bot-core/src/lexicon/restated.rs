//! A figure said again in the same message as the one meant (`a couple hours, call it 3 hours`,
//! `maybe a dozen, say 3 at a time`, `就说3个吧`): the words after the restatement are the answer
//! (issue 26 §4, helper und_ef). `a couple hours, call it 3 huors` had been one run of 2 h: the
//! first figure taken over the one the user settled on.

/// Words that restate a figure just said, lower case; each starts a clause.
const RESTATED: &[&str] = &[
    "call it ",
    "let's say ",
    "lets say ",
    "let us say ",
    "i'd say ",
    "id say ",
    "make it ",
    "say ",
    "就说",
    "就当",
];

/// Words a restating clause may follow in the same clause (`ok say 6`, `so call it 3`).
const LEADS: &[&str] = &[
    "ok", "okay", "so", "well", "but", "or", "maybe", "hmm", "好", "那",
];

/// The words after the last restatement that starts a clause and is followed by a figure
/// (digits, or a number said in words), where the message says one; `None` otherwise. A
/// restatement that opens the message restates nothing (`say 3 hours` is read whole).
pub fn restated_answer(text: &str) -> Option<&str> {
    let low = text.to_lowercase();
    // Lower-casing keeps these words' byte lengths (ASCII and Han only); a message whose length
    // it changes is read whole.
    if low.len() != text.len() {
        return None;
    }
    let mut best = None;
    for w in RESTATED {
        for (i, _) in low.match_indices(w) {
            let before = low[..i].trim_end();
            let before = LEADS
                .iter()
                .find_map(|l| {
                    before
                        .strip_suffix(l)
                        .filter(|b| b.is_empty() || b.ends_with(|c: char| !c.is_alphanumeric()))
                })
                .unwrap_or(before)
                .trim_end();
            let clause = before.ends_with([',', '.', ';', '…', '!', '，', '。', '；', '、']);
            let rest = text[i + w.len()..].trim();
            let figure = rest
                .split(|c: char| c.is_whitespace())
                .next()
                .is_some_and(|f| {
                    f.starts_with(|c: char| c.is_ascii_digit())
                        || super::number_word(f.trim_end_matches(|c: char| !c.is_alphanumeric()))
                            .is_some()
                        || f.starts_with(|c: char| super::numerals::value_of(&[c]).is_some())
                });
            if !before.is_empty() && clause && figure && best.is_none_or(|b| i > b) {
                best = Some(i + w.len());
            }
        }
    }
    best.map(|at| text[at..].trim())
}

#[cfg(test)]
mod tests {
    use super::restated_answer;

    #[test]
    fn the_figure_said_again_is_the_answer() {
        for (t, a) in [
            ("a couple hours, call it 3 huors", "3 huors"),
            (
                "maybe a dozen people, but rarely at once... say 3 at a time",
                "3 at a time",
            ),
            ("2-3 hours, let's say 3", "3"),
            (
                "not sure, ok say 6 peoples same time",
                "6 peoples same time",
            ),
            ("两三个吧，就说3个", "3个"),
            ("a few hours. make it four hours", "four hours"),
        ] {
            assert_eq!(restated_answer(t), Some(a), "{t}");
        }
        // No restatement, one that opens the message, one with no figure after it.
        for t in [
            "3 hours",
            "say 3 hours",
            "as they say, cheap is dear",
            "2 hours, say what you like",
            "let's say it's for my team",
        ] {
            assert_eq!(restated_answer(t), None, "{t}");
        }
    }
}
