//! QA round 8 (wire6): a pasted page in a command's argument (a chat's whole log, a giant
//! entity-heavy message) is never repeated back whole. An answer that quotes what it could not
//! read quotes a short cut of it, so the reply stays one short message on a phone, in both
//! languages, whichever command and argument it was.

use super::chat::{say, world};

#[test]
fn a_pasted_page_is_quoted_short_whatever_the_command() {
    let w = world();
    let one_word = "算力GPU🚀".repeat(700);
    let spaced = "算力 GPU 🚀 ".repeat(500);
    for (paste, every) in [(&one_word, false), (&spaced, true)] {
        let head: String = paste.chars().take(300).collect();
        let lines = [
            format!("/gpu {paste}"),
            format!("/platform {paste}"),
            format!("/currency {paste}"),
            format!("/unsubscribe {paste}"),
            format!("/lang {paste}"),
            format!("/offers {paste}"),
            format!("/stock h100 {paste}"),
            format!("/fit qwen2.5-7b {paste}"),
            format!("/subscribe h100 {paste}"),
            format!("/trial autodl 4090 {paste} ¥3"),
            format!("/convert {paste}"),
        ];
        // One word of the paste with every command would take as long again: a few.
        for line in lines
            .iter()
            .filter(|l| every || l.starts_with("/gpu") || l.starts_with("/fit"))
        {
            for lang in ["en", "zh"] {
                let out = say(&w, lang, line);
                let cmd = line.split(' ').next().unwrap();
                assert!(!out.trim().is_empty(), "{cmd} {lang}: no answer");
                assert!(
                    !out.contains(&head),
                    "{cmd} {lang}: the paste came back whole ({} chars)",
                    out.chars().count()
                );
                assert!(
                    out.chars().count() < 2500,
                    "{cmd} {lang}: {} chars",
                    out.chars().count()
                );
            }
        }
    }
}

#[test]
fn every_card_and_platform_name_fits_in_the_words_a_reader_looks_among() {
    let c = bot_core::Catalog::embedded().unwrap();
    let words = |s: &str| s.split_whitespace().count();
    let max = bot_core::catalog::NAME_WORDS_MAX;
    for g in &c.gpus {
        for name in g.aliases.iter().chain([&g.name, &g.id]) {
            assert!(words(name) <= max, "{name}: {} words", words(name));
        }
    }
    for p in &c.platforms {
        for name in p.aliases.iter().chain([&p.name, &p.id]) {
            assert!(words(name) <= max, "{name}: {} words", words(name));
        }
    }
    // A card named after a platform word still reads, and a page after it costs a line.
    let w = world();
    let line = format!(
        "/stock nvidia rtx pro 6000 blackwell server edition {}",
        "x ".repeat(2000)
    );
    let t = std::time::Instant::now();
    let out = say(&w, "en", &line);
    assert!(!out.contains(&"x ".repeat(100)), "{out}");
    // Not a speed target (benches/ hold those): a guard against runaway work on a page, with
    // room for a loaded 2-core machine.
    assert!(
        t.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn a_pasted_page_as_a_plain_message_is_answered_short_and_soon() {
    let w = world();
    let pastes = [
        "how much is a 4090 per hour on autodl? ".repeat(100),
        "4090跑qwen2.5-7b微调要多少钱，".repeat(250),
        "H100 ".repeat(800),
    ];
    for paste in &pastes {
        for lang in ["en", "zh"] {
            let t = std::time::Instant::now();
            let out = say(&w, lang, paste);
            let took = t.elapsed();
            assert!(!out.trim().is_empty(), "{lang}: no answer");
            assert!(
                out.chars().count() < 6000,
                "{lang}: {} chars",
                out.chars().count()
            );
            // A runaway guard, not a speed target (see above).
            assert!(
                took < std::time::Duration::from_secs(30),
                "{lang}: {:?} for {} chars",
                took,
                paste.chars().count()
            );
        }
    }
}

/// QA round 9 (wire7): a command name no command has, as long as a message can be, and a
/// misspelt command (one edit from a real one, so the fixed line is offered) before a paste.
#[test]
fn an_unknown_or_misspelt_command_before_a_paste_is_quoted_short() {
    let w = world();
    let paste = "算力 GPU 🚀 ".repeat(500);
    let head: String = paste.chars().take(300).collect();
    let lines = [
        ("/".repeat(4096), "/".repeat(300)),
        (format!("/{}", "x".repeat(4000)), "x".repeat(300)),
        (format!("/gpuu {paste}"), head.clone()),
        (format!("/stcok h100 {paste}"), head.clone()),
    ];
    for (line, never) in &lines {
        for lang in ["en", "zh"] {
            let out = say(&w, lang, line);
            let cmd: String = line.chars().take(12).collect();
            assert!(!out.trim().is_empty(), "{cmd} {lang}: no answer");
            assert!(
                !out.contains(never.as_str()),
                "{cmd} {lang}: came back whole"
            );
            assert!(
                out.chars().count() < 1500,
                "{cmd} {lang}: {} chars",
                out.chars().count()
            );
        }
    }
}
