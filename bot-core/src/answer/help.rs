//! `/help`: every command with its one-line description, from the one command table.

use crate::command::COMMANDS;
use crate::i18n::{Lang, Localizer};
use crate::reply::{Msg, Reply};

/// `/help`: every command with its one-line description.
pub fn help(lang: Lang) -> Reply {
    let mut r = Reply::text(Msg::new("help-intro"));
    for spec in COMMANDS {
        r.push(Msg::new("help-line").arg("command", spec.name).arg(
            "description",
            Localizer::get().format(lang, &Msg::new(spec.describe_id)),
        ));
    }
    r.with(Msg::new("help-outro"))
}
