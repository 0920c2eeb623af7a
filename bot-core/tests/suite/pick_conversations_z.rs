//! /pick conversations the way new users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_z): `tests/data/pick_conversations_z.txt`, its header says the
//! format. Emphasis: /pick started by a plain need for guidance with its facts kept, a first
//! message of four to six facts in new orders, very short answers (y, ok, 嗯, 对, 好的, 行, 1, 2,
//! the first one, 第二个), a later step's fact given early and an earlier one late, a change of
//! mind at a later step that the plan must follow, numbers with and without units (8, 8b, 8k,
//! 80g, 8卡, 8小时), image and video jobs, a place and a budget in another currency, a question
//! mid-way about a platform fact, stock or a price, /back after a change, start over in words.

use super::pick_runner::run;

/// Conversations that must hold: untuned 13/40 as written (commit 923eb029), 14/40 after
/// relabelling my own checks in four conversations (a budget's format guessed as ¥3,000 and a card
/// checked on a budget's answer; a place taken as a need that skips the barriers step; two checks
/// that passed for reasons I did not mean, made to check what I meant, one of them now a miss).
/// The twenty-six misses are the reader's and the dialogue's (docs/misses/pick_z_misses.md): an
/// option typed by its place (第一个, 第二个, the first one, first, 1, 2, 3) refused at the card,
/// method, task and result steps (22 conversations; 32/40 hold with those lines as taps),
/// 一直開著 not read as always on, `which gpu should i rent for sdxl` read as /fit, `想train一个sdxl
/// lora` read as an unknown model, `wan 2.1, 1.3b model` sized as the 14B, `not want real name`
/// dropped, a demo's task taken without its echo or read as a service.
/// After helper und_cq (docs/misses/und_und_cq.md): 38/40. The two left are decisions, not
/// mechanisms undone: `which gpu should i rent for sdxl` is `/fit sdxl` by the house rule (WHICH
/// card beside a model is the fit), and the service option is kept asking how long (a service may
/// run some hours a day; its button now says so).
const MUST_HOLD: usize = 38;

#[test]
fn pick_conversations_z() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_z.txt"));
    println!("{report}\npick_conversations_z: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
