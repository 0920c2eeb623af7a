//! `/stock <gpu> [platform] [max price]`: live offers from the stored snapshots.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "stock",
    aliases: &["库存", "有货"],
    describe_id: "cmd-stock",
    usage_id: "usage-stock",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        slot("platform", SlotKind::Platform, false),
        slot("price", SlotKind::Text, false),
    ],
    flags: Flags::EXPENSIVE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    let now = turn.now();
    let mut r = answer::stock::chat(turn.ctx, args, now);
    // A card that is out everywhere: when it usually is in, and what is in now.
    if let Some(notes) = answer::trend::out_of_stock_notes(turn.ctx, args, now) {
        r.parts.extend(notes.parts);
    }
    Ok(r.into())
}
