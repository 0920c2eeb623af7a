//! `/unsubscribe <id|all>`.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "unsubscribe",
    aliases: &["退订", "取消订阅"],
    describe_id: "cmd-unsubscribe",
    usage_id: "usage-unsubscribe",
    slots: &[slot("id", SlotKind::Text, true)],
    flags: Flags::ADMIN,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::alerts::unsubscribe(turn.ctx, turn.env.access, args).into())
}
