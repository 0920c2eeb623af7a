//! `/platform <name>`: one platform's rules and prices.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer::{self, catalog::View};

pub const DEF: CommandDef = CommandDef {
    name: "platform",
    aliases: &[],
    describe_id: "cmd-platform",
    usage_id: "usage-platform",
    slots: &[slot("platform", SlotKind::Platform, true)],
    flags: Flags::NONE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::catalog::platform_detail(&View::of(turn.ctx), args).into())
}
