//! /pick conversations the way ordinary users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_ah): `tests/data/pick_conversations_ah.txt`, its header says the
//! format. Emphasis: people who answer with the option's words, not its number, and with their own
//! units: labels and paraphrases (qlora, QLoRA 4bit, bf16 is fine, 8k上下文, 32k context pls, always
//! on, 一直开着, just a one-off 3h run, 每天跑4小时, a few users, 四个人同时用), durations in words (半天,
//! 一晚上, 一周每天两小时, the whole weekend, 两天, 90 mins, till tomorrow morning), budgets in another
//! currency or per period (预算一天50, under $1/hr, 每月500以内, budget 20 euro), barriers in words (不能
//! 实名, no KYC, 只能微信支付, 要能开发票, 没有visa卡, paypal, 数据不能出境), models written loosely, and
//! "what would you pick?" at a step; a third start with one sentence of five or six facts and
//! correct one of them.

use super::pick_runner::run;

/// Conversations that must hold: 0 until the set is scored untuned.
const MUST_HOLD: usize = 0;

#[test]
fn pick_conversations_ah() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_ah.txt"));
    println!("{report}\npick_conversations_ah: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
