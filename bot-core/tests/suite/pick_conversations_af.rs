//! /pick conversations the way ordinary users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_af): `tests/data/pick_conversations_af.txt`, its header says the
//! format. Emphasis: people who say the goal in product or life terms (想给我们店做个客服机器人,
//! 给公司搭个知识库问答, 跑个AI画图, transcribe my podcasts: a goal the bot cannot map is asked, never
//! guessed), who hedge and give ranges (两三个小时吧, maybe 2-3 hours, 一两百块), say numbers in words
//! (三小时, ten hours, a couple of hours), change their mind twice, and answer a step with a later
//! step's fact; a third start with one sentence of three to six facts and correct one of them.

use super::pick_runner::run;

/// Conversations that must hold: untuned 13/30 as written (commit a919532a), 16/30 after
/// relabelling four of my own errors (the model step's "Not sure" list for 你推荐吧 / 都行, a budget
/// checked on a result that does not print it, toggles checked on button text).
/// 35 missed lines in 14 conversations, 19 first-hand (docs/misses/pick_af_misses.md): ranges
/// taken rather than asked (`两三个小时吧`, `maybe 2-3 hours`, `一两百块`, `十几个人`); goals in life
/// terms refused (`transcribe my podcasts`, `anime pictures of my cat`, `讲故事的AI`); a question
/// naming a pipeline taken as the answer; `高峰大概4个` and `就我自己用` refused; Traditional
/// `預算改成八十` and `隨便` refused; `under 100ish` dropped; `nvm, i'm out`; `next` and `skip`.
/// Helper und_de (docs/misses/und_und_de.md): 23/30, goals in life terms asked, a pipeline's
/// memory asked mid-way answered, `sdxl吧` a correction, `隨便`, `nvm, i'm out`, `only try`,
/// `next`/`skip` at the run-or-service ask, `under 100ish`. With the lead's range relabels and
/// und_dc merged beside it: 25/30.
/// Session 40 (lead): the range lines relabelled by the house decision (a range taken at its upper
/// end and echoed, not asked; see the file's header) and und_dc's range echo merged: 18/30.
/// Helper und_dh (docs/misses/und_und_dh.md): 30/30 (`高峰大概4个` and `就我自己用` read as the
/// conversations at once, `十几个人` taken at its top and said, `budget 20-30 dollar` kept at its top).
const MUST_HOLD: usize = 30;

#[test]
fn pick_conversations_af() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_af.txt"));
    println!("{report}\npick_conversations_af: {held}/{all} hold");
    assert!(all >= 30, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
