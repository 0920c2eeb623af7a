//! What a correction inside the message may replace beside cards, models and amounts (helper
//! und_ee, issue 26; read by `taken_back`): a platform (`最好 autodl，啊不对 是恒源云`,
//! `阿里云 pai … 哦不 我是说 腾讯云 hai`, `does runpod bill per second? sorry vast`), and, of
//! several cards said before the correction, the one it corrects: the card most like it
//! (`3080ti vs 4090 …, sorry 3090ti` corrects the 3080 Ti, one slip from it), else the last.

use crate::catalog::Catalog;
use crate::lexicon::slips_apart;

/// The longest platform name (up to three words, at most 24 bytes) `s` starts with, ending
/// at a word's end.
pub(super) fn platform_len(catalog: &Catalog, s: &str) -> Option<usize> {
    let mut ends: Vec<usize> = s
        .char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .take_while(|&e| e <= 24)
        .filter(|&e| !s[e..].starts_with(|c: char| c.is_ascii_alphanumeric()))
        .filter(|&e| s[..e].split_whitespace().count() <= 3 && s[..e].trim().chars().count() >= 2)
        .collect();
    ends.sort_unstable_by(|a, b| b.cmp(a));
    ends.into_iter().find(|&e| {
        let name = s[..e].trim_end();
        // A Latin name starts its word: `vast` inside `vastly` is no name.
        // `阿里云 pai`: a name written with a space its alias lacks (`阿里云pai`).
        (catalog.find_platform(name).is_some()
            || catalog.find_platform(&name.replace(' ', "")).is_some())
            && !(name.is_ascii() && name.chars().any(|c| c.is_ascii_digit()))
    })
}

/// Of the values `said` (start, end) in `t`, the one `fix` corrects: the one of them most like
/// it by typed letters (two slips at most, and nearer than every other), else the last.
pub(super) fn corrected_of(t: &str, said: &[(usize, usize)], fix: &str) -> Option<(usize, usize)> {
    let key = |s: &str| -> Vec<u8> {
        s.to_lowercase()
            .bytes()
            .filter(u8::is_ascii_alphanumeric)
            .collect()
    };
    let f = key(fix);
    let near: Vec<(usize, (usize, usize))> = said
        .iter()
        .filter_map(|&(a, b)| slips_apart(&key(&t[a..b]), &f, 2).map(|d| (d, (a, b))))
        .collect();
    let best = near.iter().map(|(d, _)| *d).min();
    match near
        .iter()
        .filter(|(d, _)| Some(*d) == best)
        .collect::<Vec<_>>()[..]
    {
        [(_, one)] if said.len() > 1 => Some(*one),
        _ => said.last().copied(),
    }
}
