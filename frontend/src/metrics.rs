//! The process's Prometheus metrics: one registry every part records into, rendered by
//! `serve`'s `GET /metrics`.
//!
//! Call sites use the free functions ([`update_handled`], [`error`], [`reply_latency`],
//! [`alert_queued`], [`alert_sent`], [`rate_limited`]); they are cheap (an atomic add behind a
//! read lock) and never fail. What lives in the store (provider fetch age, outbox depth) is
//! not counted here but read at scrape time and passed to [`render`] as [`Gauges`].
//!
//! Label values are short fixed words (`telegram`, `send_failed`): never user text or ids, so
//! the number of series stays bounded.

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::sync::OnceLock;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

type Labels = Vec<(&'static str, String)>;

/// The content type of [`render`]'s output (OpenMetrics text, which Prometheus reads).
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

struct Metrics {
    registry: Registry,
    updates: Family<Labels, Counter>,
    errors: Family<Labels, Counter>,
    latency: Family<Labels, Histogram>,
    alerts_queued: Counter,
    alerts_sent: Family<Labels, Counter>,
    rate_limited: Family<Labels, Counter>,
    provider_age: Family<Labels, Gauge<f64, AtomicU64>>,
    provider_misses: Family<Labels, Gauge>,
    outbox_depth: Gauge,
    store_commits: Gauge,
}

fn latency_histogram() -> Histogram {
    // 0.5 ms .. ~16 s: a reply with no limit near is well under 10 ms; a paced one waits seconds.
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

fn metrics() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(|| {
        let mut m = Metrics {
            updates: Family::default(),
            errors: Family::default(),
            latency: Family::new_with_constructor(latency_histogram),
            alerts_queued: Counter::default(),
            alerts_sent: Family::default(),
            rate_limited: Family::default(),
            provider_age: Family::default(),
            provider_misses: Family::default(),
            outbox_depth: Gauge::default(),
            store_commits: Gauge::default(),
            registry: Registry::with_prefix("gpuscout"),
        };
        m.registry.register(
            "updates_handled",
            "Chat updates (messages, commands, button presses) answered, by platform",
            m.updates.clone(),
        );
        m.registry.register(
            "errors",
            "Failures by platform and kind (send_chat_gone, send_retry_after, send_failed, answer_panicked, store, ...)",
            m.errors.clone(),
        );
        m.registry.register(
            "reply_latency_seconds",
            "From an update's arrival to its last reply sent, by platform",
            m.latency.clone(),
        );
        m.registry.register(
            "alerts_queued",
            "Stock alerts put into the outbox",
            m.alerts_queued.clone(),
        );
        m.registry.register(
            "alerts_sent",
            "Stock alerts delivered, by platform",
            m.alerts_sent.clone(),
        );
        m.registry.register(
            "rate_limited",
            "Expensive commands refused by the per-user rate limit, by platform",
            m.rate_limited.clone(),
        );
        m.registry.register(
            "provider_fetch_age_seconds",
            "Seconds since each provider's last good fetch (absent: never fetched)",
            m.provider_age.clone(),
        );
        m.registry.register(
            "provider_misses_in_a_row",
            "Failed or empty fetches in a row, per provider",
            m.provider_misses.clone(),
        );
        m.registry.register(
            "outbox_depth",
            "Notifications waiting in the outbox",
            m.outbox_depth.clone(),
        );
        m.registry.register(
            "store_commits",
            "Durable store transactions since start (each pays the disk's syncs; writes arriving together share one)",
            m.store_commits.clone(),
        );
        m
    })
}

fn platform(p: &str) -> Labels {
    vec![("platform", p.to_string())]
}

/// Creates `platform`'s series at zero, so a scrape shows them before the first update
/// (a counter that appears only once it moves defeats `rate()` and alerting on absence).
pub fn register_platform(platform_name: &str) {
    let m = metrics();
    let labels = platform(platform_name);
    drop(m.updates.get_or_create(&labels));
    drop(m.latency.get_or_create(&labels));
    drop(m.rate_limited.get_or_create(&labels));
    for kind in ["send_chat_gone", "send_retry_after", "send_failed"] {
        let mut labels = labels.clone();
        labels.push(("kind", kind.to_string()));
        drop(m.errors.get_or_create(&labels));
    }
}

/// One update answered on `platform`.
pub fn update_handled(platform_name: &str) {
    metrics()
        .updates
        .get_or_create(&platform(platform_name))
        .inc();
}

/// One failure of `kind` on `platform` (a short fixed word, e.g. `send_failed`).
pub fn error(platform_name: &str, kind: &str) {
    let mut labels = platform(platform_name);
    labels.push(("kind", kind.to_string()));
    metrics().errors.get_or_create(&labels).inc();
}

/// How long an update on `platform` took from arrival to its last reply.
pub fn reply_latency(platform_name: &str, took: Duration) {
    metrics()
        .latency
        .get_or_create(&platform(platform_name))
        .observe(took.as_secs_f64());
}

/// `n` alerts were put into the outbox.
pub fn alert_queued(n: u64) {
    metrics().alerts_queued.inc_by(n);
}

/// One alert was delivered on `platform`.
pub fn alert_sent(platform_name: &str) {
    metrics()
        .alerts_sent
        .get_or_create(&platform(platform_name))
        .inc();
}

/// One expensive command was refused by the rate limit on `platform`.
pub fn rate_limited(platform_name: &str) {
    metrics()
        .rate_limited
        .get_or_create(&platform(platform_name))
        .inc();
}

/// One provider's feed as the store last recorded it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProviderGauge {
    pub provider: String,
    /// Seconds since the last good fetch; `None` when there was none.
    pub fetch_age_seconds: Option<f64>,
    pub misses_in_a_row: u32,
}

/// What is read from the store at scrape time.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Gauges {
    pub providers: Vec<ProviderGauge>,
    /// `None` when the store could not be read (the gauge keeps its last value).
    pub outbox_depth: Option<u64>,
    /// Durable store commits since the open (`None`: not known).
    pub store_commits: Option<u64>,
}

/// Every metric in the OpenMetrics text format ([`CONTENT_TYPE`]), with `gauges` applied.
pub fn render(gauges: &Gauges) -> String {
    let m = metrics();
    m.provider_age.clear();
    m.provider_misses.clear();
    for p in &gauges.providers {
        let labels = vec![("provider", p.provider.clone())];
        if let Some(age) = p.fetch_age_seconds {
            m.provider_age.get_or_create(&labels).set(age);
        }
        m.provider_misses
            .get_or_create(&labels)
            .set(i64::from(p.misses_in_a_row));
    }
    if let Some(depth) = gauges.outbox_depth {
        m.outbox_depth.set(i64::try_from(depth).unwrap_or(i64::MAX));
    }
    if let Some(commits) = gauges.store_commits {
        m.store_commits
            .set(i64::try_from(commits).unwrap_or(i64::MAX));
    }
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = encode(&mut out, &m.registry);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str, series: &str) -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(series)?.trim().parse().ok())
            .unwrap_or(0.0)
    }

    #[test]
    fn counters_move_and_render_with_their_labels() {
        let before = render(&Gauges::default());
        update_handled("test-a");
        update_handled("test-a");
        error("test-a", "send_failed");
        reply_latency("test-a", Duration::from_millis(3));
        let text = render(&Gauges {
            providers: vec![
                ProviderGauge {
                    provider: "vast".into(),
                    fetch_age_seconds: Some(12.5),
                    misses_in_a_row: 2,
                },
                ProviderGauge {
                    provider: "lambda".into(),
                    fetch_age_seconds: None,
                    misses_in_a_row: 5,
                },
            ],
            outbox_depth: Some(7),
            store_commits: Some(41),
        });
        let handled = "gpuscout_updates_handled_total{platform=\"test-a\"}";
        assert_eq!(
            value(&text, handled) - value(&before, handled),
            2.0,
            "{text}"
        );
        assert_eq!(
            value(
                &text,
                "gpuscout_errors_total{platform=\"test-a\",kind=\"send_failed\"}"
            ),
            1.0
        );
        assert_eq!(
            value(
                &text,
                "gpuscout_reply_latency_seconds_count{platform=\"test-a\"}"
            ),
            1.0
        );
        assert_eq!(
            value(
                &text,
                "gpuscout_provider_fetch_age_seconds{provider=\"vast\"}"
            ),
            12.5
        );
        assert!(!text.contains("gpuscout_provider_fetch_age_seconds{provider=\"lambda\"}"));
        assert_eq!(
            value(
                &text,
                "gpuscout_provider_misses_in_a_row{provider=\"lambda\"}"
            ),
            5.0
        );
        assert_eq!(value(&text, "gpuscout_outbox_depth"), 7.0);
        assert_eq!(value(&text, "gpuscout_store_commits"), 41.0);
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
