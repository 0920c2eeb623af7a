//! What one command is: its name, aliases, Fluent ids, typed argument slots, flags and run
//! function. Every command module holds one [`CommandDef`]; `/help`, Telegram's command menu
//! and Discord's slash commands are generated from these, so nothing else names a command.

use crate::alerts::AccessChecks;
use crate::answer::error::AnswerError;
use crate::chart::ChartRenderer;
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::reply::Reply;

/// What an argument slot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotKind {
    /// Free text, written as typed.
    Text,
    /// A whole number.
    Integer,
    /// A catalog name (frontends may autocomplete it); spaces become `-` inside a longer
    /// line (the catalog's names forgive dashes), so one name stays one word.
    Gpu,
    Model,
    Platform,
    /// One of fixed values: (value, Fluent id of its label, or `None` when the value is its
    /// own label in every language).
    Choices(&'static [(&'static str, Option<&'static str>)]),
}

/// How a slot's value is written into the command line the parser reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Write {
    /// As a word (or words) in its place.
    Word,
    /// `key=value`.
    Key(&'static str),
    /// After a word: `to <value>`.
    After(&'static str),
}

/// One typed argument of a command, in the order its parser reads them. Its localized name
/// is the Fluent id `discord-opt-<name>`, its description `discord-opt-<name>-about`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub name: &'static str,
    pub kind: SlotKind,
    pub required: bool,
    pub write: Write,
}

/// A slot written as a word in its place.
pub const fn slot(name: &'static str, kind: SlotKind, required: bool) -> Slot {
    Slot {
        name,
        kind,
        required,
        write: Write::Word,
    }
}

/// An optional `key=value` slot.
pub const fn key(name: &'static str, kind: SlotKind, key: &'static str) -> Slot {
    Slot {
        name,
        kind,
        required: false,
        write: Write::Key(key),
    }
}

/// Properties the dispatcher and the frontends act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flags {
    /// Costs real work (prices, fits, searches): counted by the per-user rate limit.
    pub expensive: bool,
    /// Changes the chat for everyone in it: in groups and channels only the chat's
    /// administrators may (the run checks with [`Turn::admin`]; Discord hides it from
    /// members who may not manage channels).
    pub admin_only: bool,
    /// Only the asker sees the answer where the platform can do that (Discord).
    pub ephemeral: bool,
}

impl Flags {
    pub const NONE: Flags = Flags {
        expensive: false,
        admin_only: false,
        ephemeral: false,
    };
    pub const EXPENSIVE: Flags = Flags {
        expensive: true,
        admin_only: false,
        ephemeral: false,
    };
    pub const EPHEMERAL: Flags = Flags {
        expensive: false,
        admin_only: false,
        ephemeral: true,
    };
    pub const ADMIN: Flags = Flags {
        expensive: false,
        admin_only: true,
        ephemeral: false,
    };
}

/// What a command's run returns: its replies, and the language the turn switched to (`/lang`),
/// so the answer is in it without reading the preferences again.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Done {
    pub replies: Vec<Reply>,
    pub switched_lang: Option<Lang>,
}

impl From<Reply> for Done {
    fn from(r: Reply) -> Done {
        Done {
            replies: vec![r],
            switched_lang: None,
        }
    }
}

impl From<Vec<Reply>> for Done {
    fn from(replies: Vec<Reply>) -> Done {
        Done {
            replies,
            switched_lang: None,
        }
    }
}

/// A run's result: replies, or one typed error with its one localized reply.
pub type RunResult = Result<Done, AnswerError>;

/// A command's typed arguments and its answer. Its definition's run is
/// [`Run::typed`]`::<Self>()`: the argument text is read once, by [`Typed::parse`], into
/// [`Typed::Args`], and only that struct is answered; the question reader and the CLI build
/// the same struct, never a line to be read again.
pub trait Typed {
    /// What was asked; it may borrow from the catalog (a card found by name).
    type Args<'c>;
    /// Who may run it, asked before the arguments are read (operators-only commands answer
    /// the refusal whatever was typed).
    fn gate(ctx: &Ctx) -> Result<(), AnswerError> {
        let _ = ctx;
        Ok(())
    }
    /// Reads the (trimmed) argument text with the lexicon's words.
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<Self::Args<'c>, AnswerError>;
    fn answer(turn: &Turn, args: &Self::Args<'_>) -> RunResult;
}

/// How a definition runs: with typed arguments ([`Run::typed`]), or with none ([`Run::bare`]:
/// words after the name are ignored). No run reads argument text itself.
#[derive(Clone, Copy)]
pub struct Run(RunKind);

#[derive(Clone, Copy)]
enum RunKind {
    Bare(fn(&Turn) -> RunResult),
    Typed(fn(&Turn, &str) -> RunResult),
}

impl Run {
    /// A command without arguments.
    pub const fn bare(run: fn(&Turn) -> RunResult) -> Run {
        Run(RunKind::Bare(run))
    }

    /// A command with typed arguments: gate, parse, answer.
    pub const fn typed<C: Typed>() -> Run {
        Run(RunKind::Typed(run_typed::<C>))
    }

    /// Runs on the (trimmed) argument text.
    pub fn call(&self, turn: &Turn, text: &str) -> RunResult {
        match self.0 {
            RunKind::Bare(run) => run(turn),
            RunKind::Typed(run) => run(turn, text),
        }
    }

    /// Does it take arguments?
    pub fn takes_args(&self) -> bool {
        matches!(self.0, RunKind::Typed(_))
    }
}

fn run_typed<C: Typed>(turn: &Turn, text: &str) -> RunResult {
    C::gate(turn.ctx)?;
    C::answer(turn, &C::parse(turn.ctx, text)?)
}

/// One command, defined once.
#[derive(Clone, Copy)]
pub struct CommandDef {
    /// The name people type (`/name`), also the slash command's name.
    pub name: &'static str,
    /// Where `/help` and the menus list it, lowest first (`ALL` is built in this order).
    pub order: u16,
    pub aliases: &'static [&'static str],
    /// Fluent id of the one-line description (help and command menus).
    pub describe_id: &'static str,
    /// Fluent id of the usage hint shown on bad arguments.
    pub usage_id: &'static str,
    pub slots: &'static [Slot],
    pub flags: Flags,
    pub run: Run,
}

impl CommandDef {
    /// A command with a required slot cannot run on an empty line.
    pub fn needs_args(&self) -> bool {
        self.slots.iter().any(|s| s.required)
    }
}

impl std::fmt::Debug for CommandDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandDef")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl PartialEq for CommandDef {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for CommandDef {}

/// What a run may use beyond the turn's context: the platform's admin checks, the chart
/// renderer, and the registry itself (for `/help`).
pub struct Env<'a> {
    pub access: &'a AccessChecks,
    pub charts: Option<&'a dyn ChartRenderer>,
    pub registry: &'static [&'static CommandDef],
}

/// One command's turn.
pub struct Turn<'a> {
    pub ctx: &'a Ctx<'a>,
    pub env: &'a Env<'a>,
}

impl Turn<'_> {
    /// The chat's kind, when the asker may change the chat (always in a private chat);
    /// else the refusal, `refusal` being the Fluent id that says what only admins may do.
    pub fn admin(&self, refusal: &'static str) -> Result<crate::alerts::Access, AnswerError> {
        match self.env.access.check(self.ctx.who) {
            Ok(a) if a.may_manage => Ok(a),
            Ok(_) => Err(AnswerError::AdminsOnly(refusal)),
            Err(reason) => Err(AnswerError::AdminUnknown(reason)),
        }
    }

    /// Now, in Unix seconds.
    pub fn now(&self) -> i64 {
        crate::availability::now_unix()
    }
}
