//! `/cost <platform> <gpu> <duration> [options]`: one job's bill (or `/cost <price/unit>
//! <duration>` at a price of the user's own).

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use super::slots::MORE;
use crate::answer::billing::{self, error_reply, parse_job_request};
use crate::answer::error::AnswerError;
use crate::context::Ctx;

/// What `/cost` is asked: the names (platform and card ids, or a price word), the job with
/// every hidden cost, the cards, the currency. `/compare` reads the same struct.
pub use crate::answer::billing::JobRequest;

pub const DEF: CommandDef = CommandDef {
    name: "cost",
    order: 50,
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
    run: Run::typed::<Cmd>(),
};

/// `/cost`: its arguments are a [`JobRequest`] with the platform and card as catalog ids.
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = JobRequest;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<JobRequest, AnswerError> {
        let ids = |t: &str| parse_job_request(t).map(|r| r.cost_ids(ctx.catalog));
        // Placed: a platform and a card the catalog knows, or the user's own price.
        super::grammar::read_spoken_placed(text, ids, |r| match r.names.as_slice() {
            [p, g] => ctx.catalog.find_platform(p).is_some() && ctx.catalog.find_gpu(g).is_some(),
            _ => true,
        })
            .map_err(|e| error_reply(ctx.lang, &e, "usage-cost").into())
    }
    fn answer(turn: &Turn, req: &JobRequest) -> RunResult {
        answer(turn, req)
    }
}

pub fn answer(turn: &Turn, req: &JobRequest) -> RunResult {
    Ok(billing::cost(turn.ctx, req).into())
}
