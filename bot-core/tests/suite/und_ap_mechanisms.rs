//! Corpus58's misses as mechanisms on cases of my own (helper und_ap, issue 26; written before
//! the change they tested): a card or model the catalog lacks is kept as the user named it (the
//! command says it is unknown), never answered as a look-alike; a full fine-tune said by an
//! adverb (fully, 全量); a precision asked about (要不要开fp8, should i use int4) is none chosen;
//! a payment denied by don't need / 不需要 / 无需; a recommendation asked with a budget in words
//! is guidance; where a card can be rented is stock; machines listed are offers; a platform
//! asked whether it disconnects is its facts. Untuned 25/45; after 42/45 (two of D's labels were
//! mine against the house's `needs_said` rule, relabelled before the change): the 42 are
//! asserted (`questions_und_ap_own.tsv`), the 3 left are `questions_und_ap_left.tsv`.
//! Helper und_ar moved `can qwen2.5-8b run on a 3080`, read right once the catalog's family-and-
//! size lookup found no line of another kind (a VL model) for a family it holds plainly
//! (`OTHER_KIND` in catalog/lookup.rs); 2 are left. Helper
//! und_aq moved the 推荐下 row, read right after its short-budget rule (`budget_recommend`), and
//! the machines row (`offers_words::machines_listed`); 1 left.
//! With both helpers' changes merged (und_ar and und_aq, session 25), no row is left.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ap_own.tsv");
const LEFT: &str = include_str!("../data/questions_und_ap_left.tsv");

#[test]
fn und_ap_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ap_own", OWN);
}

#[test]
fn und_ap_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
    own_labels_canonical(LEFT, |_| false);
}

/// The rows left open: their share printed (for whoever takes them up), not asserted.
#[test]
fn und_ap_left_rows_are_counted() {
    let (total, _) = super::understand::share_by_line("und_ap_left", LEFT);
    assert_eq!(total, 0);
}
