//! The alert word class in its non-native forms, written as the alert words read them: a verb
//! of telling with its pronoun dropped before a condition (`can you inform when …`, `notify if
//! …`) has it back (`inform me when`), and a notification noun asked to be set or sent, or said
//! for a card or a condition (`set notification for l40s`, `give me a reminder when …`), is an
//! alert. Fixed phrases missed each new verb form or noun.

/// Verbs of telling that take the one told as object.
const VERBS: &[&str] = &["notify", "inform", "alert", "remind", "ping"];
/// What opens the condition an alert waits for.
const CONDITIONS: &[&str] = &["when", "if", "once", "whenever", "as soon as"];
/// Nouns for an alert besides `alert`.
const NOUNS: &[&str] = &[
    "notifications",
    "notification",
    "reminders",
    "reminder",
    "notice",
];
/// Verbs that ask for one to be set or sent (an article may follow).
const SETTING: &[&str] = &[
    "set", "set up", "setup", "create", "add", "give me", "send me", "want", "need", "enable",
    "turn on", "put",
];
/// What may follow a noun that names an alert wished for: a card or a condition.
const AFTER_NOUN: &[&str] = &["for", "when", "if", "once", "whenever", "as soon as"];

/// The text with every alert verb and noun written in the form the alert words hold.
pub(super) fn plain(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len() + 2);
    for (i, w) in words.iter().enumerate() {
        let rest = words[i + 1..].join(" ");
        let next_is = |set: &[&str]| {
            set.iter()
                .any(|c| rest == *c || rest.starts_with(&format!("{c} ")))
        };
        if NOUNS.contains(w) && (set_before(&out) || next_is(AFTER_NOUN)) {
            out.push("alert".to_string());
            continue;
        }
        out.push((*w).to_string());
        if VERBS.contains(w) && next_is(CONDITIONS) {
            out.push("me".to_string());
        }
    }
    out.join(" ")
}

/// Whether the words already written end with a verb of setting, an article at most after it.
fn set_before(out: &[String]) -> bool {
    let mut said = out.join(" ");
    for a in [" a", " an", " the", " some", " one"] {
        if let Some(s) = said.strip_suffix(a) {
            said = s.to_string();
            break;
        }
    }
    SETTING
        .iter()
        .any(|v| said == *v || said.ends_with(&format!(" {v}")))
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_dropped_pronoun_is_put_back() {
        assert_eq!(
            plain("can you inform when h20 is back"),
            "can you inform me when h20 is back"
        );
        assert_eq!(
            plain("notify if 5090 under 0.5"),
            "notify me if 5090 under 0.5"
        );
        assert_eq!(
            plain("notify me when 5090 is back"),
            "notify me when 5090 is back"
        );
    }

    #[test]
    fn a_notification_wished_for_is_an_alert() {
        assert_eq!(plain("set notification for l4"), "set alert for l4");
        assert_eq!(
            plain("give me a reminder when h100 is free"),
            "give me a alert when h100 is free"
        );
        assert_eq!(plain("no more notifications"), "no more notifications");
        assert_eq!(plain("show my notifications"), "show my notifications");
        assert_eq!(plain("turn off notification"), "turn off notification");
    }
}
