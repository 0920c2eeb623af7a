//! `gpuscout serve`: the long-running bot. This module owns the async runtime, the one
//! [`bot_core::Bot`] every part shares, the stop signal and the set of running parts.
//!
//! A part is a future that runs until its `CancellationToken` is cancelled (the Telegram
//! frontend, Discord's command registration, the HTTP server at `GPUSCOUT_HTTP_ADDR` that
//! carries `/healthz` and Discord's interactions endpoint; the provider poller and the history
//! retention pass; the alert watcher, which runs transition detection when the poller says a
//! poll landed, and the alert dispatcher, which drains the outbox through each platform's sender): adding one is one
//! `parts.start(...)` line in [`run`]. SIGTERM or Ctrl-C cancels the token; so does any part
//! ending on its own (the service is then incomplete, and a supervisor should restart it
//! whole). Parts get [`DEFAULT_STOP_DEADLINE`] (or `GPUSCOUT_STOP_DEADLINE` seconds) to finish;
//! after that they are aborted and the process exits anyway.

use anyhow::{Context, Result, anyhow};
use gpuscout_alerts::dispatch::{Dispatcher, Watcher};
use gpuscout_telegram::admins::TelegramAdmins;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

/// How long the parts get to stop after a stop was asked for.
pub const DEFAULT_STOP_DEADLINE: Duration = Duration::from_secs(10);
/// Seconds, overriding [`DEFAULT_STOP_DEADLINE`].
const STOP_DEADLINE_VAR: &str = "GPUSCOUT_STOP_DEADLINE";

/// Runs every configured part until a stop signal or until one of them ends. The error is
/// the first part's failure, if any.
pub fn run(core: bot_core::Bot) -> Result<()> {
    let deadline = stop_deadline()?;
    let history_days = crate::cli_trend::retention_days()?;
    let mut discord = gpuscout_discord::Config::from_env()?;
    if let Some(d) = &mut discord {
        // Interactions taken before a stop are answered within the same deadline.
        d.stop_deadline = deadline;
    }
    if discord.is_none() {
        tracing::info!("{}", gpuscout_discord::OFF_NOTICE);
    }
    // The endpoint needs the HTTP server; a gateway-only Discord does not.
    let http_addr = http_addr(discord.as_ref().is_some_and(|d| d.public_key.is_some()))?;
    let mut telegram = gpuscout_telegram::Config::from_env()?;
    if let Some(t) = &mut telegram {
        // Telegram answers what it took within the same deadline, then confirms only that.
        t.stop_deadline = deadline;
    }
    if telegram.is_none() {
        tracing::info!("{}", gpuscout_telegram::OFF_NOTICE);
    }
    let env = |k: &str| std::env::var(k).ok();
    let alert_config = bot_core::alerts::AlertConfig::from_vars(env).map_err(|e| anyhow!(e))?;
    // bot-core calls are short and redb serialises writes: a few blocking threads suffice,
    // and each extra one costs a malloc arena that is never given back (memory under load).
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    builder.enable_all().max_blocking_threads(16);
    #[cfg(feature = "jemalloc")]
    builder.on_thread_park(crate::idle_cache::on_park);
    let runtime = builder.build().context("starting the async runtime")?;
    let result = runtime.block_on(async {
        let core = Arc::new(core);
        let mut parts = Parts::new();
        let mut dispatcher = Dispatcher::new(core.store.clone());
        if let Some(config) = telegram {
            let telegram = gpuscout_telegram::Telegram::new(config)?;
            let sender = telegram.sender();
            core.access
                .register("telegram", Arc::new(TelegramAdmins::new(&sender)));
            dispatcher = dispatcher.with_platform("telegram", Arc::new(sender));
            parts.start_as("telegram", telegram.run(core.clone(), parts.stop()));
        }
        let mut http = crate::ops::routes(parts.health.clone(), core.store.clone());
        if let Some(config) = discord {
            let discord = gpuscout_discord::Discord::new(config, core.clone())?;
            tracing::info!("{}", discord.status());
            http = http.merge(discord.routes());
            dispatcher = dispatcher.with_platform("discord", discord.sender());
            parts.start_as("discord", discord.run(parts.stop()));
        }
        if let Some(addr) = http_addr {
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("listening on {HTTP_ADDR_VAR}={addr}"))?;
            tracing::info!("http: listening on {}", listener.local_addr()?);
            let stop = parts.stop();
            parts.start_as("http", async move {
                axum::serve(listener, http)
                    .with_graceful_shutdown(stop.cancelled_owned())
                    .await
            });
        }
        // The poller tells the alert watcher each time a provider's poll is stored.
        let landed = Arc::new(tokio::sync::Notify::new());
        if let Some(poller) = crate::cli_stock::poller(core.catalog.clone(), core.store.clone())? {
            let poller = poller.notify_landed(landed.clone());
            parts.start_as("poller", poller.run(parts.stop()));
            // History only grows while something polls.
            parts.start_as(
                "history-pruner",
                crate::cli_trend::prune_history(core.store.clone(), history_days, parts.stop()),
            );
        }
        // The operator's curated file: loaded at start (main), re-read when it changes.
        if let Some(file) = std::env::var_os("GPUSCOUT_CURATED_FILE") {
            parts.start(gpuscout_providers::curated::watch(
                core.catalog.clone(),
                core.store.clone(),
                file.into(),
                parts.stop(),
            ));
        }
        if dispatcher.platforms().is_empty() {
            tracing::info!("alerts: off — no chat platform to deliver them to");
        } else {
            tracing::info!(
                "alerts: delivering to {}",
                dispatcher.platforms().join(", ")
            );
            let watcher = Watcher::new(
                core.store.clone(),
                core.catalog.clone(),
                alert_config,
                dispatcher.waker(),
                landed,
            );
            parts.start_as("alert-watcher", watcher.run(parts.stop()));
            parts.start_as("alert-dispatcher", dispatcher.run(parts.stop()));
        }
        parts.run(deadline).await
    });
    // A blocking bot-core call still in flight must not hold the exit up past the deadline.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// The running parts, the token that stops them, and their states for `/healthz`.
struct Parts {
    stop: CancellationToken,
    running: JoinSet<Result<()>>,
    health: Arc<crate::ops::Health>,
    /// Ctrl-C or SIGTERM, listened for since `new`.
    signal: Pin<Box<dyn Future<Output = ()> + Send>>,
}

impl Parts {
    /// Listens for the stop signals before any part starts (inside the runtime): a SIGTERM
    /// that comes while the parts start, after the HTTP server took an interaction, is a
    /// clean stop with its drain, not the default action that kills the process mid-answer.
    fn new() -> Parts {
        Parts {
            stop: CancellationToken::new(),
            running: JoinSet::new(),
            health: Arc::default(),
            signal: Box::pin(stop_signal()),
        }
    }

    /// The token a part watches; cancelled when it is time to stop.
    fn stop(&self) -> CancellationToken {
        self.stop.clone()
    }

    /// A part without a name of its own (`/healthz` lists it as `part`).
    // Kept for parts added elsewhere; the ones here are named.
    #[allow(dead_code)]
    fn start<E>(&mut self, part: impl Future<Output = Result<(), E>> + Send + 'static)
    where
        E: Into<anyhow::Error> + Send + 'static,
    {
        self.start_as("part", part);
    }

    /// Starts a part that `/healthz` lists as `name`.
    fn start_as<E>(
        &mut self,
        name: &str,
        part: impl Future<Output = Result<(), E>> + Send + 'static,
    ) where
        E: Into<anyhow::Error> + Send + 'static,
    {
        let health = self.health.clone();
        let name = health.started(name);
        self.running.spawn(async move {
            let result = part.await.map_err(Into::into);
            health.ended(&name, result.is_ok());
            result
        });
    }

    /// Waits for a stop signal or for a part to end, then stops them all within `deadline`.
    async fn run(mut self, deadline: Duration) -> Result<()> {
        if self.running.is_empty() {
            return Ok(());
        }
        let signal = {
            let stop = self.stop.clone();
            let stop_signal = std::mem::replace(&mut self.signal, Box::pin(std::future::pending()));
            tokio::spawn(async move {
                tokio::select! {
                    () = stop_signal => stop.cancel(),
                    () = stop.cancelled() => {}
                }
            })
        };
        let mut first_error = None;
        // Until a stop is asked for, the first part to end stops the others.
        tokio::select! {
            Some(done) = self.running.join_next() => {
                note(&mut first_error, done);
                self.stop.cancel();
            }
            () = self.stop.cancelled() => {}
        }
        let rest = async {
            while let Some(done) = self.running.join_next().await {
                note(&mut first_error, done);
            }
        };
        if tokio::time::timeout(deadline, rest).await.is_err() {
            tracing::warn!(
                "serve: {} part(s) did not stop within {}s; aborting them",
                self.running.len(),
                deadline.as_secs_f64()
            );
            self.running.abort_all();
            while self.running.join_next().await.is_some() {}
        }
        signal.abort();
        first_error.map_or(Ok(()), Err)
    }
}

/// Keeps the first failure; a part that panicked is a failure too.
fn note(first: &mut Option<anyhow::Error>, done: Result<Result<()>, tokio::task::JoinError>) {
    let error = match done {
        Ok(Ok(())) => return,
        Ok(Err(e)) => e,
        Err(e) => anyhow!("a part of serve failed: {e}"),
    };
    match first {
        None => *first = Some(error),
        Some(_) => tracing::error!("error: {error:#}"),
    }
}

/// Where the bot's HTTP server (`/healthz`, `POST /discord/interactions`) listens.
const HTTP_ADDR_VAR: &str = "GPUSCOUT_HTTP_ADDR";
const DEFAULT_HTTP_ADDR: &str = "127.0.0.1:8080";

/// The HTTP server runs when Discord needs it or when `GPUSCOUT_HTTP_ADDR` asks for it.
fn http_addr(discord: bool) -> Result<Option<std::net::SocketAddr>> {
    let var = std::env::var(HTTP_ADDR_VAR)
        .ok()
        .filter(|s| !s.trim().is_empty());
    if var.is_none() && !discord {
        return Ok(None);
    }
    let text = var.unwrap_or_else(|| DEFAULT_HTTP_ADDR.to_string());
    text.trim().parse().map(Some).with_context(|| {
        format!(
            "{HTTP_ADDR_VAR}={text:?} is not an address to listen on (e.g. {DEFAULT_HTTP_ADDR})"
        )
    })
}

fn stop_deadline() -> Result<Duration> {
    match std::env::var(STOP_DEADLINE_VAR) {
        Err(_) => Ok(DEFAULT_STOP_DEADLINE),
        Ok(s) => s
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|secs| secs.is_finite() && *secs >= 0.0)
            .map(Duration::from_secs_f64)
            .with_context(|| {
                format!("{STOP_DEADLINE_VAR}={s:?} is not a number of seconds (e.g. 10)")
            }),
    }
}

/// Resolves on Ctrl-C or SIGTERM. On Unix both are listened for from this call on, not from
/// the future's first poll (an `async fn` would register nothing until then, and a signal
/// before that took the default action: an e2e stop right after a deferred Discord answer
/// killed the process under load). Call it inside the runtime.
fn stop_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let heard = |kind| {
            let listener = signal(kind);
            async move {
                match listener {
                    Ok(mut s) => {
                        s.recv().await;
                    }
                    Err(_) => std::future::pending().await,
                }
            }
        };
        let (interrupt, term) = (
            heard(SignalKind::interrupt()),
            heard(SignalKind::terminate()),
        );
        async move {
            tokio::select! {
                () = interrupt => {}
                () = term => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn rt() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    }

    /// A well-behaved part: runs until told to stop.
    async fn until_stopped(stop: CancellationToken) -> Result<(), anyhow::Error> {
        stop.cancelled().await;
        Ok(())
    }

    #[test]
    fn a_part_that_fails_stops_the_others_and_its_error_is_the_result() {
        let result = rt().block_on(async {
            let mut parts = Parts::new();
            parts.start(until_stopped(parts.stop()));
            parts.start(async { Err::<(), _>(anyhow!("telegram rejected the token")) });
            parts.run(Duration::from_secs(5)).await
        });
        let e = result.unwrap_err();
        assert!(e.to_string().contains("rejected the token"), "{e}");
    }

    #[test]
    fn a_part_that_ignores_the_stop_is_aborted_after_the_deadline() {
        let started = Instant::now();
        let result = rt().block_on(async {
            let mut parts = Parts::new();
            let stop = parts.stop();
            // The only part never ends, not even when stopped.
            parts.start(async {
                std::future::pending::<()>().await;
                Ok::<(), anyhow::Error>(())
            });
            // Stands in for SIGTERM.
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(50)).await;
                stop.cancel();
            });
            parts.run(Duration::from_millis(200)).await
        });
        assert!(result.is_ok(), "{result:?}");
        let took = started.elapsed();
        assert!(took < Duration::from_secs(3), "{took:?}");
    }

    /// A SIGTERM that comes after the parts exist but before `run` polls the listener (the
    /// window in which the HTTP server already takes interactions) is heard: `run` stops the
    /// parts cleanly. Before the listener was registered at `Parts::new`, the signal's default
    /// action killed this test process.
    #[cfg(unix)]
    #[test]
    fn a_sigterm_while_the_parts_start_is_a_clean_stop() {
        let result = rt().block_on(async {
            let mut parts = Parts::new();
            parts.start(until_stopped(parts.stop()));
            let me = std::process::id().to_string();
            let sent = std::process::Command::new("kill")
                .args(["-TERM", &me])
                .status()
                .expect("kill runs");
            assert!(sent.success());
            tokio::time::timeout(Duration::from_secs(20), parts.run(Duration::from_secs(5)))
                .await
                .expect("the SIGTERM stopped the parts")
        });
        assert!(result.is_ok(), "{result:?}");
    }
}
