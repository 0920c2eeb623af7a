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
const MUST_HOLD: usize = 39;

#[test]
fn pick_conversations_x() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_x.txt"));
    println!("{report}\npick_conversations_x: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
