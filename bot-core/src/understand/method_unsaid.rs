//! A fine-tune asked without its method (`qwen2.5-7b 微调 4090能跑吗`, `finetune llama 8b on a
//! 4090`): read as LoRA ([`crate::lexicon::tasks_in`]), and the fit says so beside what full
//! fine-tuning and QLoRA would need ([`crate::answer::fit::FitLine::method_assumed`]).

use super::Reading;
use super::request::Request;
use crate::vram::Task;

/// `r` with each LoRA fit marked as a method assumed, when the sentence named none (a trainer's
/// LoRA flag such as `--lora_r` names it).
pub(super) fn with_method(toks: &[String], r: Reading) -> Reading {
    let lora_said = toks.iter().any(|t| t.to_lowercase().contains("lora"));
    if lora_said || !crate::lexicon::method_unsaid(toks) {
        return r;
    }
    let mark = |q: Request| match q {
        Request::Fit(mut a) if a.task == Some(Task::Lora) => {
            a.method_assumed = true;
            Request::Fit(a)
        }
        q => q,
    };
    match r {
        Reading::Command(q) => Reading::Command(mark(q)),
        Reading::Ask(qs) => Reading::Ask(qs.into_iter().map(mark).collect()),
        Reading::Unknown => Reading::Unknown,
    }
}
