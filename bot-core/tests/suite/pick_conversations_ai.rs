//! /pick conversations the way real users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_ai): `tests/data/pick_conversations_ai.txt`, its header says the
//! format. Emphasis: a representative sample, no single theme: students with a course project or a
//! thesis, a small company's engineer sizing a service, hobbyists making pictures, people comparing
//! with their own card; 18 step by step with taps and typed answers mixed, 10 starting with one
//! sentence of several facts and correcting one, 2 starting with a sentence whose vague fact must
//! be asked; mid-way questions, /back, leaving, a fact for a later step, barriers, budgets and
//! durations in words, vague answers (几个小时, a few hours a day, half day, 跑到明天早上,
//! 预算不多, 20个人用) and a typo in about one typed line in ten.

use super::pick_runner::run;

/// Conversations that must hold: scored by the lead on main before this session's fixers were
/// merged (every expectation written before any line was run): 18/30 untuned.
/// Raised to 21 by helper und_dl (docs/misses/und_und_dl.md), whose slip and property readings
/// read `5各小时`, `alwyas on` and `the shortest one` (their three conversations now hold whole);
/// `the cheapst` and `支付保` are read too, their conversations miss on other lines.
/// Raised to 21 by helper und_dm (docs/misses/und_und_dm.md), leaving and corrections read by
/// sentence shape: `eh, never mind, I'll sort it out tomorrow`, `too complicate, i quit`, `改成高峰
/// 16个` (and `不对，fp8改成int8` now reads INT8; its conversation misses its first sentence).
/// und_dn's quantity readings (docs/misses/und_und_dn.md) alone: 20/30.
/// 25/30 with und_dl's, und_dm's and und_dn's mechanisms merged together (session 42).
const MUST_HOLD: usize = 25;

#[test]
fn pick_conversations_ai() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_ai.txt"));
    println!("{report}\npick_conversations_ai: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
