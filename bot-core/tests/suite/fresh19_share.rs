//! The share of `questions_fresh19.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use bot_core::Catalog;
use bot_core::commands::Request;
use bot_core::context::Ctx;
use bot_core::store::{Store, db_path};
use bot_core::{ChatRef, Lang};

use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_fresh19.tsv");

/// `questions_fresh19.tsv` (300, 169 with Chinese, 13 written to be asked back), written apart
/// from the reader by a helper who never read it, committed before it was scored: untuned
/// 258/300 (86.0 %), 271/300 (90.3 %) after the labeller's own errors were relabelled (each
/// listed in its header). The 29 misses were grouped by mechanism in
/// `docs/misses/fresh19_misses.md`, wrong figures first; helper und-p fixed each mechanism on
/// cases of its own (`fresh19_mechanisms.rs`): 300/300, no relabel.
#[test]
fn fresh19_share() {
    let (total, right) = share_by_line("fresh19", CORPUS);
    assert!(total >= 300, "fresh19: {total} questions");
    assert!(right >= 300, "fresh19: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it, and the request renders back to the very same line. A label
/// in a form no reading can take would make its row a miss whatever the reader does.
#[test]
fn fresh19_labels_are_canonical_lines() {
    let off = off_canonical(CORPUS);
    assert!(off.is_empty(), "{}", off.join("\n"));
}

/// Every row of a mechanism suite's own-case file read as its expected line.
/// The lines a question is read as (one command, or the choices asked back; none unread).
pub(super) fn reading_lines(question: &str) -> Vec<String> {
    let catalog = bot_core::Catalog::embedded().unwrap();
    bot_core::understand::read(&catalog, question).lines()
}

/// An own-case file read with at least `floor` rows right: each row's reading is one command
/// whose line is the expected one (the misses are printed).
pub(super) fn own_cases_at_least(name: &str, corpus: &str, floor: usize) {
    let (mut total, mut right) = (0, 0);
    for line in corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let Some((question, expected)) = line.split_once('\t') else {
            continue;
        };
        total += 1;
        let got = reading_lines(question);
        if got.len() == 1 && got[0] == expected {
            right += 1;
        } else {
            println!("{name} miss: {question} → {got:?} (expected {expected})");
        }
    }
    println!("{name}: {right}/{total}");
    assert!(right >= floor, "{name}: {right} of {total}, floor {floor}");
}

pub(super) fn own_cases_read_right(name: &str, corpus: &str) {
    let (total, right) = super::understand::share_by_line(name, corpus);
    assert_eq!(right, total, "{name}: {right} of {total}");
}

/// Every expected line of an own-case file is one the command's parser reads back to itself,
/// but the rows whose expected line `skip` leaves out.
pub(super) fn own_labels_canonical(corpus: &str, skip: fn(&str) -> bool) {
    let kept: Vec<&str> = corpus
        .lines()
        .filter(|l| !l.split_once('\t').is_some_and(|(_, e)| skip(e)))
        .collect();
    let off = off_canonical(&kept.join("\n"));
    assert!(off.is_empty(), "{}", off.join("\n"));
}

/// The rows of `corpus` whose expected line the command's own parser refuses or renders
/// otherwise.
pub(super) fn off_canonical(corpus: &str) -> Vec<String> {
    with_parse_ctx(|ctx| off_canonical_in(ctx, corpus))
}

/// `f` with the context a typed command is parsed in: an English chat on a fresh store, USD.
pub(super) fn with_parse_ctx<R>(f: impl FnOnce(&Ctx<'_>) -> R) -> R {
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
    f(&ctx)
}

fn off_canonical_in(ctx: &Ctx<'_>, corpus: &str) -> Vec<String> {
    let mut off = Vec::new();
    let rows = corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    for row in rows {
        let (question, expected) = row.split_once('\t').expect("question\\texpected");
        let line = expected.strip_prefix("ask:").unwrap_or(expected);
        match Request::parse(ctx, line) {
            Some(Ok(request)) if request.line() == line => {}
            Some(Ok(request)) => off.push(format!("{question}: {line} renders {}", request.line())),
            Some(Err(reply)) => off.push(format!("{question}: {line} refused: {reply:?}")),
            None => off.push(format!("{question}: {line} is no command")),
        }
    }
    off
}

/// A labeller's tool, one for every corpus: what the command parser renders each line of a file
/// as (parser only, no question goes through the reader); only the lines it refuses or renders
/// otherwise are printed.
/// `LABELS_RENDER=FILE cargo test -p bot-core --test suite labels_render -- --ignored --nocapture`
#[test]
#[ignore]
fn labels_render() {
    let Ok(path) = std::env::var("LABELS_RENDER") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let rows: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("q\t{}", l.split('\t').next_back().unwrap_or(l)))
        .collect();
    for off in off_canonical(&rows.join("\n")) {
        println!("OFF {off}");
    }
    println!("rendered {} lines", rows.len());
}
