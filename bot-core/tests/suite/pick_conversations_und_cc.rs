//! /pick conversations of helper und_cc (session 33, issue 26): a place said at any step keeps
//! and filters the candidates by the catalog's sourced region lists (unknown where a platform
//! lists none); a number beside a card with no unit is asked back as cards or hours
//! (`tests/data/pick_conversations_und_cc.txt`, docs/misses/und_und_cc.md).

use super::pick_runner::run;

/// Every conversation holds (see the file's header; before the change: docs/misses/und_und_cc.md).
const MUST_HOLD: usize = 8;

#[test]
fn pick_conversations_und_cc() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_cc.txt"));
    println!("{report}\npick_conversations_und_cc: {held}/{all} hold");
    assert!(all >= 8, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
