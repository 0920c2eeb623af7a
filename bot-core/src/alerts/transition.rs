//! Transitions from snapshots, per subscription and provider.
//!
//! Each provider fetch attempt is looked at once per subscription ([`Track::last_attempt`]).
//! A failed or empty fetch (the snapshot was kept, `last_good_at != last_attempt_at`) or a
//! stale one is only marked as seen: it never moves a state. A good one is an observation:
//! "something matching is in stock". A partial one (the provider's row cap reached, one page
//! of several) is an observation only when it shows something matching: what it left out is
//! unknown, never "gone". The first observation sets the baseline silently; after
//! that a different state must hold for [`AlertConfig::debounce_polls`] consecutive polls or
//! [`AlertConfig::debounce_secs`] before it is confirmed ([`step`]). A confirmed "back" is
//! alerted unless a "back" was alerted within the cooldown; a confirmed "gone" after an
//! alerted "back" is alerted with how long the stock lasted.

use super::event::{Event, rate};
use super::outbox::{self, OutboxItem};
use super::subscription::{SUBS, Subscription, Track, list_all};
use super::text::alert_reply;
use crate::availability::{Freshness, Offer, OfferKind, gpu_key, latest_offers, provider_states};
use crate::catalog::Catalog;
use crate::store::{Batch, Store, StoreError, Versioned};
use std::collections::HashMap;

/// Debounce and cooldown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlertConfig {
    /// A new state must be seen in this many consecutive good polls…
    pub debounce_polls: u32,
    /// …or have held this long (seconds; 0 = polls only).
    pub debounce_secs: i64,
    /// Least time between two "back in stock" alerts of one subscription on one provider.
    pub cooldown_secs: i64,
}

impl Default for AlertConfig {
    fn default() -> Self {
        AlertConfig {
            debounce_polls: 2,
            debounce_secs: 600,
            cooldown_secs: 1800,
        }
    }
}

impl AlertConfig {
    /// From `GPUSCOUT_ALERT_DEBOUNCE_POLLS`, `GPUSCOUT_ALERT_DEBOUNCE_SECS`,
    /// `GPUSCOUT_ALERT_COOLDOWN_SECS` (through `get`, so tests need no environment).
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<AlertConfig, String> {
        let mut c = AlertConfig::default();
        let num = |name: &str| -> Result<Option<i64>, String> {
            match get(name)
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
            {
                None => Ok(None),
                Some(s) => s
                    .parse::<i64>()
                    .ok()
                    .filter(|n| *n >= 0)
                    .map(Some)
                    .ok_or_else(|| format!("{name}={s:?} is not a whole number of 0 or more")),
            }
        };
        if let Some(n) = num("GPUSCOUT_ALERT_DEBOUNCE_POLLS")? {
            c.debounce_polls = u32::try_from(n.max(1)).unwrap_or(u32::MAX);
        }
        if let Some(n) = num("GPUSCOUT_ALERT_DEBOUNCE_SECS")? {
            c.debounce_secs = n;
        }
        if let Some(n) = num("GPUSCOUT_ALERT_COOLDOWN_SECS")? {
            c.cooldown_secs = n;
        }
        Ok(c)
    }
}

/// One good observation at `at` (seconds) of whether something matching is in stock.
pub fn step(track: &mut Track, observed: bool, at: i64, cfg: &AlertConfig) -> Option<Event> {
    let Some(state) = track.state else {
        track.state = Some(observed);
        return None;
    };
    if state == observed {
        track.candidate = None;
        track.candidate_polls = 0;
        track.candidate_since = None;
        return None;
    }
    if track.candidate == Some(observed) {
        track.candidate_polls = track.candidate_polls.saturating_add(1);
    } else {
        track.candidate = Some(observed);
        track.candidate_polls = 1;
        track.candidate_since = Some(at);
    }
    let since = track.candidate_since.unwrap_or(at);
    let held = track.candidate_polls >= cfg.debounce_polls.max(1)
        || (cfg.debounce_secs > 0 && track.candidate_polls >= 2 && at - since >= cfg.debounce_secs);
    if !held {
        return None;
    }
    track.state = Some(observed);
    track.candidate = None;
    track.candidate_polls = 0;
    track.candidate_since = None;
    if observed {
        if track
            .last_back_alert
            .is_some_and(|t| at - t < cfg.cooldown_secs)
        {
            track.back_since = None;
            return None;
        }
        track.last_back_alert = Some(at);
        track.back_since = Some(since);
        track.alerts += 1;
        Some(Event::Back)
    } else {
        let back = track.back_since.take()?;
        track.alerts += 1;
        Some(Event::Gone {
            lasted_secs: (since - back).max(0),
        })
    }
}

/// The offers of one provider snapshot that satisfy the subscription, cheapest first (prices
/// compared in the subscription's limit currency; an offer with no rate does not match).
/// A subscription watches capacity one can rent and keep: an interruptible bid (a spot row,
/// such as Vast's `min_bid` beside the same host's on-demand price) neither triggers it nor
/// becomes its "from" price.
pub fn matching_offers(catalog: &Catalog, sub: &Subscription, offers: &[Offer]) -> Vec<Offer> {
    let mut out: Vec<Offer> = offers
        .iter()
        .filter(|o| o.stock.in_stock())
        .filter(|o| o.kind != OfferKind::Spot)
        .filter(|o| sub.min_cards.is_none_or(|n| o.cards >= n))
        .filter(|o| match sub.max_price {
            None => true,
            Some(max) => match rate(catalog, &o.currency, &sub.max_currency) {
                Some(r) => o.price_per_gpu_hour * r <= max,
                None => false,
            },
        })
        .cloned()
        .collect();
    out.sort_by_key(|o| o.price_per_gpu_hour);
    out
}

/// What one [`detect`] pass did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DetectReport {
    /// Provider polls looked at for the first time (by at least one subscription).
    pub polls_seen: usize,
    /// Of those, failed/empty/stale ones (no transition possible).
    pub polls_skipped: usize,
    pub alerts: usize,
    /// Paused subscriptions removed, past [`super::PAUSED_KEEP_DAYS`].
    pub dropped: usize,
}

/// Looks at every provider's latest fetch for every subscription, once each, and writes the
/// transitions with their alerts. One transaction per provider: tracking state and alert rows
/// commit together, so a crash repeats nothing and loses nothing. First, subscriptions
/// paused past [`super::PAUSED_KEEP_DAYS`] are removed.
pub fn detect(
    store: &Store,
    catalog: &Catalog,
    cfg: &AlertConfig,
    now: i64,
) -> Result<DetectReport, StoreError> {
    let dropped = super::drop_long_paused(store, now)?;
    let _lock = super::write_lock();
    let mut report = DetectReport {
        dropped,
        ..DetectReport::default()
    };
    let mut subs = list_all(store)?;
    if subs.is_empty() {
        return Ok(report);
    }
    for ps in provider_states(store)? {
        let Some(attempt) = ps.last_attempt_at else {
            continue;
        };
        let usable = ps.last_good_at == Some(attempt)
            && Freshness::of_age(now - attempt) == Freshness::Fresh;
        let mut batch = Batch::new();
        let mut seen_any = false;
        let mut offers_by_gpu: HashMap<String, Vec<Offer>> = HashMap::new();
        for sub in subs.iter_mut() {
            // A chat the bot cannot post in makes no alerts until it is back.
            if sub.paused_at.is_some() {
                continue;
            }
            if sub.provider.as_deref().is_some_and(|p| p != ps.provider) {
                continue;
            }
            let track = sub.track.entry(ps.provider.clone()).or_default();
            if track.last_attempt.is_some_and(|a| a >= attempt) {
                continue;
            }
            track.last_attempt = Some(attempt);
            seen_any = true;
            if usable {
                let key = gpu_key(&sub.gpu);
                if !offers_by_gpu.contains_key(&key) {
                    let offers = latest_offers(store, &key, Some(&ps.provider))?;
                    offers_by_gpu.insert(key.clone(), offers);
                }
                let offers = &offers_by_gpu[&key];
                let mut matching = matching_offers(catalog, sub, offers);
                let track = sub.track.entry(ps.provider.clone()).or_default();
                if ps.partial.is_some() {
                    // Only what this answer showed counts; a card it left out keeps its last
                    // reading in the store, which is no news.
                    matching.retain(|o| o.fetched_at == attempt);
                    if matching.is_empty() {
                        batch.put(&SUBS, &sub.key(), &Versioned(sub.clone()))?;
                        continue;
                    }
                }
                if let Some(event) = step(track, !matching.is_empty(), attempt, cfg) {
                    let n = track.alerts;
                    let reply = alert_reply(catalog, sub, &ps.provider, event, &matching, attempt);
                    let item = OutboxItem {
                        key: format!(
                            "{}:{}:{}-{}:{}:{n}",
                            sub.platform, sub.chat, sub.id, sub.created_at, ps.provider
                        ),
                        platform: sub.platform.clone(),
                        chat: sub.chat.clone(),
                        thread: sub.thread.clone(),
                        kind: sub.kind,
                        sub: Some(sub.id),
                        lang: sub.lang,
                        reply,
                        created_at: now,
                        attempts: 0,
                        not_before: 0,
                    };
                    outbox::enqueue(&mut batch, &item)?;
                    report.alerts += 1;
                }
            }
            batch.put(&SUBS, &sub.key(), &Versioned(sub.clone()))?;
        }
        if seen_any {
            report.polls_seen += 1;
            if !usable {
                report.polls_skipped += 1;
            }
            store.commit(batch)?;
        }
    }
    Ok(report)
}
