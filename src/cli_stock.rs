//! `gpuscout stock <gpu> [platform] [max price] [--json]` (the chat's `/stock`, from the stored
//! snapshots, offline) and `gpuscout poll [--once] [--provider P] [--json]` (fetch now).

use crate::cli::{ctx, plain};
use anyhow::{Context, Result, bail};
use bot_core::answer::stock;
use bot_core::availability::{Freshness, format_rfc3339, now_unix};
use bot_core::{Catalog, ChatRef, Store};
use gpuscout_providers::{Config, Poller};
use serde_json::json;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct StockArgs {
    /// GPU, then optionally a platform and a max price per GPU-hour: `h100 runpod 2.5`.
    #[arg(required = true, num_args = 1..)]
    words: Vec<String>,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct PollArgs {
    /// Poll each provider once and exit (without it: keep polling until Ctrl-C).
    #[arg(long)]
    once: bool,
    /// Only this feed: vast, runpod, lambda, or fx (the exchange rates).
    #[arg(long)]
    provider: Option<String>,
    #[arg(long)]
    json: bool,
}

pub fn stock(catalog: &Catalog, store: &Store, a: StockArgs) -> Result<()> {
    let who = ChatRef::terminal(None);
    let ctx = ctx(catalog, store, &who);
    let args = a.words.join(" ");
    let now = now_unix();
    let parsed = bot_core::commands::stock::StockArgs::parse(&ctx, &args)
        .map_err(|r| anyhow::anyhow!(plain(&r).replace('\n', " ")))?;
    let query = parsed.query(&ctx);
    let view = stock::lookup(&ctx, &query, now).map_err(|r| anyhow::anyhow!(plain(&r)))?;
    if !a.json {
        // A bare cap is read in US dollars here, as in a chat that chose no currency.
        let reply = parsed.say_bare_currency(&query, stock::reply(&ctx, &query, &view));
        outln!("{}", plain(&reply))?;
        return Ok(());
    }
    let providers: Vec<_> = view
        .providers
        .iter()
        .map(|p| {
            json!({
                "provider": p.provider,
                "freshness": p.freshness.map(Freshness::key),
                "age_seconds": p.age_secs,
                "last_good_at": p.state.as_ref().and_then(|s| s.last_good_at).map(format_rfc3339),
                "misses_in_a_row": p.state.as_ref().map(|s| s.misses_in_a_row),
                "partial": p.state.as_ref().and_then(|s| s.partial.clone()),
                "last_full_at": p.state.as_ref().and_then(|s| s.last_full_at).map(format_rfc3339),
                "shown": p.shown,
                "hidden_too_old": p.hidden_old,
                "over_price": p.over_price,
            })
        })
        .collect();
    let out = json!({
        "gpu": query.gpu,
        "max_price_per_gpu_hour": query.max_per_gpu_hour.map(|m| m.to_string()),
        "max_currency": query.max_currency,
        "offers": view.rows.iter().map(|r| &r.offer).collect::<Vec<_>>(),
        "providers": providers,
        // Price catalogs (stock always unknown) and what people saw, each with provenance.
        "catalog_offers": view.catalog_rows.iter().map(|r| &r.offer).collect::<Vec<_>>(),
        "sightings": view
            .sightings
            .iter()
            .map(|s| {
                let x = &s.sighting;
                json!({
                    "platform": x.platform,
                    "gpu": x.gpu,
                    "raw_name": x.raw_name,
                    "stock": if s.stock_expired { "unknown" } else { x.stock.key() },
                    "price_per_gpu_hour": x.price_per_gpu_hour.map(|p| p.to_string()),
                    "currency": x.currency,
                    "who": x.who,
                    "seen_at": format_rfc3339(x.at),
                    "source": x.source,
                    "origin": x.origin.key(),
                })
            })
            .collect::<Vec<_>>(),
    });
    outln!("{}", serde_json::to_string_pretty(&out)?)?;
    Ok(())
}

/// The poller `serve` runs, or `None` with the reason printed when no provider is on.
pub fn poller(catalog: Arc<Catalog>, store: Arc<Store>) -> Result<Option<Poller>> {
    let config = Config::from_env()?;
    let (adapters, off) = config.adapters();
    for line in &off {
        eprintln!("poll: {line}");
    }
    if adapters.is_empty() && config.fx_url.is_none() {
        return Ok(None);
    }
    let poller = Poller::new(&config, adapters, catalog, store)?;
    eprintln!(
        "poll: {} every {}s",
        poller.providers().join(", "),
        // f64: a fractional interval (tests poll every 0.25 s) would print as "0s".
        config.interval.as_secs_f64()
    );
    Ok(Some(poller))
}

pub fn poll(catalog: Catalog, store: Arc<Store>, a: PollArgs) -> Result<()> {
    if let Some(p) = &a.provider
        && !gpuscout_providers::config::ALL.contains(&p.as_str())
        && p != gpuscout_providers::poller::FX
    {
        bail!("no provider named `{p}`; known: vast, runpod, lambda, fx");
    }
    let Some(poller) = poller(Arc::new(catalog), store.clone())? else {
        bail!("no provider is on (GPUSCOUT_PROVIDERS, GPUSCOUT_LAMBDA_API_KEY)");
    };
    if let Some(p) = &a.provider
        && !poller.providers().contains(&p.as_str())
    {
        bail!("provider `{p}` is off (see the lines above)");
    }
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    if !a.once {
        return runtime.block_on(async {
            let stop = tokio_util::sync::CancellationToken::new();
            let s = stop.clone();
            tokio::spawn(async move {
                let _ = tokio::signal::ctrl_c().await;
                s.cancel();
            });
            poller.run(stop).await.map_err(anyhow::Error::from)
        });
    }
    let reports = runtime.block_on(poller.poll_once(a.provider.as_deref()));
    // A poller run from cron is the only writer of history there: keep it within its limit.
    let days = crate::cli_trend::retention_days()?;
    if let Err(e) = bot_core::availability::prune_history(&store, days, now_unix()) {
        eprintln!("history: pruning failed: {e}");
    }
    if a.json {
        let out: Vec<_> = reports
            .iter()
            .map(|r| {
                json!({
                    "provider": r.provider,
                    "replaced": r.replaced(),
                    "offers": r.offers,
                    "skipped_rows": r.skipped,
                    "problem": r.problem,
                    "partial": r.partial,
                    "seconds": r.took.as_secs_f64(),
                })
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&out)?)?;
    } else {
        for r in &reports {
            outln!("{}", r.line())?;
        }
    }
    if reports.iter().all(|r| !r.replaced()) {
        bail!("no provider answered with offers; the last snapshots are kept");
    }
    Ok(())
}
