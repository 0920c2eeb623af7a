//! One turn's inputs: who is talking ([`ChatRef`]), what they sent ([`Input`]), what an answer
//! module needs to answer it ([`Ctx`]), and what comes back ([`Answer`]).
//!
//! This is the floor every answer module stands on; it imports no answer and no engine.

use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::platform::Platform;
use crate::reply::Reply;
use crate::store::Store;

/// A bare number's currency in a chat that chose none. One fixed code rather than the reader's
/// language: the answer states it in its first lines, and `/currency` changes it for the chat.
pub const BARE_CURRENCY_DEFAULT: &str = "USD";

/// Who is talking, and where. Keys in the store are built from these strings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRef {
    pub platform: Platform,
    pub chat: String,
    pub user: String,
    /// The platform's locale code for the user, if it sends one.
    pub locale: Option<String>,
    /// Where inside the chat the input came from, when the platform posts there apart: a
    /// Telegram forum topic's `message_thread_id`, or `dm:<topic>` for a channel's
    /// direct-messages topic (one person's conversation with the channel). An alert set there
    /// is delivered there, and `/subs` and `/unsubscribe` there see only that place's.
    pub thread: Option<String>,
}

impl ChatRef {
    pub fn terminal(locale: Option<&str>) -> ChatRef {
        ChatRef {
            platform: Platform::Terminal,
            chat: "local".into(),
            user: "local".into(),
            locale: locale.map(str::to_string),
            thread: None,
        }
    }
    pub fn user_key(&self) -> String {
        format!("{}:{}", self.platform, self.user)
    }
    /// A chat's own settings are keyed apart from any person's (`chat:` is no platform name).
    pub fn chat_key(&self) -> String {
        format!("chat:{}:{}", self.platform, self.chat)
    }
    /// Dialogue state is per (platform, chat, user): two people in one group each have their own.
    pub fn dialogue_key(&self) -> String {
        format!("{}:{}:{}", self.platform, self.chat, self.user)
    }
}

/// What a user sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A typed line (a command or a free-text answer).
    Text(String),
    /// A button press / numbered choice, carrying the choice id.
    Choice(String),
}

/// What the bot says to one input, and in which language.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub lang: Lang,
    pub replies: Vec<Reply>,
}

/// Everything a handler needs to answer one input.
pub struct Ctx<'a> {
    pub catalog: &'a Catalog,
    pub store: &'a Store,
    pub who: &'a ChatRef,
    pub lang: Lang,
    /// Currency the user sees prices in.
    pub currency: String,
    /// Currency a number typed without one is read in: the chat's `/currency`, else
    /// [`BARE_CURRENCY_DEFAULT`]; never the reader's language, so two members of one chat typing
    /// the same bare number get the same verdict.
    pub bare_currency: String,
    /// Today as days since the epoch (injected so tests can pin the date).
    pub today: i64,
    /// The sender is one of the bot's operators (`GPUSCOUT_ADMINS`), not merely a chat admin.
    pub is_operator: bool,
}
