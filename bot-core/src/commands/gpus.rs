//! `/gpus`: every card in the catalog.

use super::def::{CommandDef, Flags, Run, RunResult, Turn};
use crate::answer::{self, catalog::View};

pub const DEF: CommandDef = CommandDef {
    name: "gpus",
    order: 170,
    aliases: &[],
    describe_id: "cmd-gpus",
    usage_id: "usage-gpus",
    slots: &[],
    flags: Flags::NONE,
    run: Run::bare(run),
};

fn run(turn: &Turn) -> RunResult {
    Ok(answer::catalog::gpu_list(&View::of(turn.ctx)).into())
}
