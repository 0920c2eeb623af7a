//! `/platforms`: every platform in the catalog.

use super::def::{CommandDef, Flags, RunResult, Turn};
use crate::answer::{self, catalog::View};

pub const DEF: CommandDef = CommandDef {
    name: "platforms",
    aliases: &[],
    describe_id: "cmd-platforms",
    usage_id: "usage-platforms",
    slots: &[],
    flags: Flags::NONE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    let _ = args;
    Ok(answer::catalog::platform_list(&View::of(turn.ctx)).into())
}
