//! /pick conversations the way real users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_ak): `tests/data/pick_conversations_ak.txt`, its header says the
//! format. Emphasis: a representative sample, no single theme, in new forms: 10 step by step with
//! taps and typed answers mixed, 10 starting with one sentence of several facts (four change a fact
//! later without /back: 模型还是换成14b的吧, 是跑三天不是两天, sorry, i want change to qwen2.5 7b), 10
//! with two steps in one line, schedules instead of a number (早上八点半到晚上六点, evenings, roughly 7
//! to 11, mon to fri, 10am till 4pm, 每天晚上十點到凌晨兩點, 7x24小时跑着), options chosen by the step's
//! own description words (只训练适配器、底座不压缩的那个, the one that keeps the base in 4-bit, 挂服务那个,
//! 位数最低那个) or by rank and comparison (第二便宜的, the 2nd one on the list, 要比它贵一档的那张),
//! answers with a reason, "what does this option mean" then a choice, /back twice, budgets for the
//! whole job (整个作业最多花三十块, for whole job max 30 dollars), leaving or pausing in own words,
//! vague answers to be asked, and a slip in about one typed line in eleven; students, a small
//! company's engineer, hobbyists making pictures or video, a researcher with a deadline, card
//! owners comparing, a team lead sizing a service.

use super::pick_runner::run;

/// Conversations that must hold: written apart from the code (every expectation written before
/// any line was run, on main d0d94062, with no cargo command run at all); scored by the lead on
/// main before any fixer of session 43 was merged: 5/30 untuned (the fresh measure of those fixes);
/// 9/30 with und_dq, und_dr and und_ds merged, none of whom saw it.
/// After session 44's fixers: 16/30 (tuned: und_du was given its misses).
/// Raised by helper und_ef (session 47): 19/30 (`一天大概跑两个钟头` is 2 h a day, no run of 24 h).
const MUST_HOLD: usize = 19;

#[test]
fn pick_conversations_ak() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_ak.txt"));
    println!("{report}\npick_conversations_ak: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
