//! /pick conversations the way ordinary users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_ag): `tests/data/pick_conversations_ag.txt`, its header says the
//! format. Emphasis: people on a phone, in a hurry or distracted: one-word and emoji answers (👍,
//! ok, 行, 嗯嗯, yep, nah), typos in the choice itself (secnd, the frist one, 第2各, ＃2, ②), going
//! back and starting over said in words (上一步, 返回, 重新来, go back, start over), one message
//! answering two steps (lora, 8k; 3小时，支付宝), voice-dictated answers (用千问二点五七b吧, three
//! hours please), a pasted requirements list, a fact for a step not asked yet, and questions about
//! an option mid-way (lora是啥, what is qlora); a third start with one sentence of three to seven
//! facts and correct one of them. Ranges take their upper end (the house's decision).

use super::pick_runner::run;

/// Conversations that must hold: untuned 11/30 as written (commit 83cd21a3), 14/30 after
/// relabelling six lines of my own errors (four toggled needs checked on button text the answer does
/// not carry; two taps right after a stock question, whose answer has its own buttons).
/// 52 missed lines in 16 conversations, 16 first-hand (docs/misses/pick_ag_misses.md): typos in a
/// choice refused (`第2各`, `②`, `secnd`, `the frist one`); a card said at the task step refused; a
/// question naming an option taken as the answer (`fp8跟awq哪个省显存`, `what mean awq?`);
/// `用千问二点五七b吧`; `wait, change the model`; `掰掰`, `i'm done, bye`; Traditional `預算改成三百`
/// and `隨便`.
/// Session 40, the fresh measure of und_dc and und_de (neither saw this set): 15/30.
/// Helper und_dg: 22/30 (choices with a slip `secnd`, `the frist one`, `②`, `第2各`; `wait, change
/// the model` reopening the model step; `用千问二点五七b吧` read as Qwen2.5-7B); with und_dc and und_de
/// merged beside it: 23/30.
/// Helper und_dh (docs/misses/und_und_dh.md): 30/30 (a card at the task step kept and said, questions
/// naming an option answered with /pick open, `掰掰` and `i'm done, bye` leaving, `預算改成三百`).
const MUST_HOLD: usize = 30;

#[test]
fn pick_conversations_ag() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_ag.txt"));
    println!("{report}\npick_conversations_ag: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
