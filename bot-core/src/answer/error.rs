//! The one answer error: every way a turn can fail before or instead of an answer, with its
//! one path to a localized reply ([`AnswerError::reply`]).

use crate::reply::{Msg, Reply};
use crate::store::StoreError;

#[derive(Debug, Clone, thiserror::Error)]
pub enum AnswerError {
    /// `/frobnicate`: no such command.
    #[error("unknown command /{0}")]
    UnknownCommand(String),
    /// A command that needs arguments got none; the usage hint's Fluent id.
    #[error("missing arguments ({0})")]
    MissingArgs(&'static str),
    /// The store failed; the user sees the real reason (a full disk, a damaged file).
    #[error("store: {0}")]
    Store(StoreError),
    /// Only the chat's administrators may; the Fluent id says what.
    #[error("admins only ({0})")]
    AdminsOnly(&'static str),
    /// The platform could not say whether the asker is an administrator.
    #[error("admin check failed: {0}")]
    AdminUnknown(String),
    /// The per-user limit on expensive commands; try again after this many seconds.
    #[error("rate limited for {0} s")]
    RateLimited(u64),
    /// A button of a conversation that has ended.
    #[error("stale choice")]
    StaleChoice,
    /// A bad argument: what is wrong, and the usage hint's Fluent id.
    #[error("bad argument: {}", .0.id)]
    BadArg(Msg, &'static str),
    /// Only the bot's operators may; the Fluent id says so.
    #[error("operators only ({0})")]
    OperatorsOnly(&'static str),
    /// Arguments a command's parser could not read, with the reply it wrote (a name the
    /// catalog does not know with its "did you mean" choices, a usage hint).
    #[error("unreadable arguments")]
    Unreadable(Box<Reply>),
}

impl From<Reply> for AnswerError {
    fn from(r: Reply) -> AnswerError {
        AnswerError::Unreadable(Box::new(r))
    }
}

impl From<Box<Reply>> for AnswerError {
    fn from(r: Box<Reply>) -> AnswerError {
        AnswerError::Unreadable(r)
    }
}

impl From<StoreError> for AnswerError {
    fn from(e: StoreError) -> AnswerError {
        AnswerError::Store(e)
    }
}

impl AnswerError {
    /// The localized reply.
    pub fn reply(&self) -> Reply {
        match self {
            AnswerError::UnknownCommand(name) => {
                Reply::text(Msg::new("error-unknown-command").said("command", format!("/{name}")))
                    .with(Msg::new("hint-help"))
            }
            AnswerError::MissingArgs(usage) => {
                Reply::text(Msg::new("error-missing-args")).with(Msg::new(usage))
            }
            AnswerError::Store(e) => Reply::text(e.user_msg()),
            AnswerError::AdminsOnly(id) => Reply::text(Msg::new(id)),
            AnswerError::AdminUnknown(reason) => {
                Reply::text(Msg::new("alerts-admin-unknown").arg("reason", reason))
            }
            AnswerError::RateLimited(seconds) => Reply::text(
                Msg::new(crate::ratelimit::RATE_LIMITED).arg("seconds", seconds.to_string()),
            ),
            AnswerError::StaleChoice => Reply::text(Msg::new("error-stale-choice")),
            AnswerError::BadArg(msg, usage) => Reply::text(msg.clone()).with(Msg::new(usage)),
            AnswerError::OperatorsOnly(id) => Reply::text(Msg::new(id)),
            AnswerError::Unreadable(reply) => (**reply).clone(),
        }
    }
}
