//! A family named with no size and no version (`qwen`, `千问`) asked back one model per size
//! class, and the catalog's new Qwen entries (Qwen3.5-2B / 4B / 9B, Qwen2-57B-A14B) read when
//! named (helper cat_qw, issues 24 and 26; cases written before the change they test).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use bot_core::Catalog;
use bot_core::understand::read;

const OWN: &str = include_str!("../data/questions_cat_qw_own.tsv");

#[test]
fn cat_qw_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("cat_qw_own", OWN);
}

#[test]
fn cat_qw_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// The `[[model]]` block of `id` in `models.toml`, renamed into a line of its own (`family`):
/// the same figures under a newer version, as a release the catalog grows by would be.
fn renamed(models: &str, id: &str, new_id: &str, family: &str) -> String {
    let at = models
        .find(&format!("id = \"{id}\"\n"))
        .expect("a model of that id");
    let start = models[..at].rfind("[[model]]").unwrap();
    let end = models[at..]
        .find("\n[[")
        .map_or(models.len(), |k| at + k + 1);
    models[start..end]
        .lines()
        .filter(|l| !l.starts_with("bare_default"))
        .map(|l| match l.split_once(" = ") {
            Some(("id", _)) => format!("id = \"{new_id}\""),
            Some(("name", _)) => format!("name = \"{new_id}\""),
            Some(("family", _)) => format!("family = \"{family}\""),
            Some(("hf_ids", _)) => format!("hf_ids = [\"Test/{new_id}\"]"),
            Some(("aliases", _)) => format!("aliases = [\"{family} {new_id}\"]"),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Bare-family questions, with and without a card, a task, a language; a fit and a rent-vs-API.
const BARE: &[&str] = &[
    "qwen 要多少显存",
    "how much vram does qwen need",
    "what gpu do i need for qwen",
    "千问能在4090上跑吗",
    "can qwen run on an a100",
    "qwen lora on a 3090?",
    "千问 全参微调 要几张 h100",
    "自建 qwen 还是用 api，每天 1000 万 token",
];

/// A newer line of an existing family, at each size class whose default the catalog names, must
/// not move what that word reads: the class's default is named in the catalog, not taken from
/// whichever entry is newest.
#[test]
fn cat_qw_a_new_line_does_not_move_a_bare_family_reading() {
    let base = Catalog::embedded().unwrap();
    let models = bot_core::catalog::EMBEDDED_MODELS;
    let mut grown = models.to_string();
    for (id, new_id) in [
        ("qwen3-4b", "qwen9-4b"),
        ("qwen3-8b", "qwen9-8b"),
        ("qwen3-14b", "qwen9-14b"),
    ] {
        grown.push('\n');
        grown.push_str(&renamed(models, id, new_id, "qwen9"));
    }
    let grown = Catalog::from_sources(
        bot_core::catalog::EMBEDDED_GPUS,
        bot_core::catalog::EMBEDDED_PLATFORMS,
        &grown,
        bot_core::catalog::EMBEDDED_FX,
    )
    .unwrap();
    // The new line is in the catalog and read when named.
    assert!(
        read(&grown, "qwen9 8b 要多少显存")
            .lines()
            .iter()
            .any(|l| l.contains("qwen9-8b")),
        "the synthetic line is read when named"
    );
    for q in BARE {
        let before = read(&base, q).lines();
        let after = read(&grown, q).lines();
        assert!(
            before.len() > 1 && before[0].starts_with('/'),
            "{q}: {before:?}"
        );
        assert_eq!(
            before, after,
            "{q}: a new line moved the bare family's reading"
        );
    }
}
