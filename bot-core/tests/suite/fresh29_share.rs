//! The share of `questions_fresh29.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_fresh29.tsv");

/// `questions_fresh29.tsv` (300, 7 labelled to be asked back; voice input with spoken numbers
/// (`二十四G`, `幺二八K`, `一块五毛`), a short story before the question, two asks in one message,
/// polite non-native English (`Kindly suggest…`, `I want to ask that…`), slang (`炼丹`, `出图`,
/// `爆显存`, `羊毛`), odd units (`0.5h`, `一个半钟`, `3刀/h`, `人民币2块`), loosely written models
/// (`千问`, `llama三`, `deepseek满血版`, `flux dev`)), written apart from the reader by a helper who
/// never read it, committed before it was scored: untuned 283/300 (94.3 %; 289/300 by
/// `tools/probe-command-share.py`, 295/300 by command in the examples file's way), 286/300
/// (95.3 %; 292/300, 295/300) after the labeller's own errors were relabelled (3, each listed
/// with its reason in its header). The 14 misses are grouped by mechanism in
/// `docs/misses/fresh29_misses.md`. After helper und-y's mechanisms (one spoken-number reader,
/// batch words, a spaced alias, a feature asked, a period before its amount…): 299/300, and
/// 300/300 once `llama三 70b 八bit 要几张a100` was relabelled `ask:` (40G or 80G, fresh26's rule).
#[test]
fn fresh29_share() {
    let (total, right) = share_by_line("fresh29", CORPUS);
    assert!(total >= 300, "fresh29: {total} questions");
    assert!(right >= 300, "fresh29: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn fresh29_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
