//! `4090 for 3 sprints on runpod`, `3 ghanto ka kitna`: a number before a word the reader does
//! not know, where a length would stand. Reading past it prices the default hour, a wrong figure
//! said with confidence, so the words are said back, with the number read as hours and as days
//! to tap.

use super::request::Request;
use super::{Reading, read};
use crate::catalog::Catalog;
use crate::lexicon::is_han;

/// The number and word said (`3 sprints`) and the question read with the number as hours and
/// as days, when: the question reads as a job's bill (`/cost`, `/compare`) of the default hour,
/// the pair changes
/// nothing in that reading (the word was not read), and the number as hours would change it
/// (a length stands there).
pub(super) fn unknown_unit(
    catalog: &Catalog,
    norm: &str,
    toks: &[String],
) -> Option<(String, Vec<String>)> {
    let line_of = |text: &str| match read(catalog, text) {
        Reading::Command(r @ (Request::Cost(_) | Request::Compare(_))) => Some(r.line()),
        _ => None,
    };
    let number = |t: &str| {
        t.chars().all(|c| c.is_ascii_digit() || c == '.')
            && t.starts_with(|c: char| c.is_ascii_digit())
    };
    // A word of letters, as another language or a slip writes a unit (`ghanto`, `sprints`).
    // Money words (`1,5 dollar`) are a price's, read or not.
    let word = |t: &str| {
        t.chars().count() >= 3
            && t.chars().all(|c| c.is_alphabetic() && !is_han(c))
            && !crate::lexicon::MONEY_WORDS.contains(&t)
            && !super::price::CURRENCY_WORDS.contains(&t)
    };
    let pairs: Vec<String> = toks
        .windows(2)
        .filter(|p| number(&p[0]) && word(&p[1]))
        .map(|p| format!("{} {}", p[0], p[1]))
        .filter(|said| norm.contains(said.as_str()))
        .collect();
    if pairs.is_empty() {
        return None;
    }
    // Only a bill at the default hour: a length said elsewhere (`a weekend (2 days)`) is read.
    let line = line_of(norm).filter(|l| l.split(' ').any(|w| w == "1h"))?;
    pairs.into_iter().find_map(|said| {
        let n = said.split(' ').next().unwrap_or_default();
        let as_unit = |u: &str| line_of(&norm.replacen(&said, &format!("{n} {u}"), 1));
        let hours = as_unit("hours").filter(|h| *h != line)?;
        (line_of(&norm.replacen(&said, " ", 1)).as_deref() == Some(line.as_str())).then_some(())?;
        let lines = std::iter::once(hours).chain(as_unit("days")).collect();
        Some((said, lines))
    })
}
