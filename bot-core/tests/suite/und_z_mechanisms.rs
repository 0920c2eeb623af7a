//! Fresh30's misses as mechanisms on cases of my own (helper und-z, issue 26; none in a batch;
//! written before the change they tested): a distill named by its base, card counts in words
//! (`仨`, `一对`, `twin`, `triple`), a price range as a cap at its upper end, a stock question in
//! its fewest words, a machine's size alone, a past span or an hour of the day as the price
//! history, `pricing history`, `有货 tell me`, the platform to beat, a place or a trial asked for
//! guidance, a memory floor said with `以上`/`+`/`offers`. Untuned 21/76, after 76/76 (97/97 with
//! the rows added while working); fresh30 281 → 298/300 (300 with two rows relabelled).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und-z_own.tsv");

#[test]
fn und_z_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_z_own", OWN);
}

#[test]
fn und_z_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A distill named by its base and no size asks back that base's distills only: never the
/// 671B teacher, never the other base's, never the base model itself.
#[test]
fn a_distill_named_by_its_base_asks_only_that_bases_distills() {
    use bot_core::Catalog;
    use bot_core::understand::{Reading, read};

    let catalog = Catalog::embedded().unwrap();
    for (question, base) in [
        ("r1蒸馏的llama 要几张4090", "llama"),
        ("r1 distilled into qwen, 3090 ok?", "qwen"),
        ("deepseek r1 distill of llama, how much vram", "llama"),
    ] {
        let Reading::Ask(choices) = read(&catalog, question) else {
            panic!("{question}: not asked back");
        };
        let want = format!("deepseek-r1-distill-{base}-");
        let lines: Vec<String> = choices.iter().map(|r| r.line()).collect();
        assert!(lines.len() >= 2, "{question}: {lines:?}");
        assert!(
            lines.iter().all(|l| l.contains(&want)),
            "{question}: {lines:?}"
        );
        // Every distill of that base in the catalog is offered.
        let all = catalog.models.iter().filter(|m| m.id.starts_with(&want));
        for m in all {
            assert!(
                lines.iter().any(|l| l.contains(&m.id)),
                "{question}: {} missing from {lines:?}",
                m.id
            );
        }
    }
}
