//! An architecture named in place of a card (`hopper 显存多大`, `how much vram does blackwell
//! have`): a family of cards, none of them said. Its cards (the catalog's `arch`) are asked back,
//! each read as the question would be with that card, never one guessed nor the question left
//! unread. A family too large to list as choices (Ampere's many cards) is left as said.

use super::{Reading, read_normalized};
use crate::catalog::Catalog;

/// Words for an architecture, longest first, and the catalog's `arch` they name.
const ARCHES: &[(&str, &str)] = &[
    ("ada lovelace", "Ada Lovelace"),
    ("lovelace", "Ada Lovelace"),
    ("hopper", "Hopper"),
    ("blackwell", "Blackwell"),
    ("ampere", "Ampere"),
    ("volta", "Volta"),
    ("turing", "Turing"),
];
/// The most cards asked back as choices: two rows of five (Blackwell's nine rentable cards
/// since the RTX 5060 joined the catalog; Ada's and Ampere's twenty-odd stay as said).
const MOST: usize = 10;

/// The readings with each card of the architecture said, when no card is named.
pub(super) fn asked(catalog: &Catalog, norm: &str, no_card: bool) -> Option<Reading> {
    if !no_card {
        return None;
    }
    let padded = format!(" {norm} ");
    let (word, arch) = ARCHES.iter().find(|(w, _)| said_alone(&padded, w))?;
    let cards: Vec<&str> = catalog
        .gpus
        .iter()
        .filter(|g| g.arch.as_deref() == Some(*arch))
        .map(|g| g.id.as_str())
        .collect();
    if cards.len() < 2 || cards.len() > MOST {
        return None;
    }
    let mut choices = Vec::new();
    for card in cards {
        let said = padded.replacen(word, &format!(" {card} "), 1);
        if let (Reading::Command(r), ..) = read_normalized(catalog, said.trim().to_string(), false)
            && !choices.contains(&r)
        {
            choices.push(r);
        }
    }
    (choices.len() >= 2).then_some(Reading::Ask(choices))
}

/// Whether `w` is said as a word of its own (no letter either side: `grasshopper` is none).
fn said_alone(padded: &str, w: &str) -> bool {
    padded.match_indices(w).any(|(at, _)| {
        let before = padded[..at].chars().next_back();
        let after = padded[at + w.len()..].chars().next();
        before.is_none_or(|c| !c.is_ascii_alphanumeric())
            && after.is_none_or(|c| !c.is_ascii_alphanumeric())
    })
}
