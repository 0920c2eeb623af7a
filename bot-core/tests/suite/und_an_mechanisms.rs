//! Corpus57's misses as mechanisms on cases of my own (helper und_an, issue 26; written before
//! the change they tested): a card that failed or ran out, said before the card asked about, is
//! context; a complaint about a platform followed by a better provider asked is guidance; a
//! recommendation someone else made is no ask for one; a card's memory as the subject of "what
//! can … run"; whether now is the cheapest time is a trend; an API price said as paid is kept
//! beside a volume with no unit.

use super::fresh19_share::{
    own_cases_read_right, own_labels_canonical, reading_lines as first_line,
};

const OWN: &str = include_str!("../data/questions_und_an_own.tsv");

#[test]
fn und_an_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_an_own", OWN);
}

#[test]
fn und_an_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Every way of saying a card failed, after the card, leaves the card asked after it as the
/// only card read; the same two cards weighed with `还是`/`or` stay both.
#[test]
fn a_card_that_failed_is_context() {
    for failed in [
        "ran out of memory",
        "keeps running out of memory",
        "oom'd",
        "爆显存了",
        "跑不动",
        "直接oom了",
    ] {
        let q = format!("a5000 {failed} on qwen2.5 7b, would an a6000 fit it?");
        assert_eq!(first_line(&q), ["/fit qwen2.5-7b rtx-a6000"], "{q}");
    }
    let weighed = first_line("a5000 还是 a6000 跑 qwen2.5 7b");
    assert!(weighed.len() != 1, "{weighed:?}");
}
