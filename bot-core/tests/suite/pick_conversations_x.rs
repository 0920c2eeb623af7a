//! /pick conversations the way new users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_x): `tests/data/pick_conversations_x.txt`, its header says the
//! format. Emphasis: people who correct themselves at the same step or a later one, who change
//! their mind after a later step, who answer in another language or with one word or a bare
//! number, who ask a question mid-way and go on, who say everything in the first sentence;
//! serving and batch jobs, image jobs (SDXL, FLUX), a place said as where one is, payments,
//! budgets per hour, per month and in total; /back twice and /back after the result.

use super::pick_runner::run;

/// Conversations that must hold: untuned 28/40 as written (commit 61d9baae), 29/40 after
/// relabelling my own checks in two conversations (a negative check that the task step's own
/// prompt also matched; a pay column asked of a card whose only platform the need leaves out);
/// the eleven misses are the reader's and the dialogue's (docs/misses/pick_x_misses.md). Helper
/// und_cj: 35/40 (budgets under X a month and in total, batch jobs, two methods asked, `嗯` at
/// the trial step, the card step only offering cards rentable under the needs said;
/// docs/misses/und_und_cj.md); left: four places (helper und_cg) and x-en-card-change-later,
/// whose 3090 does not hold the job at 8k on the fit engine (said, with the figures). Merged with
/// und_cg (a place said as where the person is) on main: 39/40, the card change at 8k left.
/// 37/40 after helper und_co (docs/misses/und_und_co.md): x-zh-switch-3090 and
/// x-mix-4090-to-3090 held only because `算了换成3090` at the context step was read as a context
/// of 3090 tokens; the card is now kept as the card, and `8k` then meets the same honest no of the
/// fit engine as x-en-card-change-later (QLoRA at 8k needs ~31-33 GiB, a 3090 has 23.7). Lowered
/// for the lead to judge, never to hide a wrong figure.
const MUST_HOLD: usize = 37;

#[test]
fn pick_conversations_x() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_x.txt"));
    println!("{report}\npick_conversations_x: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
