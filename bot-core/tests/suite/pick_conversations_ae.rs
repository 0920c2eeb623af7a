//! /pick conversations the way ordinary users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_ae): `tests/data/pick_conversations_ae.txt`, its header says the
//! format. Emphasis: people who know little about GPUs and answer in their own words (随便, 你推荐吧,
//! 不太懂，能跑就行, i dunno, whatever is cheap), mixed with people who type everything at once: a
//! third start with one sentence of three to six facts and then correct one of them (改成每天2小时,
//! actually 14b not 7b, 不对，是微调, 預算改成每月300); the rest go step by step: taps, typed choices,
//! a choice inside a sentence, short words, numbers that are both a live option and a value (asked
//! back), numbers with their unit, a question mid-way, /back twice, /cancel, leaving in words and a
//! new /pick mid-way.

use super::pick_runner::run;

/// Conversations that must hold: untuned 20/30 as written (commit 26a1cf21), 20/30 after
/// relabelling (none of my own errors found). 41 missed lines in 10 conversations, 15 first-hand
/// (docs/misses/pick_ae_misses.md): "you choose" / "I don't understand" words (`不太懂，能跑就行`,
/// `whatever you think is best`, `你決定`) not taken as no preference; a choice inside a sentence
/// (`i'd go with the second`, `ok i take number one`, `那就用第一个`, `the last one`) refused; `sorry, is
/// 6 hour not 3` not a correction; `不对，是微调，qlora` refused; courtesy leave words (`不用了谢谢`,
/// `thanks bye`) refused; answers noted at the task step dropped once the task was inferred.
/// 22/30 once und_cw and und_cz were merged (session 39), neither of which saw this file: the
/// fresh measure of their fixes. 27/30 after und_db (you-decide words, thanks + no need without
/// a comma). 30/30 after und_dc (`number one`, verbs of choosing in a row, `ok了`, a correction
/// after a comma).
const MUST_HOLD: usize = 30;

#[test]
fn pick_conversations_ae() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_ae.txt"));
    println!("{report}\npick_conversations_ae: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
