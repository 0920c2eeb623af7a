//! `/tco`: renting a card against paying an API.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use super::slots::QUANTS;
use crate::answer;

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
    Ok(answer::tco::chat(turn.ctx, args).into())
}
