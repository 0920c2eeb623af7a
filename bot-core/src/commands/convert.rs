//! `/convert <price> to <unit> [currency]`.

use super::def::{CommandDef, Flags, RunResult, Slot, SlotKind, Turn, Write, slot};
use crate::answer::billing::{self, error_reply, parse_convert_request};

/// What `/convert` is asked: the price as typed, the target unit and currency, the options.
pub use crate::answer::billing::ConvertRequest;

pub const DEF: CommandDef = CommandDef {
    name: "convert",
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
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    match parse_convert_request(args) {
        Ok(req) => answer(turn, &req),
        Err(e) => Ok(error_reply(turn.ctx.lang, &e, "usage-convert").into()),
    }
}

pub fn answer(turn: &Turn, req: &ConvertRequest) -> RunResult {
    Ok(billing::convert(turn.ctx, req).into())
}
