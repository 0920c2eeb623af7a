//! /pick conversations the way ordinary users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_ac): `tests/data/pick_conversations_ac.txt`, its header says the
//! format. Emphasis: the check an outside reviewer runs on "/pick that listens": ordinary people
//! choosing a card for one job, a third of the conversations starting with one sentence of four
//! to six facts (task, model, method, hours or a daily rhythm, payment, real-name, budget with or
//! without a period), the rest step by step; answers as typed: taps, typed choices (2, 第二个,
//! 第三個, the first one), a choice inside a longer sentence, short words, numbers that are both a
//! live option and a value (asked back), a daily rhythm (每天跑4小时, 2 hours every day), a
//! question mid-way (price, stock, memory, a platform's payment), a change of mind, /back, /cancel
//! and leaving in words.

use super::pick_runner::run;

/// Conversations that must hold: untuned 16/30 as written (commit d00868bb), still 16/30 after
/// relabelling my own check in one conversation (a daily rhythm checked only in the result line's
/// form, `4 h a day`, where the echo says `4 h every day`). 17 missed lines in 14 conversations
/// (docs/misses/pick_ac_misses.md): a bare number that is both a live option and a value (`4` at
/// the context step, `2`/`3`/`4` at the usage step, `2`/`4` at the conversations step, `5` at the
/// barriers step) taken as the value or moved on with, never asked back; leaving in words (`不弄了，
/// 谢谢`, `算了，不用了，謝謝`, `i not want continue, bye`) refused; `no need anything`, `nothing
/// more`, `web terminal就行` refused at the barriers step; `i take the first` refused at the card
/// step; `4090的顯存多大` at the model step refused; a first sentence's monthly budget not skipping
/// the barriers step. Written on main before und_cs's and und_cv's fixes were merged and never
/// read by them: 23/30 once they were (session 38), the fresh measure of those fixes; 24/30 once
/// not wanting to go on and a goodbye (`i not want continue, bye`) read as leaving (`said::QUIT_WORDS`);
/// 30/30 after helper und_cw: a number read off another option's label asked back, `i take the
/// first` a place, a no widened (`nothing more`, `no need anything`) a no, a budget's reading in
/// an ask-back said as a reading (docs/misses/und_und_cw.md).
const MUST_HOLD: usize = 30;

#[test]
fn pick_conversations_ac() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_ac.txt"));
    println!("{report}\npick_conversations_ac: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
