//! A count of people or conversations with no figure at the conversations-at-once step (`a few
//! users`, `several people`, `几个人同时用`, `一些用户`): asked, as `a few hours` is at the
//! duration step, never guessed and never refused. The KV cache is sized per conversation, so
//! a guessed count is a guessed card.

use super::state::{Outcome, PickState, Step};
use crate::context::Ctx;
use crate::reply::{Msg, Reply};

/// Words of a count with no figure.
const FEW: &[&str] = &[
    "a few",
    "a handful of",
    "a handful",
    "few",
    "several",
    "some",
    "not many",
    "a small number of",
    "好几个",
    "几个",
    "几位",
    "一些",
    "一小撮",
    "少量",
    "没几个",
    "不多",
    "有些",
];
/// What the count is of, and words that say they are at once (`同时用`, `at the same time`).
const OF: &[&str] = &[
    "users",
    "user",
    "people",
    "persons",
    "person",
    "folks",
    "customers",
    "clients",
    "friends",
    "colleagues",
    "conversations",
    "chats",
    "requests",
    "at once",
    "at the same time",
    "concurrently",
    "concurrent",
    "simultaneously",
    "max",
    "at most",
    "maybe",
    "just",
    "only",
    "人",
    "个人",
    "用户",
    "同事",
    "朋友",
    "同时用",
    "同时在用",
    "同时",
    "一起用",
    "在用",
    "会用",
    "用",
    "人用",
    "大概",
    "吧",
    "左右",
    "而已",
];

/// Whether `text` (lowercase) is a count of [`FEW`] and words of [`OF`], nothing else.
pub(super) fn vague(text: &str) -> bool {
    let low = text
        .trim()
        .trim_matches(|c: char| c.is_whitespace() || "?？!！.。~…,，".contains(c))
        .to_lowercase();
    let mut rest = low.as_str();
    let mut few = false;
    while !rest.is_empty() {
        let longest = |list: &[&str]| {
            list.iter()
                .filter(|w| {
                    rest.starts_with(**w)
                        && (!w.is_ascii()
                            || !rest[w.len()..].starts_with(|c: char| c.is_ascii_alphabetic()))
                })
                .map(|w| w.len())
                .max()
        };
        let (f, o) = (longest(FEW), longest(OF));
        let len = match (f, o) {
            (Some(f), Some(o)) if o > f => o,
            (Some(f), _) => {
                few = true;
                f
            }
            (None, Some(o)) => o,
            (None, None) => return false,
        };
        rest = rest[len..].trim_start_matches(|c: char| c.is_whitespace() || ",，".contains(c));
    }
    few
}

/// At the conversations-at-once step, a count with no figure asked for one; the step kept.
pub(super) fn asked(ctx: &Ctx, state: &PickState, text: &str) -> Option<Outcome> {
    if state.step != Step::Concurrency || !vague(text) {
        return None;
    }
    Some(Outcome {
        replies: vec![
            Reply::text(Msg::new("pick-ask-people-few")),
            super::ask::ask(ctx, state),
        ],
        state: Some(state.clone()),
        // Never read again as a question of its own (`几个` also asks "how many").
        changed: true,
    })
}

#[cfg(test)]
mod tests {
    use super::vague;

    #[test]
    fn a_count_with_no_figure() {
        for t in [
            "a few users",
            "several people",
            "a handful of users at once",
            "几个人同时用",
            "一些用户",
            "好几个人吧",
            "few",
        ] {
            assert!(vague(t), "{t}");
        }
        for t in [
            "4 users",
            "a few hours",
            "some users, 8 at most",
            "users",
            "四个人同时用",
            "fewer",
        ] {
            assert!(!vague(t), "{t}");
        }
    }
}
