//! Each rule, planted in a small synthetic tree, is caught; the same tree without the plant
//! is clean.

use super::rules::{MAX_FILE_LINES, MAX_FN_LINES, check};
use super::scan::{Tree, uses};

fn tree(files: &[(&str, &str)]) -> Tree {
    files
        .iter()
        .map(|(p, s)| (p.to_string(), s.to_string()))
        .collect()
}

const CLEAN: &[(&str, &str)] = &[
    (
        "lib.rs",
        "pub mod answer;\npub mod billing;\npub mod context;\n",
    ),
    (
        "answer/mod.rs",
        "pub mod offers;\npub mod stock;\npub use stock::MAX;\n",
    ),
    (
        "answer/stock.rs",
        "use super::offers::rate;\npub const MAX: usize = 3;\n",
    ),
    (
        "answer/offers.rs",
        "use crate::billing::{self, cost::Bill};\n// crate::answer::stock::MAX in a comment\npub fn rate() -> &'static str { \"super::stock::MAX\" }\n#[cfg(test)]\nmod tests {\n    use crate::answer::stock::MAX;\n}\n",
    ),
    ("billing/mod.rs", "pub mod cost;\n"),
    (
        "billing/cost.rs",
        "pub struct Bill;\nfn f() { let c = '{'; }\n",
    ),
    ("context.rs", "use crate::billing::cost::Bill;\n"),
];

fn with(extra: &[(&str, &str)]) -> Tree {
    let mut t = tree(CLEAN);
    for (p, s) in extra {
        t.insert(p.to_string(), s.to_string());
    }
    t
}

#[test]
fn the_clean_tree_is_clean_and_its_imports_are_read() {
    let t = tree(CLEAN);
    assert!(check(&t, "[dependencies]\nserde = \"1\"\n").is_empty());
    let offers: Vec<String> = uses(&t, "answer/offers.rs").into_iter().collect();
    // Group imports resolve to the module files; comments, strings and tests do not count.
    assert_eq!(offers, ["billing/cost.rs", "billing/mod.rs"]);
    assert_eq!(
        uses(&t, "answer/stock.rs").into_iter().collect::<Vec<_>>(),
        ["answer/offers.rs"]
    );
}

#[test]
fn a_planted_circle_is_found() {
    let t = with(&[(
        "answer/offers.rs",
        "pub fn rate() -> usize { super::stock::MAX }\n",
    )]);
    let found = check(&t, "");
    assert!(
        found.contains("circle: answer/offers.rs <-> answer/stock.rs"),
        "{found:?}"
    );
}

#[test]
fn a_planted_engine_import_is_found() {
    let t = with(&[(
        "billing/cost.rs",
        "use crate::answer::offers;\npub struct Bill;\n",
    )]);
    assert!(check(&t, "").contains("engine imports above it: billing/cost.rs -> answer/offers.rs"));
    let t = with(&[(
        "billing/cost.rs",
        "pub struct Bill;\npub fn f(c: &crate::context::Ctx) {}\n",
    )]);
    assert!(check(&t, "").contains("engine imports above it: billing/cost.rs -> context.rs"));
}

#[test]
fn a_planted_platform_crate_is_found() {
    let t = with(&[("context.rs", "fn get() { let _ = reqwest::get(\"x\"); }\n")]);
    assert!(check(&t, "").contains("platform crate: context.rs uses reqwest"));
    let manifest =
        "[dependencies]\nserde = \"1\"\nteloxide = { version = \"0.13\" }\n\n[dev-dependencies]\n";
    assert!(
        check(&tree(CLEAN), manifest).contains("platform crate: Cargo.toml depends on teloxide")
    );
}

#[test]
fn planted_long_files_and_functions_are_found() {
    let long_file = "const X: u8 = 0;\n".repeat(MAX_FILE_LINES + 1);
    let body = "    let _ = 1;\n".repeat(MAX_FN_LINES);
    let long_fn = format!("fn big() {{\n{body}}}\nfn small() {{}}\n");
    let t = with(&[
        ("context.rs", long_file.as_str()),
        ("billing/cost.rs", long_fn.as_str()),
    ]);
    let found = check(&t, "");
    assert!(found.contains("long file: context.rs"), "{found:?}");
    assert!(found.contains("long fn: billing/cost.rs big"), "{found:?}");
    assert!(!found.contains("long fn: billing/cost.rs small"));
}
