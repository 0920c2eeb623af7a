//! `gpuscout`: wires the catalog, store and frontends together. No domain logic lives here.

/// `println!` that returns the write error (a closed pipe) instead of panicking.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($t)*)
    }};
}

mod chat;
mod cli;
mod cli_billing;
mod cli_fit;
mod cli_import;
mod cli_stock;
mod cli_trend;
#[cfg(feature = "jemalloc")]
mod idle_cache;
mod ops;
mod serve;

/// jemalloc instead of glibc's malloc: glibc keeps what a burst freed inside its arenas (a
/// soak of 20,000 updates from new chats left RSS a third above its idle baseline while the
/// live heap had grown by under 1 MiB); jemalloc's background thread gives pages that stay
/// unused for a few seconds back to the system. Behind the `jemalloc` feature (Cargo.toml says
/// why); a release build must have it.
#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[cfg(all(not(debug_assertions), not(feature = "jemalloc")))]
compile_error!(
    "a release build of gpuscout ships with jemalloc: build it with `--features jemalloc` \
     (README \"Set up\"; Cargo.toml [features] says why it is not a default)"
);

use anyhow::{Context, Result};
use bot_core::{Catalog, Store};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "gpuscout",
    version,
    about = "GPU Scout: rent the right GPU, at the real price"
)]
struct Args {
    /// Directory for the database (env GPUSCOUT_DATA_DIR; default: the per-user data directory).
    #[arg(long, global = true, env = "GPUSCOUT_DATA_DIR")]
    data_dir: Option<PathBuf>,
    /// Directory with catalog files (gpus.toml, platforms.toml, models.toml, fx.toml) that
    /// replace the embedded ones (env GPUSCOUT_CATALOG_DIR).
    #[arg(long, global = true, env = "GPUSCOUT_CATALOG_DIR")]
    catalog_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Talk to the bot in the terminal (reads lines from stdin; works with pipes).
    Chat {
        /// Answer in this language: zh or en (default: from $LANG).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Run the chat-platform frontends configured by environment variables.
    Serve,
    /// List GPUs.
    Gpus {
        #[arg(long)]
        json: bool,
    },
    /// Show one GPU.
    Gpu {
        name: String,
        #[arg(long)]
        json: bool,
    },
    /// List platforms; with needs (alipay wechat card paypal crypto no-real-name per-second cn
    /// global) the ones known to meet them all, then those with an unknown fact.
    Platforms {
        needs: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// Show one platform.
    Platform {
        name: String,
        #[arg(long)]
        json: bool,
    },
    /// Convert a price between time units and currencies.
    Convert(cli_billing::ConvertArgs),
    /// What one job costs under a billing rule (given, or a platform's from the catalog).
    Cost(cli_billing::CostArgs),
    /// Rank platforms by what a job on a GPU really costs.
    Compare(cli_billing::CompareArgs),
    /// Will a model fit: memory estimate and the cards that hold it.
    // Boxed: its many flags make it the largest variant (clippy::large_enum_variant).
    Fit(Box<cli_fit::FitArgs>),
    /// Rent vs API: cost per million tokens self-hosted vs an API price.
    Tco(cli_fit::TcoArgs),
    /// Who has a GPU in stock now, cheapest first, from the last fetched snapshots.
    Stock(cli_stock::StockArgs),
    /// Price history of a GPU per platform, its stock rhythm, and a PNG chart with --out.
    Trend(cli_trend::TrendArgs),
    /// Fetch live offers from the providers (Vast.ai, RunPod, Lambda) into the store.
    Poll(cli_stock::PollArgs),
    /// Every stored offer (live and catalog) through filters: cards, VRAM, region, spot, price.
    Offers(cli_import::OffersArgs),
    /// Load a public price catalog (SkyPilot, gpuhunt) or the curated file into the store.
    Import(cli_import::ImportArgs),
    /// Look after the database: check it, repair it, or start over.
    Db {
        #[command(subcommand)]
        action: DbAction,
    },
}

#[derive(Subcommand)]
enum DbAction {
    /// Reads every page and entry (on an in-memory image; the file is not touched).
    Check,
    /// Keeps what can be read: a damaged file is moved aside with a timestamp and replaced.
    Repair,
    /// Moves the database aside with a timestamp; the next start begins empty.
    Reset,
}

fn main() {
    redact_panics();
    // redb asserts on some damaged files; the store turns those panics into errors.
    bot_core::store::quiet_guarded_panics();
    ops::init_logging();
    if let Err(e) = run() {
        // A reader that went away (`gpuscout gpus | head -1`) is not a failure.
        if is_broken_pipe(&e) {
            std::process::exit(0);
        }
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

/// Panic messages go through the same redaction as logs: no token, secret or URL password.
fn redact_panics() {
    let secrets: Vec<String> = [
        "TELEGRAM_BOT_TOKEN",
        "TELOXIDE_TOKEN",
        "TELEGRAM_WEBHOOK_SECRET",
        "DISCORD_TOKEN",
        "DISCORD_BOT_TOKEN",
        "GPUSCOUT_VAST_API_KEY",
        "GPUSCOUT_RUNPOD_API_KEY",
        "GPUSCOUT_LAMBDA_API_KEY",
    ]
    .iter()
    .filter_map(|v| std::env::var(v).ok())
    .map(|s| s.trim().to_string())
    .filter(|s| s.len() >= 4)
    .collect();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let thread = std::thread::current();
        let mut text = format!(
            "thread '{}' panicked at {at}:\n{message}",
            thread.name().unwrap_or("<unnamed>")
        );
        for secret in &secrets {
            text = text.replace(secret.as_str(), "<redacted>");
        }
        eprintln!("{}", gpuscout_telegram::config::scrub_url_passwords(&text));
    }));
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn data_dir(arg: Option<PathBuf>) -> Result<PathBuf> {
    match arg {
        Some(d) => Ok(d),
        None => dirs::data_dir().map(|d| d.join("gpuscout")).context(
            "no per-user data directory on this system; pass --data-dir or set GPUSCOUT_DATA_DIR",
        ),
    }
}

/// The catalog being decoded on a thread of its own while the store opens (creating a store
/// waits on the disk; decoding the embedded catalog is CPU): a start pays the longer of the
/// two, not their sum. A `--catalog-dir` is read and checked before anything else, as always,
/// so a bad file stops the command before it creates a store.
enum CatalogLoad {
    Ready(Box<Catalog>),
    Decoding(std::thread::JoinHandle<Result<Catalog, bot_core::catalog::CatalogError>>),
}

impl CatalogLoad {
    fn start(dir: Option<&std::path::Path>) -> Result<CatalogLoad> {
        Ok(match dir {
            Some(_) => {
                CatalogLoad::Ready(Box::new(Catalog::load(dir).context("loading the catalog")?))
            }
            None => CatalogLoad::Decoding(std::thread::spawn(Catalog::embedded)),
        })
    }

    fn wait(self) -> Result<Catalog> {
        match self {
            CatalogLoad::Ready(c) => Ok(*c),
            CatalogLoad::Decoding(t) => match t.join() {
                Ok(c) => c.context("loading the catalog"),
                Err(panic) => std::panic::resume_unwind(panic),
            },
        }
    }
}

/// Builds the message bundles on a thread of their own for `chat`, whose first answer would
/// otherwise parse every locale file first. Not for `serve`: its frontends build them at start
/// anyway, and a `serve` with none would hold 2 MiB of bundles it never uses.
fn warm_messages() {
    std::thread::spawn(bot_core::Localizer::get);
}

fn run() -> Result<()> {
    let args = Args::parse();
    // The database commands never read the catalog (a broken one must not block a repair).
    if let Cmd::Db { action } = &args.command {
        return db(args.data_dir, action);
    }
    let catalog = CatalogLoad::start(args.catalog_dir.as_deref())?;
    match args.command {
        Cmd::Chat { lang } => {
            warm_messages();
            let ui = lang
                .as_deref()
                .and_then(bot_core::Lang::parse_user_choice)
                .unwrap_or_else(env_lang);
            let store = open_store(args.data_dir, ui)?;
            let catalog = catalog.wait()?;
            cli_import::curated_from_env(&catalog, &store);
            chat::run(Arc::new(catalog), store, lang.as_deref())
        }
        Cmd::Serve => {
            let store = open_store(args.data_dir, env_lang())?;
            let catalog = catalog.wait()?;
            // Operators see which check the start paid for (a crash between commits still
            // takes the seal's one sequential read).
            tracing::info!(
                path = %store.path().display(),
                verified_by = if store.sealed() { "seal" } else { "full check" },
                "store opened"
            );
            // The next start is the cold start that must be fast: keep the file sealed.
            store.seal_when_closed();
            cli_import::curated_from_env(&catalog, &store);
            let mut bot = bot_core::Bot::new(Arc::new(catalog), store);
            bot.today = pinned_today();
            bot.operators = bot_core::Bot::parse_operators(
                &std::env::var("GPUSCOUT_ADMINS").unwrap_or_default(),
            );
            bot.rate_limit = ops::rate_limit()?;
            bot.charts = Some(Arc::new(gpuscout_charts::PlottersCharts));
            serve::run(bot)
        }
        Cmd::Gpus { json } => cli::gpus(&catalog.wait()?, json),
        Cmd::Gpu { name, json } => cli::gpu(&catalog.wait()?, &name, json),
        Cmd::Platforms { needs, json } => cli::platforms(&catalog.wait()?, &needs, json),
        Cmd::Platform { name, json } => cli::platform(&catalog.wait()?, &name, json),
        Cmd::Convert(a) => cli_billing::convert(&catalog.wait()?, a),
        Cmd::Cost(a) => cli_billing::cost(&catalog.wait()?, a),
        Cmd::Compare(a) => {
            let store = existing_store(args.data_dir);
            cli_billing::compare(&catalog.wait()?, store.as_deref(), a)
        }
        Cmd::Fit(a) => cli_fit::fit(&catalog.wait()?, *a),
        Cmd::Tco(a) => cli_fit::tco(&catalog.wait()?, a),
        Cmd::Stock(a) => {
            let store = open_store(args.data_dir, bot_core::Lang::En)?;
            cli_stock::stock(&catalog.wait()?, &store, a)
        }
        Cmd::Offers(a) => {
            let store = open_store(args.data_dir, bot_core::Lang::En)?;
            cli_import::offers(&catalog.wait()?, &store, a)
        }
        Cmd::Import(a) => {
            let store = open_store(args.data_dir, bot_core::Lang::En)?;
            cli_import::import(&catalog.wait()?, &store, a)
        }
        Cmd::Trend(a) => {
            let store = open_store(args.data_dir, bot_core::Lang::En)?;
            cli_trend::trend(&catalog.wait()?, &store, a)
        }
        Cmd::Poll(a) => {
            let store = open_store(args.data_dir, bot_core::Lang::En)?;
            cli_stock::poll(catalog.wait()?, store, a)
        }
        Cmd::Db { action } => db(args.data_dir, &action),
    }
}

fn db(dir: Option<PathBuf>, action: &DbAction) -> Result<()> {
    let path = bot_core::store::db_path(&data_dir(dir)?);
    match action {
        DbAction::Check => cli::db_check(&path),
        DbAction::Repair => cli::db_repair(&path),
        DbAction::Reset => cli::db_reset(&path),
    }
}

/// `GPUSCOUT_TODAY=YYYY-MM-DD` pins "today" for staleness labels, so tests and reproducible
/// transcripts do not drift with the clock. Unset, the bot reads the clock on every answer.
pub(crate) fn pinned_today() -> Option<i64> {
    std::env::var("GPUSCOUT_TODAY")
        .ok()
        .and_then(|d| bot_core::catalog::parse_date(&d))
}

/// Today (UTC) for one-shot commands.
pub(crate) fn today() -> i64 {
    pinned_today().unwrap_or_else(bot_core::catalog::today)
}

/// The language of the environment (`$LANG`), for messages before any `/lang`.
fn env_lang() -> bot_core::Lang {
    bot_core::Lang::from_locale(std::env::var("LANG").ok().as_deref())
}

/// The store if one already exists and can be opened now (for live prices in one-shot
/// answers); never creates one, and a store another process holds just means "no live data".
fn existing_store(dir: Option<PathBuf>) -> Option<Arc<Store>> {
    let path = bot_core::store::db_path(&data_dir(dir).ok()?);
    if !path.exists() {
        return None;
    }
    Store::open(&path).ok().map(Arc::new)
}

/// Opens the store; a failure says what happened and what to do, in `lang`.
fn open_store(dir: Option<PathBuf>, lang: bot_core::Lang) -> Result<Arc<Store>> {
    let dir = data_dir(dir)?;
    let path = bot_core::store::db_path(&dir);
    match Store::open(&path) {
        Ok(store) => Ok(Arc::new(store)),
        Err(e) => Err(anyhow::anyhow!(
            bot_core::Localizer::get().format(lang, &e.user_msg())
        )),
    }
}
