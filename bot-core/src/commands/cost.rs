//! `/cost <platform> <gpu> <duration> [options]`: one job's bill.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use super::slots::MORE;
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "cost",
    aliases: &[],
    describe_id: "cmd-cost",
    usage_id: "usage-cost",
    slots: &[
        slot("platform", SlotKind::Platform, true),
        slot("gpu", SlotKind::Gpu, true),
        slot("duration", SlotKind::Text, true),
        MORE,
    ],
    flags: Flags::EXPENSIVE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::billing::cost(turn.ctx, args).into())
}
