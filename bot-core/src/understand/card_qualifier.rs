//! A word said right after a card's name that makes it another card (helper und_dx, issue 26):
//! `a6000 ada` is no RTX A6000, `4090 super` no RTX 4090. The words come from the catalog
//! itself: a word some card's alias adds after a name that alone is another card (`ti` in
//! `4060 ti`, `d` in `4090 d`, `ada` in `rtx 6000 ada`, `super`, `nvl`, `pcie`, a memory), so a
//! new card's alias teaches it. Such a word after a card whose own names never carry it, and
//! that the catalog cannot read with the name, leaves the name unread: a card the catalog
//! lacks is said unknown, never answered with the base card's figures.

use crate::catalog::{Catalog, Gpu};

/// A memory said as one word (`16g`, `80gb`): its GB.
fn memory_gb(word: &str) -> Option<f64> {
    let digits = word.trim_end_matches("gb").trim_end_matches('g');
    (digits.len() != word.len() && !digits.is_empty())
        .then(|| digits.parse().ok())
        .flatten()
}

/// Whether `word`, right after the name of card `g`, names another card than `g`.
pub(super) fn changes_card(catalog: &Catalog, g: &Gpu, word: &str) -> bool {
    // `the L4's tdp`: an `s` after a name is the possessive (`l40 s` is read whole before).
    if !word.is_ascii() || word == "s" || word.chars().all(|c| c.is_ascii_digit()) {
        return false;
    }
    if let Some(gb) = memory_gb(word) {
        // The card's own memory (`3090 24g`) is the card; another is another card, where the
        // catalog sells the family in that memory (`4060 16g`).
        return (gb - g.vram_gb.round()).abs() > 0.5 && qualifies(catalog, word);
    }
    // `4090 ada`: the card's own architecture is no other card.
    let own_arch = g
        .arch
        .as_deref()
        .is_some_and(|a| a.to_lowercase().split(' ').any(|w| w == word));
    let own_alias = g
        .aliases
        .iter()
        .chain(std::iter::once(&g.name))
        .any(|a| a.to_lowercase().split([' ', '-']).any(|w| w == word));
    !own_arch && !own_alias && qualifies(catalog, word)
}

/// Some alias adds `word` after a name that alone is another card, and the name with the word
/// is no longer that card (`rtx 3080 laptop gpu 16gb`: `gpu` leaves `rtx 3080 laptop` the
/// same card, the memory after it changes it).
fn qualifies(catalog: &Catalog, word: &str) -> bool {
    let id = |words: &[&str]| catalog.find_gpu(&words.join(" ")).map(|g| g.id.as_str());
    catalog.gpus.iter().any(|c| {
        c.aliases.iter().any(|a| {
            let words: Vec<&str> = a.split(' ').collect();
            (1..words.len()).any(|j| {
                words[j] == word
                    && id(&words[..j]).is_some_and(|p| p != c.id && id(&words[..=j]) != Some(p))
            })
        })
    })
}
