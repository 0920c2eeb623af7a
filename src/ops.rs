//! Operations: structured logs, the health of `serve`'s parts, and the `/healthz` and
//! `/metrics` routes on the bot's HTTP server (`GPUSCOUT_HTTP_ADDR`).

use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use bot_core::Store;
use gpuscout_frontend::metrics::{self, Gauges, ProviderGauge};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

/// Logs go to stderr through `tracing`, filtered by `RUST_LOG` (default `info`), e.g.
/// `RUST_LOG=warn` or `RUST_LOG=info,gpuscout_telegram=debug`: a level, and `target=level`
/// pairs, comma-separated (`tracing_subscriber`'s `Targets`; a value it cannot read means
/// `info`). The CLI's own messages to the user are plain stderr lines and not affected.
///
/// Not `EnvFilter`: its span and field filters (`target[span{field=value}]=level`) are no use
/// to an operator of this bot, and it brought a regex engine into the build (three crates
/// fewer to compile; no measurable change in the LTO'd binary, docs/performance.md §20).
pub fn init_logging() {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let filter = log_filter(std::env::var("RUST_LOG").ok().as_deref());
    // A second init (tests running `run` twice) keeps the first subscriber.
    let _ = tracing_subscriber::registry()
        .with(tracing_subscriber::fmt::layer().with_writer(std::io::stderr))
        .with(filter)
        .try_init();
}

/// The log filter `RUST_LOG` asks for (`info` when unset or unreadable).
fn log_filter(spec: Option<&str>) -> tracing_subscriber::filter::Targets {
    use tracing_subscriber::filter::Targets;
    spec.map(str::trim)
        .filter(|s| !s.is_empty())
        .and_then(|s| s.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(tracing::Level::INFO))
}

/// The per-user limit on expensive commands in `serve`: `GPUSCOUT_RATE_LIMIT` (`N/SECONDS` or
/// `off`), default [`DEFAULT_RATE_LIMIT`].
pub fn rate_limit() -> anyhow::Result<Option<bot_core::ratelimit::RateLimit>> {
    const VAR: &str = "GPUSCOUT_RATE_LIMIT";
    let spec = std::env::var(VAR).unwrap_or_else(|_| DEFAULT_RATE_LIMIT.to_string());
    let limit =
        bot_core::ratelimit::Limit::parse(&spec).map_err(|e| anyhow::anyhow!("{VAR}: {e}"))?;
    Ok(limit.map(bot_core::ratelimit::RateLimit::new))
}

/// 30 expensive commands a minute per user: far above a person's pace, well below a script's.
pub const DEFAULT_RATE_LIMIT: &str = "30/60";

/// Where one part of `serve` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PartState {
    Running,
    Stopped,
    Failed,
}

/// The parts of `serve` by name, as they start and end.
#[derive(Debug, Default)]
pub struct Health {
    parts: Mutex<BTreeMap<String, PartState>>,
}

impl Health {
    /// Records `name` (made unique with a number when taken) as running; returns the name used.
    pub fn started(&self, name: &str) -> String {
        let mut parts = self.parts.lock().unwrap_or_else(PoisonError::into_inner);
        let mut unique = name.to_string();
        let mut n = 2;
        while parts.contains_key(&unique) {
            unique = format!("{name}-{n}");
            n += 1;
        }
        parts.insert(unique.clone(), PartState::Running);
        unique
    }

    pub fn ended(&self, name: &str, ok: bool) {
        let state = if ok {
            PartState::Stopped
        } else {
            PartState::Failed
        };
        self.parts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(name.to_string(), state);
    }

    fn snapshot(&self) -> BTreeMap<String, PartState> {
        self.parts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// `GET /healthz` and `GET /metrics`, to merge into the bot's HTTP router.
pub fn routes(health: Arc<Health>, store: Arc<Store>) -> axum::Router {
    let healthz = {
        let store = store.clone();
        move || healthz(health.clone(), store.clone())
    };
    axum::Router::new()
        .route("/healthz", axum::routing::get(healthz))
        .route(
            "/metrics",
            axum::routing::get(move || scrape(store.clone())),
        )
}

/// 200 with `{"status":"ok",...}` while every part runs and the store answers; 503 with the
/// same body saying which is not (a part ended, the database cannot be read).
async fn healthz(health: Arc<Health>, store: Arc<Store>) -> impl IntoResponse {
    let parts = health.snapshot();
    let store_state = tokio::task::spawn_blocking(move || store.schema_version())
        .await
        .map_err(|_| "the check did not finish".to_string())
        .and_then(|r| r.map_err(|e| store_problem(&e)));
    let parts_ok = parts.values().all(|s| *s == PartState::Running);
    let ok = parts_ok && store_state.is_ok();
    let body = serde_json::json!({
        "status": if ok { "ok" } else { "unhealthy" },
        "parts": parts,
        "store": match &store_state {
            Ok(_) => "ok".to_string(),
            Err(e) => e.clone(),
        },
    });
    let code = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        code,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
}

/// What `/healthz` says about a failing store: the kind of failure, never the file's path
/// (the endpoint may be reachable by more people than the server's disk). The full error,
/// path included, goes to the operator's log.
fn store_problem(e: &bot_core::store::StoreError) -> String {
    use bot_core::store::StoreError as E;
    tracing::warn!("healthz: the store is unhealthy: {e}");
    match e {
        E::Full { .. } | E::NoRoom { .. } => "disk full",
        E::Damaged { .. } | E::Decode { .. } => "damaged",
        E::Locked { .. } => "in use by another process",
        E::NewerSchema { .. } | E::NewerFormat { .. } => "made by a newer version",
        E::Io { .. } | E::Db(_) => "cannot be read or written",
    }
    .to_string()
}

async fn scrape(store: Arc<Store>) -> impl IntoResponse {
    let now = bot_core::availability::now_unix();
    let gauges = tokio::task::spawn_blocking(move || gauges(&store, now))
        .await
        .unwrap_or_default();
    (
        [(header::CONTENT_TYPE, metrics::CONTENT_TYPE)],
        metrics::render(&gauges),
    )
}

/// What the store says about the feeds and the outbox, now.
fn gauges(store: &Store, now: i64) -> Gauges {
    let providers = bot_core::availability::provider_states(store)
        .unwrap_or_default()
        .into_iter()
        .map(|p| ProviderGauge {
            fetch_age_seconds: p.last_good_at.map(|t| (now - t).max(0) as f64),
            misses_in_a_row: p.misses_in_a_row,
            provider: p.provider,
        })
        .collect();
    Gauges {
        providers,
        outbox_depth: store.count(&bot_core::store::tables::OUTBOX).ok(),
        store_commits: Some(store.commits()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What README.md shows operators (`warn`, `info,gpuscout_telegram=debug`) reads as it
    /// did with `EnvFilter`; an unreadable value is `info`, not silence.
    #[test]
    fn rust_log_reads_levels_and_targets() {
        use tracing::Level;
        let f = log_filter(Some("info,gpuscout_telegram=debug"));
        assert!(f.would_enable("gpuscout_telegram::poll", &Level::DEBUG));
        assert!(!f.would_enable("gpuscout_telegram::poll", &Level::TRACE));
        assert!(f.would_enable("bot_core", &Level::INFO));
        assert!(!f.would_enable("bot_core", &Level::DEBUG));
        let warn = log_filter(Some("WARN"));
        assert!(warn.would_enable("gpuscout", &Level::WARN));
        assert!(!warn.would_enable("gpuscout", &Level::INFO));
        assert!(!log_filter(Some("off")).would_enable("gpuscout", &Level::ERROR));
        for unread in [None, Some(""), Some("not a level=at all=really")] {
            let f = log_filter(unread);
            assert!(f.would_enable("x", &Level::INFO), "{unread:?}");
            assert!(!f.would_enable("x", &Level::DEBUG), "{unread:?}");
        }
    }

    #[test]
    fn health_names_parts_uniquely_and_tracks_their_end() {
        let h = Health::default();
        assert_eq!(h.started("telegram"), "telegram");
        assert_eq!(h.started("part"), "part");
        assert_eq!(h.started("part"), "part-2");
        h.ended("part-2", false);
        let s = h.snapshot();
        assert_eq!(s["telegram"], PartState::Running);
        assert_eq!(s["part-2"], PartState::Failed);
    }

    #[tokio::test]
    async fn healthz_is_503_naming_the_part_that_ended() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
        let health = Arc::new(Health::default());
        health.started("telegram");
        health.started("poller");
        let body = |r: axum::response::Response| async move {
            let code = r.status();
            let bytes = axum::body::to_bytes(r.into_body(), 1 << 16).await.unwrap();
            let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            (code, v)
        };
        let (code, v) = body(healthz(health.clone(), store.clone()).await.into_response()).await;
        assert_eq!(code, StatusCode::OK);
        assert_eq!(v["status"], "ok");
        health.ended("poller", false);
        let (code, v) = body(healthz(health, store).await.into_response()).await;
        assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(v["status"], "unhealthy");
        assert_eq!(v["parts"]["poller"], "failed");
        assert_eq!(v["parts"]["telegram"], "running");
    }

    #[test]
    fn an_unhealthy_store_is_named_by_kind_without_its_path() {
        use bot_core::store::StoreError as E;
        let path = std::path::PathBuf::from("/srv/secret-place/gpuscout/gpuscout.redb");
        let errors = [
            E::Full { path: path.clone() },
            E::Damaged {
                path: path.clone(),
                detail: format!("bad page in {}", path.display()),
            },
            E::Locked { path: path.clone() },
            E::Io {
                path: path.clone(),
                detail: format!("{}: permission denied", path.display()),
            },
            E::NewerFormat {
                path: path.clone(),
                found: 4,
                supported: 3,
            },
        ];
        for e in &errors {
            assert!(e.to_string().contains("/srv/secret-place"));
            let shown = store_problem(e);
            assert!(!shown.contains('/') && !shown.is_empty(), "{shown}");
        }
    }

    #[test]
    fn gauges_come_from_the_stored_provider_states() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&bot_core::store::db_path(dir.path())).unwrap();
        let g = gauges(&store, 1_000);
        assert!(g.providers.is_empty());
        assert_eq!(g.outbox_depth, Some(0));
        store
            .put(
                &bot_core::store::tables::OUTBOX,
                "in:telegram:1",
                &bot_core::store::Versioned(bot_core::alerts::outbox::OutboxRow::Update(
                    bot_core::alerts::outbox::QueuedUpdate(serde_json::json!({"to": "x"})),
                )),
            )
            .unwrap();
        assert_eq!(gauges(&store, 1_000).outbox_depth, Some(1));
    }
}
