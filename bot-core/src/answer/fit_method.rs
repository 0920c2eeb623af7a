//! A fine-tune asked without its method (`/fit qwen2.5-7b finetune 4090`, `微调`) is sized as
//! LoRA, the method a newcomer can afford and the one `/pick` leads with. The answer says so
//! in its first lines, and gives one line each with what full fine-tuning and QLoRA would need
//! on the same card(s): fits, or short by how much, with the word that sizes it.

use super::fit_options::gib;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::reply::Msg;
use crate::vram::{FitOptions, FitRequest, Quant, Task};

/// The job as sized and what was said about it (`fit_render::Parsed`'s fields, passed apart so
/// this module and the renderer do not import each other).
pub(super) struct Sized<'r, 'a> {
    pub req: &'r FitRequest<'a>,
    pub opts: &'r FitOptions,
    pub quant_given: bool,
    pub method_assumed: bool,
}

/// The line that says the method was assumed, when it was.
pub(super) fn assumed(method_assumed: bool) -> Option<Msg> {
    method_assumed.then(|| Msg::new("fit-method-assumed"))
}

/// One line each for full fine-tuning and QLoRA on the same card(s) and settings: the memory
/// per card each needs and, with a card named, whether it fits or how much it is short.
pub(super) fn others(catalog: &Catalog, p: &Sized<'_, '_>, lang: Lang) -> Vec<Msg> {
    if !p.method_assumed {
        return Vec::new();
    }
    [Task::Full, Task::Qlora]
        .into_iter()
        .filter_map(|task| other(catalog, p, task, lang))
        .collect()
}

fn other(catalog: &Catalog, p: &Sized<'_, '_>, task: Task, lang: Lang) -> Option<Msg> {
    let mut req = p.req.clone();
    req.task = task;
    req.quant = match task {
        // Full fine-tuning trains 16-bit weights; a 4-bit format said for LoRA is no base here.
        Task::Full if req.quant.is_low_bit() => Quant::Bf16,
        // QLoRA's base is 4-bit: the one said if it is, else NF4 (bitsandbytes), the default.
        Task::Qlora if !(p.quant_given && req.quant.is_low_bit()) => Quant::Nf4,
        _ => req.quant,
    };
    let rep = crate::vram::estimate_with(catalog, &req, p.opts).ok()?;
    let (verdict, gpu) = match (rep.verdict.as_deref(), req.gpu) {
        (Some(v), Some(g)) => (v.to_string(), g.display_name(lang == Lang::Zh).to_string()),
        _ => ("none".to_string(), String::new()),
    };
    Some(
        Msg::new("fit-method-other")
            .arg("task", task.key())
            .arg("need", gib(rep.per_gpu_required_gib))
            .arg("verdict", verdict)
            .arg("cards", req.cards)
            .arg("gpu", gpu)
            .arg("margin", gib(rep.margin_gib.unwrap_or(0.0).abs()))
            .arg("word", crate::lexicon::task_word(task)),
    )
}
