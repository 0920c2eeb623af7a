//! A budget or a length said with no figure inside `/pick` (`预算不多`, `钱不多`, `budget is
//! tight`, `跑一会儿就行`, `not long, just a bit`; the phrase's shape is the lexicon's
//! `no_figure`): never read as a number and never refused. The budget is said vague and not
//! set (`pick-budget-vague`); the length is asked back with the words quoted
//! (`pick-ask-length-vague`). The clause is taken out and the rest of the message read as
//! before; a figure said elsewhere in the message (`预算不多，300左右`) is left to its readers.

use crate::context::Ctx;
use crate::lexicon::{NoFigure, no_figure};
use crate::reply::Msg;

/// The note for a budget or a length said with no figure, and the message without its clause.
pub(super) fn split(ctx: &Ctx, t: &str) -> Option<(Msg, String)> {
    let low = crate::understand::fold_traditional(t).to_lowercase();
    let (kind, a, b) = no_figure(&low)?;
    let facts = crate::understand::facts(ctx.catalog, &low);
    let said = low[a..b].trim();
    let rest = format!("{} {}", &low[..a], &low[b..]);
    let rest = rest.trim_matches(|c: char| c.is_whitespace() || "，,。;；".contains(c));
    let msg = match kind {
        NoFigure::Money if facts.budget.is_none() => Msg::new("pick-budget-vague"),
        NoFigure::Length if facts.seconds.is_none() && !facts.always => {
            Msg::new("pick-ask-length-vague")
        }
        _ => return None,
    };
    Some((msg.said("said", said), rest.to_string()))
}

/// Periods said right beside a length (`a few hours a day`, `每天几个小时`): they go with a
/// length taken out, never left to be read as a length of their own (`a day` is 24 hours).
const PERIODS_AFTER: &[&str] = &[
    " a day",
    " per day",
    " each day",
    " every day",
    " daily",
    "/day",
    "一天",
    "每天",
];
const PERIODS_BEFORE: &[&str] = &["每天", "每日", "一天", "daily ", "every day "];

/// `rest` (a message with a length taken out at byte `at`, one space left there) without the
/// period said right after or before that length.
pub(super) fn period_dropped(rest: &str, at: usize) -> String {
    let (head, tail) = rest.split_at(at.min(rest.len()));
    let tail_t = tail.trim_start();
    let tail = PERIODS_AFTER
        .iter()
        .find_map(|p| tail_t.strip_prefix(p.trim_start()))
        .filter(|r| !r.starts_with(|c: char| c.is_ascii_alphabetic()))
        .unwrap_or(tail);
    let head_t = head.trim_end();
    let head = PERIODS_BEFORE
        .iter()
        .find_map(|p| head_t.strip_suffix(p.trim_end()))
        .unwrap_or(head);
    format!("{head} {tail}")
}
