//! /pick steps answered by what they ask (helper und_bw, issue 26 §4; cases written before the
//! fix): a yes, a no or a button's label in a sentence at the result, trial and barriers steps;
//! quitting said as quitting, a bare "no" asked before answers are lost; a card count for the
//! card already said; a hedge word between a noun and its number. The file's header says each.

use super::pick_runner::run;

#[test]
fn und_bw_pick_steps_read_by_what_they_ask() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_bw.txt"));
    println!("{report}\nund_bw: {held}/{all} hold");
    assert!(all >= 31, "{all} conversations");
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
