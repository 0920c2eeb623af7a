//! /pick conversations the way real users type them, a fresh set written apart from the code,
//! scored untuned at 6/30 (issue 26 §4, helper pick_al): `tests/data/pick_conversations_al.txt`, its header
//! says the format. Emphasis: a representative sample, no single theme, in new forms: 10 step by
//! step with taps and typed answers mixed, 10 starting with one or two sentences of context (a run
//! that died of OOM on the user's own card, a deadline, a boss's monthly money, a school queue), 10
//! leaning on the other forms: a question about the step's options before answering it (前两个有什么
//! 区别, what's the difference between the first two?), hedges (大概8k吧，我也不太確定, probably 6
//! hours? not sure, 不知道，你定), units the step did not ask (一周大概40小时, about 2 days total,
//! budget大概300块一个月 at the duration step, 跑个100个epoch, 一天跑8小時，連跑五天, 預算一千五台幣), a
//! slip corrected in the next line (qwen2.5 14b → 打错了 是7b), models by family, size or nickname
//! (meta llama 3 8b instruct, the older one; deepseek 蒸馏的那个; wan2.1那个小一点的), options by
//! negation (不要量化的, anything but the 4-bit one), needs said as situations (学校报销要发票, 我们是
//! 海外公司，没有国内手机号), restarting in own words, and a slip in about one typed line in ten;
//! students, a small company's engineer, hobbyists making pictures or video, researchers with a
//! deadline, card owners comparing, a team lead sizing a service.

use super::pick_runner::run;

/// Conversations that must hold: written apart from the code (every expectation written before
/// any line was run, on main 7f96b317, with no cargo command run at all). Untuned: 6/30, scored by
/// the lead on main 689d4369 before any fixer of session 44 was merged.
/// After session 44's fixers: 10/30 (tuned: und_dw was given its misses). Session 46: 18/30
/// after und_ec (tuned: given its misses).
const MUST_HOLD: usize = 18;

#[test]
fn pick_conversations_al() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_al.txt"));
    println!("{report}\npick_conversations_al: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
