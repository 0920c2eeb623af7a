//! `/convert <price> to <unit> [currency]`.

use super::def::{CommandDef, Flags, Run, RunResult, Slot, SlotKind, Turn, Typed, Write, slot};
use crate::answer::billing::{self, error_reply, parse_convert_request};
use crate::answer::error::AnswerError;
use crate::context::Ctx;

/// What `/convert` is asked: the price as typed, the target unit and currency, the options.
pub use crate::answer::billing::ConvertRequest;

pub const DEF: CommandDef = CommandDef {
    name: "convert",
    order: 70,
    aliases: &[],
    describe_id: "cmd-convert",
    usage_id: "usage-convert",
    slots: &[
        slot("price", SlotKind::Text, true),
        Slot {
            name: "to",
            kind: SlotKind::Text,
            required: true,
            write: Write::After("to"),
        },
    ],
    flags: Flags::NONE,
    run: Run::typed::<Cmd>(),
};

/// `/convert`: its arguments are a [`ConvertRequest`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = ConvertRequest;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<ConvertRequest, AnswerError> {
        super::grammar::read_spoken(text, parse_convert_request).map_err(|e| error_reply(ctx.lang, &e, "usage-convert").into())
    }
    fn answer(turn: &Turn, req: &ConvertRequest) -> RunResult {
        answer(turn, req)
    }
}

pub fn answer(turn: &Turn, req: &ConvertRequest) -> RunResult {
    Ok(billing::convert(turn.ctx, req).into())
}
