//! Importers for public price catalogs people already trust: SkyPilot's catalog CSVs
//! (`catalogs/v5/<cloud>/vms.csv`) and dstack's gpuhunt per-provider CSVs (`<provider>.csv`).
//! Both are lists of prices, not stock: every row becomes an [`Offer`] with stock unknown,
//! its source naming the catalog and its date.
//!
//! Columns are found by their header names, so a reordered or widened file still reads; a row
//! that cannot be read is counted and skipped, never the whole file. CPU-only rows (no
//! accelerator) are not offers and are passed over without counting.
//!
//! SkyPilot's `GpuInfo` is a Python dict literal (`{'Gpus': [{'Name': 'V100', 'Count': 8.0,
//! 'MemoryInfo': {'SizeInMiB': 16384}}], 'TotalGpuMemoryInMiB': 16384}`) or, in some clouds,
//! a bare name (`RTX_A6000`). Its memory is in MiB, and the files disagree on whether
//! `SizeInMiB` is per card (Lambda, Cudo, Fluidstack) or for all cards (Vast): when the total
//! says which, it is used; when it does not, the catalog's card decides, and with no catalog
//! card the memory is left unknown rather than guessed.

use crate::{FetchError, Parsed};
use bot_core::Catalog;
use bot_core::availability::{Offer, OfferKind, StockLevel, canonical_gpu, name_offer_gpu};
use rust_decimal::Decimal;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Which catalog format a file is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    SkyPilot,
    GpuHunt,
}

impl Format {
    pub fn key(self) -> &'static str {
        match self {
            Format::SkyPilot => "skypilot",
            Format::GpuHunt => "gpuhunt",
        }
    }
    fn title(self) -> &'static str {
        match self {
            Format::SkyPilot => "SkyPilot catalog",
            Format::GpuHunt => "gpuhunt catalog",
        }
    }
}

/// One file to import: where it is and which provider's prices it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogFile {
    /// The cloud as the catalog names it (`lambda`, `runpod`, `do`).
    pub cloud: String,
    pub path: PathBuf,
}

/// The files under `dir`: SkyPilot's `<cloud>/vms*.csv` (at any depth), or gpuhunt's
/// `<provider>.csv`. Sorted, so imports are repeatable.
pub fn catalog_files(format: Format, dir: &Path) -> std::io::Result<Vec<CatalogFile>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !name.to_ascii_lowercase().ends_with(".csv") {
                continue;
            }
            let cloud = match format {
                Format::SkyPilot if name.starts_with("vms") => path
                    .parent()
                    .and_then(|p| p.file_name())
                    .and_then(|n| n.to_str())
                    .map(str::to_string),
                Format::SkyPilot => None,
                Format::GpuHunt => path
                    .file_stem()
                    .and_then(|n| n.to_str())
                    .map(str::to_string),
            };
            if let Some(cloud) = cloud {
                out.push(CatalogFile { cloud, path });
            }
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// The cloud a URL's file belongs to: SkyPilot's parent folder (`…/v5/lambda/vms.csv`),
/// gpuhunt's file name (`…/runpod.csv`).
pub fn cloud_of_url(format: Format, url: &str) -> Option<String> {
    let path = url.split(['?', '#']).next()?;
    let mut parts = path.rsplit('/').filter(|p| !p.is_empty());
    let file = parts.next()?;
    let cloud = match format {
        Format::SkyPilot => parts.next()?,
        Format::GpuHunt => file.strip_suffix(".csv").unwrap_or(file),
    };
    (!cloud.contains(':')).then(|| cloud.to_string())
}

/// Fetches one catalog file (or the rates file) from `url` within `timeout` (the whole
/// download, not only the connect) and at most `max_bytes` (read in chunks; a larger file is
/// refused, not buffered): its text and, when the server says, its `Last-Modified` date
/// (`YYYY-MM-DD`). Errors name no URL and carry no key-like text.
pub async fn download(
    url: &str,
    timeout: std::time::Duration,
    max_bytes: usize,
) -> Result<(String, Option<String>), FetchError> {
    let http = reqwest::Client::builder()
        .timeout(timeout)
        .connect_timeout(timeout)
        .user_agent(concat!("gpuscout/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| FetchError::Network(e.without_url().to_string()))?;
    // A key a user put in the URL is a secret too: a server's error page may echo the path.
    let url_parts = url_secrets(url);
    let answer = crate::fetch::exchange(http.get(url), timeout, max_bytes)
        .await
        .map_err(|e| e.scrubbed(&url_parts))?;
    if !answer.status.is_success() {
        return Err(FetchError::Http {
            status: answer.status.as_u16(),
            snippet: crate::fetch::snippet(&answer.body, &url_parts),
            retry_after: answer.retry_after,
        });
    }
    let modified = answer.last_modified.as_deref().and_then(http_date);
    let text = String::from_utf8(answer.body)
        .map_err(|_| FetchError::Malformed("the file is not UTF-8 text".into()))?;
    Ok((text, modified))
}

/// The parts of a URL that may be a key: every query value, and each path segment that
/// mixes letters and digits over 12 characters (never a plain file or folder name).
fn url_secrets(url: &str) -> Vec<&str> {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let values = query
        .split('&')
        .filter_map(|kv| kv.split_once('=').map(|(_, v)| v));
    let segments = path.split('/').skip(3).filter(|seg| {
        seg.len() > 12
            && seg.chars().any(|c| c.is_ascii_digit())
            && seg.chars().any(|c| c.is_ascii_alphabetic())
    });
    values.chain(segments).collect()
}

/// Reads a local file of at most `max_bytes` (a larger one is refused before it is read
/// whole: the read stops one byte past the cap).
pub fn read_capped(path: &Path, max_bytes: usize) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(max_bytes as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() > max_bytes {
        return Err(format!(
            "the file is larger than {max_bytes} bytes; refused"
        ));
    }
    String::from_utf8(bytes).map_err(|_| "the file is not UTF-8 text".to_string())
}

/// `Tue, 01 Dec 2026 10:00:00 GMT` -> `2026-12-01`.
pub fn http_date(text: &str) -> Option<String> {
    let mut it = text.split_whitespace().skip(1);
    let day: u32 = it.next()?.parse().ok()?;
    let month = match it.next()?.to_ascii_lowercase().as_str() {
        "jan" => 1,
        "feb" => 2,
        "mar" => 3,
        "apr" => 4,
        "may" => 5,
        "jun" => 6,
        "jul" => 7,
        "aug" => 8,
        "sep" => 9,
        "oct" => 10,
        "nov" => 11,
        "dec" => 12,
        _ => return None,
    };
    let year: u32 = it.next()?.parse().ok()?;
    let date = format!("{year:04}-{month:02}-{day:02}");
    bot_core::catalog::parse_date(&date).map(|_| date)
}

/// The catalog platform id for a catalog's cloud name, or the name itself.
pub fn platform_id(catalog: &Catalog, cloud: &str) -> String {
    let alias = match cloud {
        "lambdalabs" => "lambda",
        "vastai" => "vast",
        "datacrunch" => "verda",
        other => other,
    };
    catalog
        .platform(alias)
        .map(|p| p.id.clone())
        .unwrap_or_else(|_| alias.to_string())
}

/// Reads one CSV file's text. `provider` is the platform id the rows are filed under,
/// `as_of` the catalog's date (seconds since the epoch, written as each offer's
/// `fetched_at`), `source` the text every offer carries.
pub fn parse(
    format: Format,
    text: &str,
    provider: &str,
    catalog: &Catalog,
    as_of: i64,
    source: &str,
) -> Result<Parsed, FetchError> {
    parse_with(
        format,
        text,
        provider,
        catalog,
        (as_of, source),
        crate::Limits::IMPORT,
    )
}

/// [`parse`] under `limits`' row cap (a file with more rows is refused; rows past the cap
/// are not even split into cells). `dated` is `(as_of, source)`.
pub fn parse_with(
    format: Format,
    text: &str,
    provider: &str,
    catalog: &Catalog,
    dated: (i64, &str),
    limits: crate::Limits,
) -> Result<Parsed, FetchError> {
    let (as_of, source) = dated;
    // The header is a row too: more than the cap after it is refused, not read.
    let rows = csv_rows_capped(text, limits.max_rows.saturating_add(2));
    limits.check_rows(rows.len().saturating_sub(1))?;
    let mut rows = rows.into_iter();
    let Some(mut header) = rows.next() else {
        return Err(FetchError::Malformed("the file is empty".into()));
    };
    let needed = format.needed();
    format.check_header(&header)?;
    let mut parsed = Parsed::default();
    let mut names = Names {
        catalog,
        known: std::collections::HashMap::new(),
    };
    let mut seen = std::collections::HashSet::new();
    let mut rows_read = 0usize;
    // Records are counted from the header (1), as a spreadsheet numbers its rows.
    for (record, row) in (2..).zip(rows) {
        if row.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        // Files joined end to end (`cat a.csv b.csv`) repeat a header, maybe in another
        // order: the rows after it are read by it.
        if needed
            .iter()
            .all(|n| row.iter().any(|c| c.trim().eq_ignore_ascii_case(n)))
        {
            format.check_header(&row)?;
            header = row;
            continue;
        }
        // RFC 4180: every record has the header's number of fields. One more or fewer (an
        // unquoted comma, a cell dropped by hand) puts cells under other names: skipped.
        if row.len() != header.len() {
            parsed.refuse_row(format!(
                "record {record}: {} fields where the header has {}: not read (RFC 4180)",
                row.len(),
                header.len()
            ));
            parsed.skipped += 1;
            continue;
        }
        if let Some(other) = other_currency(&header, &row) {
            parsed.refuse_row(format!(
                "record {record}: priced in {other:?}, not dollars: not read (no rate is assumed)"
            ));
            parsed.skipped += 1;
            continue;
        }
        let cells = Cells {
            header: &header,
            row: &row,
        };
        let read = match format {
            Format::SkyPilot => skypilot_row(&cells, provider, &mut names, as_of, source),
            Format::GpuHunt => gpuhunt_row(&cells, provider, &mut names, as_of, source),
        };
        match read {
            Row::NotAGpu => {}
            Row::Bad => parsed.skipped += 1,
            Row::Offers(list) => {
                rows_read += 1;
                for o in list {
                    // Zones of one region repeat a row; keep one.
                    let id = (
                        o.gpu.clone(),
                        o.cards,
                        o.kind,
                        o.region.clone(),
                        o.price_per_instance_hour,
                    );
                    if seen.insert(id) {
                        parsed.offers.push(o);
                    }
                }
            }
        }
    }
    crate::all_rows_unreadable(rows_read + parsed.skipped, &parsed)?;
    Ok(parsed)
}

impl Format {
    /// The columns a file of this format must have.
    fn needed(self) -> &'static [&'static str] {
        match self {
            Format::SkyPilot => &["AcceleratorName", "AcceleratorCount", "Price"],
            Format::GpuHunt => &["gpu_name", "gpu_count", "price"],
        }
    }

    /// Every column read, by name (the needed ones and those read when present).
    fn read(self) -> &'static [&'static str] {
        match self {
            Format::SkyPilot => &[
                "AcceleratorName",
                "AcceleratorCount",
                "Price",
                "SpotPrice",
                "GpuInfo",
                "Region",
                "currency",
            ],
            Format::GpuHunt => &[
                "gpu_name",
                "gpu_count",
                "price",
                "gpu_memory",
                "spot",
                "location",
                "currency",
            ],
        }
    }

    /// A header with every needed column, each column read named once: a name written twice
    /// does not say which is the figure (like a JSON name twice), so the file is refused.
    fn check_header(self, header: &[String]) -> Result<(), FetchError> {
        let count = |name: &str| {
            header
                .iter()
                .filter(|h| h.trim().eq_ignore_ascii_case(name))
                .count()
        };
        if let Some(missing) = self.needed().iter().find(|n| count(n) == 0) {
            return Err(FetchError::Malformed(format!(
                "no `{missing}` column: is this a {} file?",
                self.title()
            )));
        }
        if let Some(twice) = self.read().iter().find(|n| count(n) > 1) {
            return Err(FetchError::Malformed(format!(
                "the header names `{twice}` {} times: which column is meant is not said",
                count(twice)
            )));
        }
        Ok(())
    }
}

/// The currency a row's `currency` column names when it is not dollars (both formats write
/// dollars; a column added upstream may say otherwise for some rows). Empty is unsaid.
fn other_currency(header: &[String], row: &[String]) -> Option<String> {
    let i = header
        .iter()
        .position(|h| h.trim().eq_ignore_ascii_case("currency"))?;
    let cur = row.get(i)?.trim();
    (!cur.is_empty() && !cur.eq_ignore_ascii_case("USD")).then(|| cur.chars().take(12).collect())
}

/// One row's cells, found by header name (trimmed; empty is absent).
struct Cells<'a> {
    header: &'a [String],
    row: &'a [String],
}

impl<'a> Cells<'a> {
    fn get(&self, name: &str) -> Option<&'a str> {
        let i = self
            .header
            .iter()
            .position(|h| h.trim().eq_ignore_ascii_case(name))?;
        self.row.get(i).map(|s| s.trim()).filter(|s| !s.is_empty())
    }
}

/// Card names already resolved in this file: a catalog repeats a few names thousands of
/// times, and a name the catalog does not know is the slow case (it looks for suggestions).
struct Names<'c> {
    catalog: &'c Catalog,
    known: std::collections::HashMap<NameKey, (String, Option<f64>)>,
}

/// A raw name, the card count, and the memory figures (as bits) it came with.
type NameKey = (String, u32, Option<u64>, Option<u64>);

impl Names<'_> {
    fn skypilot(&mut self, name: &str, cards: u32, info: &GpuInfo) -> (String, Option<f64>) {
        let key = (
            name.to_string(),
            cards,
            info.size_mib.map(f64::to_bits),
            info.total_mib.map(f64::to_bits),
        );
        let catalog = self.catalog;
        self.known
            .entry(key)
            .or_insert_with(|| name_with_memory(catalog, name, cards, info))
            .clone()
    }

    fn plain(&mut self, name: &str, vram: Option<f64>) -> (String, Option<f64>) {
        let key = (name.to_string(), 0, vram.map(f64::to_bits), None);
        let catalog = self.catalog;
        self.known
            .entry(key)
            .or_insert_with(|| name_offer_gpu(catalog, name, vram))
            .clone()
    }
}

enum Row {
    NotAGpu,
    Bad,
    Offers(Vec<Offer>),
}

fn decimal(s: Option<&str>) -> Option<Decimal> {
    let s = s?;
    let d = Decimal::from_str(s)
        .or_else(|_| Decimal::from_scientific(s))
        .ok()?;
    (d >= Decimal::ZERO && d <= crate::json::MONEY_MAX).then(|| d.round_dp(6).normalize())
}

fn count(s: Option<&str>) -> Option<u32> {
    let f: f64 = s?.parse().ok()?;
    (f.is_finite() && f >= 1.0 && f.fract() == 0.0 && f <= 4096.0).then_some(f as u32)
}

#[allow(clippy::too_many_arguments)]
fn offer(
    provider: &str,
    gpu: (String, Option<f64>),
    raw: &str,
    cards: u32,
    price: Decimal,
    kind: OfferKind,
    region: Option<&str>,
    as_of: i64,
    source: &str,
) -> Option<Offer> {
    let per_gpu = price
        .checked_div(Decimal::from(cards))?
        .round_dp(6)
        .normalize();
    Some(Offer {
        provider: provider.to_string(),
        gpu: gpu.0,
        raw_name: raw.to_string(),
        cards,
        vram_gb: gpu.1,
        price_per_gpu_hour: per_gpu,
        price_per_instance_hour: price,
        currency: "USD".into(),
        kind,
        region: region.map(str::to_string),
        stock: StockLevel::Unknown,
        available_count: None,
        fetched_at: as_of,
        source: source.to_string(),
    })
}

fn skypilot_row(
    cells: &Cells<'_>,
    provider: &str,
    names: &mut Names<'_>,
    as_of: i64,
    source: &str,
) -> Row {
    let Some(name) = cells.get("AcceleratorName") else {
        return Row::NotAGpu;
    };
    let Some(cards) = count(cells.get("AcceleratorCount")) else {
        return Row::Bad;
    };
    let info = cells.get("GpuInfo").map(gpu_info).unwrap_or_default();
    let gpu = names.skypilot(name, cards, &info);
    let region = cells.get("Region");
    let mut list = Vec::new();
    let on_demand = cells.get("Price");
    let spot = cells.get("SpotPrice");
    if on_demand.is_some() && decimal(on_demand).is_none()
        || spot.is_some() && decimal(spot).is_none()
    {
        return Row::Bad;
    }
    for (price, kind) in [(on_demand, OfferKind::OnDemand), (spot, OfferKind::Spot)] {
        if let Some(p) = decimal(price).filter(|p| *p > Decimal::ZERO)
            && let Some(o) = offer(
                provider,
                gpu.clone(),
                name,
                cards,
                p,
                kind,
                region,
                as_of,
                source,
            )
        {
            list.push(o);
        }
    }
    if list.is_empty() {
        Row::Bad
    } else {
        Row::Offers(list)
    }
}

fn gpuhunt_row(
    cells: &Cells<'_>,
    provider: &str,
    names: &mut Names<'_>,
    as_of: i64,
    source: &str,
) -> Row {
    let (Some(name), Some(n)) = (cells.get("gpu_name"), cells.get("gpu_count")) else {
        return Row::NotAGpu;
    };
    if n.parse::<f64>().is_ok_and(|c| c == 0.0) {
        return Row::NotAGpu;
    }
    let Some(cards) = count(Some(n)) else {
        return Row::Bad;
    };
    let Some(price) = decimal(cells.get("price")).filter(|p| *p > Decimal::ZERO) else {
        return Row::Bad;
    };
    // gpuhunt writes memory per card in GB.
    let vram = cells
        .get("gpu_memory")
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v > 0.0);
    let kind = match cells.get("spot").map(str::to_ascii_lowercase).as_deref() {
        Some("true" | "1") => OfferKind::Spot,
        Some("false" | "0") | None => OfferKind::OnDemand,
        Some(_) => return Row::Bad,
    };
    let gpu = names.plain(name, vram);
    match offer(
        provider,
        gpu,
        name,
        cards,
        price,
        kind,
        cells.get("location"),
        as_of,
        source,
    ) {
        Some(o) => Row::Offers(vec![o]),
        None => Row::Bad,
    }
}

/// What `GpuInfo` says: a name and memory figures in MiB.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GpuInfo {
    pub name: Option<String>,
    pub size_mib: Option<f64>,
    pub count: Option<f64>,
    pub total_mib: Option<f64>,
}

/// Reads SkyPilot's `GpuInfo`: a Python dict literal, or a bare name.
pub fn gpu_info(text: &str) -> GpuInfo {
    let t = text.trim();
    if !t.starts_with('{') {
        return GpuInfo {
            name: Some(t.replace('_', " ")),
            ..GpuInfo::default()
        };
    }
    let Some(v) = python_literal(t) else {
        return GpuInfo::default();
    };
    let first = v.get("Gpus").and_then(|g| g.get(0));
    let num = |v: Option<&Value>| -> Option<f64> {
        match v? {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => s.parse().ok(),
            _ => None,
        }
        .filter(|f| f.is_finite() && *f > 0.0)
    };
    GpuInfo {
        name: first
            .and_then(|g| g.get("Name"))
            .and_then(Value::as_str)
            .map(str::to_string),
        size_mib: num(first.and_then(|g| g.pointer("/MemoryInfo/SizeInMiB"))),
        count: num(first.and_then(|g| g.get("Count"))),
        total_mib: num(v.get("TotalGpuMemoryInMiB")),
    }
}

/// A Python literal of dicts, lists, strings, numbers and True/False/None, as JSON.
fn python_literal(t: &str) -> Option<Value> {
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                out.push('"');
                while let Some(c) = chars.next() {
                    match c {
                        '\'' => break,
                        '"' => out.push_str("\\\""),
                        '\\' => {
                            if let Some(n) = chars.next() {
                                if n == '\'' {
                                    out.push('\'');
                                } else {
                                    out.push('\\');
                                    out.push(n);
                                }
                            }
                        }
                        c => out.push(c),
                    }
                }
                out.push('"');
            }
            c if c.is_ascii_alphabetic() => {
                let mut word = String::from(c);
                while let Some(n) = chars.peek().copied().filter(char::is_ascii_alphanumeric) {
                    word.push(n);
                    chars.next();
                }
                out.push_str(match word.as_str() {
                    "True" => "true",
                    "False" => "false",
                    "None" => "null",
                    _ => return None,
                });
            }
            c => out.push(c),
        }
    }
    serde_json::from_str(&out).ok()
}

/// The GPU id and per-card memory of a SkyPilot row. Memory per card is `SizeInMiB` when the
/// total agrees with `size × count`; when the total equals `SizeInMiB` for several cards, the
/// file is ambiguous and the catalog's card decides between `size` and `size / count`.
fn name_with_memory(
    catalog: &Catalog,
    name: &str,
    cards: u32,
    info: &GpuInfo,
) -> (String, Option<f64>) {
    let gib = |mib: f64| mib / 1024.0;
    let Some(size) = info.size_mib else {
        return name_offer_gpu(catalog, name, None);
    };
    let n = f64::from(cards);
    let close = |a: f64, b: f64| (a - b).abs() <= b * 0.01;
    let ambiguous = cards > 1 && info.total_mib.is_some_and(|t| close(t, size));
    if !ambiguous {
        return name_offer_gpu(catalog, name, Some(gib(size)));
    }
    for per_card in [gib(size / n), gib(size)] {
        if let Some(g) = canonical_gpu(catalog, name, Some(per_card)) {
            return (g.id.clone(), Some(g.vram_gb));
        }
    }
    (name.trim().to_string(), None)
}

/// RFC 4180 rows: quoted fields may hold commas, quotes (doubled) and line breaks; CRLF and
/// LF both end a row.
/// The date a catalog file's own data states: the newest `YYYY-MM-DD` in a date column
/// (`date`, `as_of`, `updated`, `updated_at`, `last_updated`, `timestamp`, `fetched_at`;
/// an RFC 3339 time counts by its day). `None` when the file has no such column: the caller
/// then needs another statement of the date (the checkout's commit, `--as-of`), never the
/// file's modification time, which says when it was copied, not when its prices were read.
pub fn data_date(text: &str) -> Option<String> {
    const NAMES: [&str; 7] = [
        "date",
        "as_of",
        "updated",
        "updated_at",
        "last_updated",
        "timestamp",
        "fetched_at",
    ];
    let rows = csv_rows(text);
    let (header, body) = rows.split_first()?;
    let col = header
        .iter()
        .position(|h| NAMES.contains(&h.trim().to_ascii_lowercase().as_str()))?;
    body.iter()
        .filter_map(|r| r.get(col))
        .filter_map(|cell| {
            let day = cell.trim().get(..10)?;
            bot_core::catalog::parse_date(day).map(|_| day.to_string())
        })
        .max()
}

pub fn csv_rows(text: &str) -> Vec<Vec<String>> {
    csv_rows_capped(text, usize::MAX)
}

/// [`csv_rows`], stopping after `max` rows (so a file past a row cap costs no more than it).
fn csv_rows_capped(text: &str, max: usize) -> Vec<Vec<String>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    field.push('"');
                    chars.next();
                }
                '"' => quoted = false,
                c => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => quoted = true,
            ',' => row.push(std::mem::take(&mut field)),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
                if rows.len() >= max {
                    return rows;
                }
            }
            c => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_reads_quotes_commas_and_crlf() {
        let rows = csv_rows("a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\r\n1,2,3");
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[1], ["x, y", "say \"hi\"", ""]);
        assert_eq!(rows[2], ["1", "2", "3"]);
    }

    #[test]
    fn gpu_info_reads_python_dicts_and_bare_names() {
        let i = gpu_info(
            "{'Gpus': [{'Name': 'V100', 'Manufacturer': 'NVIDIA', 'Count': 8.0, 'MemoryInfo': {'SizeInMiB': 16384}}], 'TotalGpuMemoryInMiB': 16384}",
        );
        assert_eq!(i.name.as_deref(), Some("V100"));
        assert_eq!(
            (i.size_mib, i.count, i.total_mib),
            (Some(16384.0), Some(8.0), Some(16384.0))
        );
        assert_eq!(gpu_info("RTX_A6000").name.as_deref(), Some("RTX A6000"));
        assert_eq!(gpu_info("{'Gpus': [oops"), GpuInfo::default());
        assert_eq!(
            gpu_info("{'Gpus': [{'Name': 'X', 'Count': '1.0', 'Ok': True}]}").count,
            Some(1.0)
        );
    }

    #[test]
    fn a_date_column_dates_the_catalog_and_its_absence_leaves_it_undated() {
        let dated =
            "InstanceType,Price,updated_at\na,1,2026-03-01T10:00:00Z\nb,2,2026-04-02\nc,3,soon\n";
        assert_eq!(data_date(dated).as_deref(), Some("2026-04-02"));
        assert_eq!(data_date("InstanceType,Price\na,1\n"), None);
        assert_eq!(data_date("date,Price\nyesterday,1\n"), None);
    }

    #[test]
    fn http_dates_read() {
        assert_eq!(
            http_date("Tue, 01 Dec 2026 10:00:00 GMT").as_deref(),
            Some("2026-12-01")
        );
        assert_eq!(http_date("yesterday"), None);
    }

    #[test]
    fn clouds_come_from_paths_and_urls() {
        assert_eq!(
            cloud_of_url(
                Format::SkyPilot,
                "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v5/lambda/vms.csv"
            )
            .as_deref(),
            Some("lambda")
        );
        assert_eq!(
            cloud_of_url(Format::GpuHunt, "http://127.0.0.1:9/v2/runpod.csv?x=1").as_deref(),
            Some("runpod")
        );
        let cat = Catalog::embedded().unwrap();
        assert_eq!(platform_id(&cat, "lambdalabs"), "lambda");
        assert_eq!(platform_id(&cat, "do"), "do");
    }
}
