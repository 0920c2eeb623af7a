//! `/back`: one step back in the `/pick` dialogue.

use super::def::{CommandDef, Flags, Run, RunResult, Turn};
use super::pick;
use crate::dialogue::{self, PickInput};
use crate::reply::{Msg, Reply};

pub const DEF: CommandDef = CommandDef {
    name: "back",
    order: 250,
    aliases: &["返回"],
    describe_id: "cmd-back",
    usage_id: "usage-back",
    slots: &[],
    flags: Flags {
        expensive: true,
        admin_only: false,
        ephemeral: true,
    },
    run: Run::bare(run),
};

fn run(turn: &Turn) -> RunResult {
    let ctx = turn.ctx;
    Ok(match pick::load(ctx) {
        Some(state) => pick::commit(ctx, dialogue::step(ctx, &state, PickInput::Back)).into(),
        None => Reply::text(Msg::new("pick-none-active"))
            .with(Msg::new("usage-pick"))
            .into(),
    })
}
