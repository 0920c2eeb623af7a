//! `/tco`: renting a card against paying an API.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use super::slots::QUANTS;
use crate::answer::tco;

/// What `/tco` is asked, part by part (a question's reading may leave parts out).
pub use crate::answer::tco::TcoLine as TcoArgs;

pub const DEF: CommandDef = CommandDef {
    name: "tco",
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
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    match tco::read_line(turn.ctx, args) {
        Ok(line) => answer(turn, &line),
        Err(r) => Ok(r.into()),
    }
}

pub fn answer(turn: &Turn, a: &TcoArgs) -> RunResult {
    Ok(tco::chat(turn.ctx, a).into())
}
