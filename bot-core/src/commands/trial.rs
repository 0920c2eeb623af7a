//! `/trial`: record what a trial run really cost; `/trial list` shows the ledger.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::error::AnswerError;
use crate::answer::trial;
use crate::context::Ctx;
use crate::trial::TrialEntry;
use rust_decimal::Decimal;

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

/// What `/trial` is asked: the ledger (no words, or `list`), one trial to record, or a trial
/// said without its platform and card (`/trial 3h 7.2cny`): what a card-hour really cost, and
/// the line that records it once they are known.
///
/// A bare cost's currency (empty here) and the day recorded (0) are the run's to fill in from
/// the chat ([`TrialArgs::resolved`]), so a question's reading, made without the chat, and the
/// typed line build the same request.
#[derive(Debug, Clone, PartialEq)]
pub enum TrialArgs {
    List,
    Record(TrialEntry),
    Unplaced(TrialEntry),
}

impl TrialArgs {
    /// The entry with the chat's bare currency and today's date where the line left them.
    pub fn resolved(entry: &TrialEntry, ctx: &Ctx) -> TrialEntry {
        let mut e = entry.clone();
        if e.currency.is_empty() {
            e.currency = ctx.bare_currency.clone();
        }
        if e.recorded_on == 0 {
            e.recorded_on = ctx.today;
        }
        e
    }

    /// The line's words (`autodl rtx-4090 1h20m 7.2cny`; card-hours only when they differ
    /// from the wall time on one card), read back by [`Cmd::parse`] to this request.
    pub fn words(&self) -> Vec<String> {
        let e = match self {
            TrialArgs::List => return vec!["list".into()],
            TrialArgs::Record(e) | TrialArgs::Unplaced(e) => e,
        };
        let mut w = Vec::new();
        if let TrialArgs::Record(_) = self {
            w.extend([e.platform.clone(), e.gpu.clone()]);
        }
        w.push(crate::billing::format_span(e.wall_seconds));
        let cost = e.cost.normalize();
        w.push(format!("{cost}{}", e.currency.to_lowercase()));
        if e.card_hours != e.wall_seconds / Decimal::from(3600) {
            w.push(format!("{}ch", e.card_hours.normalize()));
        }
        w
    }
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
        // A bare cost is read in the chat's `/currency` (its first line shows it with the sign),
        // filled in at run time.
        super::grammar::read_spoken(text, |t| {
            let words: Vec<&str> = t.split_whitespace().collect();
            if let Some(e) = trial::parse_unplaced(&words) {
                return Ok(TrialArgs::Unplaced(e));
            }
            trial::parse_entry(ctx.catalog, &words, "", 0).map(TrialArgs::Record)
        })
        .map_err(AnswerError::from)
    }
    fn answer(turn: &Turn, a: &TrialArgs) -> RunResult {
        answer(turn, a)
    }
}

pub fn answer(turn: &Turn, a: &TrialArgs) -> RunResult {
    let ctx = turn.ctx;
    Ok(match a {
        TrialArgs::List => trial::list(ctx),
        TrialArgs::Record(e) => trial::record(ctx, &TrialArgs::resolved(e, ctx))?,
        TrialArgs::Unplaced(e) => trial::unplaced(ctx, &TrialArgs::resolved(e, ctx)),
    }
    .into())
}
