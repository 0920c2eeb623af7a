//! The laptop GPU of a card's number when a laptop word is said beside it (`我笔记本是4060`, `my
//! laptop has a 4070`, `4090 游戏本`, `4080 in my laptop`): the catalog's laptop card of that
//! number (`form_factor = "laptop"`), with the memory said after it when the catalog has two
//! (`笔记本 3080 16g`). Which words say "laptop" is the lexicon's (`lexicon::laptop_said_at`).

use crate::catalog::{Catalog, Gpu};
use crate::lexicon;

/// The laptop card for the card `name` read at tokens `i..i + n`, and how many tokens after
/// them it used (a memory size), when a laptop word is said beside it.
pub(super) fn laptop_card<'c>(
    catalog: &'c Catalog,
    toks: &[String],
    (i, n): (usize, usize),
    name: &str,
    lookups: &mut usize,
) -> Option<(&'c Gpu, usize)> {
    if let Some(g) = glued_after(catalog, name, toks.get(i + n), lookups) {
        return Some((g, 0));
    }
    if !lexicon::laptop_said_at(toks, i, i + n) {
        return None;
    }
    let mut find = |q: String| {
        *lookups += 1;
        catalog.find_gpu(&q).filter(|g| g.is_laptop())
    };
    // A memory size said in the name (`3080 16g`) or right after it: the laptop card of that size.
    let (stem, said) = match name.rsplit_once(' ') {
        Some((stem, m)) if memory(m) => (stem, Some((m.to_string(), 0))),
        _ => (
            name,
            toks.get(i + n)
                .filter(|m| memory(m))
                .map(|m| (m.clone(), 1)),
        ),
    };
    if let Some((m, used)) = said
        && let Some(g) = find(format!("{stem} laptop {m}"))
    {
        return Some((g, used));
    }
    find(format!("{stem} laptop")).map(|g| (g, 0))
}

/// `16g`, `16gb`: a memory size.
fn memory(w: &str) -> bool {
    let digits = w.trim_end_matches("gb").trim_end_matches('g');
    digits.len() < w.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// A Chinese word for laptop glued after the number (`4090笔记本`, `4070 移动版`): the catalog's
/// alias of that form.
fn glued_after<'c>(
    catalog: &'c Catalog,
    name: &str,
    next: Option<&String>,
    lookups: &mut usize,
) -> Option<&'c Gpu> {
    let next = next?;
    let word = ["笔记本", "移动版", "移动端"]
        .into_iter()
        .find(|w| next.starts_with(w))?;
    *lookups += 1;
    catalog
        .find_gpu(&format!("{name}{word}"))
        .filter(|g| g.is_laptop())
}

/// A card said beside a laptop word (`3060笔记本`, `my 3070 laptop`) that the catalog has no
/// laptop entry of: the desktop card's id, for the answer to say the laptop card is unknown
/// (the reading leaves the card out, never answers for the desktop card).
pub(super) fn laptop_unknown(catalog: &Catalog, toks: &[String]) -> Option<String> {
    toks.iter().enumerate().find_map(|(i, t)| {
        let g = catalog.find_gpu(t).filter(|g| !g.is_laptop())?;
        let mut lookups = 0;
        let laptop = laptop_card(catalog, toks, (i, 1), t, &mut lookups);
        (laptop.is_none() && lexicon::laptop_said_at(toks, i, i + 1)).then(|| g.id.clone())
    })
}
