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
}
