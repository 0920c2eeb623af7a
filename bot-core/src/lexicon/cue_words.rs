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
    // Before `subscribe`: a slip one edit from both (`usubscribe`) is the stop, never the alert.
    "unsubscribe",
    "subscribe",
    "alert",
    // `remnid me when …`: an alert's verb as `notify` is (`remind me` is an alert phrase).
    "remind",
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
    "prize",
    "pride",
    "prime",
    "stack",
    "stick",
    "stuck",
    "stork",
    "house",
    "mouth",
    "alter",
    "cheat",
    "chest",
    "concert",
    "convent",
    "tread",
    "usual",
    "trent",
    "rewind",
    "remand",
    "rebind",
    "reminds",
    "seconds",
    "collar",
    "collars",
    "stepped",
    "stooped",
    "shopped",
    "topped",
    "slopped",
    "stopper",
    // One slip from a barrier word of `needs::NEED_SPELLINGS` (und_dk).
    "credits",
    "identify",
    "passports",
    "transfers",
    "verifications",
    "internationals",
    "oversees",
    "domestics",
    "mainlands",
    // One slip from a machine's or a host's noun (`noun_slips`, und_do).
    "serve",
    "serves",
    "served",
    "cloudy",
    "ghosts",
    "legion",
    "machina",
];

/// Cue words of four letters, forgiven only two neighbours swapped with no letter changed
/// (`pign me when …`): one letter changed in a four-letter word is too often another word
/// (`pint`, `pink`, `king`).
pub const SHORT_CUES: &[&str] = &["ping"];

/// The cue word `w` (lower-case letters) is a slip of, itself no cue nor English word: one
/// edit away (five letters or more), two letters one apart swapped (six or more: `nofity`), or
/// two neighbours swapped in a four-letter cue ([`SHORT_CUES`]: `pign`). The one measure every
/// reader's cue words are forgiven by (the question's `normalize`, a platform's slips), so an
/// alert's verb with a slip is never left out and a stock ask read in its place.
pub fn cue_of_slip(w: &str) -> Option<&'static str> {
    if !w.bytes().all(|b| b.is_ascii_lowercase())
        || CUE_WORDS.contains(&w)
        || SHORT_CUES.contains(&w)
        || REAL_WORDS.contains(&w)
    {
        return None;
    }
    // A currency word's slip (`dollrs`, `yaun`, `usdd`), by the same bounded measure.
    if let Some(c) = super::currency_of_slip(w) {
        return Some(c);
    }
    if w.len() == 4 {
        return SHORT_CUES
            .iter()
            .find(|c| super::swapped(c.as_bytes(), w.as_bytes()))
            .copied();
    }
    if w.len() < 5 {
        return None;
    }
    let (c, t) = (CUE_WORDS.iter(), w.as_bytes());
    c.clone()
        .find(|c| c.len().abs_diff(w.len()) <= 1 && super::one_edit(c.as_bytes(), t))
        .or_else(|| {
            c.clone()
                .find(|c| c.len() >= 6 && super::swapped_across(c.as_bytes(), t))
        })
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
            ("nofity", "notify"),
            ("alret", "alert"),
            ("remnid", "remind"),
            ("reimnd", "remind"),
            ("pign", "ping"),
            ("subcsribe", "subscribe"),
            ("usubscribe", "unsubscribe"),
        ] {
            assert_eq!(cue_of_slip(slip), Some(cue), "{slip}");
        }
    }

    #[test]
    fn near_words_kept() {
        for w in [
            "avail",
            "prize",
            "price",
            "stack",
            "house",
            "usual",
            "spec",
            "a100",
            "h100s",
            "l40s",
            "qwen3",
            "model",
            "notice",
            "rewind",
            "reminds",
            "pint",
            "pink",
            "king",
            "alter",
            "ping",
            "unsubscribe",
        ] {
            assert_eq!(cue_of_slip(w), None, "{w}");
        }
    }
}
