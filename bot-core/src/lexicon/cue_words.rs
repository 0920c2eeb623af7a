//! The English cue words a misspelling is read as (`usualy`, `avalable`, `pirce`, `notfiy`): one
//! class, so a cue added here is forgiven alike wherever it is read. Guard: a word of five
//! letters or more, one edit from its cue (shorter words collide: `avail`, `spec`); an English
//! word one edit from a cue ([`REAL_WORDS`]: `prize`, `stack`, `house`) is never corrected, and
//! card and model names (letters and digits) are never touched.

/// The cue words: what a question asks (price, stock, trend, alerts, guidance), how often
/// (`usually` and its kin, read by `/trend`), and the job words `/pick` asks first.
pub const CUE_WORDS: &[&str] = &[
    "available",
    "availability",
    "cheapest",
    "cheaper",
    "cheap",
    "price",
    "prices",
    "stock",
    "compare",
    "difference",
    "notify",
    "subscribe",
    "alert",
    "trend",
    "history",
    "specs",
    "memory",
    "recommend",
    "platform",
    "platforms",
    "convert",
    "enough",
    "month",
    "hours",
    "minutes",
    "unsubscribe",
    "bandwidth",
    "inference",
    "finetune",
    "finetuning",
    "tuning",
    "training",
    "qlora",
    "beginner",
    // What usually happens (`usual_time`): `usualy`, `typicaly`.
    "usually",
    "typically",
    "normally",
    "generally",
];

/// English words one edit from a cue word, meant as themselves: never corrected.
pub const REAL_WORDS: &[&str] = &[
    "prize", "pride", "prime", "stack", "stick", "stuck", "stork", "house", "mouth", "alter",
    "cheat", "chest", "concert", "convent", "tread", "usual", "trent",
];

/// The cue word `w` (lower-case letters) is a slip of: one edit away, five letters or more,
/// itself no cue nor English word.
pub fn cue_of_slip(w: &str) -> Option<&'static str> {
    if w.len() < 5
        || !w.bytes().all(|b| b.is_ascii_lowercase())
        || CUE_WORDS.contains(&w)
        || REAL_WORDS.contains(&w)
    {
        return None;
    }
    CUE_WORDS
        .iter()
        .find(|c| c.len().abs_diff(w.len()) <= 1 && super::one_edit(c.as_bytes(), w.as_bytes()))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_read_as_their_cue() {
        for (slip, cue) in [
            ("usualy", "usually"),
            ("usally", "usually"),
            ("typicaly", "typically"),
            ("normaly", "normally"),
            ("generaly", "generally"),
            ("notfiy", "notify"),
            ("pirce", "price"),
            ("availble", "available"),
            ("cheapset", "cheapest"),
        ] {
            assert_eq!(cue_of_slip(slip), Some(cue), "{slip}");
        }
    }

    #[test]
    fn near_words_kept() {
        for w in [
            "avail", "prize", "price", "stack", "house", "usual", "spec", "a100", "h100s", "l40s",
            "qwen3", "model", "notice",
        ] {
            assert_eq!(cue_of_slip(w), None, "{w}");
        }
    }
}
