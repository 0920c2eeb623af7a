//! `/platforms [alipay|wechat|card|paypal|crypto|免实名|按秒|cn|global …]`: every platform in
//! the catalog, or those that meet the needs named (known first, unknown facts labelled).

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer::{self, catalog::View};

pub const DEF: CommandDef = CommandDef {
    name: "platforms",
    aliases: &[],
    describe_id: "cmd-platforms",
    usage_id: "usage-platforms",
    slots: &[slot("needs", SlotKind::Text, false)],
    flags: Flags::NONE,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::platform_filter::platforms(&View::of(turn.ctx), args).into())
}
