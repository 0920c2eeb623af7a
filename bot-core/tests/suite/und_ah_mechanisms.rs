//! Corpus49's last misses as mechanisms on cases of my own (helper und_ah, issue 26; written
//! before the change they tested): guidance asked beside a bare size or a budget (a provider, a
//! platform or a way asked for) is `/pick`, never the sizes' fit; a cheap platform wished for a
//! student's task is `/pick`. Untuned 10/18, after 27/27 with the rows added while working.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ah_own.tsv");

#[test]
fn und_ah_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ah_own", OWN);
}

#[test]
fn und_ah_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

fn first_line(question: &str) -> Vec<String> {
    use bot_core::Catalog;
    use bot_core::understand::{Reading, read};
    let catalog = Catalog::embedded().unwrap();
    match read(&catalog, question) {
        Reading::Command(c) => vec![c.line()],
        Reading::Ask(cs) => cs.iter().map(|c| c.line()).collect(),
        _ => vec![],
    }
}

/// Every bare size with a provider asked, or a budget and a way asked, is guidance; the same
/// sentence with a model named instead of the size is not turned into guidance by the size rule
/// (it keeps a reading that names the model).
#[test]
fn guidance_beside_a_bare_size_is_a_pick_and_a_named_model_keeps_its_own() {
    for size in ["3b", "8b", "14b", "32b", "70b"] {
        for question in [
            format!("recommend a provider for hosting a {size} model"),
            format!("i have $40, what's the best way to fine tune a {size} model"),
            format!("预算150块 想微调个{size} 怎么搞"),
        ] {
            assert_eq!(first_line(&question), ["/pick"], "{question}");
        }
    }
    for (question, model) in [
        ("what would you rent for qwen2.5-32b", "qwen2.5-32b"),
        ("which gpu should i rent for llama-3.1-8b", "llama-3.1-8b"),
    ] {
        let lines = first_line(question);
        assert!(
            !lines.is_empty() && lines.iter().all(|l| l.contains(model)),
            "{question}: {lines:?}"
        );
    }
}
