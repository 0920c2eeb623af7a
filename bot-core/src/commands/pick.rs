//! `/pick`: the guided card choice. Also the dialogue's load and save, which `/back`,
//! `/cancel`, typed answers and buttons share (the dialogue itself stores nothing).

use super::def::{CommandDef, Flags, RunResult, Turn};
use crate::answer::common::store_error_reply;
use crate::context::Ctx;
use crate::dialogue::{self, Outcome, PickState};
use crate::reply::Reply;
use crate::store::{StoreError, tables};

pub const DEF: CommandDef = CommandDef {
    name: "pick",
    aliases: &["选卡"],
    describe_id: "cmd-pick",
    usage_id: "usage-pick",
    slots: &[],
    flags: Flags {
        expensive: true,
        admin_only: false,
        ephemeral: true,
    },
    run,
};

fn run(turn: &Turn, _args: &str) -> RunResult {
    Ok(commit(turn.ctx, dialogue::start(turn.ctx)).into())
}

/// The user's dialogue in this chat, if one is running. An unreadable state (from an
/// incompatible older version) counts as none.
pub fn load(ctx: &Ctx) -> Option<PickState> {
    let value = ctx
        .store
        .get(&tables::DIALOGUE, &ctx.who.dialogue_key())
        .ok()??;
    serde_json::from_value(value).ok()
}

/// Saves (or clears) the dialogue state an outcome carries, then returns its replies.
/// A rejected answer writes nothing.
pub fn commit(ctx: &Ctx, outcome: Outcome) -> Vec<Reply> {
    if outcome.changed {
        let key = ctx.who.dialogue_key();
        let saved = match &outcome.state {
            Some(state) => serde_json::to_value(state)
                .map_err(|e| StoreError::Db(e.to_string()))
                .and_then(|v| ctx.store.put(&tables::DIALOGUE, &key, &v)),
            None => ctx.store.delete(&tables::DIALOGUE, &key).map(|_| ()),
        };
        if let Err(e) = saved {
            return vec![store_error_reply(&e)];
        }
    }
    outcome.replies
}
