//! The share of `questions_corpus35.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use bot_core::Catalog;

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus35.tsv");

/// `questions_corpus35.tsv` (300: half English, a quarter Chinese, a quarter mixed, in the command
/// proportions of the examples file; English from non-native speakers (Indian, German, Russian,
/// Brazilian phrasing), terse Slack engineers, prices and specs quoted from elsewhere, two asks with
/// the main one first, r/LocalLLaMA phrasing), written apart from the reader by a helper who never
/// read it, committed before it was scored: untuned 278/300 (92.7 %; 284/300, 94.7 %, by command
/// alone; 286/300, 95.3 %, the examples file's way), 284/300 (94.7 %; 287/300 by command either way)
/// after the labeller's own errors were relabelled (6, each listed with its reason in its header);
/// 286/300 (95.3 %; 289/300 by command) once session 18's und_i and und_p readers were merged.
/// 287/300 (95.7 %; 290/300 by command) with helper und_r's rent price over a past span
/// (`3090的租价这两个月怎么变的` → `/trend rtx-3090 days=60`, no two-month rent).
/// The misses are grouped by mechanism in `docs/misses/corpus35_misses.md`.
#[test]
fn corpus35_share() {
    let catalog = Catalog::embedded().unwrap();
    let (total, right) = share_by_line(&catalog, "corpus35", CORPUS);
    assert!(total >= 300, "corpus35: {total} questions");
    assert!(right >= 287, "corpus35: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus35_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}

/// A labeller's tool: each line of the file `CORPUS35_RENDER` parsed as a command and printed
/// as the parser renders it (no question goes through the reader).
#[test]
#[ignore]
fn corpus35_render_probe() {
    use bot_core::commands::Request;
    use bot_core::context::Ctx;
    use bot_core::store::{Store, db_path};
    use bot_core::{ChatRef, Lang};
    let Ok(path) = std::env::var("CORPUS35_RENDER") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&db_path(dir.path())).unwrap();
    let catalog = Catalog::embedded().unwrap();
    let me = ChatRef::terminal(None);
    let ctx = Ctx {
        catalog: &catalog,
        store: &store,
        who: &me,
        lang: Lang::En,
        currency: "USD".into(),
        bare_currency: "USD".into(),
        today: 0,
        is_operator: false,
    };
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let line = line.split('\t').next_back().unwrap_or(line);
        let line = line.strip_prefix("ask:").unwrap_or(line);
        match Request::parse(&ctx, line) {
            Some(Ok(r)) if r.line() == line => println!("OK   {line}"),
            Some(Ok(r)) => println!("DIFF {line}  =>  {}", r.line()),
            Some(Err(e)) => println!("ERR  {line}  =>  {e:?}"),
            None => println!("NONE {line}"),
        }
    }
}
