//! `/trend <gpu> [days] [for <job>]`: price history per platform, a chart, the stock rhythm.

use super::def::{
    CommandDef, Flags, Run, RunResult, Slot, SlotKind, Turn, Typed, Write, key, slot,
};
use crate::answer::error::AnswerError;
use crate::answer::trend::{self, DEFAULT_DAYS};
use crate::context::Ctx;

/// What `/trend` is asked: the card, how many days, the job an alternative must fit.
pub use crate::answer::trend::TrendQuery as TrendArgs;

pub const DEF: CommandDef = CommandDef {
    name: "trend",
    order: 150,
    aliases: &["走势", "价格走势"],
    describe_id: "cmd-trend",
    usage_id: "usage-trend",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        key("days", SlotKind::Integer, "days"),
        Slot {
            name: "job",
            kind: SlotKind::Text,
            required: false,
            write: Write::After("for"),
        },
    ],
    flags: Flags::EXPENSIVE,
    run: Run::typed::<Cmd>(),
};

impl TrendArgs {
    /// The default window for a card.
    pub fn of(gpu: &str) -> TrendArgs {
        TrendArgs {
            gpu: gpu.to_string(),
            days: DEFAULT_DAYS,
            job: None,
        }
    }

    /// `rtx-4090 days=7 for qwen2.5-7b lora`; the default window is not written.
    pub fn words(&self) -> Vec<String> {
        let mut w = vec![self.gpu.clone()];
        if self.days != DEFAULT_DAYS {
            w.push(format!("days={}", self.days));
        }
        if let Some(job) = &self.job {
            w.extend(["for".to_string(), job.clone()]);
        }
        w
    }
}

/// `/trend`: its arguments are a [`TrendArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = TrendArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<TrendArgs, AnswerError> {
        Ok(trend::parse(ctx, text)?)
    }
    fn answer(turn: &Turn, a: &TrendArgs) -> RunResult {
        answer(turn, a)
    }
}

pub fn answer(turn: &Turn, a: &TrendArgs) -> RunResult {
    Ok(match trend::report(turn.ctx, a, turn.now()) {
        Ok(rep) => trend::reply(turn.ctx, &rep, turn.env.charts),
        Err(r) => r,
    }
    .into())
}
