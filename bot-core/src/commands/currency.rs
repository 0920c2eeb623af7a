//! `/currency [usd|cny]`: shows or sets the currency prices are shown in, for everyone in
//! this chat. In groups and channels only the chat's administrators may change it; with no
//! choice stored, the currency follows each person's language.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use super::prefs;
use crate::answer::error::AnswerError;
use crate::context::Ctx;
use crate::reply::{Msg, Reply};

pub const DEF: CommandDef = CommandDef {
    name: "currency",
    order: 230,
    aliases: &["货币", "币种"],
    describe_id: "cmd-currency",
    usage_id: "usage-currency",
    slots: &[slot("currency", CURRENCIES, false)],
    flags: Flags::ADMIN,
    run: Run::typed::<Cmd>(),
};

/// The currencies every priced answer can show.
const CURRENCIES: SlotKind = SlotKind::Choices(&[("usd", None), ("cny", None)]);

/// `/currency`: its argument is the currency code to set (`USD`, `CNY`), or none to show the
/// current one.
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = Option<String>;
    fn parse<'c>(_ctx: &Ctx<'c>, text: &str) -> Result<Option<String>, AnswerError> {
        if text.is_empty() {
            return Ok(None);
        }
        crate::lexicon::parse_currency(text)
            .ok()
            .filter(|c| c == "USD" || c == "CNY")
            .map(Some)
            .ok_or_else(|| {
                AnswerError::BadArg(
                    Msg::new("currency-error-unknown").said("text", text),
                    "usage-currency",
                )
            })
    }
    fn answer(turn: &Turn, code: &Option<String>) -> RunResult {
        let ctx = turn.ctx;
        let Some(code) = code else {
            return Ok(Reply::text(
                Msg::new("currency-current").arg("currency", ctx.currency.as_str()),
            )
            .with(Msg::new("usage-currency"))
            .into());
        };
        turn.admin("currency-admins-only")?;
        let mut chat = prefs::chat_prefs(ctx.store, ctx.who);
        chat.currency = Some(code.clone());
        prefs::set_chat_prefs(ctx.store, ctx.who, &chat)?;
        Ok(Reply::text(Msg::new("currency-set").arg("currency", code.as_str())).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slot_offers_what_the_run_accepts() {
        let SlotKind::Choices(values) = CURRENCIES else {
            panic!("currency slot is a choice");
        };
        for (v, _) in values {
            let code = crate::lexicon::parse_currency(v).unwrap();
            assert!(code == "USD" || code == "CNY", "{v}");
        }
    }
}
