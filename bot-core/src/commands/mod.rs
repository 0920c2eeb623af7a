//! Every command, each defined once in its own module (`commands/<name>.rs`: name, aliases,
//! Fluent ids, typed slots, flags, run), and the registry that parses a line into one.
//!
//! [`parse`] turns a line of text into a [`Command`] (the definition and its argument text);
//! the definition's run reads the arguments and answers. `/help`, Telegram's command menu
//! and Discord's slash commands are generated from [`ALL`]. Adding a command: a module here
//! and its messages in both locales (`docs/adding.md`); the build finds the module.

mod def;
mod grammar;
pub mod near;
pub mod prefs;
mod request;
mod slots;

pub use def::{CommandDef, Done, Env, Flags, Run, RunResult, Slot, SlotKind, Turn, Typed, Write};
pub use grammar::{for_another_bot, for_us_in_a_group, looks_like_command};
pub use request::Request;
pub use slots::{LANGS, QUANTS, TASKS};

use crate::answer::error::AnswerError;
use crate::context::Ctx;

// Every module under `commands/` that defines a `DEF`, declared here, and `ALL`, every
// command in its `order` (bot-core/build.rs writes both): a new command is its module alone.
include!(concat!(env!("OUT_DIR"), "/commands.rs"));

/// Runs a typed request (a question's reading) with the same environment as a typed line.
pub fn run_request(
    ctx: &Ctx,
    access: &crate::alerts::AccessChecks,
    charts: Option<&dyn crate::chart::ChartRenderer>,
    req: &Request,
) -> Done {
    in_turn(ctx, access, charts, |turn| req.run(turn))
}

/// Builds the turn both entry points answer in (the registry, access checks, charts) and
/// turns an error into its one localized reply.
fn in_turn(
    ctx: &Ctx,
    access: &crate::alerts::AccessChecks,
    charts: Option<&dyn crate::chart::ChartRenderer>,
    answer: impl FnOnce(&Turn) -> RunResult,
) -> Done {
    let env = Env {
        access,
        charts,
        registry: ALL,
    };
    answer(&Turn { ctx, env: &env }).unwrap_or_else(|e| e.reply().into())
}

/// Does typing this command inside `/pick` leave the dialogue waiting (said after the
/// answer)? Not for the dialogue's own commands, the welcome and `/lang`.
pub fn leaves_pick_waiting(def: &CommandDef) -> bool {
    let own: [&CommandDef; 5] = [
        &pick::DEF,
        &back::DEF,
        &cancel::DEF,
        &start::DEF,
        &lang::DEF,
    ];
    !own.contains(&def)
}

/// A recognised command with its raw argument text (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub def: &'static CommandDef,
    pub args: String,
}

/// Why a line is not a valid command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("unknown command /{0}")]
    Unknown(String),
    #[error("/{command} needs arguments")]
    MissingArgs {
        command: &'static str,
        usage_id: &'static str,
    },
}

impl From<CommandError> for AnswerError {
    fn from(e: CommandError) -> AnswerError {
        match e {
            CommandError::Unknown(name) => AnswerError::UnknownCommand(name),
            CommandError::MissingArgs { usage_id, .. } => AnswerError::MissingArgs(usage_id),
        }
    }
}

/// The line that asks for help, for a frontend that answers an empty mention with it.
pub fn help_line() -> String {
    format!("/{}", help::DEF.name)
}

/// The definition for a command name or alias.
pub fn find(name: &str) -> Option<&'static CommandDef> {
    let n = name.to_lowercase();
    ALL.iter()
        .copied()
        .find(|c| c.name == n || c.aliases.contains(&n.as_str()))
}

/// Parses a line. `Ok(None)` means it is not a command (plain text for the dialogue).
/// A command addressed to another bot (`/help@otherbot`) is also `Ok(None)` when `bot_name`
/// is known.
pub fn parse(line: &str, bot_name: Option<&str>) -> Result<Option<Command>, CommandError> {
    // A line typed with a Chinese IME's full-width forms (`／ｆｉｔ ｑｗｅｎ２.５-７ｂ ４０９０`)
    // reads as its half-width twin.
    let half;
    let line = if line.chars().any(grammar::is_full_width) {
        half = grammar::half_width(line);
        half.as_str()
    } else {
        line
    };
    let Some((name, rest)) = grammar::split(line, bot_name) else {
        return Ok(None);
    };
    let def = find(name).ok_or_else(|| CommandError::Unknown(name.to_string()))?;
    if def.needs_args() && rest.is_empty() {
        return Err(CommandError::MissingArgs {
            command: def.name,
            usage_id: def.usage_id,
        });
    }
    Ok(Some(Command {
        def,
        args: rest.to_string(),
    }))
}

/// Runs a parsed command: its replies, or its error's one localized reply.
pub fn run(
    ctx: &Ctx,
    access: &crate::alerts::AccessChecks,
    charts: Option<&dyn crate::chart::ChartRenderer>,
    cmd: &Command,
) -> Done {
    in_turn(ctx, access, charts, |turn| {
        cmd.def.run.call(turn, &cmd.args)
    })
}

/// The text of a command line for definition `def` with slot values (by slot name), written
/// the way its parser reads them (`/cost autodl RTX-4090 40m boot=3m`); values for unknown
/// slots are ignored, so a stale registration cannot smuggle text in.
pub fn line_of(def: &CommandDef, values: &[(&str, String)]) -> String {
    let mut line = format!("/{}", def.name);
    for slot in def.slots {
        let Some((_, value)) = values.iter().find(|(n, _)| *n == slot.name) else {
            continue;
        };
        let mut value = value.trim().to_string();
        if value.is_empty() {
            continue;
        }
        let is_name = matches!(
            slot.kind,
            SlotKind::Gpu | SlotKind::Model | SlotKind::Platform
        );
        if is_name && def.slots.len() > 1 {
            value = value.split_whitespace().collect::<Vec<_>>().join("-");
        }
        line.push(' ');
        match slot.write {
            Write::Word => line.push_str(&value),
            Write::Key(k) => line.push_str(&format!("{k}={value}")),
            Write::After(word) => line.push_str(&format!("{word} {value}")),
        }
    }
    line
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod typed_tests;
