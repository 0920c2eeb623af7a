//! `/models`: every model the fit engine knows, with its size.

use super::def::{CommandDef, Flags, Run, RunResult, Turn};
use crate::answer::{self, catalog::View};

pub const DEF: CommandDef = CommandDef {
    name: "models",
    order: 200,
    aliases: &["模型"],
    describe_id: "cmd-models",
    usage_id: "usage-models",
    slots: &[],
    flags: Flags::NONE,
    run: Run::bare(run),
};

fn run(turn: &Turn) -> RunResult {
    Ok(answer::catalog::model_list(&View::of(turn.ctx)).into())
}
