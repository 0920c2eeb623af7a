//! A watch verb asked for the asker (`watch A6000 stock for me`, `monitor h100 prices and tell
//! me`): to be told later, an alert, written as the alert class's `keep an eye on` so the one
//! table of alert words decides it (und_bf, issue 26). A stock or price word after the card had
//! made it a look now (`/stock`). `watch out` and a watch with no one to tell stay as said.

/// Verbs of watching for someone, as whole words.
const WATCH_VERBS: &[&str] = &["watch", "monitor"];

/// Who is told, or that someone is: the asker waits to hear.
const TOLD: &[&str] = &[
    "for me",
    "for us",
    "tell me",
    "tell us",
    "let me know",
    "let us know",
    "帮我",
    "告诉我",
];

/// Whether `w` is at byte `k` of `s` as a whole word.
fn word_at(s: &str, k: usize, w: &str) -> bool {
    let before = s[..k].chars().next_back();
    let after = s[k + w.len()..].chars().next();
    before.is_none_or(|c| !c.is_ascii_alphanumeric())
        && after.is_none_or(|c| !c.is_ascii_alphanumeric())
}

/// The text with a watch verb asked for the asker said as `keep an eye on`.
pub fn watch_told_as_alert(s: &str) -> String {
    if !TOLD.iter().any(|t| s.contains(t)) {
        return s.to_string();
    }
    for verb in WATCH_VERBS {
        let Some((k, _)) = s.match_indices(verb).find(|(k, _)| word_at(s, *k, verb)) else {
            continue;
        };
        // `watch out`, `watch over`: a warning or a care, no alert.
        let rest = s[k + verb.len()..].trim_start();
        if ["out", "over"].iter().any(|w| {
            rest.strip_prefix(w)
                .is_some_and(|r| r.chars().next().is_none_or(|c| !c.is_ascii_alphanumeric()))
        }) {
            return s.to_string();
        }
        let mut out = s.to_string();
        out.replace_range(k..k + verb.len(), "keep an eye on");
        return out;
    }
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::watch_told_as_alert;

    #[test]
    fn a_watch_for_the_asker_is_an_alert() {
        assert_eq!(
            watch_told_as_alert("watch a6000 stock for me"),
            "keep an eye on a6000 stock for me"
        );
        assert_eq!(
            watch_told_as_alert("monitor h100 prices and tell me"),
            "keep an eye on h100 prices and tell me"
        );
    }

    #[test]
    fn a_watch_with_no_one_told_is_left() {
        for s in [
            "watch out for me, is the 4090 in stock?",
            "what's in stock",
            "stopwatch for me",
            "watch b200 stock",
        ] {
            assert_eq!(watch_told_as_alert(s), s);
        }
    }
}
