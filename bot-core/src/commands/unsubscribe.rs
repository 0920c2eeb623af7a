//! `/unsubscribe <id|all>`.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::alerts::{self, Unsubscribe};
use crate::answer::error::AnswerError;
use crate::context::Ctx;
use crate::reply::Msg;

pub const DEF: CommandDef = CommandDef {
    name: "unsubscribe",
    order: 130,
    aliases: &["退订", "取消订阅"],
    describe_id: "cmd-unsubscribe",
    usage_id: "usage-unsubscribe",
    slots: &[slot("id", SlotKind::Text, true)],
    flags: Flags::ADMIN,
    run: Run::typed::<Cmd>(),
};

/// `/unsubscribe`: its argument is one subscription (`3`, `#3`) or all of the chat's.
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = Unsubscribe;
    fn parse<'c>(_ctx: &Ctx<'c>, text: &str) -> Result<Unsubscribe, AnswerError> {
        let arg = text.trim().trim_start_matches('#');
        if matches!(arg.to_lowercase().as_str(), "all" | "全部" | "所有") {
            return Ok(Unsubscribe::All);
        }
        arg.parse::<u32>().map(Unsubscribe::One).map_err(|_| {
            AnswerError::BadArg(
                Msg::new("alerts-error-id").said("text", text.trim()),
                "usage-unsubscribe",
            )
        })
    }
    fn answer(turn: &Turn, which: &Unsubscribe) -> RunResult {
        turn.admin("alerts-admins-only")?;
        Ok(alerts::unsubscribe(turn.ctx, *which).into())
    }
}
