//! The cards a `/fit` answer lists as holding a job agree with the verdict on each: a card that
//! holds it only inside the estimate's error margin is marked ⚠️ in the list (and the list
//! says what the mark means), and asking `/fit` on that card says "tight"; an unmarked card
//! is a clear fit. The list had offered 1 × RTX 5090 for qwen2.5-14b in BF16 as a plain fit
//! while `/fit … 5090` called it tight.

use bot_core::reply::{Part, Reply};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use std::sync::Arc;

fn ask(bot: &Bot, line: &str) -> (String, Vec<Vec<String>>) {
    let a = bot.handle(&ChatRef::terminal(Some("en")), Input::Text(line.into()));
    let text = (a.replies.iter())
        .map(|r: &Reply| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n");
    let rows = (a.replies.iter())
        .flat_map(|r| r.parts.iter().chain(r.details.iter()))
        .filter_map(|p| match p {
            Part::Table(t) => Some(t.rows.clone()),
            _ => None,
        })
        .next()
        .unwrap_or_default();
    (text, rows)
}

#[test]
fn every_listed_card_is_as_sure_as_its_own_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let catalog = Arc::new(Catalog::embedded().unwrap());
    let bot = Bot::new(catalog.clone(), store);
    let (mut marked, mut clear) = (0, 0);
    for job in [
        "qwen2.5-14b",
        "qwen2.5-7b lora",
        "llama-3.1-8b full",
        "qwen2.5-32b awq batch=8",
        "mistral-7b ctx=32k",
        "qwen2.5-72b int4",
        "gemma-2-9b qlora",
    ] {
        let (text, rows) = ask(&bot, &format!("/fit {job}"));
        assert!(!rows.is_empty(), "{job}: no card list\n{text}");
        let any_marked = rows.iter().any(|r| r[2].contains('⚠'));
        assert_eq!(
            text.contains("holds it only inside this estimate's error margin"),
            any_marked,
            "{job}: the mark's legend\n{text}"
        );
        for row in &rows {
            let g = (catalog.gpus.iter())
                .find(|g| g.display_name(false) == row[0])
                .unwrap_or_else(|| panic!("{job}: no card {}", row[0]));
            let n = row[1].trim_start_matches('×');
            let (verdict, _) = ask(&bot, &format!("/fit {job} {n}x{}", g.id));
            let tight = row[2].contains('⚠');
            let want = if tight { "⚠️ Tight" } else { "✅" };
            *(if tight { &mut marked } else { &mut clear }) += 1;
            assert!(
                verdict.contains(want),
                "{job} on {n} × {}: listed {:?}, want {want}\n{verdict}",
                g.id,
                row[2]
            );
        }
    }
    assert!(marked >= 2 && clear >= 10, "{marked} marked, {clear} clear");
}
