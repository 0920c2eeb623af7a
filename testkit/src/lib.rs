//! GPU Scout's test support, shared by the end-to-end tests, the Telegram crate's in-process
//! tests and its benchmark: a loopback fake of the Telegram Bot API ([`fake_telegram`]), one of
//! Discord's REST API with a signer of interactions ([`fake_discord`]), Discord's gateway
//! WebSocket ([`fake_discord_gateway`]) and
//! launchers for the real `gpuscout` binary ([`cli`] for one-shot commands, [`serve`] for the
//! long-running bot, its [`serve::Setup`] naming the fakes it talks to), and [`timing`] for
//! reading pacing back from recorded times.
//!
//! What it is not: a dependency of anything that ships (it is only ever a dev-dependency), or
//! a place for assertions about the bot's answers (those belong in the tests). It listens on
//! 127.0.0.1 only and never reaches the network. The launchers take the binary's path as a
//! parameter because `CARGO_BIN_EXE_gpuscout` exists only in the root package's tests.

pub mod cli;
pub mod fake_discord;
pub mod fake_discord_gateway;
pub mod fake_providers;
pub mod fake_telegram;
pub mod loopback;
pub mod multipart;
pub mod serve;
pub mod timing;
