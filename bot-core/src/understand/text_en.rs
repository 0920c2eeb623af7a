//! Passes of [`super::text::normalize`] over English as people type it: a sentence's own
//! marks (and marks that are no letters: times signs, invisible characters); number words are
//! [`super::numbers_en`]'s.

/// A sentence's own marks are no part of a word: `?` and `!` anywhere, a comma after a letter,
/// and a full stop that
/// ends a word (`70b. Have two A100`, `for two hours?`), so the word before it is read as if
/// it stood alone. A point inside a number or a name (`2.5`, `qwen2.5`) stays. One walk.
pub(super) fn sentence_marks(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| match c {
            '?' | '!' => ' ',
            // `eight hours, total`: a comma after a letter separates (after a digit it is a
            // decimal comma or groups thousands, read above and by the lexicon).
            ',' if i > 0 && chars[i - 1].is_alphabetic() => ' ',
            '.' if chars.get(i + 1).is_none_or(|n| n.is_whitespace()) => ' ',
            _ => c,
        })
        .collect()
}

/// English cue words as people misspell them (`avalable`, `cheep`, `pirce`, `usualy`): the
/// lexicon's class ([`crate::lexicon::cue_of_slip`]), then the common slips of two. One walk.
pub(super) fn cue_spellings(s: &str) -> String {
    // A machine's or a host's noun with one slip (`instace`, `servres`) by the same measure.
    let slip = |w: &str| crate::lexicon::cue_of_slip(w).or_else(|| crate::lexicon::noun_of_slip(w));
    slips_of_two(&spelled_by(s, slip))
}

/// Misspellings two edits from their word that people type often (Wikipedia's "Lists of
/// common misspellings", read 2026-12-04: `reccomend`, `begginer`), written as the word;
/// whole words only.
fn slips_of_two(s: &str) -> String {
    const SLIPS: &[(&str, &str)] = &[
        ("reccomend", "recommend"),
        ("reccommend", "recommend"),
        ("recomment", "recommend"),
        ("reccomendation", "recommendation"),
        ("recomendation", "recommendation"),
        ("begginer", "beginner"),
        ("begginner", "beginner"),
        ("begginers", "beginners"),
    ];
    s.split(' ')
        .map(|w| {
            SLIPS
                .iter()
                .find(|(slip, _)| *slip == w)
                .map_or(w, |(_, word)| word)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The task words `/pick` asks for first (`fine tunning`, `fintune`, `inferense`), by the
/// measure [`cue_spellings`] uses.
pub(super) fn task_spellings(s: &str) -> String {
    spelled_as(
        s,
        &["inference", "finetune", "finetuning", "tuning", "training"],
    )
}

/// Each run of ASCII letters `slip` reads as another word written as that word, and `lora`
/// with two neighbours swapped as `lora`: a run glued to Chinese is a word too (`nofity我`), one
/// glued to a digit or a name's joiner (`h100`, `qwen-coder`) a name's, left as typed.
fn spelled_by(s: &str, slip: fn(&str) -> Option<&'static str>) -> String {
    let glue = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || "-_.=".contains(c));
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic()) {
        let end = rest[start..]
            .find(|c: char| !c.is_ascii_alphabetic())
            .map_or(rest.len(), |k| start + k);
        let w = &rest[start..end];
        let named = glue(rest[..start].chars().next_back()) || glue(rest[end..].chars().next());
        out.push_str(&rest[..start]);
        let fixed = (!named)
            .then(|| lora_swapped(w).or_else(|| slip(w)))
            .flatten();
        out.push_str(fixed.unwrap_or(w));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A four-letter method word with two neighbours swapped (`lroa`): one edit of any kind from a
/// four-letter word is too often another word.
fn lora_swapped(w: &str) -> Option<&'static str> {
    (w.len() == 4 && w != "lora" && crate::lexicon::swapped(w.as_bytes(), b"lora"))
        .then_some("lora")
}

/// Each lowercase word of five letters or more one edit from one of `cues` written as it.
fn spelled_as(s: &str, cues: &[&str]) -> String {
    // Four-letter method words, fixed only for a swap of neighbours (`lroa`): one edit of
    // any kind from a four-letter word is too often another word.
    const SWAPS: &[&str] = &["lora"];
    s.split(' ')
        .map(|w| {
            let lower = w.bytes().all(|b| b.is_ascii_lowercase());
            if let Some(c) = SWAPS.iter().find(|c| {
                lower
                    && c.len() == w.len()
                    && **c != w
                    && crate::lexicon::one_edit(c.as_bytes(), w.as_bytes())
                    && c.bytes().filter(|b| !w.as_bytes().contains(b)).count() == 0
            }) {
                return c.to_string();
            }
            let letters = w.len() >= 5 && lower;
            if !letters || cues.contains(&w) {
                return w.to_string();
            }
            cues.iter()
                .find(|c| {
                    c.len().abs_diff(w.len()) <= 1
                        && crate::lexicon::one_edit(c.as_bytes(), w.as_bytes())
                })
                .map_or_else(|| w.to_string(), |c| c.to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the `*` at `i` is a times sign: a letter or digit on each side, a digit on one (a
/// space between allowed).
pub(super) fn times_sign(chars: &[char], i: usize) -> bool {
    let before = chars[..i].iter().rev().find(|c| **c != ' ');
    let after = chars[i + 1..].iter().find(|c| **c != ' ');
    match (before, after) {
        (Some(b), Some(a)) => {
            b.is_ascii_alphanumeric()
                && a.is_ascii_alphanumeric()
                && (b.is_ascii_digit() || a.is_ascii_digit())
        }
        _ => false,
    }
}

/// Zero-width space, non-joiner and joiner, direction marks and overrides, word joiner, BOM.
pub(super) fn invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}' | '\u{feff}')
}
