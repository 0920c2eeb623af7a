//! /pick conversations the way new users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_y): `tests/data/pick_conversations_y.txt`, its header says the
//! format. Emphasis: typos and full-width answers (ｑｌｏｒａ, ４０９０, lroa, qwne 7b), two facts
//! in one answer at a later step, hedges and fillers (应该是qlora吧, I guess maybe 8b?, 随便, idk),
//! a question about a step's options, /pick again mid-way, a /fit or /compare ask mid-way,
//! several cards (两张4090, 2x A100, 8 cards), jobs said by the product they build, durations as
//! people say them (一晚上, a weekend, 两三天, till tomorrow, 半个月, 24/7), needs said negatively
//! and positively, budgets as ranges and in other currencies, /back at the first step and three
//! times, /cancel then a new /pick.

use super::pick_runner::run;

/// Conversations that must hold: untuned 25/40 as written (commit 9f43d179), 25/40 after
/// relabelling my own checks in one conversation (a card tap checked as the barriers step, which a
/// budget said in the first sentence skips); the fifteen misses are the reader's and the
/// dialogue's (docs/misses/pick_y_misses.md): a card's number read as a context length in a
/// question mid-way, price ranges per hour, 几百块 and 港幣 budgets, `10M documents` as minutes,
/// `8 cards of h100s` as one card, 训/訓練 as training, hedges and `你推荐吧`, a question about
/// the context options, `half month`, `till tomorrow`, an invoice asked mid-way. 30/40 after
/// und_cp's words (训/訓練 as training with the model kept, hedges, 你推荐吧, the context options
/// weighed, an invoice asked mid-way, a payment held, a typo'd model echoed); 32/40 after und_co's
/// numbers alone (docs/misses/und_und_co.md); both merged: FLOOR_MERGED. 38/40 on main b11ec45f;
/// 39/40 after helper und_cs (a model run over a counted set, `embed 10M documents`, is a batch
/// run; docs/misses/und_und_cs.md): y-zh-few-hundred is left, its last check expecting the result
/// where a budget typed at the barriers step rightly stays on that step.
const MUST_HOLD: usize = 39;

#[test]
fn pick_conversations_y() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_y.txt"));
    println!("{report}\npick_conversations_y: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
