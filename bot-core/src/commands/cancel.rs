//! `/cancel`: ends the `/pick` dialogue.

use super::def::{CommandDef, Flags, Run, RunResult, Turn};
use crate::reply::{Msg, Reply};
use crate::store::tables;

pub const DEF: CommandDef = CommandDef {
    name: "cancel",
    order: 260,
    aliases: &["取消"],
    describe_id: "cmd-cancel",
    usage_id: "usage-cancel",
    slots: &[],
    flags: Flags::EPHEMERAL,
    run: Run::bare(run),
};

fn run(turn: &Turn) -> RunResult {
    let ctx = turn.ctx;
    let id = if ctx
        .store
        .delete(&tables::DIALOGUE, &ctx.who.dialogue_key())?
    {
        "pick-cancelled"
    } else {
        "pick-none-active"
    };
    Ok(Reply::text(Msg::new(id)).into())
}
