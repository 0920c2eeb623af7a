//! English slips no one-edit measure reads: letters stretched for emphasis (`paypaaal`,
//! `cheeeapest`, `pleeease`) and a function word typed as its homophone inside a domain phrase
//! (`who bills buy the second`, `let me no if`, `right no`, `know kyc`). Each reading is said
//! (`understand::slips_said`): a stretched word only where its plain form is a word of the
//! lexicon, a homophone only in the phrases of [`HOMOPHONE_PHRASES`].

use std::collections::HashSet;
use std::sync::OnceLock;

/// A function word's homophone in a domain phrase: (as typed, as read, whether the phrase must
/// end its clause). `right no` alone ends a clause (`right no, …` stays); `buy the second`
/// is billing's `by`, never a purchase of a second.
pub const HOMOPHONE_PHRASES: &[(&str, &str, bool)] = &[
    ("let me no", "let me know", false),
    ("let us no", "let us know", false),
    ("let my team no", "let my team know", false),
    ("let the team no", "let the team know", false),
    ("let everyone no", "let everyone know", false),
    ("let them no", "let them know", false),
    ("right no", "right now", true),
    ("write now", "right now", false),
    ("buy the second", "by the second", false),
    ("buy the sec", "by the sec", false),
    ("buy the minute", "by the minute", false),
    ("buy the hour", "by the hour", false),
    ("buy the day", "by the day", false),
    ("buy the week", "by the week", false),
    ("buy the month", "by the month", false),
    ("know kyc", "no kyc", false),
    ("know real name", "no real name", false),
    ("know real-name", "no real-name", false),
    ("know id check", "no id check", false),
    ("know verification", "no verification", false),
    ("know credit card", "no credit card", false),
];

/// Words a stretched word may stand for: the lexicon's cue, need and function words, and the
/// words of its need and alert phrases.
fn vocabulary() -> &'static HashSet<&'static str> {
    static V: OnceLock<HashSet<&'static str>> = OnceLock::new();
    V.get_or_init(|| {
        let phrases = (super::NEED_PHRASES.iter().map(|(p, _)| *p))
            .chain(HOMOPHONE_PHRASES.iter().map(|(_, p, _)| *p))
            .flat_map(|p| p.split(|c: char| !c.is_ascii_alphabetic()));
        (super::CUE_WORDS.iter().copied())
            .chain(super::REAL_WORDS.iter().copied())
            .chain(super::NEED_SPELLINGS.iter().copied())
            .chain(super::EN_FUNCTION_WORDS.iter().copied())
            .chain([
                "please", "free", "need", "good", "fast", "cheapest", "soon", "asap",
            ])
            .chain(phrases)
            .filter(|w| w.len() >= 2 && w.bytes().all(|b| b.is_ascii_lowercase()))
            .collect()
    })
}

/// `word` (ASCII lowercase) with each run of three or more of one letter written once and
/// twice, every way (at most three runs): the forms it may stand for.
fn plain_forms(word: &str) -> Vec<String> {
    let b = word.as_bytes();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let end = (i..b.len()).find(|&k| b[k] != b[i]).unwrap_or(b.len());
        runs.push((i, end));
        i = end;
    }
    let long = runs.iter().filter(|(s, e)| e - s >= 3).count();
    if long == 0 || long > 3 {
        return Vec::new();
    }
    let mut forms = vec![String::new()];
    for (s, e) in runs {
        let c = b[s] as char;
        forms = if e - s >= 3 {
            (forms.iter())
                .flat_map(|f| [format!("{f}{c}"), format!("{f}{c}{c}")])
                .collect()
        } else {
            let run: String = b[s..e].iter().map(|&x| x as char).collect();
            forms.iter().map(|f| format!("{f}{run}")).collect()
        };
    }
    forms
}

/// The one word of the lexicon a stretched word stands for.
fn unstretched(word: &str) -> Option<String> {
    let v = vocabulary();
    let mut near = plain_forms(word)
        .into_iter()
        .filter(|f| v.contains(f.as_str()));
    match (near.next(), near.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// `text` (lowercase) with each word of letters stretched for emphasis written as the
/// lexicon's word it stands for; a run glued to a digit (a name's) is left. Pairs said.
pub fn stretched_read(text: &str) -> (String, Vec<(String, String)>) {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut said = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_lowercase() {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let end = (i..chars.len())
            .find(|&k| !chars[k].is_ascii_lowercase())
            .unwrap_or(chars.len());
        let word: String = chars[i..end].iter().collect();
        let glued = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_digit());
        let named = glued(i.checked_sub(1).and_then(|p| chars.get(p))) || glued(chars.get(end));
        match unstretched(&word).filter(|_| !named) {
            Some(plain) => {
                out.push_str(&plain);
                said.push((word, plain));
            }
            None => out.push_str(&word),
        }
        i = end;
    }
    (out, said)
}

/// Whether `rest` (the text after a phrase) ends the phrase's clause: nothing, or a mark, or a
/// character outside the Latin script, next.
fn clause_ends(rest: &str) -> bool {
    rest.trim_start()
        .chars()
        .next()
        .is_none_or(|c| c.is_ascii_punctuation() || !c.is_ascii())
}

/// Whether `typed` opens with `know` after someone who knows (`i know kyc is needed`): the verb
/// as meant.
fn known_by(before: &str, typed: &str) -> bool {
    let last = before.split_whitespace().next_back().unwrap_or("");
    typed.starts_with("know ")
        && ["i", "we", "you", "they", "dont", "don't", "to", "not"].contains(&last)
}

/// `text` (lowercase) with each phrase of [`HOMOPHONE_PHRASES`] as whole words read as the
/// domain phrase it stands for. Pairs said.
pub fn homophones_read(text: &str) -> (String, Vec<(String, String)>) {
    let mut out = text.to_string();
    let mut said = Vec::new();
    for (typed, read, at_end) in HOMOPHONE_PHRASES {
        let mut from = 0;
        while let Some(k) = out[from..].find(typed) {
            let at = from + k;
            let end = at + typed.len();
            let before = out[..at].chars().next_back();
            let after = out[end..].chars().next();
            let whole = !before.is_some_and(|c| c.is_ascii_alphanumeric())
                && !after.is_some_and(|c| c.is_ascii_alphanumeric());
            if whole && (!at_end || clause_ends(&out[end..])) && !known_by(&out[..at], typed) {
                out.replace_range(at..end, read);
                said.push((typed.to_string(), read.to_string()));
                from = at + read.len();
            } else {
                from = end;
            }
        }
    }
    (out, said)
}

#[cfg(test)]
mod tests {
    use super::{homophones_read, stretched_read};

    #[test]
    fn stretched_letters_are_the_word() {
        let r = |t: &str| stretched_read(t).0;
        assert_eq!(
            r("which gpu clouds take paypaaal"),
            "which gpu clouds take paypal"
        );
        assert_eq!(r("cheeeapest h100 pleeease"), "cheapest h100 please");
        assert_eq!(r("any freeee trial"), "any free trial");
        assert_eq!(r("支持alipaaay吗"), "支持alipay吗");
        assert_eq!(
            stretched_read("paaaypal").1,
            vec![("paaaypal".to_string(), "paypal".to_string())]
        );
        // No stretched run, no word of the lexicon, or a name's run: as typed.
        for t in ["good cheap hardware", "zzzz", "wwwy", "aaa100", "hmmmm ok"] {
            assert_eq!(r(t), t, "{t}");
        }
    }

    #[test]
    fn a_homophone_in_a_domain_phrase_is_the_function_word() {
        let r = |t: &str| homophones_read(t).0;
        assert_eq!(r("who bills buy the second"), "who bills by the second");
        assert_eq!(
            r("let me no if h100s go below $2"),
            "let me know if h100s go below $2"
        );
        assert_eq!(
            r("where can i grab a 5090 right no"),
            "where can i grab a 5090 right now"
        );
        assert_eq!(r("a 4090 right no?"), "a 4090 right now?");
        assert_eq!(r("platforms with know kyc"), "platforms with no kyc");
        // The phrase as meant, or the words in another sense: as typed.
        for t in [
            "that is right no problem",
            "i want to buy the card",
            "buy the 4090 or rent it",
            "no idea which gpu",
            "let me know if",
            "i know kyc is needed",
        ] {
            assert_eq!(r(t), t, "{t}");
        }
    }
}
