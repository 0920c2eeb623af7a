//! `16g显存能跑什么模型`, `what can I run on 48GB`, `24G 能微调多大的模型`, `I have 12 GB VRAM,
//! which LLMs can I use`: a memory size with no card and no model, asked which models it holds,
//! is `/fit 16gb` (with the method said: `/fit 24gb lora`), the models that fit it per method.
//! Never a card guessed from the size, nor the offers with that much memory.

use super::Reading;
use super::question::{Question, one};
use super::request::Request;
use crate::commands::fit::FitMemoryArgs;
use crate::vram::Task;

/// Words asking which models, or how big a model, a memory holds.
const WHICH_MODELS: &[&str] = &[
    "什么模型",
    "哪些模型",
    "哪个模型",
    "啥模型",
    "多大的模型",
    "多大模型",
    "什么大模型",
    "哪些大模型",
    "什么llm",
    "哪些llm",
    "跑什么",
    "跑啥",
    "跑哪些",
    "能跑多大",
    "微调多大",
    "训多大",
    "训练多大",
    "what model",
    "which model",
    "what llm",
    "which llm",
    "llms can i",
    "models can i",
    "what can i run",
    "what can i fine",
    "what can i train",
    "what can i lora",
    "what can i qlora",
    "how big a model",
    "how large a model",
    "biggest model",
    "largest model",
    "biggest llm",
    "largest llm",
    "what fits",
];

/// The memory or card as the subject of "what can … run" (`what can a 24gb card run`, `what
/// will my 12gb gpu run`, `what could a 48gb card handle`, `what can 24gb run`): the same
/// question asked of it, whatever the modal. Only with a verb of running at the end (or a
/// method after it: `… handle for lora`): `what would a month of l40s cost` asks a price.
const MODALS: &[&str] = &["can", "could", "will", "would", "might"];
const RUNS: &[&str] = &[
    "run", "handle", "fit", "load", "hold", "manage", "serve", "host", "support",
];
/// Words of a method said after the verb (`for lora`, `with qlora`): the method is read apart.
const METHOD_TAIL: &[&str] = &["for", "with", "using", "in"];

fn subject_runs(q: &Question) -> bool {
    let text = q
        .padded
        .trim_end()
        .trim_end_matches(|c: char| c.is_ascii_punctuation() || c.is_whitespace());
    let words: Vec<&str> = text.split_whitespace().collect();
    let asked = words
        .windows(2)
        .any(|w| w[0] == "what" && MODALS.contains(&w[1]));
    // The verb last, or before a method said (`handle for lora`).
    let verb_at = match words.as_slice() {
        [.., v, tail, _] if METHOD_TAIL.contains(tail) && q.e.task.is_some() => Some(*v),
        [.., v] => Some(*v),
        [] => None,
    };
    asked && verb_at.is_some_and(|v| RUNS.contains(&v))
}

/// A memory size asked which models it holds, nothing else named.
pub(super) fn models_for_memory(q: &Question) -> Option<Reading> {
    let e = q.e;
    let alone = e.platforms.is_empty() && q.price.is_none();
    if !alone || !q.nothing_to_size() || !(q.has(WHICH_MODELS) || subject_runs(q)) {
        return None;
    }
    // `我有了4090，能跑什么`: one card of one, which models fit it.
    if let [c] = e.gpus.as_slice() {
        let gb = q
            .catalog
            .find_gpu(&c.gpu)
            .map_or(0, |g| g.vram_gb.round() as u32);
        let line = |gb: u32, card: Option<String>| {
            Request::FitMemory(FitMemoryArgs {
                gb,
                quant: e.quant,
                task: e.task.filter(|t| *t != Task::Infer),
                card,
            })
        };
        // `biggest model on 2x3090`: `/fit` lists models for one card's memory, never for
        // several cards split; one card's list and their memory as one card are asked back,
        // each answer saying its basis, never a count dropped.
        if c.count > 1 {
            return Some(Reading::Ask(vec![
                line(gb, Some(c.gpu.clone())),
                line(gb * c.count, None),
            ]));
        }
        return one(line(gb, Some(c.gpu.clone())));
    }
    if !e.gpus.is_empty() {
        return None;
    }
    // A size under 6 GB only with `显存`/`vram` right after it (`4g显存`); `5g` alone is no size.
    let gb = super::memory_floor::memory_said(q.padded)
        .or_else(|| super::memory_small::small_memory_said(q.padded).map(f64::from))?;
    if gb.fract() != 0.0 {
        return None;
    }
    one(Request::FitMemory(FitMemoryArgs {
        gb: gb as u32,
        quant: e.quant,
        // Inference said is every inference form; a method said is that method.
        task: e.task.filter(|t| *t != Task::Infer),
        card: None,
    }))
}
