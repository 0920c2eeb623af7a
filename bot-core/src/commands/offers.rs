//! `/offers [gpu] [filters]`: every stored offer through `vastai search offers` filters.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "offers",
    aliases: &["报价"],
    describe_id: "cmd-offers",
    usage_id: "usage-offers",
    slots: &[
        slot("gpu", SlotKind::Gpu, false),
        slot("filters", SlotKind::Text, false),
    ],
    flags: Flags::EXPENSIVE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::offers::chat(turn.ctx, args, turn.now()).into())
}
