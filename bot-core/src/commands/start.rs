//! `/start`: the welcome.

use super::def::{CommandDef, Flags, Run, RunResult, Turn};
use crate::reply::{Msg, Reply};

pub const DEF: CommandDef = CommandDef {
    name: "start",
    order: 10,
    aliases: &[],
    describe_id: "cmd-start",
    usage_id: "usage-start",
    slots: &[],
    flags: Flags::NONE,
    run: Run::bare(run),
};

fn run(turn: &Turn) -> RunResult {
    let _ = turn;
    Ok(Reply::text(Msg::new("welcome"))
        .with(Msg::new("hint-help"))
        .into())
}
