//! `/fit <model> [quant] [task] [gpu] [options]`: does it fit, and on what.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, key, slot};
use super::slots::{MORE, QUANTS, TASKS};
use crate::answer::error::AnswerError;
use crate::answer::fit;
use crate::answer::fit_diffusion::{self, DiffusionLine};
use crate::answer::fit_memory;
use crate::context::Ctx;

/// What `/fit` is asked, word by word (model, quantization, task, card and count, options);
/// the question reader builds the same struct.
pub use crate::answer::fit::FitLine as FitArgs;
/// `/fit 16gb [method]`: a memory size with no model, which models fit it.
pub use crate::answer::fit_memory::MemoryLine as FitMemoryArgs;

pub const DEF: CommandDef = CommandDef {
    name: "fit",
    order: 40,
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
    run: Run::typed::<Cmd>(),
};

/// What `/fit` is asked: an image or video pipeline's line (its own options), or a line
/// naming no image model.
pub enum FitAsk<'c> {
    Image(DiffusionLine<'c>),
    Text(TextFit),
}

/// A `/fit` line naming no image model: a language model's, or a memory size's (which models
/// fit it). What a question's reading is typed back into.
pub enum TextFit {
    Model(FitArgs),
    Memory(FitMemoryArgs),
}

/// `/fit`: its arguments are a [`FitAsk`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = FitAsk<'c>;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<FitAsk<'c>, AnswerError> {
        // Image and video generation models have their own line and estimate (`fit_diffusion`).
        if let Some(line) = fit_diffusion::read(ctx.catalog, text) {
            return Ok(FitAsk::Image(line?));
        }
        read_text(ctx, text).map(FitAsk::Text)
    }
    fn answer(turn: &Turn, a: &FitAsk<'_>) -> RunResult {
        match a {
            FitAsk::Image(line) => Ok(fit_diffusion::render_noted(turn.ctx.catalog, line).into()),
            FitAsk::Text(TextFit::Model(line)) => answer(turn, line),
            FitAsk::Text(TextFit::Memory(line)) => answer_memory(turn, line),
        }
    }
}

/// A line naming no image model, read as a question's reading is typed back: which models fit
/// a memory size (`/fit 16gb`) or a card (`/fit rtx-4090 lora`), else one model's fit.
pub fn read_text(ctx: &Ctx, text: &str) -> Result<TextFit, AnswerError> {
    if let Some(line) = FitMemoryArgs::read(text) {
        return Ok(TextFit::Memory(line));
    }
    // `/fit rtx-4090`: a card and no model, which models fit it.
    if let Some(line) = FitMemoryArgs::read_card(ctx.catalog, text) {
        return Ok(TextFit::Memory(line));
    }
    Ok(TextFit::Model(fit::read_line(ctx, text)?))
}

/// `/fit 16gb`: which models fit that memory, each named model's own `/fit` offered to tap.
pub fn answer_memory(turn: &Turn, a: &FitMemoryArgs) -> RunResult {
    let (mut r, taps) = fit_memory::answer(turn.ctx, a);
    for t in taps {
        let line = format!("/{} {}", DEF.name, t.words().join(" "));
        let label = crate::reply::Msg::new("understand-choice").arg("command", line.clone());
        if let Some(id) = crate::choice::ChoiceId::Run(line).wire_within(60) {
            r = r.with_choice(&id, label);
        }
    }
    Ok(r.into())
}

pub fn answer(turn: &Turn, a: &FitArgs) -> RunResult {
    if let Some(r) = fit_diffusion::answer_line(turn.ctx.catalog, a) {
        return Ok(r.into());
    }
    Ok(fit::fit(turn.ctx, a).into())
}
