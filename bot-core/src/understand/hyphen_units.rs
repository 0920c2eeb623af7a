//! Sizes and lengths written as one hyphenated adjective or with a spoken unit, written as
//! the reader's passes read them (corpus44, issue 26):
//! - `an 8-hour run`, `a 3-day job`: the job's length (`8 hour`), never the default hour;
//! - `a 4-card 4090 machine`, `a 2-gpu box`: a card count (`4 cards`), never the card's specs;
//! - `two nodes of 8x H100`, `2 nodes with 4x h200 each`: N machines of M cards are N × M cards
//!   (`16x h100`), never one machine's M;
//! - `24 gigs`: a memory size (`24gb`) with no card beside it too;
//! - `HBM`: the card's memory, a spec word (`/gpu`), never a price.

use crate::catalog::Catalog;

/// Units a hyphenated length is said in, as the span pass reads them after a space.
const LENGTH_UNITS: &[&str] = &["hour", "hr", "day", "week", "minute", "min", "month"];

/// Nouns for one machine of several cards, counted (`two nodes of 8x`).
const NODE_NOUNS: &[&str] = &[
    "nodes", "node", "machines", "machine", "servers", "server", "boxes", "box", "hosts",
];

/// `norm` with each of those written as the reader reads it.
pub(super) fn plain(_: &Catalog, norm: &str) -> String {
    let words: Vec<&str> = norm.split(' ').collect();
    let words = nodes_of(&words);
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for w in &words {
        out.push(hyphened(w).unwrap_or_else(|| w.clone()));
    }
    let out = gigs(&out);
    out.join(" ")
}

/// `8-hour` → `8 hour`, `4-card` → `4 cards`, `2-gpu` → `2 gpus`: the number and its unit
/// apart (a word with more after the unit, `8-hour-long`, keeps the rest).
fn hyphened(w: &str) -> Option<String> {
    let (num, unit) = w.split_once('-')?;
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let (unit, rest) = match unit.find(|c: char| !c.is_ascii_alphabetic()) {
        Some(i) => unit.split_at(i),
        None => (unit, ""),
    };
    let unit = unit.trim_end_matches('s');
    if LENGTH_UNITS.contains(&unit) {
        return Some(format!("{num} {unit}{rest}"));
    }
    matches!(unit, "card" | "gpu").then(|| format!("{num} {unit}s{rest}"))
}

/// A count of machines said in digits or a small English word.
fn machines(w: &str) -> Option<u32> {
    const WORDS: &[&str] = &[
        "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    let n = w
        .parse::<u32>()
        .ok()
        .or_else(|| WORDS.iter().position(|x| *x == w).map(|p| p as u32 + 1))?;
    (1..=64).contains(&n).then_some(n)
}

/// `two nodes of 8x h100` → `16x h100`; `2 nodes with 4x h200 each` → `8x h200`: the count of
/// machines times the cards in each. Only where the cards per machine follow the noun with `of`
/// or `with` (a count alone after the noun may be anything).
fn nodes_of(words: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        if let Some((cards, used)) = node_cards(&words[i..]) {
            out.push(cards);
            i += used;
            continue;
        }
        out.push(words[i].to_string());
        i += 1;
    }
    // `… each`: said of the machines already multiplied, no card's own word.
    out
}

/// The cards of `N nodes of Mx` at the start of `w`, and how many words it took.
fn node_cards(w: &[&str]) -> Option<(String, usize)> {
    let n = machines(w.first()?)?;
    if n < 2 || !NODE_NOUNS.contains(w.get(1)?) || !matches!(*w.get(2)?, "of" | "with") {
        return None;
    }
    let per = w.get(3)?;
    let m: u32 = per
        .strip_suffix('x')
        .or_else(|| per.strip_prefix('x'))?
        .parse()
        .ok()
        .filter(|m| (1..=16).contains(m))?;
    Some((format!("{}x", n * m), 4))
}

/// `24 gigs`, `48 gig` → `24gb`; `hbm` → `memory`; other words kept.
fn gigs(words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let next = words.get(i + 1).map(String::as_str);
        if w.bytes().all(|b| b.is_ascii_digit())
            && !w.is_empty()
            && matches!(next, Some("gigs" | "gig"))
        {
            out.push(format!("{w}gb"));
            i += 2;
            continue;
        }
        out.push(if w == "hbm" {
            "memory".into()
        } else {
            w.into()
        });
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{gigs, hyphened, nodes_of};

    #[test]
    fn hyphenated_lengths_and_counts_apart() {
        assert_eq!(hyphened("8-hour").as_deref(), Some("8 hour"));
        assert_eq!(hyphened("3-days").as_deref(), Some("3 day"));
        assert_eq!(hyphened("4-card").as_deref(), Some("4 cards"));
        assert_eq!(hyphened("2-gpu").as_deref(), Some("2 gpus"));
        // Not a unit: kept.
        assert_eq!(hyphened("qwen2.5-7b"), None);
        assert_eq!(hyphened("3-way"), None);
        assert_eq!(hyphened("a100-80g"), None);
    }

    #[test]
    fn nodes_times_cards() {
        let said = |s: &str| nodes_of(&s.split(' ').collect::<Vec<_>>()).join(" ");
        assert_eq!(said("two nodes of 8x h100"), "16x h100");
        assert_eq!(said("3 machines with 4x a100 each"), "12x a100 each");
        // One machine, or no cards per machine said: kept.
        assert_eq!(said("one node of 8x h100"), "one node of 8x h100");
        assert_eq!(said("2 nodes for a week"), "2 nodes for a week");
    }

    #[test]
    fn gigs_are_memory() {
        let said = |s: &str| {
            let w: Vec<String> = s.split(' ').map(String::from).collect();
            gigs(&w).join(" ")
        };
        assert_eq!(said("fine tune on 24 gigs"), "fine tune on 24gb");
        assert_eq!(said("how much hbm"), "how much memory");
        assert_eq!(said("gigs of 3"), "gigs of 3");
    }
}
