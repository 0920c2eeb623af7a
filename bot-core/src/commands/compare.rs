//! `/compare <gpu> <usage>`: platforms ranked for one job.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "compare",
    aliases: &[],
    describe_id: "cmd-compare",
    usage_id: "usage-compare",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        slot("usage", SlotKind::Text, true),
    ],
    flags: Flags::EXPENSIVE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::billing::compare(turn.ctx, args).into())
}
