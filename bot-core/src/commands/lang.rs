//! `/lang [en|zh]`: shows or sets the language the bot answers this person in.

use super::def::{CommandDef, Flags, RunResult, Turn, slot};
use super::prefs;
use super::slots::LANGS;
use crate::answer::error::AnswerError;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};

pub const DEF: CommandDef = CommandDef {
    name: "lang",
    aliases: &["language", "语言"],
    describe_id: "cmd-lang",
    usage_id: "usage-lang",
    slots: &[slot("language", LANGS, false)],
    flags: Flags::EPHEMERAL,
    run,
};

fn run(turn: &Turn, args: &str) -> RunResult {
    let ctx = turn.ctx;
    if args.is_empty() {
        return Ok(
            Reply::text(Msg::new("lang-current").arg("lang", ctx.lang.tag()))
                .with(Msg::new("usage-lang"))
                .into(),
        );
    }
    let Some(lang) = Lang::parse_user_choice(args) else {
        return Err(AnswerError::BadArg(
            Msg::new("error-bad-lang").arg("value", args),
            "usage-lang",
        ));
    };
    prefs::set_lang(ctx.store, ctx.who, lang)?;
    let mut done: super::Done = Reply::text(Msg::new("lang-set").arg("lang", lang.tag())).into();
    done.switched_lang = Some(lang);
    Ok(done)
}
