//! `/trial`: record what a trial run really cost.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "trial",
    aliases: &[],
    describe_id: "cmd-trial",
    usage_id: "usage-trial",
    slots: &[
        slot("platform", SlotKind::Platform, false),
        slot("gpu", SlotKind::Gpu, false),
        slot("wall_time", SlotKind::Text, false),
        slot("cost", SlotKind::Text, false),
        slot("card_hours", SlotKind::Text, false),
    ],
    flags: Flags::NONE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::trial::handle(turn.ctx, args).into())
}
