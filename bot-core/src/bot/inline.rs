//! An inline query (`@ScoutBot 4090 qwen2.5-7b` typed in any chat): the same reading the chat
//! path uses, answered only when the request reads something and changes nothing (no
//! `/pick`, no alert, no setting, no trial written), since the answer is posted by the person
//! into a chat the bot may not be in.

use super::Bot;
use crate::commands::Request;
use crate::context::{Answer, ChatRef, Input};
use crate::understand::{self, Reading};

/// What an inline query is answered with: the request it was read as, in canonical words
/// (the result's title), and its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Inline {
    pub line: String,
    pub answer: Answer,
}

impl Bot {
    /// The answer to an inline query, or `None` when it reads as nothing, as two readings,
    /// or as a request that would write something (the frontend then offers the private chat).
    pub fn inline(&self, who: &ChatRef, query: &str) -> Option<Inline> {
        let query = query.trim();
        if query.is_empty() {
            return None;
        }
        let read = {
            let mut ctx = self.ctx(who);
            let fed = self.catalog_for(ctx.today);
            if let Some(c) = &fed {
                ctx.catalog = c;
            }
            match Request::parse(&ctx, query) {
                Some(read) => read.ok()?,
                // A command this reading has no request for (`/pick`, `/subs`, an unknown one).
                None if query.starts_with('/') => return None,
                None => match understand::read(ctx.catalog, query) {
                    Reading::Command(r) => r,
                    Reading::Ask(_) | Reading::Unknown => return None,
                },
            }
        };
        if !only_reads(&read) {
            return None;
        }
        // Clients send an inline query at each pause in typing, so one question typed letter
        // by letter is several queries: they spend a budget of their own (the chat limit's
        // size, keyed apart), never the person's chat budget; only a query that would run
        // spends it. Past it there is no article and no notice (the frontend still offers the
        // private chat): a notice as an article would be posted into someone's chat.
        if let Some(limit) = &self.rate_limit
            && limit
                .check(
                    &format!("inline:{}", who.user_key()),
                    std::time::Instant::now(),
                )
                .is_err()
        {
            return None;
        }
        let line = read.line();
        let (answer, _) = self.handle_unlimited(who, Input::Text(line.clone()), None);
        Some(Inline { line, answer })
    }
}

/// A request that only reads the catalog, prices and stock.
fn only_reads(r: &Request) -> bool {
    matches!(
        r,
        Request::Fit(_)
            | Request::FitMemory(_)
            | Request::Cost(_)
            | Request::Compare(_)
            | Request::Stock(_)
            | Request::Offers(_)
            | Request::Convert(_)
            | Request::Gpu(_)
            | Request::Platform(_)
            | Request::Platforms(_)
            | Request::Trend(_)
            | Request::Gpus
            | Request::Models
            | Request::Help
    )
}
