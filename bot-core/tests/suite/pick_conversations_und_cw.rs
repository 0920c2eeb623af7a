//! /pick conversations of helper und_cw (issue 26 §4), written before the code changed, on the
//! misses left in pick_conversations_ab and _ac: a bare number that is both a place and the
//! number printed on another option's label asked back (never taken with a notice), a number
//! with its unit never asked, the number-as-place memory, a place inside a short English
//! sentence at the card step, "no needs" widened at the barriers step, and a budget's reading in
//! an ask-back said as a reading (`tests/data/pick_conversations_und_cw.txt`).

use super::pick_runner::run;

/// Conversations that must hold: 2/20 before the change (main 00bfc01a, this file's first
/// commit: only the two with a unit held; every bare number read off another option's label was
/// taken with `pick-number-by-label`, `i take the second`/`i'd go with number 1` and `nothing
/// more`/`没别的了` refused, a budget's reading asked back in the echo's words `Budget: $4.00`);
/// 20/20 after the change (two checks of mine relabelled: `4k` typed is not echoed as 4096, and
/// the Chinese result's needs column says 支付, not pay). Two more written before the second
/// change (conversations at once said again at a later step), 0/2 then: 22/22 after it.
const MUST_HOLD: usize = 22;

#[test]
fn pick_conversations_und_cw() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_cw.txt"));
    println!("{report}\npick_conversations_und_cw: {held}/{all} hold");
    assert!(all >= 22, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
