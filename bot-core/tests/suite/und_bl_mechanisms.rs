//! Corpus75's and corpus76's misses as mechanisms on cases of my own (helper und_bl, issue 26;
//! written before the change they tested): a region word is a region, never one platform; the
//! count asked (would N, N 张够吗) after a count quoted from a paper is the count asked; card-hours
//! before the card (`50 h100 hours`, `72 卡时`) are hours on one card; forum words for training
//! (炼, 练, 调个) and serving (起个服务, 部署); a platform question with a job and no card is
//! /pick, with a card a comparison; "offer" read the house's way; a second spec asked of the same
//! card is the same /gpu answer. Untuned 11/37 (a775911e); after 37/37, asserted.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bl_own.tsv");

#[test]
fn und_bl_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bl_own", OWN);
}

#[test]
fn und_bl_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
