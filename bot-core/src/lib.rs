//! GPU Scout's domain logic: catalog, billing, VRAM fit, dialogue, store and i18n.
//!
//! Nothing here knows about Telegram or Discord. Frontends turn platform events into
//! [`bot::Input`], call [`bot::Bot::handle`], and render the [`reply::Reply`]s they get back.
//! This crate never performs network I/O for chat platforms.

pub mod advice;
pub mod alerts;
pub mod answer;
pub mod availability;
pub mod billing;
pub mod bot;
pub mod catalog;
pub mod chart;
pub mod choice;
pub mod commands;
pub mod context;
pub mod dialogue;
pub mod diffusion;
pub mod fact;
pub mod i18n;
pub mod lexicon;
pub mod phone;
pub mod platform;
pub mod ratelimit;
pub mod reply;
pub mod secret;
pub mod store;
pub mod tco;
pub mod trial;
pub mod understand;
pub mod units;
pub mod vram;

pub use bot::Bot;
pub use catalog::Catalog;
/// The command grammar under its older name (frontends and fuzz targets call
/// `command::parse`, `command::looks_like_command`).
pub use commands as command;
pub use context::{Answer, ChatRef, Input};
pub use i18n::{Lang, Localizer};
pub use platform::Platform;
pub use reply::{Msg, Reply};
pub use store::Store;
