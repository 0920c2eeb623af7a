//! The Discord crate's integration tests, in one binary.
//! Every file here was its own test binary, and each linked the whole dependency tree again
//! (issue 29: 60 links in `cargo test --workspace`). One binary per crate, one module per file:
//! `cargo test -p gpuscout-discord --test suite <module>::` runs one of them.

mod attachments;
mod commands_json;
mod rest;
mod wire_gateway;
mod wire_round11;
mod wire_round12;
mod wire_round13;
mod wire_round14;
mod wire_round15;
mod wire_round16;
mod wire_round17;
mod wire_round18;
mod wire_round20;
mod wire_round21;
mod wire_round22;
mod wire_round23;
mod wire_round24;
mod wire_round25;
mod wire_round26;
mod wire_round28;
mod wire_round8;
mod wire_round9;
