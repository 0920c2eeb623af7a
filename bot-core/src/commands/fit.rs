//! `/fit <model> [quant] [task] [gpu] [options]`: does it fit, and on what.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, key, slot};
use super::slots::{MORE, QUANTS, TASKS};
use crate::answer::{fit, fit_diffusion};

/// What `/fit` is asked, word by word (model, quantization, task, card and count, options);
/// the question reader builds the same struct.
pub use crate::answer::fit::FitLine as FitArgs;

pub const DEF: CommandDef = CommandDef {
    name: "fit",
    aliases: &[],
    describe_id: "cmd-fit",
    usage_id: "usage-fit",
    slots: &[
        slot("model", SlotKind::Model, true),
        slot("quant", QUANTS, false),
        slot("task", TASKS, false),
        slot("gpu", SlotKind::Gpu, false),
        key("cards", SlotKind::Integer, "cards"),
        key("ctx", SlotKind::Text, "ctx"),
        key("batch", SlotKind::Integer, "batch"),
        MORE,
    ],
    flags: Flags::EXPENSIVE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    // Image and video generation models have their own line and estimate (`fit_diffusion`).
    if let Some(r) = fit_diffusion::answer(turn.ctx.catalog, args) {
        return Ok(r.into());
    }
    match fit::read_line(turn.ctx, args) {
        Ok(line) => answer(turn, &line),
        Err(r) => Ok((*r).into()),
    }
}

pub fn answer(turn: &Turn, a: &FitArgs) -> RunResult {
    if let Some(r) = fit_diffusion::answer_line(turn.ctx.catalog, a) {
        return Ok(r.into());
    }
    Ok(fit::fit(turn.ctx, a).into())
}
