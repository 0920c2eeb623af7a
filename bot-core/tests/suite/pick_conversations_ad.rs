//! /pick conversations the way ordinary users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_ad): `tests/data/pick_conversations_ad.txt`, its header says the
//! format. Emphasis: what a person does across a whole conversation: a third of the conversations
//! start with one sentence of three to six facts (task, model, method, hours or a daily rhythm,
//! payment, real-name, budget with or without a period, a place) and then correct one of them
//! (`actually 14b not 7b`, `改成每天10小时`, `不对，是微调`); the rest go step by step and answer as
//! typed: taps, typed choices (第三个, 选二, the last one), a choice inside a longer sentence, short
//! words (都行, 随便, 嗯, ok, yes, skip), numbers that are both a live option and a value (asked
//! back), numbers with their unit (4 hours, 8k, 两张4090), a question mid-way (price, stock, memory,
//! a platform's payment), /back twice in a row, /cancel, leaving in words and a new /pick mid-way.

use super::pick_runner::run;

/// Conversations that must hold: untuned 20/30 as written (commit a2a35683), 21/30 after
/// relabelling my own error in one conversation (`1` at the model step written as option-only,
/// though a 1B model is a plausible size there, so it is rightly asked back; the script's later
/// checks relabelled to what the house's rules ask of it). 20 missed lines in 9 conversations, 12
/// first-hand (docs/misses/pick_ad_misses.md): a choice inside words or from the end (`i'd go with
/// the second`, `the last one`) refused at the card step; `不对，是微调，用lora` after an experiment's
/// sentence refused; `concurrency大概8` and `4个人同时用` refused; `no need more` refused at the barriers
/// step; `谢谢，不用了` at the card step refused; and `4`/`3`/`4` at the context, usage and conversations
/// steps taken by another option's label (pick-number-by-label) where the file's rule asks back, a
/// rule conflict left to the lead (23/30 under the by-label convention).
/// Raised to 27/30 by und_cz (docs/misses/und_und_cz.md): places in words and from the end, a
/// task corrected with `不对`, at-once figures in words, thanks + no need, and `4 hours` no
/// longer taken as the start of the label `4 hours every day`; the three left are the rule
/// conflict above. 30/30 once both were merged (session 39): und_cw asks those numbers back.
const MUST_HOLD: usize = 30;

#[test]
fn pick_conversations_ad() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_ad.txt"));
    println!("{report}\npick_conversations_ad: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
