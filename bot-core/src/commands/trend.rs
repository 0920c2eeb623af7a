//! `/trend <gpu> [days] [for <job>]`: price history per platform, a chart, the stock rhythm.

use super::def::{CommandDef, Flags, RunResult, Slot, SlotKind, Turn, Write, key, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "trend",
    aliases: &["走势", "价格走势"],
    describe_id: "cmd-trend",
    usage_id: "usage-trend",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        key("days", SlotKind::Integer, "days"),
        Slot {
            name: "job",
            kind: SlotKind::Text,
            required: false,
            write: Write::After("for"),
        },
    ],
    flags: Flags::EXPENSIVE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::trend::chat(turn.ctx, args, turn.now(), turn.env.charts).into())
}
