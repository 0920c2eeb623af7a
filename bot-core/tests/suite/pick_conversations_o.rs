//! /pick conversations the way real users answer, a second set written apart from the code
//! (issue 26 §4, helper pick_o): `tests/data/pick_conversations_o.txt`, its header says the
//! format. Other people than pick_n's (a teacher, a startup, hobbyists with images and video, a
//! researcher with a deadline, someone leaving Colab), their facts early, late or all at once.

use super::pick_runner::run;

/// Conversations that must hold: all of them (untuned 41/50 as written, 43/50 after relabelling
/// the file's own errors, 50/50 after the fixes; the file's header says which and why).
const MUST_HOLD: usize = 50;

#[test]
fn pick_conversations_o() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_o.txt"));
    println!("{report}\npick_conversations_o: {held}/{all} hold");
    assert!(all >= 50, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

/// The mechanisms behind the file's misses, on sentences of their own: `一直` alone is "all
/// along", and a length said after inference was asked settles it; no preference in more
/// words (a pointer, the default named, the step's question asked back); people at once are
/// the conversations step's answer; a family misspelt before its size.
#[test]
fn pick_o_mechanisms() {
    let src = "
## own-all-along zh
> /pick
> 我一直在用kaggle跑llama3.1 8b推理，想换个地方
= +pick-infer-which +pick-understood-model -pick-understood-usage -pick-invalid
> 大概两个小时
= +pick-ask-method-quant -pick-ask-task -pick-invalid

## own-kept-on zh
> /pick
> qwen2.5 7b 一直开着给组里用
= +pick-understood-usage -pick-infer-which

## own-you-decide zh
> /pick
> 微调qwen2.5 7b 跑3小时
> 🤔不太懂这个，听你的吧
= +pick-took-default +pick-ask-context -pick-invalid

## own-default-en en
> /pick
> try llama 3.1 8b for 2 hours
> just use the default
= +pick-took-default +pick-ask-context -pick-invalid

## own-not-sure-which en
> /pick
> #1
> not sure which model to pick
= +pick-ask-model-unsure -pick-invalid

## own-asked-not-unsure zh
# Not knowing which platform has stock is a question, never a default taken.
> /pick
> #1
> 不知道哪家有货
= -pick-took-default -pick-ask-method-quant

## own-peak-at-once en
> /pick
> host qwen2.5 7b for our support team, always on
> awq
> 4k
= +pick-ask-concurrency
> at peak maybe 12 people at the same time
= +pick-ask-card|advice-pick-ask-card-reader -pick-understood-users -pick-invalid

## own-slip-sentence zh
> /pick
> 用qlora微调lamma-3.1 8b 跑4小时
= +pick-understood-model ~llama-3.1-8b -pick-invalid

## own-slip-step en
> /pick
> #2
> lamma 3.1 8b
= +pick-ask-method-train -pick-invalid
";
    let (held, all, report) = run(src);
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
