//! The Telegram crate's integration tests, in one binary (one module per former file, so the
//! crate's test tree is linked once): `cargo test -p gpuscout-telegram --test suite <module>::`.

mod channel_dms;
mod fanout;
mod telegram_sender;
mod wire_errors;
mod wire_open_ends;
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
mod wire_round27;
mod wire_round8;
mod wire_round9;
mod wire_shapes;
