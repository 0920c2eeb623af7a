//! /pick conversations the way real users answer, a fifth set written apart from the code
//! (issue 26 §4, helper pick_r): `tests/data/pick_conversations_r.txt`, its header says the
//! format. Other people than pick_n..pick_q's: a task changed mid-way with the model carried,
//! a model said only as a size, an API served to users, a region as the only barrier, questions
//! at the result, a number alone at each step, a price pasted from another site, several cards,
//! buttons then typing, non-native English, a student budget in 元/块/毛.

use super::pick_runner::run;

/// Conversations that must hold (untuned 39/50 as written, 40/50 after relabelling the
/// file's own error, 50/50 after the fixes, one check made stricter; the file's header says
/// which and why).
const MUST_HOLD: usize = 50;

#[test]
fn pick_conversations_r() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_r.txt"));
    println!("{report}\npick_conversations_r: {held}/{all} hold");
    assert!(all >= 50, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

/// The mechanisms behind the file's misses, on sentences of their own: another job said as a
/// second thought carries the model and the duration where they apply (a service drops a
/// training run's hours; a demo's hours carry into a fine-tune), never a method; the
/// conversations at once said beside the first sentence are kept and not asked; a number alone
/// at the context step is thousands of tokens; the reader's always-on words; the United States
/// in two words; what one can spend is a budget; a region wanted leaves out of the card step
/// the platforms elsewhere, and the legend names its column.
#[test]
fn pick_r_mechanisms() {
    let src = "
## own-retask-serve-keeps-model zh
> /pick
> qlora微调llama3.1 8b 两小时
> 4k
> 其实我是想部署成接口给同事调用，一直开着
= +pick-understood-task ~推理服务 ~llama-3.1-8b ~一直在线 !单次运行 -pick-ask-model -pick-invalid

## own-retask-size-carries en
> /pick
> short demo of a 14b model for 2 hours
> actually we need to fine-tune it with lora
= +pick-understood-task ~fine-tuning ~14b ~2_h +pick-understood-method -pick-ask-model -pick-invalid

## own-retask-no-method en
# A serving format is no training method: the new job asks how it trains.
> /pick
> serve qwen2.5 3b in awq for a 1 hour test
> now i want to train it instead
= +pick-understood-task ~fine-tuning ~qwen2.5-3b +pick-ask-method-train -pick-understood-method

## own-at-once-late zh
> /pick
> 部署qwen2.5 7b做问答，一直开着
> 忙的时候大概12个人同时在问
= +pick-understood-concurrency ~12 -pick-invalid
> int8
> 8k
= -pick-ask-concurrency

## own-at-once-tune-ignored en
# A fine-tune has no conversations at once.
> /pick
> lora fine-tune qwen2.5 3b for 2 hours, 4 of us at the same time
= -pick-understood-concurrency -pick-invalid

## own-context-bare en
> /pick
> qlora qwen2.5 3b for 2 hours
> 16
= +pick-understood-context ~16384 -pick-invalid
> /back
> 2048
= -pick-understood-context -pick-invalid

## own-always-reader zh
> /pick
> 部署qwen2.5 7b客服接口，24小时不间断
= +pick-understood-usage ~一直在线 !单次运行

## own-us-phrase en
> /pick
> lora llama 3.1 8b for 4 hours, everything hosted in the United States
= +pick-understood-region -pick-invalid
> /pick
> lora llama 3.1 8b for 4 hours, send the results to us
= -pick-understood-region

## own-can-spend zh
> /pick
> lora微调qwen2.5 3b 2小时，最多能花40块
= +pick-understood-budget ~40 -pick-invalid

## own-region-cards en
# Wanted outside mainland China: the card taken first is rented there, the legend names region.
> /pick
> qlora qwen2.5 7b for 3 hours, must be outside china
> 8k
> #1
> #8
= +pick-result-title ~region✓ ~region_= -pick-result-none !region✗
";
    let (held, all, report) = run(src);
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
