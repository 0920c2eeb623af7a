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
pub mod fx;
pub mod import;
mod json;
pub mod lambda;
pub mod poller;
pub mod runpod;
mod secret;
pub mod vast;

pub use config::{Config, ConfigError, Endpoint};
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
}

/// Why a fetch brought nothing usable. The text never holds a URL or a key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    #[error("network error: {0}")]
    Network(String),
    #[error("HTTP {status}: {snippet}")]
    Http { status: u16, snippet: String },
    #[error("unreadable answer: {0}")]
    Malformed(String),
}

/// One provider's API: how to ask, and how to read the answer. Parsing is pure, so tests and
/// benches call it on bytes without a network.
pub trait Adapter: Send + Sync {
    /// Catalog platform id (`vast`, `runpod`, `lambda`).
    fn provider(&self) -> &'static str;
    /// The request, with any key in a header.
    fn request(&self, http: &reqwest::Client) -> reqwest::RequestBuilder;
    /// Reads a 200 answer fetched at `now` (seconds since the epoch).
    fn parse(&self, body: &[u8], catalog: &Catalog, now: i64) -> Result<Parsed, FetchError>;
}

/// Most bytes of an error body kept in a message.
const SNIPPET_CHARS: usize = 160;

/// Sends the adapter's request and reads the answer, within `timeout`.
pub async fn fetch(
    adapter: &dyn Adapter,
    http: &reqwest::Client,
    catalog: &Catalog,
    timeout: Duration,
    now: i64,
) -> Result<Parsed, FetchError> {
    let exchange = async {
        let response = adapter
            .request(http)
            .timeout(timeout)
            .send()
            .await
            .map_err(network_error)?;
        let status = response.status();
        let body = response.bytes().await.map_err(network_error)?;
        Ok::<_, FetchError>((status, body))
    };
    let (status, body) = tokio::time::timeout(timeout, exchange)
        .await
        .map_err(|_| FetchError::Timeout(timeout))??;
    if !status.is_success() {
        return Err(FetchError::Http {
            status: status.as_u16(),
            snippet: snippet(&body),
        });
    }
    adapter.parse(&body, catalog, now)
}

/// reqwest's error text without its URL (which could carry a key a user put there).
fn network_error(e: reqwest::Error) -> FetchError {
    if e.is_timeout() {
        return FetchError::Network("timed out".into());
    }
    FetchError::Network(e.without_url().to_string())
}

pub(crate) fn snippet(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    one_line.chars().take(SNIPPET_CHARS).collect()
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
