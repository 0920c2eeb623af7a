//! One good snapshot per provider in the store's `snapshots` table, and what happened to each
//! fetch. Only a fetch that brought offers replaces a snapshot; a failed, empty or malformed
//! one is counted in the provider's state and changes nothing else, so a provider that is down
//! never reads as "sold out". A partial answer (a row cap reached, one page of several)
//! replaces only the cards it shows; the cards it left out keep their last reading, dated,
//! and the state says the answer was partial ([`ProviderState::partial`]).
//! Answers can land out of order (two pollers, a slow fetch overtaken by the next): one dated
//! before the stored good reading changes nothing ([`Recorded::Superseded`]).
//!
//! Keys (one value type per prefix):
//! - `offers:<gpu key>:<provider>` -> `Vec<Offer>`: the provider's latest offers for one card,
//!   so `/stock` reads only the card it is asked about;
//! - `state:<provider>` -> [`ProviderState`];
//! - `hist:<provider>:<gpu key>:<hour>` -> [`HistoryPoint`]: one point per provider, card and
//!   hour (the cheapest price and whether any was in stock), for trends.
//!
//! A snapshot is written in one transaction ([`crate::store::Batch`]): readers see the old one
//! or the new one, never half of each.

use super::canonical::gpu_key;
use super::offer::Offer;
pub use super::row::{HistoryPoint, ProviderState};
use crate::store::{Batch, Store, StoreError, TypedTable, Versioned};
use std::collections::BTreeMap;

/// Typed views of the store's `snapshots` table, one per key prefix (see the module doc), each
/// a versioned record of [`super::row`].
pub(super) const OFFERS: TypedTable<Versioned<Vec<Offer>>> =
    TypedTable::new(crate::store::tables::SNAPSHOTS.name());
const STATE: TypedTable<Versioned<ProviderState>> =
    TypedTable::new(crate::store::tables::SNAPSHOTS.name());
const HISTORY: TypedTable<Versioned<HistoryPoint>> =
    TypedTable::new(crate::store::tables::SNAPSHOTS.name());

/// Longest problem text kept (an HTML error page is not worth storing).
const PROBLEM_MAX_CHARS: usize = 300;

/// What one fetch brought.
#[derive(Debug, Clone, PartialEq)]
pub enum FetchOutcome {
    /// The provider answered and these offers were read from it (may be empty).
    Offers(Vec<Offer>),
    /// The provider answered, but its answer is known to be incomplete (`why`: its row cap
    /// reached, one page of several, errors beside the data). What it shows is recorded;
    /// what it leaves out is never read as gone: those cards keep their last reading.
    Partial { offers: Vec<Offer>, why: String },
    /// No usable answer: network error, timeout, HTTP error, unreadable body. The text must
    /// hold no secret (the providers crate strips keys and URLs).
    Failed(String),
}

/// What [`record_fetch`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// A new snapshot replaced the last one.
    Replaced { offers: usize, gpus: usize },
    /// A partial answer replaced the cards it shows (`offers` for `gpus` cards); `kept`
    /// cards it left out keep their last reading.
    Partial {
        offers: usize,
        gpus: usize,
        kept: usize,
    },
    /// The answer had no offers: the last snapshot stays, and the miss is counted.
    KeptAfterEmpty,
    /// The fetch failed: the last snapshot stays, and the failure is counted.
    KeptAfterFailure,
    /// The fetch started before the stored good reading (`newer`, seconds) was taken: two
    /// pollers, or a slow fetch overtaken by the next. It changes nothing: an older answer
    /// never overwrites a newer one, and an older miss says nothing about the provider now.
    Superseded { newer: i64 },
}

fn state_key(provider: &str) -> String {
    format!("state:{provider}")
}

fn offers_key(gpu_key: &str, provider: &str) -> String {
    format!("offers:{gpu_key}:{provider}")
}

/// The provider's state, if it was ever polled.
pub fn provider_state(store: &Store, provider: &str) -> Result<Option<ProviderState>, StoreError> {
    Ok(store.get(&STATE, &state_key(provider))?.map(|v| v.0))
}

/// Every provider that was ever polled, by id.
pub fn provider_states(store: &Store) -> Result<Vec<ProviderState>, StoreError> {
    Ok(store
        .scan_prefix(&STATE, "state:")?
        .into_iter()
        .map(|(_, s)| s.0)
        .collect())
}

/// Stored offers for one GPU key, from every provider (or one).
pub fn latest_offers(
    store: &Store,
    gpu_key: &str,
    provider: Option<&str>,
) -> Result<Vec<Offer>, StoreError> {
    let rows = match provider {
        Some(p) => store
            .get(&OFFERS, &offers_key(gpu_key, p))?
            .into_iter()
            .map(|v| v.0)
            .collect::<Vec<_>>(),
        None => store
            .scan_prefix(&OFFERS, &format!("offers:{gpu_key}:"))?
            .into_iter()
            .map(|(_, v)| v.0)
            .collect(),
    };
    Ok(rows.into_iter().flatten().collect())
}

/// Every stored live offer, of every card and provider (for `/offers`).
pub fn all_latest_offers(store: &Store) -> Result<Vec<Offer>, StoreError> {
    Ok(store
        .scan_prefix(&OFFERS, "offers:")?
        .into_iter()
        .flat_map(|(_, v)| v.0)
        .collect())
}

/// Records one fetch of `provider` at `now` (seconds). Offers are filed under their
/// `provider` field's value only if it matches `provider`; others are dropped as a bug guard.
pub fn record_fetch(
    store: &Store,
    provider: &str,
    outcome: FetchOutcome,
    now: i64,
) -> Result<Recorded, StoreError> {
    record_fetch_taken(store, provider, outcome, now, now)
}

/// [`record_fetch`] of an answer attempted at `attempted` whose offers were seen at `now`,
/// earlier when a cache served its copy (HTTP `Age`): the reading is dated when it was seen
/// (its superseding, history hour and good date), the attempt when it was made.
pub fn record_fetch_taken(
    store: &Store,
    provider: &str,
    outcome: FetchOutcome,
    attempted: i64,
    now: i64,
) -> Result<Recorded, StoreError> {
    let mut state = provider_state(store, provider)?.unwrap_or_else(|| ProviderState {
        provider: provider.to_string(),
        ..ProviderState::default()
    });
    // Answers can land out of order (each is dated when its fetch started): one older than
    // the stored good reading is dropped whole, before anything is written.
    if let Some(newer) = state.last_good_at.filter(|good| *good > now) {
        return Ok(Recorded::Superseded { newer });
    }
    // A later failure may already be recorded: the attempt's date never goes backwards.
    let attempted = attempted.max(now);
    state.last_attempt_at = Some(
        state
            .last_attempt_at
            .map_or(attempted, |t| t.max(attempted)),
    );
    let (offers, partial) = match outcome {
        FetchOutcome::Offers(offers) => (offers, None),
        FetchOutcome::Partial { offers, why } => (offers, Some(why)),
        FetchOutcome::Failed(problem) => {
            miss(&mut state, problem);
            store.put(&STATE, &state_key(provider), &Versioned(state))?;
            return Ok(Recorded::KeptAfterFailure);
        }
    };
    let offers: Vec<Offer> = offers
        .into_iter()
        .filter(|o| o.provider == provider)
        .collect();
    if offers.is_empty() {
        let problem = match &partial {
            Some(why) => format!("the provider answered with no offers ({why})"),
            None => "the provider answered with no offers".into(),
        };
        miss(&mut state, problem);
        store.put(&STATE, &state_key(provider), &Versioned(state))?;
        return Ok(Recorded::KeptAfterEmpty);
    }
    let mut by_gpu: BTreeMap<String, Vec<Offer>> = BTreeMap::new();
    for o in offers {
        by_gpu.entry(gpu_key(&o.gpu)).or_default().push(o);
    }
    let mut batch = Batch::new();
    // A whole answer is the provider's whole list: a card it no longer shows is gone from it.
    // A partial one says nothing about the cards it left out: their last reading stays, with
    // its own age, until a whole answer (or age) retires it.
    let mut kept = Vec::new();
    for old in &state.gpu_keys {
        if !by_gpu.contains_key(old) {
            if partial.is_some() {
                kept.push(old.clone());
            } else {
                batch.delete(&OFFERS, &offers_key(old, provider));
            }
        }
    }
    let hour = now.div_euclid(3600);
    let mut count = 0;
    let gpus = by_gpu.len();
    state.gpu_keys = by_gpu.keys().cloned().chain(kept.iter().cloned()).collect();
    state.gpu_keys.sort();
    for (key, list) in by_gpu {
        count += list.len();
        if let Some(point) = history_point(hour, &list) {
            batch.put(
                &HISTORY,
                &format!("hist:{provider}:{key}:{hour:012}"),
                &Versioned(point),
            )?;
        }
        batch.put(&OFFERS, &offers_key(&key, provider), &Versioned(list))?;
    }
    state.last_good_at = Some(now);
    state.offers = count;
    state.misses_in_a_row = 0;
    state.last_problem = None;
    if partial.is_none() {
        state.last_full_at = Some(now);
    }
    let recorded = match &partial {
        None => Recorded::Replaced {
            offers: count,
            gpus,
        },
        Some(_) => Recorded::Partial {
            offers: count,
            gpus,
            kept: kept.len(),
        },
    };
    state.partial = partial.map(|why| {
        crate::secret::scrub(&why, &[])
            .chars()
            .take(PROBLEM_MAX_CHARS)
            .collect()
    });
    batch.put(&STATE, &state_key(provider), &Versioned(state))?;
    store.commit(batch)?;
    Ok(recorded)
}

fn miss(state: &mut ProviderState, problem: String) {
    state.misses_total += 1;
    state.misses_in_a_row = state.misses_in_a_row.saturating_add(1);
    // The fetcher scrubs its keys; this catches any credential-shaped text it could not know.
    let problem = crate::secret::scrub(&problem, &[]);
    state.last_problem = Some(problem.chars().take(PROBLEM_MAX_CHARS).collect());
}

/// The hour's point for one card: the cheapest per-GPU price in the snapshot's main currency.
fn history_point(hour: i64, offers: &[Offer]) -> Option<HistoryPoint> {
    let currency = offers.first()?.currency.clone();
    let same: Vec<&Offer> = offers.iter().filter(|o| o.currency == currency).collect();
    Some(HistoryPoint {
        hour,
        cheapest_per_gpu_hour: same.iter().map(|o| o.price_per_gpu_hour).min()?,
        currency,
        in_stock: offers.iter().any(|o| o.stock.in_stock()),
        offers: offers.len(),
    })
}

/// The stored history of one card on one provider, oldest first.
pub fn history(store: &Store, provider: &str, gpu: &str) -> Result<Vec<HistoryPoint>, StoreError> {
    Ok(store
        .scan_prefix(&HISTORY, &format!("hist:{provider}:{}:", gpu_key(gpu)))?
        .into_iter()
        .map(|(_, p)| p.0)
        .collect())
}
