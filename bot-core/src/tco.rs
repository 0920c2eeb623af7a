//! Rent vs API: cost per million tokens self-hosted vs an API price (issue 4; being built).

use crate::bot::Ctx;
use crate::reply::{Msg, Reply};

pub fn chat(_ctx: &Ctx, _args: &str) -> Reply {
    Reply::text(Msg::new("error-not-available-yet"))
}
