//! Whether a payment barrier is negated by a word a few words before it (`without need of
//! credit card`, `i don't really need a credit card`, `不需要去绑定信用卡`): the words that may
//! stand between a negation and the method it negates are a class (needing, using, providing,
//! articles, `of`), so a negation at a distance is read as right beside it.

/// English negations, whole words.
const NEGATIONS: &[&str] = &[
    "without", "w/o", "no", "not", "don't", "dont", "doesn't", "never", "nor",
];
/// English words a negation may reach over to the method: verbs of needing, using or giving
/// in any form, articles, prepositions, adverbs of degree.
const BETWEEN: &[&str] = &[
    "need",
    "needs",
    "needing",
    "needed",
    "require",
    "requires",
    "requiring",
    "required",
    "use",
    "using",
    "have",
    "having",
    "provide",
    "providing",
    "give",
    "giving",
    "link",
    "linking",
    "add",
    "adding",
    "bind",
    "binding",
    "any",
    "a",
    "an",
    "the",
    "my",
    "your",
    "of",
    "for",
    "to",
    "with",
    "really",
    "even",
    "actually",
    "necessarily",
    "be",
];
/// Chinese negations, and what may stand between one and the method (`不需要去绑`, `不用提供`).
const NEGATIONS_ZH: &[&str] = &["不需要", "不用", "无需", "不必", "没有", "不要", "免"];
const BETWEEN_ZH: &[&str] = &[
    "绑定", "绑", "提供", "任何", "一张", "张", "去", "再", "有", "用",
];

/// Whether the text right before a payment method (`before`) negates it within a few words.
pub fn barrier_negated(before: &str) -> bool {
    for w in before.split_whitespace().rev().take(5) {
        let w = w.trim_matches(|c: char| c.is_ascii_punctuation() && c != '\'' && c != '/');
        if NEGATIONS.contains(&w) {
            return true;
        }
        if !BETWEEN.contains(&w) {
            return zh_negated(w);
        }
    }
    false
}

/// A Chinese negation at the end of a word, past the words that may stand between.
fn zh_negated(word: &str) -> bool {
    let mut w = word;
    loop {
        // `有没有`, `要不要`, `用不用` ask; they negate nothing.
        if ["有没有", "要不要", "用不用", "需不需要"]
            .iter()
            .any(|a| w.ends_with(a))
        {
            return false;
        }
        if NEGATIONS_ZH.iter().any(|n| w.ends_with(n)) {
            return true;
        }
        match BETWEEN_ZH.iter().find_map(|b| w.strip_suffix(b)) {
            Some(rest) if !rest.is_empty() => w = rest,
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::barrier_negated;

    #[test]
    fn a_negation_reaches_over_needing_words() {
        assert!(barrier_negated("global platform without need of"));
        assert!(barrier_negated("which platform i don't really need"));
        assert!(barrier_negated("哪些平台不需要去绑定"));
        assert!(barrier_negated("有没有不用提供"));
    }

    #[test]
    fn a_negation_of_something_else_does_not() {
        assert!(!barrier_negated("no kyc and"));
        assert!(!barrier_negated("i have no idea which take"));
        assert!(!barrier_negated("platforms that accept"));
        assert!(!barrier_negated("哪些平台支持"));
        assert!(!barrier_negated("有没有用"));
        assert!(!barrier_negated("要不要绑定"));
    }
}
