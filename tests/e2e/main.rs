//! End-to-end tests of the `gpuscout` binary, in one binary.
//! Every file here was its own test binary, and each linked the whole dependency tree again
//! (issue 29: 60 links in `cargo test --workspace`). One binary per crate, one module per file:
//! `cargo test --test e2e <module>::` runs one of them.

mod alerts_e2e;
mod chat_e2e;
mod cli_billing;
mod cli_chat_agree;
mod cli_fit;
mod cli_reliability;
mod discord_e2e;
mod discord_wire_e2e;
mod fanout_e2e;
mod offers_e2e;
mod ops_e2e;
mod phone;
mod phone_zh;
mod provider_memory;
mod reliability_e2e;
mod soak;
mod startup_figures;
mod stock_e2e;
mod store_crash;
mod telegram_e2e;
mod telegram_wire_e2e;
mod topic_alerts_e2e;
mod transcripts;
mod trend_e2e;
mod updates_e2e;
mod webhook_stop_e2e;
mod wire8_alerts_e2e;
mod wire8_discord_e2e;
mod wire8_telegram_e2e;
mod wire9_e2e;
