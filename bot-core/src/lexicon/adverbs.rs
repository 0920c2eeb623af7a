//! `always` said of what happens, not of how long a card runs (`runpod is always running out
//! of a100s`, `colab always kicks me off`): an adverb before a verb, never the always-on usage
//! (`always on`, `run it always`, `4090 always`).

/// Words after `always` that make it an adverb of a verb, beside any `-ing` or `-s` form.
const VERBS: &[&str] = &[
    "out", "down", "busy", "full", "sold", "broke", "broken", "crash", "die", "fail", "get",
    "have", "kick", "lag", "run", "seem",
];

/// Whether `always` followed by the word `next` is an adverb of a verb (`always running`,
/// `always kicks`, `always out of`), not the always-on usage.
pub fn always_of_a_verb(next: Option<&str>) -> bool {
    let Some(n) = next else {
        return false;
    };
    let ing_or_s = n.len() > 3
        && n.is_ascii()
        && n.chars().all(|c| c.is_ascii_alphabetic())
        && (n.ends_with("ing") || n.ends_with('s'));
    ing_or_s || VERBS.contains(&n)
}

/// Phrases that say a job stays on (`一直在线`, `24/7`, `always on`): the one always-on table.
pub const ALWAYS_ON: &[&str] = &[
    "一直在线",
    "长期在线",
    "24小时在线",
    "全天候在线",
    "24/7",
    "always on",
    "always-on",
];

/// The Chinese halves of [`ALWAYS_ON`] phrases and their English (`一直online`, `24小时online`,
/// `always在线`, `全天候 online`): a mixed form is the phrase with a half said in English. Only
/// inside a phrase, so `online` or `always` alone keeps its own sense (`我always用autodl`).
const ALWAYS_HALVES: &[(&str, &str)] = &[("一直", "always"), ("在线", "online")];

/// Every spelling of the [`ALWAYS_ON`] phrases, mixed ones included, longest first (so
/// `always online` is read before `always on`).
fn always_on_forms() -> Vec<String> {
    let mut forms: Vec<String> = Vec::new();
    for p in ALWAYS_ON {
        forms.push(p.to_string());
        let halves: Vec<_> = ALWAYS_HALVES
            .iter()
            .filter(|(zh, _)| p.contains(zh))
            .collect();
        for (zh, en) in &halves {
            for en in [en.to_string(), format!("{en} "), format!(" {en}")] {
                forms.push(p.replace(zh, &en));
            }
        }
        if halves.len() == 2 {
            let both = halves.iter().fold(p.to_string(), |t, (zh, en)| {
                t.replace(zh, &format!(" {en} "))
            });
            forms.push(both.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    forms.sort_by_key(|f| std::cmp::Reverse(f.chars().count()));
    forms.dedup();
    forms
}

/// The text with each [`ALWAYS_ON`] phrase, in any of its mixed forms, written as the reader's
/// one word, ` always `.
pub fn always_on_as_always(text: &str) -> String {
    // Built once: `normalize` calls this on every message.
    static FORMS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FORMS
        .get_or_init(always_on_forms)
        .iter()
        .fold(text.to_string(), |t, w| t.replace(w.as_str(), " always "))
}

/// `啥时候都`, `什么时候都`, `何时都`: a when-word with `都` after it is "whenever", i.e. always,
/// never a question of when (`3090 啥时候都有货吧 哪个平台最便宜` asks the ranking).
const WHENEVER: &[&str] = &["什么时候都", "啥时候都", "何时都"];

/// The text with each whenever-phrase ([`WHENEVER`]) written as `一直都` (always), before the
/// timing cues read a when-word in it.
pub fn whenever_as_always(text: &str) -> String {
    WHENEVER
        .iter()
        .fold(text.to_string(), |t, w| t.replace(w, "一直都"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_when_word_before_dou_is_always() {
        assert_eq!(
            whenever_as_always("3090 啥时候都有货吧"),
            "3090 一直都有货吧"
        );
        assert_eq!(whenever_as_always("l40s 什么时候有货"), "l40s 什么时候有货");
    }

    #[test]
    fn always_before_a_verb_is_an_adverb() {
        assert!(always_of_a_verb(Some("running")));
        assert!(always_of_a_verb(Some("kicks")));
        assert!(always_of_a_verb(Some("out")));
        assert!(!always_of_a_verb(Some("on")));
        assert!(!always_of_a_verb(None));
        assert!(!always_of_a_verb(Some("24/7")));
    }

    #[test]
    fn always_on_said_half_in_english_is_always() {
        for t in [
            "一直online",
            "24小时online",
            "always在线",
            "全天候 online",
            "一直 online",
            "always online",
            "一直在线",
            "24/7",
        ] {
            assert_eq!(always_on_as_always(t).trim(), "always", "{t}");
        }
        // `online` or `always` alone keeps its own sense.
        assert_eq!(always_on_as_always("online demo"), "online demo");
        assert_eq!(always_on_as_always("我always用autodl"), "我always用autodl");
    }
}
