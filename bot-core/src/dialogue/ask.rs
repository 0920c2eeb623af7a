//! Each step's question, with the choices a frontend shows as buttons or numbers.

use super::flow::step_header;
use super::plan::trial_plan;
use super::state::{PickState, Step, TaskKind};
use crate::advice;
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::vram::Quant;

/// Quantization / method keys offered for a task, default first.
pub fn methods_for(task: Option<TaskKind>) -> &'static [&'static str] {
    match task {
        Some(TaskKind::FineTune) => &["lora", "qlora", "full"],
        Some(TaskKind::Serve) => &["bf16", "fp8", "awq", "int8"],
        _ => &["bf16", "int8", "awq", "q4_k_m"],
    }
}

/// [`methods_for`] for the model chosen so far, default first: for inference of a model that
/// needs more than one 80 GB card in BF16, the 4-bit method [`advice::default_quant`] picks
/// leads (with why, [`method_note`]), as `/fit` sizes it when no quantization is typed.
pub fn methods_in_order(ctx: &Ctx, s: &PickState) -> Vec<&'static str> {
    let mut methods = methods_for(s.task).to_vec();
    // A model published in FP8 or MXFP4 leads with that format, as `/fit` sizes it.
    if let Some(q) = published_first(ctx, s) {
        methods.retain(|m| *m != q);
        methods.insert(0, q);
        return methods;
    }
    if let Some((q, _)) = four_bit_first(ctx, s) {
        if let Some(i) = methods.iter().position(|m| *m == q) {
            let m = methods.remove(i);
            methods.insert(0, m);
        }
    }
    methods
}

/// The format the chosen model's checkpoint is published in ([`advice::native_quant`]),
/// for inference; `None` for a 16-bit or unverified checkpoint and for fine-tuning.
fn published_first(ctx: &Ctx, s: &PickState) -> Option<&'static str> {
    if s.task == Some(TaskKind::FineTune) {
        return None;
    }
    let m = ctx.catalog.model(s.model.as_deref()?).ok()?;
    advice::native_quant(m).map(|q| q.key())
}

/// The 4-bit method to lead with and the BF16 estimate that calls for it, or `None`.
fn four_bit_first(ctx: &Ctx, s: &PickState) -> Option<(&'static str, crate::vram::FitReport)> {
    if s.task == Some(TaskKind::FineTune) {
        return None;
    }
    let mut probe = s.clone();
    probe.method = Some("bf16".into());
    let req = super::card::fit_request(ctx, &probe)?;
    match advice::default_quant(ctx.catalog, &req, &crate::vram::FitOptions::default()) {
        (q, Some(bf16)) if q != Quant::Bf16 => Some((q.key(), bf16)),
        _ => None,
    }
}

/// Why the method list leads with 4-bit, with the quality figures; `None` when it does not.
fn method_note(ctx: &Ctx, s: &PickState) -> Option<Vec<Msg>> {
    if let Some(q) = published_first(ctx, s) {
        let name = s.model.as_deref().and_then(|id| ctx.catalog.model(id).ok());
        return Some(vec![
            Msg::new("advice-pick-published-first")
                .arg("model", name.map_or("", |m| m.name.as_str()))
                .arg("quant", q),
        ]);
    }
    let (q, bf16) = four_bit_first(ctx, s)?;
    Some(vec![
        Msg::new("advice-pick-4bit-first")
            .arg("model", bf16.model.as_str())
            .arg("bf16", format!("{:.1}", bf16.per_gpu_gib))
            .arg("gb", advice::COMMON_LARGEST_CARD_GB)
            .arg("quant", q),
        Msg::new("advice-quant-quality")
            .arg("b72", advice::QUALITY_72B_BF16)
            .arg("q72", advice::QUALITY_72B_AWQ)
            .arg("b7", advice::QUALITY_7B_BF16)
            .arg("q7", advice::QUALITY_7B_AWQ),
    ])
}

/// Default model suggestions per task (catalog ids).
pub(super) fn default_models(task: Option<TaskKind>) -> &'static [&'static str] {
    match task {
        Some(TaskKind::FineTune) => &["qwen2.5-7b", "llama-3.1-8b", "qwen2.5-14b"],
        Some(TaskKind::Serve) => &["qwen2.5-7b", "qwen2.5-32b", "qwen2.5-72b"],
        _ => &["qwen2.5-7b", "llama-3.1-8b", "qwen3-8b"],
    }
}

/// Suggestions by size for "not sure".
pub(super) const BY_SIZE: &[&str] = &[
    "qwen2.5-1.5b",
    "qwen2.5-7b",
    "qwen2.5-14b",
    "qwen2.5-32b",
    "llama-3.3-70b",
];

/// The question for the current step, with its choices.
pub fn ask(ctx: &Ctx, s: &PickState) -> Reply {
    let header = step_header(s);
    match s.step {
        Step::Task => Reply::text(header)
            .with(Msg::new("pick-ask-task"))
            .with(Msg::new("pick-one-sentence"))
            .with_choice("t:exp", Msg::new("pick-task-exp"))
            .with_choice("t:tune", Msg::new("pick-task-tune"))
            .with_choice("t:serve", Msg::new("pick-task-serve")),
        Step::Model if s.media.is_some() => super::media::ask_pipeline(s, header),
        Step::Model => {
            let mut r = Reply::text(header);
            if s.unsure_model {
                r.push(Msg::new("pick-ask-model-unsure"));
                for id in BY_SIZE {
                    if let Ok(m) = ctx.catalog.model(id) {
                        r = r.with_choice(
                            &format!("m:{id}"),
                            Msg::new("pick-model-size")
                                .arg("name", &m.name)
                                .arg("b", format!("{:.1}", m.params_b)),
                        );
                    }
                }
                return r;
            }
            r.push(Msg::new("pick-ask-model"));
            let mut ids: Vec<String> = Vec::new();
            if let Some(m) = &s.model {
                ids.push(m.clone());
            }
            for id in default_models(s.task) {
                if !ids.iter().any(|x| x == id) {
                    ids.push(id.to_string());
                }
            }
            for id in ids {
                if let Ok(m) = ctx.catalog.model(&id) {
                    r = r.with_choice(
                        &format!("m:{id}"),
                        Msg::new("pick-model").arg("name", &m.name),
                    );
                }
            }
            r.with_choice("m:unsure", Msg::new("pick-model-unsure"))
        }
        Step::Method => {
            let mut r = Reply::text(header).with(Msg::new(if s.task == Some(TaskKind::FineTune) {
                "pick-ask-method-train"
            } else {
                "pick-ask-method-quant"
            }));
            if let Some(note) = method_note(ctx, s) {
                for m in note {
                    r.push(m);
                }
            }
            for m in methods_in_order(ctx, s) {
                r = r.with_choice(&format!("q:{m}"), Msg::new("pick-method").arg("method", m));
            }
            r
        }
        Step::Context => Reply::text(header)
            .with(Msg::new("pick-ask-context"))
            .with_choice("c:4096", Msg::new("pick-context").arg("k", 4u32))
            .with_choice("c:8192", Msg::new("pick-context").arg("k", 8u32))
            .with_choice("c:32768", Msg::new("pick-context").arg("k", 32u32))
            .with_choice("c:131072", Msg::new("pick-context").arg("k", 128u32)),
        Step::Concurrency => {
            let mut r = Reply::text(header).with(Msg::new("pick-ask-concurrency"));
            if let Some(n) = s.users {
                r.push(Msg::new("pick-users-peak").arg("users", n));
            }
            r.with_choice("n:1", Msg::new("pick-concurrency").arg("n", 1u32))
                .with_choice("n:4", Msg::new("pick-concurrency").arg("n", 4u32))
                .with_choice("n:16", Msg::new("pick-concurrency").arg("n", 16u32))
                .with_choice("n:64", Msg::new("pick-concurrency").arg("n", 64u32))
        }
        Step::Usage => Reply::text(header)
            .with(Msg::new("pick-ask-usage"))
            .with_choice("u:1h", Msg::new("pick-usage-oneoff").arg("hours", 1u32))
            .with_choice("u:3h", Msg::new("pick-usage-oneoff").arg("hours", 3u32))
            .with_choice("u:daily4h", Msg::new("pick-usage-daily").arg("hours", 4u32))
            .with_choice("u:always", Msg::new("pick-usage-always")),
        Step::Card => super::card::ask_card(ctx, s, header),
        Step::Barriers => super::barriers::ask_barriers(ctx, s, header),
        Step::Result => super::result::show_result(ctx, s, header),
        Step::Trial => trial_plan(ctx, s),
    }
}
