//! `/tco`: renting a card against paying an API.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use super::slots::QUANTS;
use crate::answer::error::AnswerError;
use crate::answer::tco;
use crate::context::Ctx;

/// What `/tco` is asked, part by part (a question's reading may leave parts out).
pub use crate::answer::tco::TcoLine as TcoArgs;

pub const DEF: CommandDef = CommandDef {
    name: "tco",
    order: 80,
    aliases: &[],
    describe_id: "cmd-tco",
    usage_id: "usage-tco",
    slots: &[
        slot("model", SlotKind::Model, true),
        slot("quant", QUANTS, true),
        slot("gpu", SlotKind::Gpu, true),
        slot("tokens", SlotKind::Text, true),
        slot("api_price", SlotKind::Text, false),
    ],
    flags: Flags::EXPENSIVE,
    run: Run::typed::<Cmd>(),
};

/// `/tco`: its arguments are a [`TcoArgs`]; missing facts are asked by the answer.
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = TcoArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<TcoArgs, AnswerError> {
        Ok(super::grammar::read_spoken(text, |t| tco::read_line(ctx, t))?)
    }
    fn answer(turn: &Turn, a: &TcoArgs) -> RunResult {
        answer(turn, a)
    }
}

pub fn answer(turn: &Turn, a: &TcoArgs) -> RunResult {
    Ok(tco::chat(turn.ctx, a).into())
}
