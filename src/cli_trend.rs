//! `gpuscout trend <gpu> [--days N] [--out FILE] [--json]` (the chat's `/trend`, from the
//! stored history, offline), and the history retention pass `serve` runs
//! (`GPUSCOUT_HISTORY_DAYS`, default 90).

use crate::cli::{ctx, plain};
use anyhow::{Context, Result, bail};
use bot_core::answer::trend;
use bot_core::availability::{DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, now_unix};
use bot_core::{Catalog, ChatRef, Store};
use gpuscout_charts::PlottersCharts;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

#[derive(clap::Args)]
pub struct TrendArgs {
    /// The GPU: `4090`, `h100 sxm`.
    #[arg(required = true, num_args = 1..)]
    words: Vec<String>,
    /// Days to cover, 1 to 365 (default 30).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=trend::MAX_DAYS as i64))]
    days: Option<u32>,
    /// Write the chart here as a PNG.
    #[arg(long)]
    out: Option<PathBuf>,
    #[arg(long)]
    json: bool,
}

pub fn trend(catalog: &Catalog, store: &Store, a: TrendArgs) -> Result<()> {
    let who = ChatRef::terminal(None);
    let ctx = ctx(catalog, store, &who);
    let mut query = trend::parse(&ctx, &a.words.join(" "))
        .map_err(|r| anyhow::anyhow!(plain(&r).replace('\n', " ")))?;
    if let Some(d) = a.days {
        query.days = d;
    }
    let report = trend::report(&ctx, &query, now_unix()).map_err(|r| anyhow::anyhow!(plain(&r)))?;
    let charts = a
        .out
        .as_ref()
        .map(|_| &PlottersCharts as &dyn bot_core::chart::ChartRenderer);
    let reply = trend::reply(&ctx, &report, charts);
    let chart = match (&a.out, &reply.image) {
        (Some(path), Some(image)) => {
            std::fs::write(path, &image.png)
                .with_context(|| format!("writing the chart to {}", path.display()))?;
            Some(path.clone())
        }
        (Some(_), None) if report.summaries.is_empty() => {
            bail!(
                "no price history for {} in the last {} days: no chart to write",
                report.gpu,
                report.days
            )
        }
        (Some(_), None) => bail!("the chart could not be drawn"),
        _ => None,
    };
    if a.json {
        let mut out = serde_json::to_value(&report)?;
        if let Some(o) = out.as_object_mut() {
            o.insert(
                "chart".into(),
                chart.as_ref().map(|p| p.display().to_string()).into(),
            );
        }
        outln!("{}", serde_json::to_string_pretty(&out)?)?;
    } else {
        outln!("{}", plain(&reply))?;
        if let Some(p) = &chart {
            outln!("Chart: {}", p.display())?;
        }
    }
    Ok(())
}

/// Days of history `serve` keeps: `GPUSCOUT_HISTORY_DAYS`, 1 to 3650, default 90.
pub fn retention_days() -> Result<u32> {
    const VAR: &str = "GPUSCOUT_HISTORY_DAYS";
    match std::env::var(VAR) {
        Err(_) => Ok(DEFAULT_RETENTION_DAYS),
        Ok(s) if s.trim().is_empty() => Ok(DEFAULT_RETENTION_DAYS),
        Ok(s) => s
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=MAX_RETENTION_DAYS).contains(d))
            .with_context(|| {
                format!("{VAR}={s:?} is not a number of days from 1 to {MAX_RETENTION_DAYS}")
            }),
    }
}

/// How often the retention pass runs: points are hourly, so hourly keeps the store within
/// an hour of the limit.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);

/// A `serve` part: drops history older than `days`, now and every hour, until stopped.
pub async fn prune_history(store: Arc<Store>, days: u32, stop: CancellationToken) -> Result<()> {
    loop {
        let s = store.clone();
        let pass = tokio::task::spawn_blocking(move || {
            bot_core::availability::prune_history(&s, days, now_unix())
        })
        .await;
        match pass {
            Ok(Ok(0)) => {}
            Ok(Ok(n)) => tracing::info!("history: dropped {n} point(s) older than {days} days"),
            // A failed pass is retried next hour; the store says why.
            Ok(Err(e)) => tracing::warn!("history: pruning failed: {e}"),
            Err(e) => tracing::error!("history: pruning stopped: {e}"),
        }
        tokio::select! {
            () = stop.cancelled() => return Ok(()),
            () = tokio::time::sleep(PRUNE_EVERY) => {}
        }
    }
}
