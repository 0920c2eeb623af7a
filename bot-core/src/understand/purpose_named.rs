//! A card's stock, price or specs asked with a job it is for (`哪里有4090可以跑flux lora`,
//! `flux lora training 4090 price on runpod`, `4090 specs for sdxl`): the job (an image or
//! video pipeline, or a LoRA or training run) is what the card is for, not a fit asked; the
//! question is the stock, the price or the specs. A fit asked in words (`能跑吗`, `fit`,
//! `enough`) keeps the fit.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::words::{COST_WORDS, SPECS_WORDS, STOCK_WORDS};
use crate::vram::Task;

/// Words that ask whether the job fits (then it is a fit, whatever else is asked).
const FIT_ASKED: &[&str] = &[
    // How many cards the job takes (`全参微调需要多少张a100`): a fit's count, no price.
    "多少张",
    "几张",
    "多少块卡",
    "how many",
    "能跑吗",
    "能不能",
    "能否",
    "可不可以",
    "跑得动",
    "跑得了",
    "跑不跑",
    "放得下",
    "装得下",
    "够",
    "行不行",
    "可以吗",
    "爆显存",
    "显存",
    "fit",
    "can it run",
    "can i run",
    "can a ",
    "can an ",
    "can i ",
    "could ",
    "will it run",
    "enough",
    "vram",
    "memory",
    "oom",
    "handle",
];

/// Whether the job named is an image or video pipeline, or a LoRA or training run.
fn purpose_job(q: &Question) -> bool {
    let pipeline =
        q.e.models
            .iter()
            .any(|m| crate::diffusion::find(m).is_some());
    let training =
        q.e.tasks
            .iter()
            .chain(q.e.task.iter())
            .any(|t| !matches!(t, Task::Infer));
    pipeline || training
}

/// The card's stock, price or specs, with the job it is for named beside it.
pub(super) fn purpose_named(q: &Question) -> Option<Reading> {
    let e = q.e;
    let [g] = e.gpus.as_slice() else {
        return None;
    };
    if q.nothing_to_size() || !purpose_job(q) || q.has(FIT_ASKED) || e.platforms.len() > 1 {
        return None;
    }
    if q.has(STOCK_WORDS) && e.usage.is_none() && q.price.is_none() {
        return one(Request::Stock(make::stock_args(
            &g.gpu,
            e.platforms.first(),
            None,
        )));
    }
    if q.has(COST_WORDS) {
        let usage = q.usage();
        return match e.platforms.first() {
            Some(p) => make::cost(p, g, &usage),
            None => make::compare(g, &usage),
        }
        .map(Reading::Command);
    }
    // `全参数` is a full fine-tune, no parameter sheet asked.
    let text = q.padded.replace("全参数", " ");
    (super::text::has(&text, SPECS_WORDS) && e.usage.is_none())
        .then(|| Reading::Command(make::gpus(vec![g.gpu.clone()])))
}
