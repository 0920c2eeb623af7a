//! The misses of pick_conversations_t as mechanisms on cases of my own (helper und_bq, issue 26;
//! written before the change they test): a bare context window beside the size or the duration
//! (`qwen2.5 7b 4k 3小时`), English number words for a context (`eight thousand`, `two k`), a
//! refusal said as not wanting (`don't want to do KYC`, `不想要实名`), a sum per period with no
//! budget word (`max $150 a month`), always-on said half in English (`一直online`), in /pick
//! (`pick_conversations_und_bq.txt`) and in a plain question (`questions_und_bq_own.tsv`).
//! See `docs/misses/und_und_bq.md`.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use super::pick_runner::run;

const OWN: &str = include_str!("../data/questions_und_bq_own.tsv");

#[test]
fn und_bq_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bq_own", OWN);
}

#[test]
fn und_bq_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Conversations that must hold: every one of the file's.
#[test]
fn und_bq_pick_conversations() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_bq.txt"));
    println!("{report}\nund_bq pick: {held}/{all} hold");
    assert!(all >= 24, "{all} conversations");
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
