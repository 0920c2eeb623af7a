//! `/pick`: the guided card choice. Also the dialogue's load and save, which `/back`,
//! `/cancel`, typed answers and buttons share (the dialogue itself stores nothing).

use super::def::{CommandDef, Flags, Run, RunResult, Turn, Typed};
use crate::answer::common::store_error_reply;
use crate::answer::error::AnswerError;
use crate::context::Ctx;
use crate::dialogue::{self, Outcome, PickState};
use crate::reply::Reply;
// The dialogue table's rows are versioned `PickState` records (`store::tables`).
use crate::store::{Versioned, tables::DIALOGUE};

pub const DEF: CommandDef = CommandDef {
    name: "pick",
    order: 30,
    aliases: &["选卡"],
    describe_id: "cmd-pick",
    usage_id: "usage-pick",
    slots: &[],
    flags: Flags {
        expensive: true,
        admin_only: false,
        ephemeral: true,
    },
    run: Run::typed::<Cmd>(),
};

/// `/pick`, or `/pick <what the job is>`: words after the command are the first answer, read
/// like a sentence typed at the first step (every fact it names kept and echoed).
pub struct Cmd;

impl Typed for Cmd {
    /// The first answer, as typed: the dialogue reads it as it reads any answer.
    type Args<'c> = Option<String>;
    fn parse<'c>(_ctx: &Ctx<'c>, text: &str) -> Result<Option<String>, AnswerError> {
        let text = text.trim();
        Ok((!text.is_empty()).then(|| text.to_string()))
    }
    fn answer(turn: &Turn, first: &Option<String>) -> RunResult {
        let outcome = match first {
            None => dialogue::start(turn.ctx),
            Some(sentence) => dialogue::start_with(turn.ctx, sentence),
        };
        Ok(commit(turn.ctx, outcome).into())
    }
}

/// The user's dialogue in this chat, if one is running. An unreadable state (damaged, or
/// from a newer build) counts as none.
pub fn load(ctx: &Ctx) -> Option<PickState> {
    let Versioned(state) = ctx.store.get(&DIALOGUE, &ctx.who.dialogue_key()).ok()??;
    Some(state)
}

/// Whether `who` has a `/pick` under way in this chat (an unreadable row counts: it is theirs).
pub fn has_dialogue(store: &crate::store::Store, who: &crate::context::ChatRef) -> bool {
    !matches!(store.get(&DIALOGUE, &who.dialogue_key()), Ok(None))
}

/// Saves (or clears) the dialogue state an outcome carries, then returns its replies.
/// A rejected answer writes nothing.
pub fn commit(ctx: &Ctx, outcome: Outcome) -> Vec<Reply> {
    if outcome.changed {
        let key = ctx.who.dialogue_key();
        let saved = match &outcome.state {
            Some(state) => ctx.store.put(&DIALOGUE, &key, &Versioned(state.clone())),
            None => ctx.store.delete(&DIALOGUE, &key).map(|_| ()),
        };
        if let Err(e) = saved {
            return vec![store_error_reply(&e)];
        }
    }
    outcome.replies
}
