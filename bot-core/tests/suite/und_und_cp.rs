//! Helper und_cp's own /pick conversations (issue 26, the words misses of pick_conversations_y):
//! `tests/data/pick_conversations_und_cp.txt`, its header says what each mechanism is. Written
//! before the code changed; docs/misses/und_und_cp.md has the figures.

use super::pick_runner::run;

/// Conversations that must hold: 9/24 before any code changed (the before-figure), 23/24 after
/// (the one left: `whatever's cheapest` at the method step takes QLoRA, the cheapest method, and
/// says it, where the case expected the default said as taken).
const MUST_HOLD: usize = 23;

#[test]
fn und_und_cp_conversations() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_cp.txt"));
    println!("{report}\nund_und_cp: {held}/{all} hold");
    assert!(all >= 24, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
