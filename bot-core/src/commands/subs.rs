//! `/subs`: this chat's subscriptions.

use super::def::{CommandDef, Flags, Run, RunResult, Turn};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "subs",
    order: 140,
    aliases: &["subscriptions", "我的订阅"],
    describe_id: "cmd-subs",
    usage_id: "usage-subs",
    slots: &[],
    flags: Flags::NONE,
    run: Run::bare(run),
};

fn run(turn: &Turn) -> RunResult {
    Ok(answer::alerts::subs(turn.ctx).into())
}
