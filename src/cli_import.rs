//! `gpuscout import skypilot|gpuhunt DIR|URL` (public price catalogs into the store, labelled
//! price-only), `gpuscout import curated FILE` (the operator's dated sightings), and
//! `gpuscout offers … [--json]` (the chat's `/offers`). A long import shows a progress bar on
//! a terminal and stays quiet in a pipe.

use crate::cli::{ctx, plain};
use anyhow::{Context, Result, bail};
use bot_core::answer::offers as answer_offers;
use bot_core::availability::{FeedInfo, now_unix, record_import};
use bot_core::commands::{Typed, offers};
use bot_core::{Catalog, ChatRef, Store};
use gpuscout_providers::Limits;
use gpuscout_providers::import::{self, Format};
use serde_json::json;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct ImportArgs {
    #[command(subcommand)]
    what: ImportWhat,
}

#[derive(clap::Subcommand)]
enum ImportWhat {
    /// SkyPilot catalog CSVs: a directory holding `<cloud>/vms.csv` (e.g. a checkout's
    /// `catalogs/v5`), or the URL of one `…/<cloud>/vms.csv`.
    Skypilot(CatalogArgs),
    /// gpuhunt's per-provider catalog CSVs: a directory of `<provider>.csv`, or one file's URL.
    Gpuhunt(CatalogArgs),
    /// The operator's curated file (TOML; default GPUSCOUT_CURATED_FILE).
    Curated {
        file: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
}

#[derive(clap::Args)]
struct CatalogArgs {
    /// A directory or an http(s):// URL.
    source: String,
    /// File the rows under this provider (default: from the path: the cloud's folder for
    /// SkyPilot, the file name for gpuhunt).
    #[arg(long)]
    provider: Option<String>,
    /// The catalog's date, YYYY-MM-DD. Without it the date comes from the data: a date
    /// column, the commit date of the git checkout holding the file, or the server's
    /// Last-Modified; a catalog that states none is refused (never the file's mtime).
    #[arg(long)]
    as_of: Option<String>,
    /// Seconds a download may take.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct OffersArgs {
    /// Optional GPU, then filters: `h100 cards>=8 vram>=80 region=us spot max=2.5 sort=price`.
    words: Vec<String>,
    #[arg(long)]
    json: bool,
}

pub fn offers(catalog: &Catalog, store: &Store, a: OffersArgs) -> Result<()> {
    let who = ChatRef::terminal(None);
    let ctx = ctx(catalog, store, &who);
    // The chat's `/offers` struct, read by its own parser.
    let asked = offers::Cmd::parse(&ctx, a.words.join(" ").trim())
        .map_err(|e| anyhow::anyhow!(plain(&e.reply()).replace('\n', " ")))?;
    // The currency the line leaves to the chat, filled in as the chat's run does.
    let filter = &asked.resolved(&ctx);
    let view =
        answer_offers::lookup(&ctx, filter, now_unix()).map_err(|r| anyhow::anyhow!(plain(&r)))?;
    if !a.json {
        outln!("{}", plain(&asked.reply(&ctx, &view)))?;
        return Ok(());
    }
    let rows: Vec<_> = view
        .rows
        .iter()
        .map(|r| {
            let mut v = serde_json::to_value(&*r.offer).unwrap_or_default();
            if let Some(o) = v.as_object_mut() {
                o.insert("price_only".into(), json!(r.price_only()));
                o.insert("age_seconds".into(), json!(r.age_secs));
            }
            v
        })
        .collect();
    let out = json!({
        "currency": filter.currency,
        "max_price_per_gpu_hour": filter.max_price.map(|m| m.to_string()),
        "offers": rows,
        "hidden_too_old": view.hidden_old,
        "no_fx": view.no_fx,
    });
    outln!("{}", serde_json::to_string_pretty(&out)?)?;
    Ok(())
}

pub fn import(catalog: &Catalog, store: &Store, a: ImportArgs) -> Result<()> {
    match a.what {
        ImportWhat::Skypilot(c) => import_catalog(catalog, store, Format::SkyPilot, c),
        ImportWhat::Gpuhunt(c) => import_catalog(catalog, store, Format::GpuHunt, c),
        ImportWhat::Curated { file, json } => {
            let file = file
                .or_else(|| std::env::var_os("GPUSCOUT_CURATED_FILE").map(PathBuf::from))
                .context("name the file, or set GPUSCOUT_CURATED_FILE")?;
            let info = import_curated(catalog, store, &file)?;
            if json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&json!({
                        "feed": info.feed,
                        "rows": info.offers,
                        "source": info.source,
                        "as_of": info.as_of,
                    }))?
                )?;
            } else {
                outln!("curated: {} rows from {}", info.offers, info.source)?;
            }
            Ok(())
        }
    }
}

/// Reads the curated file into the store (every curated row replaced). Used by
/// `gpuscout import curated` and at the start of `serve` and `chat`.
pub fn import_curated(catalog: &Catalog, store: &Store, file: &Path) -> Result<FeedInfo> {
    gpuscout_providers::curated::load(catalog, store, file).map_err(anyhow::Error::msg)
}

/// The curated file named by `GPUSCOUT_CURATED_FILE`, loaded when set; a bad file is reported
/// and the previous rows are kept.
pub fn curated_from_env(catalog: &Catalog, store: &Store) {
    let Some(file) = std::env::var_os("GPUSCOUT_CURATED_FILE") else {
        return;
    };
    match import_curated(catalog, store, Path::new(&file)) {
        Ok(info) => eprintln!("curated: {} rows from {}", info.offers, info.source),
        Err(e) => eprintln!("curated: {e:#}; keeping the rows stored before"),
    }
}

/// One file to read: its text comes later (a download or a read), with a size for the bar.
struct Item {
    cloud: String,
    /// What the feed's source says: the path, or the URL without credentials.
    shown: String,
    local: Option<PathBuf>,
    url: Option<String>,
    size: u64,
}

fn import_catalog(catalog: &Catalog, store: &Store, format: Format, a: CatalogArgs) -> Result<()> {
    let as_of_flag = match &a.as_of {
        Some(d) => Some(
            bot_core::catalog::parse_date(d)
                .map(|_| d.clone())
                .with_context(|| format!("--as-of {d:?} is not a date (YYYY-MM-DD)"))?,
        ),
        None => None,
    };
    let items = if a.source.starts_with("http://") || a.source.starts_with("https://") {
        let cloud = a
            .provider
            .clone()
            .or_else(|| import::cloud_of_url(format, &a.source))
            .context("can't tell the provider from the URL; pass --provider")?;
        vec![Item {
            cloud,
            shown: gpuscout_providers::config::shown_url(&a.source),
            local: None,
            url: Some(a.source.clone()),
            size: 0,
        }]
    } else {
        let dir = Path::new(&a.source);
        let files = if dir.is_file() {
            let cloud = a
                .provider
                .clone()
                .or_else(|| {
                    match format {
                        Format::SkyPilot => dir.parent().and_then(|p| p.file_name()),
                        Format::GpuHunt => dir.file_stem(),
                    }
                    .and_then(|n| n.to_str())
                    .map(str::to_string)
                })
                .context("can't tell the provider from the path; pass --provider")?;
            vec![import::CatalogFile {
                cloud,
                path: dir.to_path_buf(),
            }]
        } else {
            import::catalog_files(format, dir)
                .with_context(|| format!("reading the directory {}", dir.display()))?
        };
        if files.is_empty() {
            bail!(
                "no {} files under {}",
                match format {
                    Format::SkyPilot => "`<cloud>/vms.csv`",
                    Format::GpuHunt => "`<provider>.csv`",
                },
                dir.display()
            );
        }
        files
            .into_iter()
            .map(|f| Item {
                cloud: a.provider.clone().unwrap_or(f.cloud),
                shown: f.path.display().to_string(),
                size: std::fs::metadata(&f.path).map(|m| m.len()).unwrap_or(0),
                local: Some(f.path),
                url: None,
            })
            .collect()
    };
    let bar = progress(items.iter().map(|i| i.size.max(1)).sum());
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    let mut reports = Vec::new();
    let mut failed = 0;
    for item in &items {
        bar.set_message(item.cloud.clone());
        let read = match (&item.local, &item.url) {
            (Some(p), _) => {
                import::read_capped(p, Limits::IMPORT.max_bytes).map(|t| (t, git_commit_date(p)))
            }
            (None, Some(u)) => runtime
                .block_on(import::download(
                    u,
                    Duration::from_secs(a.timeout.max(1)),
                    Limits::IMPORT.max_bytes,
                ))
                .map_err(|e| e.to_string()),
            _ => Err("nothing to read".into()),
        };
        bar.inc(item.size.max(1));
        let (text, file_date) = match read {
            Ok(x) => x,
            Err(e) => {
                failed += 1;
                bar.suspend(|| eprintln!("import: {}: {e}", item.shown));
                continue;
            }
        };
        // The data's own date first (a date column), then the checkout's commit or the
        // server's Last-Modified; nothing stated: refused, not dated today.
        let Some(as_of) = as_of_flag
            .clone()
            .or_else(|| import::data_date(&text))
            .or(file_date)
        else {
            failed += 1;
            bar.suspend(|| {
                eprintln!(
                    "import: {}: the catalog states no date (no date column, not in a git \
                     checkout, no Last-Modified); pass --as-of YYYY-MM-DD",
                    item.shown
                )
            });
            continue;
        };
        let as_of_secs = bot_core::catalog::parse_date(&as_of).unwrap_or(0) * 86_400;
        // A catalog dated ahead of every time zone's today would read as new until then.
        if bot_core::availability::date_is_future(as_of_secs, now_unix()) {
            failed += 1;
            bar.suspend(|| {
                eprintln!(
                    "import: {}: its date {as_of} is in the future; nothing imported from it",
                    item.shown
                )
            });
            continue;
        }
        let provider = import::platform_id(catalog, &item.cloud);
        let feed = format!("{}/{}", format.key(), item.cloud);
        let source = format!(
            "{} catalog {} ({as_of}; price only)",
            match format {
                Format::SkyPilot => "SkyPilot",
                Format::GpuHunt => "gpuhunt",
            },
            item.cloud
        );
        let parsed = match import::parse(format, &text, &provider, catalog, as_of_secs, &source) {
            Ok(p) => p,
            Err(e) => {
                failed += 1;
                bar.suspend(|| eprintln!("import: {}: {e}; nothing imported from it", item.shown));
                continue;
            }
        };
        let info = FeedInfo {
            feed: feed.clone(),
            source: item.shown.clone(),
            as_of: as_of.clone(),
            imported_at: now_unix(),
            skipped: parsed.skipped,
            ..FeedInfo::default()
        };
        let offers = parsed.offers.len();
        // Each refusal says which row and why (a ragged record, another currency); the rest
        // of the file is read, so the operator sees what was left out and can fix the source.
        for why in &parsed.refused {
            bar.suspend(|| eprintln!("import: {}: refused {why}", item.shown));
        }
        if parsed.refused_total > parsed.refused.len() {
            let more = parsed.refused_total - parsed.refused.len();
            bar.suspend(|| eprintln!("import: {}: {more} more refused", item.shown));
        }
        let refused = parsed.refused.clone();
        let stored = record_import(store, info, parsed.offers)?;
        reports.push(json!({
            "feed": feed,
            "provider": provider,
            "offers": offers,
            "gpus": if offers > 0 { stored.gpu_keys.len() } else { 0 },
            "skipped_rows": parsed.skipped,
            "refused": refused,
            "refused_total": parsed.refused_total,
            "as_of": as_of,
            "source": item.shown,
        }));
    }
    bar.finish_and_clear();
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&reports)?)?;
    } else {
        for r in &reports {
            outln!(
                "import: {}: {} price-only offers for {} GPU models{} (as of {})",
                r["feed"].as_str().unwrap_or(""),
                r["offers"],
                r["gpus"],
                match r["skipped_rows"].as_u64() {
                    Some(n) if n > 0 => format!(", {n} unreadable rows skipped"),
                    _ => String::new(),
                },
                r["as_of"].as_str().unwrap_or("")
            )?;
        }
    }
    if reports.is_empty() && failed > 0 {
        bail!("nothing was imported");
    }
    Ok(())
}

/// A bar on a terminal's stderr; hidden in a pipe (and under tests).
fn progress(total: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} importing {msg:12} [{bar:30}] {percent}%",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// The commit date (`YYYY-MM-DD`) of the last commit that changed `path` in the git checkout
/// holding it: when a catalog checkout's prices were last written. `None` outside a checkout,
/// for an uncommitted file, or without git.
fn git_commit_date(path: &Path) -> Option<String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty())?;
    let name = path.file_name()?;
    let out = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["log", "-1", "--format=%cs", "--"])
        .arg(name)
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let day = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && bot_core::catalog::parse_date(&day).is_some()).then_some(day)
}
