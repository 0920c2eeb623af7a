//! A model judged on a memory size (helper fit_vram, issues 24 and 26): a memory said as the
//! card beside a model (`will phi-4 fit on a 16gb card`, `24G显存能微调qwen2.5 14b吗`) is
//! `/fit MODEL 16gb`; a card named with its memory stays the card, a memory with no model stays
//! which models fit it, a floor stays offers (`questions_fit_vram_own.tsv`). Untuned 10/32 (the
//! ten guards).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_fit_vram_own.tsv");

#[test]
fn fit_vram_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("fit_vram_own", OWN);
}

#[test]
fn fit_vram_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
