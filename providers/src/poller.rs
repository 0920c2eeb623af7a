//! The poller: each provider on its own schedule (the interval with ±10 % jitter; after a
//! miss, exponential backoff from [`RETRY_AFTER`] up to [`MAX_BACKOFF`]), each fetch under
//! the timeout, each result recorded in the store off the async runtime
//! (`spawn_blocking`: redb blocks). It stops when its `CancellationToken` is cancelled, even
//! in the middle of a fetch. A miss never replaces a snapshot (bot-core's `record_fetch`).

use crate::config::Config;
use crate::{Adapter, FetchError, fetch};
use bot_core::availability::{FetchOutcome, Recorded, now_unix, record_fetch_taken, record_fx};
use bot_core::{Catalog, Store};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// First retry after a miss.
pub const RETRY_AFTER: Duration = Duration::from_secs(30);
/// Longest wait between tries of a failing provider.
pub const MAX_BACKOFF: Duration = Duration::from_secs(6 * 3600);
/// The one early retry of a refused key: a provider's auth service can fail for minutes
/// (a short 401 outage); asking once more after this costs one request, while waiting
/// [`MAX_BACKOFF`] at once would cost six hours of snapshots.
pub const KEY_RETRY: Duration = Duration::from_secs(15 * 60);

/// What one poll of one provider did.
#[derive(Debug, Clone, PartialEq)]
pub struct PollReport {
    pub provider: &'static str,
    /// `None` when the store could not be written (then `problem` says why).
    pub recorded: Option<Recorded>,
    pub offers: usize,
    /// Rows the provider sent that could not be read.
    pub skipped: usize,
    pub problem: Option<String>,
    pub took: Duration,
    /// The provider's `Retry-After` on a refused answer: the next try waits at least this.
    pub retry_after: Option<Duration>,
    /// Why the answer was partial (its row cap, a page of several), when it was.
    pub partial: Option<String>,
    /// Figures and rows refused (another currency, another unit, two readings): the first
    /// few word for word, and how many in all.
    pub refused: Vec<String>,
    pub refused_total: usize,
    /// Of `refused_total`, whole rows refused (the rest of the answer read).
    pub rows_refused: usize,
    /// The provider refused our key ([`FetchError::key_refused`]): asked once more after
    /// [`KEY_RETRY`] (a short auth outage), then not before [`MAX_BACKOFF`]; only the first
    /// miss in a row is logged as a warning.
    pub key_refused: bool,
    /// How the answer was dated, when that needs saying (`Parsed::dated`).
    pub dated: Option<String>,
}

impl PollReport {
    /// Whether this report, the `misses`-th failure in a row, goes to the log as a warning:
    /// a refused key is said once (then at debug level until a poll succeeds), every other
    /// failure each time.
    pub fn worth_a_warning(&self, misses: u32) -> bool {
        !self.key_refused || misses <= 1
    }

    /// Did this poll bring a new snapshot?
    pub fn replaced(&self) -> bool {
        matches!(
            self.recorded,
            Some(Recorded::Replaced { .. } | Recorded::Partial { .. })
        )
    }

    /// Did the provider answer with offers (stored, or dropped only because a newer reading
    /// was stored meanwhile)? Such a poll is no miss: the next one waits the interval.
    pub fn answered(&self) -> bool {
        self.replaced()
            || (matches!(self.recorded, Some(Recorded::Superseded { .. }))
                && self.problem.is_none())
    }

    /// One line for a log: no URL, no key.
    pub fn line(&self) -> String {
        let mut line = self.outcome_line();
        if let Some(dated) = &self.dated {
            line = format!("{line}; {dated}");
        }
        if self.refused_total == 0 {
            return line;
        }
        let rows = match self.rows_refused {
            0 => String::new(),
            n => format!(" ({n} of them whole rows, the rest of the answer read)"),
        };
        format!(
            "{line}; {} figure(s) refused{rows}, not guessed: {}{}",
            self.refused_total,
            self.refused.join("; "),
            if self.refused_total > self.refused.len() {
                "; …"
            } else {
                ""
            }
        )
    }

    fn outcome_line(&self) -> String {
        let took = format!("{:.1}s", self.took.as_secs_f64());
        match (&self.recorded, &self.problem) {
            (Some(Recorded::Replaced { offers, .. }), _) if self.provider == FX => {
                format!("poll: fx: {offers} exchange rates stored ({took})")
            }
            (_, Some(p)) if self.provider == FX => {
                format!("poll: fx: {p}; answers use the last stored or the catalog rate ({took})")
            }
            (Some(Recorded::Replaced { offers, gpus }), _) => format!(
                "poll: {}: {offers} offers for {gpus} GPU models{} ({took})",
                self.provider,
                if self.skipped > 0 {
                    format!(", {} unreadable rows skipped", self.skipped)
                } else {
                    String::new()
                }
            ),
            (Some(Recorded::Partial { offers, gpus, kept }), _) => format!(
                "poll: {}: a partial answer ({}): {offers} offers for {gpus} GPU models; {kept} models it left out keep their last reading ({took})",
                self.provider,
                self.partial.as_deref().unwrap_or("cut short"),
            ),
            (Some(Recorded::Superseded { newer }), _) => format!(
                "poll: {}: an answer older than the stored one (read at {newer}) landed late; dropped ({took})",
                self.provider
            ),
            (Some(Recorded::KeptAfterEmpty), _) => format!(
                "poll: {}: no offers in the answer; keeping the last snapshot ({took})",
                self.provider
            ),
            (_, Some(p)) => format!(
                "poll: {}: {p}; keeping the last snapshot ({took})",
                self.provider
            ),
            (_, None) => format!("poll: {}: failed ({took})", self.provider),
        }
    }
}

/// The name the exchange-rate feed goes by in reports and `--provider`.
pub const FX: &str = "fx";

#[derive(Clone)]
pub struct Poller {
    adapters: Vec<Arc<dyn Adapter>>,
    fx_url: Option<String>,
    catalog: Arc<Catalog>,
    store: Arc<Store>,
    http: reqwest::Client,
    interval: Duration,
    timeout: Duration,
    /// Told each time a provider's poll has been recorded (the alert watcher listens).
    landed: Option<Arc<Notify>>,
}

impl Poller {
    pub fn new(
        config: &Config,
        adapters: Vec<Arc<dyn Adapter>>,
        catalog: Arc<Catalog>,
        store: Arc<Store>,
    ) -> Result<Poller, FetchError> {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout)
            .redirect(crate::fetch::same_origin_redirects())
            .user_agent(concat!("gpuscout/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| FetchError::Network(e.without_url().to_string()))?;
        Ok(Poller {
            adapters,
            fx_url: config.fx_url.clone(),
            catalog,
            store,
            http,
            interval: config.interval,
            timeout: config.timeout,
            landed: None,
        })
    }

    /// Notifies `landed` after each provider poll is recorded, good or not, so whoever reads
    /// the snapshots (the alert watcher) hears of it instead of polling the store.
    pub fn notify_landed(mut self, landed: Arc<Notify>) -> Poller {
        self.landed = Some(landed);
        self
    }

    /// The feeds polled: the providers, and `fx` when the rates feed is on.
    pub fn providers(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = self.adapters.iter().map(|a| a.provider()).collect();
        if self.fx_url.is_some() {
            out.push(FX);
        }
        out
    }

    /// Fetches the exchange-rate file once and stores it.
    pub async fn poll_fx(&self) -> PollReport {
        let started = Instant::now();
        let now = now_unix();
        let report = |recorded, offers, problem: Option<String>| PollReport {
            provider: FX,
            recorded,
            offers,
            skipped: 0,
            problem,
            took: started.elapsed(),
            retry_after: None,
            partial: None,
            refused: Vec::new(),
            refused_total: 0,
            rows_refused: 0,
            key_refused: false,
            dated: None,
        };
        let Some(url) = self.fx_url.clone() else {
            return report(None, 0, Some("off".into()));
        };
        let snap =
            match crate::import::download(&url, self.timeout, crate::Limits::FX.max_bytes).await {
                Ok((text, _)) => crate::fx::parse_ecb(text.as_bytes(), now),
                Err(e) => Err(e),
            };
        let snap = match snap {
            Ok(s) => s,
            // The feed's `Retry-After` (a 429, a 503) is kept, as a provider's is.
            Err(e) => {
                return PollReport {
                    retry_after: e.retry_after(),
                    ..report(None, 0, Some(e.to_string()))
                };
            }
        };
        let n = snap.rates.len();
        let store = self.store.clone();
        match tokio::task::spawn_blocking(move || record_fx(&store, &snap)).await {
            Ok(Ok(_)) => report(Some(Recorded::Replaced { offers: n, gpus: 0 }), n, None),
            Ok(Err(e)) => report(None, 0, Some(format!("storing the rates failed: {e}"))),
            Err(e) => report(None, 0, Some(format!("storing the rates failed: {e}"))),
        }
    }

    /// Polls every provider (or only `only`) once, all at the same time: the whole takes as
    /// long as the slowest, and a provider that is down costs its own timeout, not the
    /// others'. Reports come in the providers' order, the rates feed last.
    pub async fn poll_once(&self, only: Option<&str>) -> Vec<PollReport> {
        let me = Arc::new(self.clone());
        let mut polls = tokio::task::JoinSet::new();
        for (i, a) in self.adapters.iter().enumerate() {
            if only.is_some_and(|p| p != a.provider()) {
                continue;
            }
            let (me, a) = (me.clone(), a.clone());
            polls.spawn(async move { (i, me.poll(a).await) });
        }
        if self.fx_url.is_some() && only.is_none_or(|p| p == FX) {
            let me = me.clone();
            polls.spawn(async move { (usize::MAX, me.poll_fx().await) });
        }
        let mut out = Vec::new();
        while let Some(done) = polls.join_next().await {
            match done {
                Ok(report) => out.push(report),
                Err(e) => tracing::warn!("poll: a provider's poll ended abnormally: {e}"),
            }
        }
        out.sort_by_key(|(i, _)| *i);
        out.into_iter().map(|(_, r)| r).collect()
    }

    async fn poll(&self, adapter: Arc<dyn Adapter>) -> PollReport {
        let started = Instant::now();
        let now = now_unix();
        let result = fetch(&*adapter, &self.http, &self.catalog, self.timeout, now).await;
        let retry_after = result.as_ref().err().and_then(FetchError::retry_after);
        let key_refused = result.as_ref().err().is_some_and(FetchError::key_refused);
        let mut partial = None;
        // An answer a cache kept is recorded when the cache took it (`Parsed::taken_at`).
        let taken_at = result.as_ref().ok().and_then(|p| p.taken_at).unwrap_or(now);
        let (mut refused, mut refused_total, mut rows_refused) = (Vec::new(), 0, 0);
        let mut dated = None;
        let (outcome, offers, skipped, problem) = match result {
            Ok(mut p) => {
                let n = p.offers.len();
                partial = p.partial.clone();
                dated = p.dated.take();
                refused = std::mem::take(&mut p.refused);
                refused_total = p.refused_total;
                rows_refused = p.rows_refused;
                let skipped = p.skipped;
                (p.outcome(), n, skipped, None)
            }
            Err(e) => (
                FetchOutcome::Failed(e.to_string()),
                0,
                0,
                Some(e.to_string()),
            ),
        };
        let store = self.store.clone();
        let provider = adapter.provider();
        let recorded = tokio::task::spawn_blocking(move || {
            record_fetch_taken(&store, provider, outcome, now, taken_at)
        })
        .await;
        let (recorded, problem) = match recorded {
            Ok(Ok(r)) => (Some(r), problem),
            Ok(Err(e)) => (None, Some(format!("storing the snapshot failed: {e}"))),
            Err(e) => (None, Some(format!("storing the snapshot failed: {e}"))),
        };
        if let Some(landed) = &self.landed {
            landed.notify_one();
        }
        PollReport {
            provider,
            recorded,
            offers,
            skipped,
            problem,
            took: started.elapsed(),
            retry_after,
            partial,
            refused,
            refused_total,
            rows_refused,
            key_refused,
            dated,
        }
    }

    /// Polls every provider on its schedule until `stop` is cancelled.
    pub async fn run(self, stop: CancellationToken) -> Result<(), std::convert::Infallible> {
        let me = Arc::new(self);
        let mut loops = tokio::task::JoinSet::new();
        for (i, a) in me.adapters.iter().enumerate() {
            let (me, a, stop) = (me.clone(), a.clone(), stop.clone());
            loops.spawn(async move {
                let mut misses = 0u32;
                let mut seed = jitter_seed(i);
                loop {
                    let report = tokio::select! {
                        r = me.poll(a.clone()) => r,
                        () = stop.cancelled() => return,
                    };
                    misses = if report.answered() {
                        0
                    } else {
                        misses.saturating_add(1)
                    };
                    // A refused figure is worth the operator's eye even in a good answer;
                    // a refused key is said once, not at every try.
                    if report.answered() && report.refused_total == 0 {
                        tracing::info!("{}", report.line());
                    } else if report.worth_a_warning(misses) {
                        tracing::warn!("{}", report.line());
                    } else {
                        tracing::debug!("{}", report.line());
                    }
                    let wait = wait_after(&report, me.interval, misses, &mut seed);
                    tokio::select! {
                        () = tokio::time::sleep(wait) => {}
                        () = stop.cancelled() => return,
                    }
                }
            });
        }
        if me.fx_url.is_some() {
            let (me, stop) = (me.clone(), stop.clone());
            loops.spawn(async move {
                let mut misses = 0u32;
                let mut seed = jitter_seed(usize::MAX / 2);
                loop {
                    let report = tokio::select! {
                        r = me.poll_fx() => r,
                        () = stop.cancelled() => return,
                    };
                    if report.replaced() {
                        tracing::info!("{}", report.line());
                    } else {
                        tracing::warn!("{}", report.line());
                    }
                    misses = if report.replaced() {
                        0
                    } else {
                        misses.saturating_add(1)
                    };
                    let wait = wait_after(&report, crate::fx::FX_INTERVAL, misses, &mut seed);
                    tokio::select! {
                        () = tokio::time::sleep(wait) => {}
                        () = stop.cancelled() => return,
                    }
                }
            });
        }
        while loops.join_next().await.is_some() {}
        Ok(())
    }
}

/// The wait before the next poll: the interval after a good one; after `misses` in a row,
/// [`RETRY_AFTER`] doubled each time, never above [`MAX_BACKOFF`] (nor below 1 s).
pub fn next_delay(interval: Duration, misses: u32) -> Duration {
    if misses == 0 {
        return interval;
    }
    let factor = 1u32.checked_shl(misses - 1).unwrap_or(u32::MAX);
    RETRY_AFTER
        .checked_mul(factor)
        .unwrap_or(MAX_BACKOFF)
        .min(MAX_BACKOFF)
        .max(Duration::from_secs(1))
}

/// The wait after `report`: the schedule ([`next_delay`], jittered), and never less than the
/// provider's `Retry-After` (a 429 asking for ten minutes is not asked again in thirty
/// seconds).
pub fn wait_after(
    report: &PollReport,
    interval: Duration,
    misses: u32,
    seed: &mut u64,
) -> Duration {
    // A refused key mostly stays refused until the operator changes it (and restarts):
    // asking again in 30 s, 60 s, … only repeats the refusal. One retry after KEY_RETRY
    // covers a provider's short auth outage; a second refusal in a row waits MAX_BACKOFF.
    if report.key_refused {
        let wait = if misses <= 1 { KEY_RETRY } else { MAX_BACKOFF };
        return report.retry_after.map_or(wait, |asked| wait.max(asked));
    }
    let scheduled = jittered(next_delay(interval, misses), seed);
    report
        .retry_after
        .map_or(scheduled, |asked| scheduled.max(asked))
}

fn jitter_seed(i: usize) -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    (t ^ ((i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))) | 1
}

/// `d` ±10 %, from a xorshift step of `seed` (so providers do not poll in lockstep).
pub fn jittered(d: Duration, seed: &mut u64) -> Duration {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let unit = (*seed % 2001) as f64 / 1000.0 - 1.0; // -1.0 ..= 1.0
    d.mul_f64(1.0 + 0.1 * unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_thirty_seconds_and_is_capped() {
        let i = Duration::from_secs(900);
        assert_eq!(next_delay(i, 0), i);
        assert_eq!(next_delay(i, 1), Duration::from_secs(30));
        assert_eq!(next_delay(i, 3), Duration::from_secs(120));
        assert_eq!(next_delay(i, 40), MAX_BACKOFF);
        let report = |retry_after| PollReport {
            provider: "vast",
            recorded: None,
            offers: 0,
            skipped: 0,
            problem: Some("HTTP 429".into()),
            took: Duration::ZERO,
            retry_after,
            partial: None,
            refused: Vec::new(),
            refused_total: 0,
            rows_refused: 0,
            key_refused: false,
            dated: None,
        };
        let mut seed = 7;
        // A 429 asking for ten minutes waits them, not the first 30 s step of the backoff.
        let asked = Duration::from_secs(600);
        assert_eq!(wait_after(&report(Some(asked)), i, 1, &mut seed), asked);
        // A short Retry-After never shortens the schedule.
        let w = wait_after(&report(Some(Duration::from_secs(1))), i, 3, &mut seed);
        assert!(w >= Duration::from_secs(108), "{w:?}");
        let w = wait_after(&report(None), i, 1, &mut seed);
        assert!(w <= Duration::from_secs(33), "{w:?}");
        let mut seed = 12345;
        for _ in 0..1000 {
            let d = jittered(i, &mut seed);
            assert!(d >= i.mul_f64(0.9) && d <= i.mul_f64(1.1), "{d:?}");
        }
    }
}
