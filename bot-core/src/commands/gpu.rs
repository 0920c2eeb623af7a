//! `/gpu <name>`: one card's facts and prices.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer::{self, catalog::View};

pub const DEF: CommandDef = CommandDef {
    name: "gpu",
    aliases: &[],
    describe_id: "cmd-gpu",
    usage_id: "usage-gpu",
    slots: &[slot("gpu", SlotKind::Gpu, true)],
    flags: Flags::NONE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::catalog::gpu_detail(&View::of(turn.ctx), args).into())
}
