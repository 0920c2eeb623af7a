//! `/fit` in the chat.
use crate::bot::Ctx;
use crate::reply::{Msg, Reply};
pub fn fit(_ctx: &Ctx, _args: &str) -> Reply {
    Reply::text(Msg::new("error-not-available-yet"))
}
