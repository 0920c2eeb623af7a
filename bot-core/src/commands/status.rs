//! `/status`, operators only: subscriptions, outbox, deliveries, provider feeds.

use super::def::{CommandDef, Flags, Run, RunResult, Turn};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "status",
    order: 240,
    aliases: &["状态"],
    describe_id: "cmd-status",
    usage_id: "usage-status",
    slots: &[],
    flags: Flags::NONE,
    run: Run::bare(run),
};

fn run(turn: &Turn) -> RunResult {
    Ok(answer::alerts::status(turn.ctx, turn.now()).into())
}
