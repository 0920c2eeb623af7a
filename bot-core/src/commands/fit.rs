//! `/fit <model> [quant] [task] [gpu] [options]`: does it fit, and on what.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, key, slot};
use super::slots::{MORE, QUANTS, TASKS};
use crate::answer;

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
    Ok(answer::fit::fit(turn.ctx, args).into())
}
