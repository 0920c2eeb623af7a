//! `/compare <gpu> <usage>`: platforms ranked for one job.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::billing::{self, JobRequest, error_reply, parse_job_request};
use crate::answer::error::AnswerError;
use crate::context::Ctx;

pub const DEF: CommandDef = CommandDef {
    name: "compare",
    order: 60,
    aliases: &[],
    describe_id: "cmd-compare",
    usage_id: "usage-compare",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        slot("usage", SlotKind::Text, true),
    ],
    flags: Flags::EXPENSIVE,
    run: Run::typed::<Cmd>(),
};

/// `/compare`: its arguments are a [`JobRequest`] with the card as a catalog id.
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = JobRequest;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<JobRequest, AnswerError> {
        let ids = |t: &str| parse_job_request(t).map(|r| r.compare_ids(ctx.catalog));
        super::grammar::read_spoken_placed(text, ids, |r| {
            ctx.catalog.find_gpu(&r.names.join(" ")).is_some()
        })
            .map_err(|e| error_reply(ctx.lang, &e, "usage-compare").into())
    }
    fn answer(turn: &Turn, req: &JobRequest) -> RunResult {
        answer(turn, req)
    }
}

/// The typed request is `/cost`'s ([`JobRequest`]), its names one card.
pub fn answer(turn: &Turn, req: &JobRequest) -> RunResult {
    Ok(billing::compare(turn.ctx, req).into())
}
