//! Corpus47's misses as mechanisms on cases of my own (helper und_ae, issue 26; none in a batch;
//! written before the change they tested): a month's token volume said before the count, `N
//! thousand tokens` of a context, singular people nouns, Chinese platform names in the order said,
//! a pasted offer's `num_gpus`, a region beside a card, `好租吗`, the `有` of `有多少显存`, guidance
//! as the bot's choice, an architecture asked back. Untuned 10/37, after 43/43 (6 rows added while
//! working, each before its change); corpus47 287 → 300/300.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ae_own.tsv");

#[test]
fn und_ae_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ae_own", OWN);
}

#[test]
fn und_ae_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// An architecture named for a card asks back every catalog card of that `arch`, each read as
/// the question with that card, and none of another architecture.
#[test]
fn an_architecture_asks_back_its_own_cards() {
    use bot_core::Catalog;
    use bot_core::understand::{Reading, read};

    let catalog = Catalog::embedded().unwrap();
    for (question, arch) in [
        ("hopper 显存多大", "Hopper"),
        ("how much vram does blackwell have", "Blackwell"),
    ] {
        let Reading::Ask(choices) = read(&catalog, question) else {
            panic!("{question}: not asked back");
        };
        let lines: Vec<String> = choices.iter().map(|r| r.line()).collect();
        let cards: Vec<&str> = catalog
            .gpus
            .iter()
            .filter(|g| g.arch.as_deref() == Some(arch))
            .map(|g| g.id.as_str())
            .collect();
        assert_eq!(lines.len(), cards.len(), "{question}: {lines:?}");
        for card in cards {
            assert!(
                lines.iter().any(|l| l == &format!("/gpu {card}")),
                "{question}: {card} missing from {lines:?}"
            );
        }
    }
}
