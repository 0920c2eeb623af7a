//! Corpus63's misses as mechanisms on cases of my own (helper und_av, issue 26; written before
//! the change they tested): image and video models by their Chinese or app names, a resolution
//! never read as a card, "do I need offload" not read as offload on, a single side and ComfyUI's
//! memory modes as `/fit` options, a LoRA rank for an image model, image to video picking the I2V
//! pipeline, a card's price for an image job, two cards weighed for one, a platform's how-to,
//! guidance, a card's suitability and when it is usually free. Untuned 11/49.

use bot_core::Catalog;

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_av_own.tsv");

#[test]
fn und_av_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_av_own", OWN);
}

#[test]
fn und_av_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A resolution (`480p`, `720p`, `1024x1024`) beside a model the reader does not know is never
/// a card number: no reading names a card made of its digits.
#[test]
fn a_resolution_is_never_a_card() {
    let catalog = Catalog::embedded().unwrap();
    for (q, card) in [
        ("某个视频模型 480p 在 L40S 上能跑吗", "4080"),
        ("some video model at 720p on an l4", "7"),
        ("1080p 视频 h100 够吗", "1080"),
    ] {
        let lines = bot_core::understand::read(&catalog, q).lines();
        assert!(
            lines.iter().all(|l| !l.contains(&format!("rtx-{card}"))),
            "{q}: {lines:?}"
        );
    }
}
