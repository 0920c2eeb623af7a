//! Corpus46's misses as mechanisms on cases of my own (helper und_ad, issue 26; none in a batch;
//! written before the change they tested): a currency said as `€`, `euros`, `HK$`, `港币` or
//! `hong kong dollars`; a count of samples that is no context length; a price seen on a named
//! platform's page for a named card; platform needs listed beside a price cap; an ollama tag's
//! size; a card rented beside the card asked about; per GPU-minute; which card for a task the
//! catalog has no model for.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ad_own.tsv");

#[test]
fn und_ad_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ad_own", OWN);
}

#[test]
fn und_ad_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// `UND_AD_DEBUG='q1|q2' cargo test … und_ad_debug -- --ignored --nocapture`: the normalized
/// text and the reading of each question (a working aid).
#[test]
#[ignore]
fn und_ad_debug() {
    use bot_core::Catalog;
    use bot_core::understand::{normalize, read};
    let catalog = Catalog::embedded().unwrap();
    let qs = std::env::var("UND_AD_DEBUG").unwrap_or_default();
    for q in qs.split('|').filter(|q| !q.is_empty()) {
        println!(
            "{q}\n  norm: {}\n  read: {:?}",
            normalize(q),
            read(&catalog, q).lines()
        );
    }
}
