//! `/convert <price> to <unit> [currency]`.

use super::def::{CommandDef, Flags, RunResult, Slot, SlotKind, Turn, Write, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "convert",
    aliases: &[],
    describe_id: "cmd-convert",
    usage_id: "usage-convert",
    slots: &[
        slot("price", SlotKind::Text, true),
        Slot {
            name: "to",
            kind: SlotKind::Text,
            required: true,
            write: Write::After("to"),
        },
    ],
    flags: Flags::NONE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::billing::convert(turn.ctx, args).into())
}
