//! `/convert`, `/cost`, `/compare` in the chat.

use crate::bot::Ctx;
use crate::reply::{Msg, Reply};

pub fn convert(_ctx: &Ctx, _args: &str) -> Reply {
    Reply::text(Msg::new("error-not-available-yet"))
}
pub fn cost(_ctx: &Ctx, _args: &str) -> Reply {
    Reply::text(Msg::new("error-not-available-yet"))
}
pub fn compare(_ctx: &Ctx, _args: &str) -> Reply {
    Reply::text(Msg::new("error-not-available-yet"))
}
