//! /pick conversations the way real users answer, a fourth set written apart from the code
//! (issue 26 §4, helper pick_q): `tests/data/pick_conversations_q.txt`, its header says the
//! format. Other people than pick_n's, pick_o's and pick_p's: image and video generation
//! (ComfyUI, FLUX, Wan), a team lead choosing for three, a budget and a deadline only,
//! voice-typed run-on sentences, doubts about the card offered, two platforms compared
//! mid-way, a pasted CUDA error, an invoice or a region as a need, a restart after the price.

use super::pick_runner::run;

/// Conversations that must hold (untuned 38/50 as written, 40/50 after relabelling the
/// file's own errors, 50/50 after the fixes and one more relabel of the writer's, the
/// invoice taken for a way to pay; the file's header says which and why).
const MUST_HOLD: usize = 50;

#[test]
fn pick_conversations_q() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_q.txt"));
    println!("{report}\npick_conversations_q: {held}/{all} hold");
    assert!(all >= 50, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

/// The mechanisms behind the file's misses, on sentences of their own: a region said is a need
/// checked on each platform (a place finer than it said back as unchecked); a company's bank
/// transfer is a way to pay and an invoice a need to ask about; the headcount lexicon's people;
/// the real name denied in mixed words; another job said as a change starts over, a change of
/// card or of a generation job's method does not.
#[test]
fn pick_q_mechanisms() {
    let src = "
## own-region-global zh
# A region refused is the other one; a platform elsewhere is left out of the result.
> /pick
> lora微调qwen2.5 1.5b 2小时，不要国内的
= +pick-understood-region ~海外 -pick-invalid
> 8k
> #1
> #8
= +pick-result-title ~地区✓ !地区✗

## own-region-place zh
> /pick
> qlora微调llama3.1 8b 4小时，要美国的机器
= +pick-understood-region ~美国 -pick-invalid

## own-region-late en
> /pick
> lora fine-tune qwen2.5 3b for 2 hours
> only domestic platforms in china please
= +pick-understood-region ~mainland -pick-invalid

## own-invoice-result zh
> /pick
> 全参微调qwen2.5 0.5b 两小时
> 4k
> #1
> 我们要开票
= +pick-understood-invoice -pick-invalid
> #8
= +pick-result-title +pick-invoice-ask

## own-company-transfer en
> /pick
> qlora qwen2.5 7b 3 hours, we pay by bank transfer
= +pick-understood-pay ~bank_transfer -pick-invalid

## own-people-colleagues zh
> /pick
> 部署qwen2.5 7b给五个同事用，一直开着
= +pick-understood-users ~5 -pick-invalid

## own-people-group en
> /pick
> serve llama 3.1 8b for a group of 6 analysts, always on
= +pick-understood-users ~6 -pick-invalid

## own-nrn-mixed zh
> /pick
> lora qwen2.5 3b 两小时 without 实名
= +pick-understood-nrn -pick-invalid
> /pick
> lora qwen2.5 3b 两小时 实名无所谓
= -pick-understood-nrn

## own-retask-serve en
> /pick
> lora fine-tune llama 3.1 8b for 3 hours
> 8k
> #1
> #8
= +pick-result-title
> nah, switch to serving llama 3.1 8b always on
= +pick-understood-task ~inference_service -pick-result-title -pick-invalid

## own-retask-video zh
> /pick
> qlora微调qwen2.5 7b 3小时
> 不弄了，改成用wan2.1做视频
= +pick-understood-task ~视频 -pick-cancelled

## own-no-retask-card zh
# A card changed with a try (`试试`) is no new job.
> /pick
> lora微调qwen2.5 7b 3小时
> 8k
> 换成a100试试
= -pick-understood-task -pick-invalid

## own-no-retask-media-method en
# A generation job's own LoRA said as a change is no new job.
> /pick
> train a flux lora on my photos for 2 hours
= +pick-understood-task
> actually make it qlora
= -pick-understood-task
";
    let (held, all, report) = run(src);
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
