//! `/lang [en|zh]`: shows or sets the language the bot answers this person in.

use super::def::{CommandDef, Flags, Run, RunResult, Turn, Typed, slot};
use super::prefs;
use super::slots::LANGS;
use crate::answer::error::AnswerError;
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};

pub const DEF: CommandDef = CommandDef {
    name: "lang",
    order: 220,
    aliases: &["language", "语言"],
    describe_id: "cmd-lang",
    usage_id: "usage-lang",
    slots: &[slot("language", LANGS, false)],
    flags: Flags::EPHEMERAL,
    run: Run::typed::<Cmd>(),
};

/// `/lang`: its argument is the language to set, or none to show the current one.
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = Option<Lang>;
    fn parse<'c>(_ctx: &Ctx<'c>, text: &str) -> Result<Option<Lang>, AnswerError> {
        if text.is_empty() {
            return Ok(None);
        }
        Lang::parse_user_choice(text).map(Some).ok_or_else(|| {
            AnswerError::BadArg(Msg::new("error-bad-lang").said("value", text), "usage-lang")
        })
    }
    fn answer(turn: &Turn, lang: &Option<Lang>) -> RunResult {
        let ctx = turn.ctx;
        let Some(lang) = *lang else {
            return Ok(
                Reply::text(Msg::new("lang-current").arg("lang", ctx.lang.tag()))
                    .with(Msg::new("usage-lang"))
                    .into(),
            );
        };
        prefs::set_lang(ctx.store, ctx.who, lang)?;
        let mut done: super::Done =
            Reply::text(Msg::new("lang-set").arg("lang", lang.tag())).into();
        done.switched_lang = Some(lang);
        Ok(done)
    }
}
