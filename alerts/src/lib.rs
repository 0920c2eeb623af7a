//! The alerts runtime, two `serve` parts beside the chat frontends: the [`Watcher`] runs
//! bot-core's transition detection when the poller says a provider's poll has landed, and
//! the [`Dispatcher`] drains the outbox through each platform's `Sender`. bot-core decides
//! what an alert says; this crate only decides when to look and hands alerts over.

pub mod dispatch;
mod journal;

pub use dispatch::{Dispatcher, Watcher};
