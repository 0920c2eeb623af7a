//! A map that cannot drift: bot-core's source is read as text and held to ARCHITECTURE.md's
//! "must never" column — no import circle between files, engines import no answer, dialogue,
//! lexicon or context, no platform crate, no file over 650 lines and no function over 120.
//!
//! [`EXEMPT`] names what is being split right now; an entry that no longer breaks its rule
//! fails the test, so the list only shrinks. `planted` proves each rule catches a violation
//! in a synthetic tree.

mod naming;
mod planted;
mod rules;
mod scan;

use std::collections::BTreeSet;
use std::path::Path;

/// Known violations, each with why it may stand for now. Remove an entry with the change
/// that fixes it (the test says when one is stale).
const EXEMPT: &[&str] = &[];

#[test]
fn bot_core_keeps_the_architectures_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tree = scan::read_tree(&root.join("src"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let found = rules::check(&tree, &manifest);
    let exempt: BTreeSet<String> = EXEMPT.iter().map(|s| s.to_string()).collect();
    let new: Vec<&String> = found.difference(&exempt).collect();
    let stale: Vec<&String> = exempt.difference(&found).collect();
    assert!(
        new.is_empty(),
        "bot-core breaks ARCHITECTURE.md's rules:\n  {}",
        new.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n  ")
    );
    assert!(
        stale.is_empty(),
        "these exemptions no longer apply; remove them from EXEMPT:\n  {}",
        stale
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n  ")
    );
}

/// Every Rust file ARCHITECTURE.md names by its path (from the repository root) exists, so a
/// moved file cannot leave the map pointing at nothing.
#[test]
fn the_architecture_names_only_files_that_exist() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let doc = std::fs::read_to_string(repo.join("ARCHITECTURE.md")).unwrap();
    let roots = [
        "bot-core/",
        "src/",
        "tests/",
        "frontend/",
        "telegram/",
        "discord/",
        "providers/",
        "charts/",
        "testkit/",
        "alerts/",
        "fuzz/",
        "benches/",
    ];
    let missing: Vec<&str> = doc
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|p| p.ends_with(".rs") && roots.iter().any(|r| p.starts_with(r)))
        .filter(|p| !p.contains('*') && !repo.join(p).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names missing files: {missing:?}"
    );
}

/// Places that still name a command outside its definition, each with why it may stand for
/// now; like [`EXEMPT`], an entry that no longer applies fails the test.
const NAMED_ELSEWHERE: &[&str] = &[];

#[test]
fn a_command_is_named_only_by_its_definition() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let commands = scan::read_tree(&repo.join("bot-core/src/commands"));
    let names = naming::command_names(&commands);
    assert!(names.len() >= 20, "the definitions were read: {names:?}");
    let found = naming::named_elsewhere(&naming::read_trees(repo), &names);
    let exempt: BTreeSet<String> = NAMED_ELSEWHERE.iter().map(|s| s.to_string()).collect();
    let new: Vec<&String> = found.difference(&exempt).collect();
    let stale: Vec<&String> = exempt.difference(&found).collect();
    assert!(
        new.is_empty(),
        "commands named outside their definitions:\n  {new:#?}"
    );
    assert!(stale.is_empty(), "remove from NAMED_ELSEWHERE: {stale:?}");
}
