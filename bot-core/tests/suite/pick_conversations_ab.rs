//! /pick conversations the way ordinary users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_ab): `tests/data/pick_conversations_ab.txt`, its header says the
//! format. Emphasis: a realistic mix: students and developers choosing a card for one job, a
//! quarter of the conversations starting with one sentence of four to six facts (task, model,
//! method, hours, payment, real-name, budget), the rest step by step; answers as people give them:
//! taps, typed choices (2, 第一个, 选2, the second one, i take number 2), a choice inside a longer
//! sentence, short words (好, 嗯, 不用, ok, nope), numbers that are both an option and a value
//! (asked back) or only one of them (taken), a change of mind, a question mid-way, /back, /cancel
//! and leaving in words.

use super::pick_runner::run;

/// Conversations that must hold: untuned 23/40 as written (commit e88bc51d), still 23/40 after
/// relabelling my own checks in three conversations (a need switched on checked by a button's ☑,
/// which the answer's text never carries; now by the echo or the result's needs column). The 17
/// misses (docs/misses/pick_ab_misses.md): a bare number that is both a live option and a value
/// (`4` at the context and conversations steps, `3` at the usage, model and barriers steps) taken
/// as the value in silence, never asked back; a choice inside a longer sentence (`行 第二个吧，预算
/// 大概50`, `i take number 2`) dropped or refused; a first sentence's budget with a period not
/// skipping the barriers step; a card's memory asked mid-way refused or kept as a card; `结束吧`,
/// `不弄了，謝謝`, `web terminal please`, `is ok, nothing` refused or misread; `everyday 2 hour` as one
/// run. After helpers und_cs (numbers asked back, a choice inside a sentence) and und_cv (daily
/// rhythms, a memory question mid-way, leaving and labels in words, a budget with a period),
/// merged by the lead in session 38: 33/40. 40/40 after helper und_cw: a bare number that is
/// both a place and the number another option's label prints asked back (never taken with a
/// notice), the value reading of a budget said as a reading, `i take number 2` read as a place.
const MUST_HOLD: usize = 40;

#[test]
fn pick_conversations_ab() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_ab.txt"));
    println!("{report}\npick_conversations_ab: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
