//! Plain questions, in Chinese, English and both, read as the command a person would expect.
//! Two corpora: `questions_hand.tsv`, written by hand the way people type (typos, full-width
//! characters, no spaces, mixed languages), which carries the accuracy goal; and
//! `questions_generated.tsv` (templates × catalog names, from gen_questions.py), a wider net.
//! A question the layer cannot read may be asked back or answered with examples; it must
//! never be answered with a wrong command.

use bot_core::Catalog;
use bot_core::understand::{Reading, read};

struct Score {
    total: usize,
    right: usize,
    wrong: Vec<String>,
    zh: usize,
}

fn score(catalog: &Catalog, name: &str, corpus: &str) -> Score {
    let (mut right, mut asked, mut unknown, mut zh) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    let mut total = 0;
    for line in corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (question, expected) = line.split_once('\t').expect("question<TAB>command");
        total += 1;
        if question
            .chars()
            .any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
        {
            zh += 1;
        }
        // `ask:/cmd`: a misspelt or ambiguous name, where asking back with this command among
        // the choices is the right answer.
        let (expected, ask_ok) = match expected.strip_prefix("ask:") {
            Some(e) => (e, true),
            None => (expected, false),
        };
        match read(catalog, question) {
            Reading::Command(c) if c == expected => right += 1,
            Reading::Ask(options) if ask_ok && options.iter().any(|o| o == expected) => right += 1,
            Reading::Command(c) => wrong.push(format!("{question} → {c} (expected {expected})")),
            Reading::Ask(options) => {
                asked += 1;
                println!("asked back: {question} → {options:?} (expected {expected})");
            }
            Reading::Unknown => {
                unknown += 1;
                println!("not read: {question} (expected {expected})");
            }
        }
    }
    println!(
        "{name}: {total} questions ({zh} with Chinese): {right} right ({:.1}%), {asked} asked back, {unknown} not read, {} wrong",
        right as f64 * 100.0 / total as f64,
        wrong.len()
    );
    Score {
        total,
        right,
        wrong,
        zh,
    }
}

#[test]
fn questions_people_type_become_the_commands_they_mean() {
    let catalog = Catalog::embedded().unwrap();
    let hand = score(
        &catalog,
        "hand-written",
        include_str!("../data/questions_hand.tsv"),
    );
    let generated = score(
        &catalog,
        "generated",
        include_str!("../data/questions_generated.tsv"),
    );
    assert!(hand.total >= 150, "the corpus has {} questions", hand.total);
    // Half Chinese (mixed lines count as Chinese), half English.
    assert!(
        hand.zh * 10 >= hand.total * 4 && hand.zh * 10 <= hand.total * 6,
        "{} of {} lines have Chinese",
        hand.zh,
        hand.total
    );
    let wrong: Vec<String> = hand.wrong.iter().chain(&generated.wrong).cloned().collect();
    assert!(
        wrong.is_empty(),
        "answered with a wrong command:\n{}",
        wrong.join("\n")
    );
    let accuracy = hand.right as f64 / hand.total as f64;
    assert!(accuracy >= 0.95, "accuracy {:.1}%", accuracy * 100.0);
    let accuracy = generated.right as f64 / generated.total as f64;
    assert!(
        accuracy >= 0.95,
        "generated accuracy {:.1}%",
        accuracy * 100.0
    );
}

#[test]
fn two_readings_are_asked_back_and_nonsense_is_not_guessed() {
    let catalog = Catalog::embedded().unwrap();
    assert!(matches!(
        read(&catalog, "qwen2.5-7b 在 4090 还是 3090 上跑"),
        Reading::Ask(options) if options.len() == 2
    ));
    assert_eq!(read(&catalog, "今天天气怎么样"), Reading::Unknown);
    // A specs question names a platform too: still the card's specs, not a job's cost.
    assert_eq!(
        read(&catalog, "autodl 上的 4090 显存多大"),
        Reading::Command("/gpu rtx-4090".into())
    );
    assert_eq!(
        read(&catalog, "autodl 4090 多少钱"),
        Reading::Command("/cost autodl rtx-4090 1h".into())
    );
    assert_eq!(read(&catalog, "hello there"), Reading::Unknown);
}

/// Every command the corpus expects is one the bot answers without an error, so a reading
/// that matches the corpus is also a line that works when typed.
#[test]
fn every_expected_command_is_answered_without_an_error() {
    use bot_core::store::{Store, db_path};
    use bot_core::{Bot, ChatRef, Input};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    let who = ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: "u".into(),
        locale: Some("en".into()),
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut failed = Vec::new();
    for line in include_str!("../data/questions_hand.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (_, expected) = line.split_once('\t').unwrap();
        let expected = expected.strip_prefix("ask:").unwrap_or(expected);
        if !seen.insert(expected) || expected == "/pick" {
            continue;
        }
        let answer = bot.handle(&who, Input::Text(expected.into()));
        for r in &answer.replies {
            for part in &r.parts {
                if let bot_core::reply::Part::Text(m) = part
                    && (m.id.starts_with("error-") || m.id.contains("-error"))
                    // "No list price there" is the catalog's honest answer, not a bad line.
                    && m.id != "billing-error-no-price"
                {
                    failed.push(format!("{expected} answers {}", m.id));
                }
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
