//! /pick conversations the way real users answer, written apart from the code (issue 26 §4,
//! helper pick_n): `tests/data/pick_conversations_n.txt`, its header says the format. Facts given
//! early, late or all at once, in the user's own words; corrections, going back, questions and
//! commands in the middle, a new /pick, /cancel, typos, full-width digits, emoji.

use super::pick_runner::run;

/// Conversations that must hold: all of them (untuned 34/50 as written, 45/50 after relabelling
/// the file's own errors, 50/50 after the fixes; the file's header says which and why).
const MUST_HOLD: usize = 50;

#[test]
fn pick_conversations_n() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_n.txt"));
    println!("{report}\npick_conversations_n: {held}/{all} hold");
    assert!(all >= 50, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

/// The mechanisms behind the file's misses, on sentences of their own: `a couple` is two
/// wherever it is said, a measure word before an English unit (`3个hrs`), a yes mark at a
/// step with a default, and "whichever is cheap" at the card step.
#[test]
fn pick_n_mechanisms() {
    let src = "
## own-couple-late en
> /pick
> fine-tune qwen2.5 7b with qlora
> 4k
> couple of hours I think
= +pick-understood-usage -pick-ask-hours-few -pick-invalid ~2

## own-couple-first en
> /pick
> serve a demo of llama 3.1 8b for a couple of hours, 8k context
= +pick-understood-usage -pick-ask-hours-few ~2

## own-few-still-asked en
> /pick
> serve a demo of llama 3.1 8b for a few hours
= +pick-ask-hours-few -pick-understood-usage

## own-measure-word zh
> /pick
> 微调llama3.1 8b 用lora 跑6个hrs
= +pick-understood-usage -pick-invalid ~6

## own-ok-mark zh
# Relabelled by und_cw (issue 26's rule): a bare `4` that is option 4 and also the value option 2
# prints (4 at once) is asked back, never taken with a notice; `#2` taps its value.
> /pick
> 部署qwen2.5 7b 一直在线
> awq
> 4k
> 4
= +pick-number-ask -pick-ask-card
> #2
> 👌🏻
= +pick-ask-barriers -pick-invalid

## own-whichever zh
> /pick
> 跑个llama3.1 8b demo 2小时
> int8
> 4k
> 谁便宜就用谁
= +pick-ask-barriers -pick-invalid

## own-which-asked zh
# Asked, not chosen: the list stays, nothing is taken.
> /pick
> 跑个llama3.1 8b demo 2小时
> int8
> 4k
> 哪个便宜哪个贵？
= -pick-ask-barriers -pick-invalid
";
    let (held, all, report) = run(src);
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
