//! /pick conversations of helper und_dl (issue 26 §4): `tests/data/pick_conversations_und_dl.txt`,
//! written before the change. A slip read over the step's own vocabulary (a Latin word one or two
//! letters off, a Chinese character that reads alike, a measure word's slip after a number), an
//! option chosen by a property its list carries (`the biggest one`, `最短的那个`, `the fastest
//! one`), asked back where the property is absent or two words are equally near, and a near word
//! that is another real word left alone.

use super::pick_runner::run;

/// Conversations that must hold: 3/26 before the change (the commit of this file, before the
/// mechanism); 25/27 after (one conversation relabelled and one added, see the file's header).
/// The two left: `想微掉一个模型` and `fine-tunning` are read right by the reader's own spelling
/// tables before any step reader, silently, so no `pick-read-as` is said (docs/misses/und_und_dl.md).
/// Raised by helper und_ea (session 45): 26/27 after its step-word slips.
const MUST_HOLD: usize = 26;

#[test]
fn pick_conversations_und_dl() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_dl.txt"));
    println!("{report}\npick_conversations_und_dl: {held}/{all} hold");
    assert!(all >= 22, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
