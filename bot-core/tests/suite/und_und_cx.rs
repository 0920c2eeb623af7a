//! Mechanisms of issue 26 (helper und_cx; cases written before the change they test, in my own
//! wordings): two cards weighed with `vs` and a which-cheaper word, English glued to Chinese; a
//! card's memory as the filter of what is in stock; where the person is as home, never a
//! filter; and the readings that keep to one command (`docs/misses/und_und_cx.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cx_own.tsv");

#[test]
fn und_cx_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cx_own", OWN);
}

#[test]
fn und_cx_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

const SET_ASIDE: &str = include_str!("../data/und_cx_set_aside.tsv");

/// What each question named that its one command cannot carry, as `said: line` (` | ` between
/// several), or `-` for nothing; with the rows that differ.
fn set_aside_lines(corpus: &str) -> (usize, Vec<String>) {
    let catalog = bot_core::catalog::Catalog::embedded().unwrap();
    let rows: Vec<(&str, &str)> = corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once('\t').expect("question\\texpected"))
        .collect();
    let mut wrong = Vec::new();
    for (question, expected) in &rows {
        let (_, not_carried) = bot_core::understand::read_not_carried(&catalog, question);
        let got: Vec<String> = not_carried
            .iter()
            .map(|n| format!("{}: {}", n.said, n.offer.line()))
            .collect();
        let got = if got.is_empty() {
            "-".to_string()
        } else {
            got.join(" | ")
        };
        if got != *expected {
            wrong.push(format!("{question} → {got} (expected {expected})"));
        }
    }
    (rows.len(), wrong)
}

#[test]
fn und_cx_set_aside_said_with_the_command_that_uses_it() {
    let (all, wrong) = set_aside_lines(SET_ASIDE);
    println!(
        "und_cx_set_aside: {} of {all} right\n{}",
        all - wrong.len(),
        wrong.join("\n")
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The line is said in the answer itself, in both languages, with the command offered.
#[test]
fn und_cx_a_model_beside_a_bill_is_said_in_the_answer() {
    use super::chat::{message_ids, text, who, world};
    use bot_core::Input;
    let w = world();
    for (locale, line, said) in [
        (
            "en",
            "how much to run qwen2.5-72b on a 4090 at runpod for 3 hours",
            "You also named qwen2.5-72b",
        ),
        (
            "zh",
            "autodl上4090跑qwen2.5-72b三个小时多少钱",
            "你还提到了 qwen2.5-72b",
        ),
    ] {
        let me = who(locale);
        let replies = w.bot.handle(&me, Input::Text(line.into())).replies;
        let (ids, t) = (message_ids(&replies), text(&replies, w.bot.lang_for(&me)));
        assert!(
            ids.iter().any(|i| i == "understand-not-carried"),
            "{line}: {ids:?}\n{t}"
        );
        assert!(t.contains(said), "{line}: {t}");
        let offered = replies
            .iter()
            .flat_map(|r| &r.choices)
            .map(|c| c.id.as_str());
        assert!(
            t.contains("/fit qwen2.5-72b rtx-4090")
                || offered
                    .clone()
                    .any(|c| c.contains("/fit qwen2.5-72b rtx-4090")),
            "{line}: {t}"
        );
    }
}

/// `UND_CX_PROBE=file cargo test -p bot-core --test suite und_cx_probe -- --ignored
/// --nocapture`: each question of a corpus with what its reading does not carry, for checking
/// that the lines said beside answers are what the question named.
#[test]
#[ignore]
fn und_cx_probe() {
    let Ok(path) = std::env::var("UND_CX_PROBE") else {
        return;
    };
    let corpus = std::fs::read_to_string(path).unwrap();
    let catalog = bot_core::catalog::Catalog::embedded().unwrap();
    let (mut rows, mut said) = (0, 0);
    for q in corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let q = q.split('\t').next().unwrap_or(q);
        rows += 1;
        let (reading, not_carried) = bot_core::understand::read_not_carried(&catalog, q);
        if !not_carried.is_empty() {
            said += 1;
            let lines: Vec<String> = (not_carried.iter())
                .map(|n| format!("{}: {}", n.said, n.offer.line()))
                .collect();
            println!("{q}\n  → {:?}\n  + {}", reading.lines(), lines.join(" | "));
        }
    }
    println!("und_cx_probe: {said} of {rows} questions with something set aside");
}
