//! What every GPU Scout chat frontend shares, whatever the platform: the pieces between
//! `bot_core` (which decides what to answer) and a platform crate (which speaks Telegram's or
//! Discord's wire format).
//!
//! - [`Sender`]: send a [`bot_core::Reply`] in a [`bot_core::Lang`] to an [`Address`], edit a
//!   message in place, show "typing". Object-safe, so the per-turn glue and (later) the alert
//!   dispatcher hold an `Arc<dyn Sender>` per platform. Its [`SendError`] says whether a chat is
//!   gone (stop sending there), asked us to wait, or the send failed.
//! - [`turn`]: one user turn: input -> [`bot_core::Bot::handle`] off the async threads ->
//!   send, or edit-then-send for a button press; "typing" when the answer is slow; a polite
//!   localized reply when answering itself failed.
//! - [`details`]: the "Details" button: each reply shaped for a phone (bot-core's `phone::fit`),
//!   the whole answer kept in memory for the button.
//! - [`last_reading`]: each chat's last reading (per person, in memory, 30 min), passed with
//!   the next message so a follow-up changes it.
//! - [`choice`]: the versioned wire form of a button's choice id, within the platform's limit.
//! - [`pace`]: the send scheduler platform senders take a slot from before each message
//!   (per chat, per group, overall), sending at once when a slot is free.
//! - [`pack`]: cutting rendered text into messages under the platform's length limit, with
//!   preformatted blocks balanced in every message, and tables laid out for a phone.
//!
//! - [`metrics`]: the process's Prometheus metrics (updates handled, errors by kind, reply
//!   latency, alerts queued/sent, rate-limit refusals; provider age and outbox depth as gauges
//!   read at scrape time), rendered by `serve`'s `GET /metrics`.
//!
//! The alert dispatcher and watcher, which hold a sender per platform, are the
//! `gpuscout-alerts` runtime's, beside `serve`.
//!
//! What it is not: no platform types (no teloxide, no serenity), no network, no markup of its
//! own (escaping, fences and length measures are parameters), and no domain decisions: it never
//! computes a price or a fit.

pub mod choice;
pub mod details;
pub mod last_reading;
pub mod metrics;
pub mod pace;
pub mod pack;
pub mod recently;
pub mod sender;
pub mod text;
pub mod turn;

pub use choice::{ChoiceData, ChoiceError};

/// Keep-alive connections a chat platform's HTTP client keeps idle after a burst. reqwest keeps
/// every idle one for 90 s by default: after a flood of new chats that was ~240 connections,
/// ~40 KB of buffers each, held while idle. At Telegram's ~30 messages/s (Discord's 50) and a
/// few hundred ms per call, about ten are busy at once.
pub const IDLE_CONNECTIONS_PER_HOST: usize = 16;
pub use pace::{Limits, Pacer, Priority, Rate};
pub use recently::Recently;
pub use sender::{
    Address, Once, SendError, SendFuture, Sender, TRANSIENT_RETRIES, transient_backoff,
};
pub use turn::{Turns, rate_limited};
