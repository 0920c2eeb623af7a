//! `/compare <gpu> <usage>`: platforms ranked for one job.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer::billing::{self, JobRequest, error_reply, parse_job_request};

pub const DEF: CommandDef = CommandDef {
    name: "compare",
    aliases: &[],
    describe_id: "cmd-compare",
    usage_id: "usage-compare",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        slot("usage", SlotKind::Text, true),
    ],
    flags: Flags::EXPENSIVE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    match parse_job_request(args) {
        Ok(req) => answer(turn, &req.compare_ids(turn.ctx.catalog)),
        Err(e) => Ok(error_reply(turn.ctx.lang, &e, "usage-compare").into()),
    }
}

/// The typed request is `/cost`'s ([`JobRequest`]), its names one card.
pub fn answer(turn: &Turn, req: &JobRequest) -> RunResult {
    Ok(billing::compare(turn.ctx, req).into())
}
