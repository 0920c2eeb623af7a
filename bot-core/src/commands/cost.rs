//! `/cost <platform> <gpu> <duration> [options]`: one job's bill (or `/cost <price/unit>
//! <duration>` at a price of the user's own).

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use super::slots::MORE;
use crate::answer::billing::{self, error_reply, parse_job_request};

/// What `/cost` is asked: the names (platform and card ids, or a price word), the job with
/// every hidden cost, the cards, the currency. `/compare` reads the same struct.
pub use crate::answer::billing::JobRequest;

pub const DEF: CommandDef = CommandDef {
    name: "cost",
    aliases: &[],
    describe_id: "cmd-cost",
    usage_id: "usage-cost",
    slots: &[
        slot("platform", SlotKind::Platform, true),
        slot("gpu", SlotKind::Gpu, true),
        slot("duration", SlotKind::Text, true),
        MORE,
    ],
    flags: Flags::EXPENSIVE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    match parse_job_request(args) {
        Ok(req) => answer(turn, &req.cost_ids(turn.ctx.catalog)),
        Err(e) => Ok(error_reply(turn.ctx.lang, &e, "usage-cost").into()),
    }
}

pub fn answer(turn: &Turn, req: &JobRequest) -> RunResult {
    Ok(billing::cost(turn.ctx, req).into())
}
