//! `/report <platform> <gpu> <in|out|price>`: an operator records what they saw.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "report",
    aliases: &["上报"],
    describe_id: "cmd-report",
    usage_id: "usage-report",
    slots: &[
        slot("platform", SlotKind::Platform, true),
        slot("gpu", SlotKind::Gpu, true),
        slot("seen", SlotKind::Text, true),
    ],
    flags: Flags::NONE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::offers::report(turn.ctx, args, turn.now()).into())
}
