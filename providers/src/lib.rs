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
pub mod ratelimit;
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
    /// Why the answer is known to be incomplete (the row cap we asked for reached, a page of
    /// several, an error beside the data), or `None`. A partial answer is recorded as such:
    /// it can show a card in stock, never one gone.
    pub partial: Option<String>,
    /// Figures refused, each with its field and why (a sign of another currency, a price per
    /// another period, two readings, a row priced in another currency): the first
    /// [`Parsed::NOTED`] of them, for the poll's log line; `refused_total` counts them all.
    pub refused: Vec<String>,
    pub refused_total: usize,
    /// Of `refused_total`, whole rows refused (a name written twice in the row with two
    /// values, a row priced in another currency): the rest of the answer is read.
    pub rows_refused: usize,
    /// When the offers were seen, where that is before the fetch (a cache's copy, `Age`):
    /// the snapshot is recorded at that time. `None`: at the fetch.
    pub taken_at: Option<i64>,
    /// How the answer was dated when that needs saying ([`fetch::dating`]): a cache's copy
    /// dated back by `Age` or `Date`, or a host whose clock is off. For the poll's line.
    pub dated: Option<String>,
}

impl Parsed {
    /// Refusals kept word for word (the rest are counted).
    pub const NOTED: usize = 5;

    /// Notes one refused figure or row.
    pub(crate) fn refuse(&mut self, why: String) {
        if self.refused.len() < Parsed::NOTED {
            self.refused.push(why.chars().take(160).collect());
        }
        self.refused_total += 1;
    }

    /// Notes one whole row refused (counted apart for the poll's line).
    pub(crate) fn refuse_row(&mut self, why: String) {
        self.refuse(why);
        self.rows_refused += 1;
    }

    /// What the store records for this answer: its offers, as a partial answer when it is one.
    pub fn outcome(self) -> bot_core::availability::FetchOutcome {
        use bot_core::availability::FetchOutcome;
        match self.partial {
            Some(why) => FetchOutcome::Partial {
                offers: self.offers,
                why,
            },
            None => FetchOutcome::Offers(self.offers),
        }
    }
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
            // A whole number written as a float (`4242.0`, a Python backend's) is that id.
            Some(serde_json::Value::Number(n)) => match n.as_f64() {
                Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 9.0e15 => {
                    format!("{}", f as i64)
                }
                // An id read as a float past 2^53 (an integer beyond u64, say) no longer
                // tells two hosts apart: it is no id, never a repeat.
                Some(_) if n.is_f64() => return false,
                _ => n.to_string(),
            },
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
    /// The provider said, inside an answer with a 200 status, that our key is refused (a
    /// GraphQL `UNAUTHENTICATED`): the same as a 401 for the schedule and the log.
    #[error("key refused: {0}")]
    KeyRefused(String),
}

impl FetchError {
    /// How long the provider asked us to stay away (`Retry-After` on an error answer).
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            FetchError::Http { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    /// Whether the provider refused our key or account: a 401, a refusal said inside the
    /// answer ([`FetchError::KeyRefused`]), or a 403 whose body is the
    /// provider's own JSON (Lambda's `global/account-inactive`, Vast's `auth_error`). A 403
    /// page from a proxy or CDN (HTML, a bot challenge) passes and is not counted.
    pub fn key_refused(&self) -> bool {
        match self {
            FetchError::Http { status: 401, .. } | FetchError::KeyRefused(_) => true,
            FetchError::Http {
                status: 403,
                snippet,
                ..
            } => snippet.trim_start().starts_with('{'),
            _ => false,
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
            FetchError::KeyRefused(t) => FetchError::KeyRefused(s(t)),
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

/// What in an answer's top level says it is not the whole list: a cursor or link to a next
/// page (`next`, `next_cursor`, `nextPageToken`, GraphQL's `pageInfo.hasNextPage`), a
/// `has_more`/`truncated` flag, or a `total` above the rows it holds; and an error reported
/// beside the data (HTTP 200 with `error`/`errors`, GraphQL's partial answer). `rows` is the
/// number of rows the answer holds. `None` for a whole answer.
pub(crate) fn incomplete(root: &serde_json::Value, rows: usize) -> Option<String> {
    use serde_json::Value;
    let present = |v: &Value| match v {
        Value::Null | Value::Bool(false) => false,
        Value::String(s) => !s.trim().is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => true,
    };
    let scopes: Vec<&Value> = [
        Some(root),
        root.get("data"),
        root.get("meta"),
        root.get("pagination"),
    ]
    .into_iter()
    .flatten()
    .filter(|v| v.is_object())
    .collect();
    for scope in &scopes {
        for key in [
            "next",
            "next_cursor",
            "nextCursor",
            "next_page",
            "nextPage",
            "next_page_token",
            "nextPageToken",
            "next_token",
            "continuation_token",
        ] {
            if scope.get(key).is_some_and(present) {
                return Some(format!("the answer is one page of several (`{key}`)"));
            }
        }
        for key in [
            "has_more",
            "hasMore",
            "has_next_page",
            "hasNextPage",
            "truncated",
            "partial",
        ] {
            // Written as `true`, `"true"` or 1 by as many encoders (`json::flag`).
            if crate::json::flag(scope.get(key)) == Some(true) {
                return Some(format!(
                    "the answer says it is not the whole list (`{key}`)"
                ));
            }
        }
        if crate::json::flag(scope.pointer("/pageInfo/hasNextPage")) == Some(true) {
            return Some("the answer is one page of several (`pageInfo.hasNextPage`)".into());
        }
        for key in ["total", "total_count", "totalCount"] {
            // A number or its text (`"5000"`).
            if let Some(total) = crate::json::count(scope.get(key))
                && rows > 0
                && total as usize > rows
            {
                return Some(format!("the answer holds {rows} of {total} rows"));
            }
        }
    }
    reported_error(root).map(|why| format!("the answer reports an error beside its data: {why}"))
}

/// The error an answer reports at its top level (`errors[0].message`, `error.message`,
/// `error`, `msg`), sent with HTTP 200 by GraphQL and some REST APIs, or `success: false`.
pub(crate) fn reported_error(root: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    let present = |v: &&Value| match v {
        Value::Null | Value::Bool(false) => false,
        Value::String(s) => !s.trim().is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => true,
    };
    let error = ["errors", "error"]
        .into_iter()
        .filter_map(|k| root.get(k))
        .find(present);
    // `false`, `"false"` or 0 (`json::flag`): each encoder's way of saying it failed.
    let failed = crate::json::flag(root.get("success")) == Some(false);
    if error.is_none() && !failed {
        return None;
    }
    let code = error.and_then(Value::as_str);
    let message = error
        .and_then(|e| e.pointer("/0/message").or_else(|| e.get("message")))
        .or_else(|| root.get("msg"))
        .or_else(|| root.get("message"))
        .and_then(Value::as_str);
    let why = match (code, message) {
        (Some(c), Some(m)) => format!("{c}: {m}"),
        (Some(t), None) | (None, Some(t)) => t.to_string(),
        (None, None) => "an error with no message".into(),
    };
    Some(why.chars().take(120).collect())
}

/// The checks every adapter makes once its `rows` are read into `parsed`: no row and an
/// error reported is that error (HTTP 200 with an error body is a failure, never "no
/// offers"); every row unreadable is a malformed answer; an answer that says it is not the
/// whole list ([`incomplete`]) is marked partial.
pub(crate) fn finish(
    provider: &str,
    root: &serde_json::Value,
    rows: usize,
    mut parsed: Parsed,
) -> Result<Parsed, FetchError> {
    if rows == 0
        && let Some(why) = reported_error(root)
    {
        return Err(FetchError::Malformed(format!("{provider}: {why}")));
    }
    all_rows_unreadable(rows, &parsed)?;
    if parsed.partial.is_none() {
        parsed.partial = incomplete(root, rows);
    }
    Ok(parsed)
}

/// Every row was unreadable: the answer is malformed, not "no offers".
pub(crate) fn all_rows_unreadable(rows: usize, parsed: &Parsed) -> Result<(), FetchError> {
    if rows > 0 && parsed.offers.is_empty() && parsed.skipped > 0 {
        // The first refusal says why when there is one (a row written twice, say).
        let first = parsed
            .refused
            .first()
            .map(|why| format!(": {why}"))
            .unwrap_or_default();
        return Err(FetchError::Malformed(format!(
            "none of the {rows} rows could be read (has the API changed?){first}"
        )));
    }
    Ok(())
}
