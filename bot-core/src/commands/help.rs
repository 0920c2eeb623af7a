//! `/help`: every command with its one-line description, generated from the registry.

use super::def::{CommandDef, Flags, Run, RunResult, Turn};
use crate::i18n::Localizer;
use crate::reply::{Msg, Reply};

pub const DEF: CommandDef = CommandDef {
    name: "help",
    order: 20,
    aliases: &["h", "帮助"],
    describe_id: "cmd-help",
    usage_id: "usage-help",
    slots: &[],
    flags: Flags::NONE,
    run: Run::bare(run),
};

fn run(turn: &Turn) -> RunResult {
    let lang = turn.ctx.lang;
    let mut r = Reply::text(Msg::new("help-intro"));
    for def in turn.env.registry {
        r.push(Msg::new("help-line").arg("command", def.name).arg(
            "description",
            Localizer::get().format(lang, &Msg::new(def.describe_id)),
        ));
    }
    let r = r.with(Msg::new("help-outro"));
    // On a phone: the commands most people start with; the whole list is behind Details.
    let short = crate::phone::Short::titled(&r);
    let short = turn
        .env
        .registry
        .iter()
        .filter(|d| FIRST.contains(&d.name))
        .fold(short, |s, d| {
            s.line(Msg::new("help-line").arg("command", d.name).arg(
                "description",
                Localizer::get().format(lang, &Msg::new(d.describe_id)),
            ))
        });
    Ok(short.line(Msg::new("help-outro")).over(lang, r).into())
}

/// The commands /help shows first on a phone.
const FIRST: &[&str] = &[
    "pick", "compare", "fit", "gpu", "offers", "platform", "currency",
];
