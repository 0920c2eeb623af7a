//! Network I/O for live offers, outside bot-core: one small [`Adapter`] per provider
//! (build the request; read the answer into bot-core's [`Offer`]s), [`fetch`] with a
//! timeout, the env [`Config`], and the [`Poller`] that `gpuscout serve` runs and
//! `gpuscout poll --once` calls.
//!
//! What it is not: a place for domain rules. Snapshots, freshness and "never a false sold
//! out" live in `bot_core::availability`; this crate only fetches and parses. Secrets come
//! from the environment, travel in headers (never in URLs), and never appear in `Debug`,
//! logs or errors.

pub mod config;
pub mod curated;
pub mod fetch;
pub mod fx;
pub mod import;
mod json;
pub mod lambda;
pub mod poller;
pub mod runpod;
mod secret;
pub mod vast;

pub use config::{Config, ConfigError, Endpoint};
pub use fetch::{Limits, fetch, fetch_with};
pub use poller::{PollReport, Poller};
pub use secret::Secret;

use bot_core::Catalog;
use bot_core::availability::Offer;
use std::time::Duration;

/// What one answer held: the offers read, and the rows that could not be read (schema drift
/// in a row skips that row, not the fetch).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    pub offers: Vec<Offer>,
    pub skipped: usize,
    /// Rows that repeated an id already read (merged into the first: one host, one offer).
    pub duplicates: usize,
}

/// Remembers the provider ids read so far in one answer: a repeated id is the same offer
/// again, never a second one.
#[derive(Default)]
pub(crate) struct SeenIds(std::collections::HashSet<String>);

impl SeenIds {
    /// True when `id` was read before in this answer (a row without an id is never a repeat).
    pub(crate) fn repeat(&mut self, id: Option<&serde_json::Value>) -> bool {
        let key = match id {
            Some(serde_json::Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
            Some(serde_json::Value::Number(n)) => n.to_string(),
            _ => return false,
        };
        !self.0.insert(key)
    }
}

/// Why a fetch brought nothing usable. The text never holds a URL or a key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    #[error("network error: {0}")]
    Network(String),
    /// `retry_after`: the answer's `Retry-After` in seconds (429 and 503 send it); the
    /// poller waits at least that long before asking again.
    #[error("HTTP {status}: {snippet}")]
    Http {
        status: u16,
        snippet: String,
        retry_after: Option<Duration>,
    },
    #[error("unreadable answer: {0}")]
    Malformed(String),
    /// Past a size or row cap ([`Limits`]): refused, not read further.
    #[error("answer refused: {0}")]
    TooLarge(String),
}

impl FetchError {
    /// How long the provider asked us to stay away (`Retry-After` on an error answer).
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            FetchError::Http { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    /// The same error with `secrets` and anything key-like scrubbed from its text.
    pub fn scrubbed(self, secrets: &[&str]) -> FetchError {
        let s = |t: String| bot_core::secret::scrub(&t, secrets);
        match self {
            FetchError::Timeout(d) => FetchError::Timeout(d),
            FetchError::Network(t) => FetchError::Network(s(t)),
            FetchError::Http {
                status,
                snippet,
                retry_after,
            } => FetchError::Http {
                status,
                snippet: s(snippet),
                retry_after,
            },
            FetchError::Malformed(t) => FetchError::Malformed(s(t)),
            FetchError::TooLarge(t) => FetchError::TooLarge(s(t)),
        }
    }
}

/// One provider's API: how to ask, and how to read the answer. Parsing is pure, so tests and
/// benches call it on bytes without a network.
pub trait Adapter: Send + Sync {
    /// Catalog platform id (`vast`, `runpod`, `lambda`).
    fn provider(&self) -> &'static str;
    /// The request, with any key in a header.
    fn request(&self, http: &reqwest::Client) -> reqwest::RequestBuilder;
    /// Reads a 200 answer fetched at `now` (seconds since the epoch). More rows than
    /// [`Limits::PROVIDER`] allows is refused before any is read.
    fn parse(&self, body: &[u8], catalog: &Catalog, now: i64) -> Result<Parsed, FetchError>;
    /// The key this adapter sends, so an answer that echoes it back can be scrubbed.
    fn secret(&self) -> Option<&Secret> {
        None
    }
}

/// Every row was unreadable: the answer is malformed, not "no offers".
pub(crate) fn all_rows_unreadable(rows: usize, parsed: &Parsed) -> Result<(), FetchError> {
    if rows > 0 && parsed.offers.is_empty() && parsed.skipped > 0 {
        return Err(FetchError::Malformed(format!(
            "none of the {rows} rows could be read (has the API changed?)"
        )));
    }
    Ok(())
}
