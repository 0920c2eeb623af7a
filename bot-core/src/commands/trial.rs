//! `/trial`: record what a trial run really cost; `/trial list` shows the ledger.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::error::AnswerError;
use crate::answer::trial;
use crate::context::Ctx;
use crate::trial::TrialEntry;

pub const DEF: CommandDef = CommandDef {
    name: "trial",
    order: 210,
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
    run: Run::typed::<Cmd>(),
};

/// What `/trial` is asked: the ledger (no words, or `list`), or one trial to record.
#[derive(Debug, Clone, PartialEq)]
pub enum TrialArgs {
    List,
    Record(TrialEntry),
}

/// `/trial`: its arguments are a [`TrialArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = TrialArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<TrialArgs, AnswerError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let list = words
            .first()
            .is_none_or(|w| matches!(w.to_lowercase().as_str(), "list" | "ls" | "列表" | "记录"));
        if list {
            return Ok(TrialArgs::List);
        }
        // A bare cost is read in the chat's `/currency` (its first line shows it with the sign).
        let entry = super::grammar::read_spoken(text, |t| {
            let words: Vec<&str> = t.split_whitespace().collect();
            trial::parse_entry(ctx.catalog, &words, &ctx.bare_currency, ctx.today)
        })?;
        Ok(TrialArgs::Record(entry))
    }
    fn answer(turn: &Turn, a: &TrialArgs) -> RunResult {
        Ok(match a {
            TrialArgs::List => trial::list(turn.ctx),
            TrialArgs::Record(entry) => trial::record(turn.ctx, entry)?,
        }
        .into())
    }
}
