//! `/subscribe <gpu> [platform] [max=price] [cards=N]`, `/unsubscribe <id|all>`, `/subs`, and
//! the operators' `/status`. In groups and channels only administrators may add or remove
//! subscriptions; the platform says who is one (an [`AccessCheck`] its frontend registered).

use super::common::{fmt, store_error_reply};
use crate::alerts::{self, Access, AccessChecks, Added, MAX_PER_CHAT, Subscription, outbox};
use crate::availability::{format_minute_utc, provider_states};
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use std::collections::BTreeMap;

fn access(ctx: &Ctx, checks: &AccessChecks) -> Result<Access, Reply> {
    match checks.check(ctx.who) {
        Ok(a) if a.may_manage => Ok(a),
        Ok(_) => Err(Reply::text(Msg::new("alerts-admins-only"))),
        Err(reason) => Err(Reply::text(
            Msg::new("alerts-admin-unknown").arg("reason", reason),
        )),
    }
}

/// A subscription to `query` (its card, platform and ceiling) for this chat, at least
/// `cards` cards when given; only those who may manage the chat may add one.
pub fn subscribe(
    ctx: &Ctx,
    checks: &AccessChecks,
    query: crate::availability::StockQuery,
    cards: Option<u32>,
    now: i64,
) -> Reply {
    let access = match access(ctx, checks) {
        Ok(a) => a,
        Err(r) => return r,
    };
    // A subscription whose alerts could never arrive is refused now, not turned off
    // silently at the first alert.
    if !checks.bot_can_post(ctx.who) {
        return Reply::text(Msg::new("alerts-cannot-post-here"));
    }
    let sub = Subscription {
        id: 0,
        platform: ctx.who.platform.to_string(),
        chat: ctx.who.chat.clone(),
        thread: ctx.who.thread.clone(),
        kind: access.kind,
        created_by: ctx.who.user.clone(),
        created_at: now,
        lang: ctx.lang,
        currency: ctx.currency.clone(),
        gpu: query.gpu,
        provider: query.provider,
        max_price: query.max_per_gpu_hour,
        max_currency: query.max_currency,
        min_cards: cards,
        track: BTreeMap::new(),
        paused_at: None,
    };
    match alerts::add(ctx.store, sub, MAX_PER_CHAT) {
        Ok(Added::Added(s)) => Reply::text(
            Msg::new("alerts-subscribed").arg("line", alerts::describe(ctx.catalog, ctx.lang, &s)),
        )
        .with(Msg::new("alerts-subscribed-how").arg("id", s.id)),
        Ok(Added::Duplicate(id)) => Reply::text(Msg::new("alerts-duplicate").arg("id", id)),
        Ok(Added::Full) => Reply::text(Msg::new("alerts-full").arg("max", MAX_PER_CHAT)),
        Err(e) => store_error_reply(&e),
    }
}

/// Which of the chat's subscriptions `/unsubscribe` removes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsubscribe {
    One(u32),
    All,
}

/// Removes `which` of this chat's subscriptions set where it is asked (the chat, or its
/// topic: another topic's are not this one's to remove); the command checked who may.
pub fn unsubscribe(ctx: &Ctx, which: Unsubscribe) -> Reply {
    let (platform, chat) = (ctx.who.platform.as_str(), &ctx.who.chat);
    let thread = ctx.who.thread.as_deref();
    match which {
        Unsubscribe::One(id) => match alerts::remove_in(ctx.store, platform, chat, thread, id) {
            Ok(true) => Reply::text(Msg::new("alerts-removed").arg("id", id)),
            Ok(false) => Reply::text(Msg::new("alerts-no-such").arg("id", id))
                .with(Msg::new("alerts-see-subs")),
            Err(e) => store_error_reply(&e),
        },
        Unsubscribe::All => match alerts::remove_all_in(ctx.store, platform, chat, thread) {
            Ok(n) => Reply::text(Msg::new("alerts-removed-all").arg("count", n)),
            Err(e) => store_error_reply(&e),
        },
    }
}

pub fn subs(ctx: &Ctx) -> Reply {
    let (platform, thread) = (ctx.who.platform.as_str(), ctx.who.thread.as_deref());
    match alerts::list_place(ctx.store, platform, &ctx.who.chat, thread) {
        Ok(list) if list.is_empty() => {
            Reply::text(Msg::new("alerts-none")).with(Msg::new("usage-subscribe"))
        }
        Ok(list) => {
            let mut r = Reply::text(Msg::new("alerts-list").arg("count", list.len()));
            for s in &list {
                r.parts.push(crate::reply::Part::Raw(alerts::describe(
                    ctx.catalog,
                    ctx.lang,
                    s,
                )));
                if let Some(at) = s.paused_at {
                    r.push(
                        Msg::new("alerts-list-paused")
                            .arg("since", format_minute_utc(at))
                            .arg("until", format_minute_utc(alerts::paused_until(at))),
                    );
                }
            }
            r.with(Msg::new("alerts-list-how"))
        }
        Err(e) => store_error_reply(&e),
    }
}

fn ago(ctx: &Ctx, now: i64, at: Option<i64>) -> String {
    match at {
        Some(t) => format!(
            "{} ({})",
            super::stock::age_text(ctx.lang, now - t),
            format_minute_utc(t)
        ),
        None => fmt(ctx.lang, &Msg::new("alerts-status-never")),
    }
}

/// Operators only: subscriptions, outbox depth, last delivery, each provider's fetch age.
pub fn status(ctx: &Ctx, now: i64) -> Reply {
    if !ctx.is_operator {
        return Reply::text(Msg::new("alerts-status-operators-only"));
    }
    let (subs, stats, providers) = match (
        alerts::list_all(ctx.store),
        outbox::stats(ctx.store),
        provider_states(ctx.store),
    ) {
        (Ok(a), Ok(b), Ok(c)) => (a, b, c),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return store_error_reply(&e),
    };
    let mut by_platform: BTreeMap<&str, usize> = BTreeMap::new();
    let mut chats = std::collections::BTreeSet::new();
    let paused = subs.iter().filter(|s| s.paused_at.is_some()).count();
    for s in &subs {
        *by_platform.entry(s.platform.as_str()).or_default() += 1;
        chats.insert((s.platform.as_str(), s.chat.as_str()));
    }
    let platforms = if by_platform.is_empty() {
        "—".to_string()
    } else {
        by_platform
            .iter()
            .map(|(p, n)| format!("{p} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut r = Reply::text(
        Msg::new("alerts-status-subs")
            .arg("count", subs.len())
            .arg("chats", chats.len())
            .arg("platforms", platforms)
            .arg("active", subs.len() - paused)
            .arg("paused", paused),
    )
    .with(
        Msg::new("alerts-status-outbox")
            .arg("depth", stats.depth)
            .arg("retrying", stats.retrying)
            .arg("oldest", ago(ctx, now, stats.oldest_created)),
    )
    .with(Msg::new("alerts-status-delivery").arg("last", ago(ctx, now, stats.last_delivery)));
    if paused > 0 {
        r.push(Msg::new("alerts-status-paused-note").arg("days", alerts::PAUSED_KEEP_DAYS));
    }
    if providers.is_empty() {
        r.push(Msg::new("alerts-status-no-providers"));
    }
    for p in &providers {
        r.push(
            Msg::new("alerts-status-provider")
                .arg("provider", p.provider.as_str())
                .arg("good", ago(ctx, now, p.last_good_at))
                .arg("attempt", ago(ctx, now, p.last_attempt_at))
                .arg("misses", p.misses_in_a_row)
                .arg("total", p.misses_total as f64)
                .arg("offers", p.offers),
        );
        if let Some(why) = &p.partial {
            // The last good answer was cut: said where the operator looks, in the provider's
            // own words (like the problem below).
            r.parts.push(crate::reply::Part::Raw(format!(
                "  partial: {}",
                crate::secret::scrub(why, &[])
            )));
        }
        if let Some(problem) = &p.last_problem {
            // Scrubbed again on the way out: a row stored by an older build may hold a key.
            let problem = crate::secret::scrub(problem, &[]);
            r.parts
                .push(crate::reply::Part::Raw(format!("  {problem}")));
        }
    }
    r
}
