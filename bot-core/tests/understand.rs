//! Plain questions, in Chinese, English and both, read as the command a person would expect
//! (bot-core/tests/data/questions.tsv, made from templates by gen_questions.py in the same
//! folder). A question the layer cannot read may be asked back or answered with examples; it
//! must never be answered with a wrong command.

use bot_core::Catalog;
use bot_core::understand::{Reading, read};

#[test]
fn questions_people_type_become_the_commands_they_mean() {
    let catalog = Catalog::embedded().unwrap();
    let corpus = include_str!("data/questions.tsv");
    let (mut right, mut asked, mut unknown) = (0, 0, 0);
    let mut wrong = Vec::new();
    let mut total = 0;
    for line in corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (question, expected) = line.split_once('\t').expect("question<TAB>command");
        total += 1;
        match read(&catalog, question) {
            Reading::Command(c) if c == expected => right += 1,
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
    let accuracy = right as f64 / total as f64;
    println!(
        "{total} questions: {right} right ({:.1}%), {asked} asked back, {unknown} not read, {} wrong",
        accuracy * 100.0,
        wrong.len()
    );
    assert!(total >= 150, "the corpus has {total} questions");
    assert!(
        wrong.is_empty(),
        "answered with a wrong command:\n{}",
        wrong.join("\n")
    );
    assert!(accuracy >= 0.95, "accuracy {:.1}%", accuracy * 100.0);
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
