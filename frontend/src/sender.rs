//! The one way a frontend puts a reply in front of someone: [`Sender`].
//!
//! A platform implements it once (Telegram's `TelegramSender`); the per-turn glue and the
//! alert dispatcher only ever see `dyn Sender`, so a test swaps in a recording fake.

use bot_core::{Lang, Reply};
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// Where a reply goes, in the platform's own ids written as strings (a Telegram chat id, a
/// Discord channel id), so that this crate needs no platform types.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Address {
    pub chat: String,
    /// The message every reply quotes (in groups: the asker's, so everyone sees whom it
    /// answers and whose buttons they are).
    pub reply_to: Option<String>,
    /// The thread inside the chat the replies are posted in (a Telegram forum topic's
    /// `message_thread_id`), so an answer stays in the topic it was asked in.
    pub thread: Option<String>,
}

impl Address {
    /// A chat, quoting nothing (private chats, channels, alerts).
    pub fn chat(chat: impl Into<String>) -> Address {
        Address {
            chat: chat.into(),
            reply_to: None,
            thread: None,
        }
    }
}

/// Why a reply did not arrive. Details never contain the bot token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// The bot was blocked, kicked, or the chat no longer exists: stop sending there
    /// (an alert subscription for it should be dropped, not retried).
    #[error("the chat is gone for this bot: {0}")]
    ChatGone(String),
    /// The platform asked us to wait this long before trying again, and the sender did not
    /// wait it out itself.
    #[error("the platform asked to retry after {0:?}")]
    RetryAfter(Duration),
    /// Anything else (network, API, an address the platform cannot use).
    #[error("the request failed: {0}")]
    Failed(String),
}

impl SendError {
    /// A short fixed word for metrics and logs.
    pub fn kind(&self) -> &'static str {
        match self {
            SendError::ChatGone(_) => "send_chat_gone",
            SendError::RetryAfter(_) => "send_retry_after",
            SendError::Failed(_) => "send_failed",
        }
    }
}

/// What a [`Sender`] call returns: boxed so that the trait stays object-safe.
pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<(), SendError>> + Send + 'a>>;

/// Posts replies to a chat platform. Implementations render the reply in their own markup,
/// split it under their limits and pace themselves within the platform's rate limits.
pub trait Sender: Send + Sync {
    /// Sends `reply`, rendered in `lang`, to `to` (possibly as several messages).
    fn send<'a>(&'a self, to: &'a Address, lang: Lang, reply: &'a Reply) -> SendFuture<'a>;

    /// Replaces message `message` in `to.chat` with `reply`, so that a button press does not
    /// add a message; whatever does not fit in one edit is sent after it. Falls back to
    /// [`Sender::send`] when the message cannot be edited (too old, deleted, a photo).
    fn edit_or_send<'a>(
        &'a self,
        to: &'a Address,
        message: &'a str,
        lang: Lang,
        reply: &'a Reply,
    ) -> SendFuture<'a>;

    /// Shows "typing…" in `chat` while an answer is being worked out.
    fn typing<'a>(&'a self, chat: &'a str) -> SendFuture<'a>;

    /// "typing…" where the answer will go: a platform with threads (a Telegram forum topic)
    /// shows it in `to.thread`, not in the chat's General topic. The default is the chat's.
    fn typing_at<'a>(&'a self, to: &'a Address) -> SendFuture<'a> {
        self.typing(&to.chat)
    }

    /// Sends an alert at most once: `once.intend()` must be awaited right before the first
    /// request leaves (after its pacing slot, so only sends about to go are marked), and
    /// `once.withdraw()` when the platform refused a request (it did not arrive), before it
    /// is tried again. The default marks first and then sends, which is right for a sender
    /// that does not pace; a platform sender overrides it to mark after its slot.
    fn send_once<'a>(
        &'a self,
        to: &'a Address,
        lang: Lang,
        reply: &'a Reply,
        once: &'a dyn Once,
    ) -> SendFuture<'a> {
        Box::pin(async move {
            once.intend().await?;
            self.send(to, lang, reply).await
        })
    }

    /// True when a send repeated with [`Sender::send_once`] for the same key is dropped by
    /// the platform (Discord's `nonce` with `enforce_nonce`), so an alert whose fate a kill
    /// left unknown may be sent again. Telegram has no such key.
    fn resend_is_safe(&self) -> bool {
        false
    }
}

/// One alert's idempotency, for [`Sender::send_once`]: its key, and the durable marks that
/// it is about to leave (or that the platform refused it).
pub trait Once: Send + Sync {
    /// The idempotency key (a platform with idempotency derives its own key from it).
    fn key(&self) -> &str;
    /// Records durably that the send is about to leave; returns once it is on disk.
    fn intend(&self) -> SendFuture<'_>;
    /// The platform refused the request: it did not arrive, so the mark goes.
    fn withdraw(&self) -> SendFuture<'_>;
}

/// How often a platform sender sends a request again after a failure in transit (a connect
/// error, a reset, a timeout, a 5xx) before reporting it: with [`transient_backoff`] about
/// 30 s in all. A reply is part of an update's outcome; a blip must not lose it.
pub const TRANSIENT_RETRIES: u32 = 7;

/// The wait before transient retry `n` (1-based): 250 ms doubled each time, at most 8 s.
pub fn transient_backoff(n: u32) -> Duration {
    let ms = 250u64.saturating_mul(1 << n.saturating_sub(1).min(5));
    Duration::from_millis(ms).min(Duration::from_secs(8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transient_retries_back_off_within_about_half_a_minute() {
        assert_eq!(transient_backoff(1), Duration::from_millis(250));
        assert_eq!(transient_backoff(2), Duration::from_millis(500));
        let total: Duration = (1..=TRANSIENT_RETRIES).map(transient_backoff).sum();
        assert!(
            total > Duration::from_secs(20) && total < Duration::from_secs(40),
            "{total:?}"
        );
    }
}
