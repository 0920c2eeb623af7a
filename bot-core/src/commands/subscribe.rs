//! `/subscribe <gpu> [platform] [max=price] [cards=N]`: a stock alert for this chat.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, key, slot};
use crate::answer;

pub const DEF: CommandDef = CommandDef {
    name: "subscribe",
    aliases: &["alert", "订阅", "提醒"],
    describe_id: "cmd-subscribe",
    usage_id: "usage-subscribe",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        slot("platform", SlotKind::Platform, false),
        key("max_price", SlotKind::Text, "max"),
        key("cards", SlotKind::Integer, "cards"),
    ],
    flags: Flags::ADMIN,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::alerts::subscribe(turn.ctx, turn.env.access, args, turn.now()).into())
}
