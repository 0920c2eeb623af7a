//! The catalog: GPUs, platforms, models and FX rates, each entry with `source` and `as_of`.
//!
//! Data lives in `bot-core/catalog/*.toml` (embedded at build time); a directory given at run
//! time replaces any of those files. This module only loads, validates and looks things up;
//! it computes no prices and no fits.

use crate::fact::Fact;
use crate::units::TimeUnit;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

/// Prices older than this many days (or undated) are labelled stale in every answer.
pub const STALE_AFTER_DAYS: i64 = 30;

pub const EMBEDDED_GPUS: &str = include_str!("../catalog/gpus.toml");
pub const EMBEDDED_PLATFORMS: &str = include_str!("../catalog/platforms.toml");
pub const EMBEDDED_MODELS: &str = include_str!("../catalog/models.toml");
pub const EMBEDDED_FX: &str = include_str!("../catalog/fx.toml");

/// A GPU model as sold or rented.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Gpu {
    pub id: String,
    pub name: String,
    pub vendor: String,
    #[serde(default)]
    pub arch: Option<String>,
    pub vram_gb: f64,
    #[serde(default)]
    pub mem_type: Option<String>,
    pub mem_bandwidth_gbps: f64,
    /// Dense FP16/BF16 tensor TFLOPS; sparsity is never counted.
    pub fp16_tflops: f64,
    /// Accumulate precision the TFLOPS figure is for (`fp32` or `fp16`).
    pub fp16_accumulate: String,
    pub interconnect: String,
    #[serde(default)]
    pub nvlink_gbps: Fact<f64>,
    #[serde(default)]
    pub form_factor: Option<String>,
    /// Rough class, 1 (entry) to 6 (flagship), for "drop one tier" advice.
    pub tier: u8,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub notes: Option<String>,
}

impl Gpu {
    /// VRAM in GiB (2^30 bytes), the unit memory estimates use.
    pub fn vram_gib(&self) -> f64 {
        self.vram_gb * 1e9 / (1u64 << 30) as f64
    }
}

/// How a platform bills, field by field; anything not documented is `Fact::Unknown`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BillingRules {
    #[serde(default)]
    pub units: Vec<TimeUnit>,
    /// Billing increment as a duration string (`1s`, `1m`, `1h`).
    pub increment: Fact<String>,
    pub minimum_charge: Fact<String>,
    pub starts_at: Fact<BillingStart>,
    pub boot_billed: Fact<bool>,
    pub image_pull_billed: Fact<bool>,
    pub stopped_storage_billed: Fact<bool>,
    pub storage_price_per_gb_month: Fact<Decimal>,
    pub egress_price_per_gb: Fact<Decimal>,
    pub idle_auto_shutdown: Fact<String>,
    #[serde(default)]
    pub commitment: Vec<TimeUnit>,
    #[serde(default)]
    pub notes: Option<String>,
    pub source: String,
    pub as_of: String,
}

/// When the meter starts running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BillingStart {
    Boot,
    Job,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RealName {
    Required,
    NotRequired,
}

/// What stands between a new user and a running job.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Barriers {
    pub prebuilt_images: Fact<bool>,
    pub web_terminal: Fact<bool>,
    pub jupyter: Fact<bool>,
    pub ssh: Fact<bool>,
    pub real_name_verification: Fact<RealName>,
    /// Empty means unknown.
    #[serde(default)]
    pub payment_methods: Vec<String>,
    pub min_topup: Fact<Decimal>,
    #[serde(default)]
    pub signup_steps: Fact<String>,
    pub source: String,
    pub as_of: String,
}

/// One dated list price of one GPU on one platform.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PriceQuote {
    pub gpu: String,
    pub amount: Decimal,
    pub per: TimeUnit,
    pub currency: String,
    #[serde(default = "default_tier")]
    pub tier: String,
    #[serde(default = "one")]
    pub cards: u32,
    pub source: String,
    /// When we read the price (or the price's own date when the source states one).
    pub as_of: String,
    /// True when the source gives no date for the price itself: always treated as stale.
    #[serde(default)]
    pub undated: bool,
    #[serde(default)]
    pub notes: Option<String>,
}

impl PriceQuote {
    /// Days since the price was quoted; `None` when that date is unknown.
    pub fn age_days(&self, today: i64) -> Option<i64> {
        if self.undated {
            return None;
        }
        parse_date(&self.as_of).map(|d| today - d)
    }

    /// Pay-as-you-go price of one card for one hour (a per-second or per-minute quote scaled
    /// up); `None` for a prepaid day/week/month quote, which is not an hourly price.
    pub fn per_card_hour(&self) -> Option<Decimal> {
        (self.per.seconds() <= 3600 && self.cards > 0).then(|| {
            self.amount * Decimal::from(3600)
                / Decimal::from(self.per.seconds())
                / Decimal::from(self.cards)
        })
    }

    /// Older than `max_days`, or of unknown date.
    pub fn is_stale(&self, today: i64, max_days: i64) -> bool {
        self.age_days(today).is_none_or(|d| d > max_days)
    }
}

fn default_tier() -> String {
    "on_demand".into()
}
fn one() -> u32 {
    1
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CredibilityNote {
    pub date: String,
    pub note: String,
    pub source: String,
}

/// A rental platform and what is known about it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Platform {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_zh: Option<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub region: String,
    #[serde(default)]
    pub website: Option<String>,
    pub currency: String,
    pub billing: BillingRules,
    pub barriers: Barriers,
    #[serde(default, rename = "price")]
    pub prices: Vec<PriceQuote>,
    #[serde(default)]
    pub credibility: Vec<CredibilityNote>,
    pub source: String,
    pub as_of: String,
}

impl Platform {
    /// Display name in the given language (Chinese name where one exists).
    pub fn display_name(&self, zh: bool) -> &str {
        match (&self.name_zh, zh) {
            (Some(n), true) => n,
            _ => &self.name,
        }
    }

    /// Quotes for a GPU, cheapest hourly-equivalent first is the caller's job; this keeps file order.
    pub fn prices_for<'a>(&'a self, gpu_id: &'a str) -> impl Iterator<Item = &'a PriceQuote> + 'a {
        self.prices.iter().filter(move |p| p.gpu == gpu_id)
    }
}

/// Architecture facts from a model's `config.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Model {
    pub id: String,
    pub name: String,
    pub family: String,
    #[serde(default)]
    pub hf_ids: Vec<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub params_b: f64,
    pub active_params_b: f64,
    pub layers: u32,
    pub hidden: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub head_dim: u32,
    pub intermediate: u32,
    pub vocab: u32,
    pub tied_embeddings: bool,
    pub max_context: u32,
    #[serde(default)]
    pub experts: u32,
    #[serde(default)]
    pub experts_per_token: u32,
    #[serde(default)]
    pub moe_intermediate: u32,
    #[serde(default)]
    pub shared_experts: u32,
    #[serde(default)]
    pub dense_layers: u32,
    #[serde(default)]
    pub kv_lora_rank: u32,
    #[serde(default)]
    pub q_lora_rank: u32,
    #[serde(default)]
    pub qk_rope_head_dim: u32,
    #[serde(default)]
    pub qk_nope_head_dim: u32,
    #[serde(default)]
    pub v_head_dim: u32,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub notes: Option<String>,
}

impl Model {
    pub fn is_moe(&self) -> bool {
        self.experts > 0
    }
    pub fn uses_mla(&self) -> bool {
        self.kv_lora_rank > 0
    }
}

/// A dated exchange rate: `rate` units of `quote` per one `base`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FxRate {
    pub base: String,
    pub quote: String,
    pub rate: Decimal,
    pub source: String,
    pub as_of: String,
}

#[derive(Deserialize)]
struct GpuFile {
    gpu: Vec<Gpu>,
}
#[derive(Deserialize)]
struct PlatformFile {
    platform: Vec<Platform>,
}
#[derive(Deserialize)]
struct ModelFile {
    model: Vec<Model>,
}
#[derive(Deserialize)]
struct FxFile {
    rate: Vec<FxRate>,
}

/// Why the catalog could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("{file}: {message}")]
    Parse { file: String, message: String },
    #[error("{file}: cannot read: {message}")]
    Io { file: String, message: String },
    #[error("{0}")]
    Invalid(String),
}

/// Which kind of catalog entry a lookup was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Gpu,
    Platform,
    Model,
}

/// A name that matched nothing; carries the closest names for a "did you mean" answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no {kind:?} named `{query}`")]
pub struct NotFound {
    pub kind: EntryKind,
    pub query: String,
    pub suggestions: Vec<String>,
}

/// The loaded, validated catalog with name indexes.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub gpus: Vec<Gpu>,
    pub platforms: Vec<Platform>,
    pub models: Vec<Model>,
    pub fx: Vec<FxRate>,
    gpu_index: HashMap<String, usize>,
    platform_index: HashMap<String, usize>,
    model_index: HashMap<String, usize>,
}

/// Lower-case, with spaces, dashes, underscores, colons and slashes removed, so
/// "GeForce RTX-4090" and "geforce rtx 4090" are one key.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | ':' | '\t' | '（' | '）' | '(' | ')'))
        .flat_map(char::to_lowercase)
        .collect()
}

fn parse<T: for<'de> Deserialize<'de>>(file: &str, text: &str) -> Result<T, CatalogError> {
    toml::from_str(text).map_err(|e| CatalogError::Parse {
        file: file.to_string(),
        message: e.to_string(),
    })
}

impl Catalog {
    /// The catalog compiled into the binary.
    pub fn embedded() -> Result<Catalog, CatalogError> {
        Catalog::from_sources(
            EMBEDDED_GPUS,
            EMBEDDED_PLATFORMS,
            EMBEDDED_MODELS,
            EMBEDDED_FX,
        )
    }

    /// The embedded catalog with any of `gpus.toml`, `platforms.toml`, `models.toml`,
    /// `fx.toml` found in `dir` used instead of the embedded file.
    pub fn load(dir: Option<&Path>) -> Result<Catalog, CatalogError> {
        let read = |name: &str, embedded: &'static str| -> Result<String, CatalogError> {
            match dir.map(|d| d.join(name)) {
                Some(p) if p.exists() => {
                    std::fs::read_to_string(&p).map_err(|e| CatalogError::Io {
                        file: p.display().to_string(),
                        message: e.to_string(),
                    })
                }
                _ => Ok(embedded.to_string()),
            }
        };
        Catalog::from_sources(
            &read("gpus.toml", EMBEDDED_GPUS)?,
            &read("platforms.toml", EMBEDDED_PLATFORMS)?,
            &read("models.toml", EMBEDDED_MODELS)?,
            &read("fx.toml", EMBEDDED_FX)?,
        )
    }

    pub fn from_sources(
        gpus: &str,
        platforms: &str,
        models: &str,
        fx: &str,
    ) -> Result<Catalog, CatalogError> {
        let gpus = parse::<GpuFile>("gpus.toml", gpus)?.gpu;
        let platforms = parse::<PlatformFile>("platforms.toml", platforms)?.platform;
        let models = parse::<ModelFile>("models.toml", models)?.model;
        let fx = parse::<FxFile>("fx.toml", fx)?.rate;

        let gpu_index = build_index(
            "GPU",
            gpus.iter().map(|g| {
                let mut keys = vec![g.id.clone(), g.name.clone()];
                keys.extend(g.aliases.iter().cloned());
                keys
            }),
        )?;
        let platform_index = build_index(
            "platform",
            platforms.iter().map(|p| {
                let mut keys = vec![p.id.clone(), p.name.clone()];
                keys.extend(p.name_zh.iter().cloned());
                keys.extend(p.aliases.iter().cloned());
                keys
            }),
        )?;
        let model_index = build_index(
            "model",
            models.iter().map(|m| {
                let mut keys = vec![m.id.clone(), m.name.clone()];
                keys.extend(m.hf_ids.iter().cloned());
                keys.extend(m.aliases.iter().cloned());
                keys
            }),
        )?;
        let catalog = Catalog {
            gpus,
            platforms,
            models,
            fx,
            gpu_index,
            platform_index,
            model_index,
        };
        catalog.validate()?;
        Ok(catalog)
    }

    fn validate(&self) -> Result<(), CatalogError> {
        for p in &self.platforms {
            for q in &p.prices {
                if !self.gpus.iter().any(|g| g.id == q.gpu) {
                    return Err(CatalogError::Invalid(format!(
                        "platform {}: price for unknown GPU id `{}`",
                        p.id, q.gpu
                    )));
                }
                if q.amount <= Decimal::ZERO || q.cards == 0 {
                    return Err(CatalogError::Invalid(format!(
                        "platform {}: price for {} must be positive with at least one card",
                        p.id, q.gpu
                    )));
                }
            }
        }
        Ok(())
    }

    /// Finds a GPU by id, name or alias, forgiving case, spacing and vendor prefixes.
    pub fn gpu(&self, query: &str) -> Result<&Gpu, NotFound> {
        lookup(
            &self.gpu_index,
            query,
            &["nvidia", "geforce", "tesla", "amd", "instinct"],
        )
        .map(|i| &self.gpus[i])
        .ok_or_else(|| self.not_found(EntryKind::Gpu, query))
    }

    pub fn platform(&self, query: &str) -> Result<&Platform, NotFound> {
        lookup(&self.platform_index, query, &[])
            .map(|i| &self.platforms[i])
            .ok_or_else(|| self.not_found(EntryKind::Platform, query))
    }

    /// Finds a model by id, alias or Hugging Face id (`Qwen/Qwen2.5-7B-Instruct`).
    pub fn model(&self, query: &str) -> Result<&Model, NotFound> {
        if let Some(i) = lookup(&self.model_index, query, &[]) {
            return Ok(&self.models[i]);
        }
        // An org prefix or a chat/instruct suffix does not change the architecture.
        let bare = query.rsplit('/').next().unwrap_or(query);
        let lower = bare.to_lowercase();
        for suffix in [
            "-instruct",
            "-chat",
            "-it",
            "-base",
            "-hf",
            "-gguf",
            "-awq",
            "-gptq-int4",
        ] {
            if let Some(stem) = lower.strip_suffix(suffix)
                && let Some(i) = lookup(&self.model_index, stem, &[])
            {
                return Ok(&self.models[i]);
            }
        }
        lookup(&self.model_index, bare, &[])
            .map(|i| &self.models[i])
            .ok_or_else(|| self.not_found(EntryKind::Model, query))
    }

    /// Rate to convert one `from` into `to`, with the row it came from (inverse rows allowed).
    pub fn fx_rate(&self, from: &str, to: &str) -> Option<(Decimal, &FxRate)> {
        let (from, to) = (from.to_uppercase(), to.to_uppercase());
        self.fx.iter().find_map(|r| {
            if r.base == from && r.quote == to {
                Some((r.rate, r))
            } else if r.base == to && r.quote == from && !r.rate.is_zero() {
                Some((Decimal::ONE / r.rate, r))
            } else {
                None
            }
        })
    }

    fn not_found(&self, kind: EntryKind, query: &str) -> NotFound {
        let names: Vec<(&str, Vec<&str>)> = match kind {
            EntryKind::Gpu => self
                .gpus
                .iter()
                .map(|g| {
                    (
                        g.name.as_str(),
                        g.aliases
                            .iter()
                            .map(String::as_str)
                            .chain([g.id.as_str()])
                            .collect(),
                    )
                })
                .collect(),
            EntryKind::Platform => self
                .platforms
                .iter()
                .map(|p| {
                    (
                        p.name.as_str(),
                        p.aliases
                            .iter()
                            .map(String::as_str)
                            .chain([p.id.as_str()])
                            .collect(),
                    )
                })
                .collect(),
            EntryKind::Model => self
                .models
                .iter()
                .map(|m| {
                    (
                        m.id.as_str(),
                        m.aliases
                            .iter()
                            .map(String::as_str)
                            .chain([m.name.as_str()])
                            .collect(),
                    )
                })
                .collect(),
        };
        NotFound {
            kind,
            query: query.to_string(),
            suggestions: suggest(query, &names),
        }
    }
}

fn build_index(
    what: &str,
    entries: impl Iterator<Item = Vec<String>>,
) -> Result<HashMap<String, usize>, CatalogError> {
    let mut index: HashMap<String, usize> = HashMap::new();
    for (i, keys) in entries.enumerate() {
        for key in keys {
            let k = normalize(&key);
            if k.is_empty() {
                continue;
            }
            match index.get(&k) {
                Some(&j) if j != i => {
                    return Err(CatalogError::Invalid(format!(
                        "{what} name `{key}` is ambiguous: it names entries #{j} and #{i}"
                    )));
                }
                _ => {
                    index.insert(k, i);
                }
            }
        }
    }
    Ok(index)
}

fn lookup(index: &HashMap<String, usize>, query: &str, noise_words: &[&str]) -> Option<usize> {
    let key = normalize(query);
    if key.is_empty() {
        return None;
    }
    if let Some(&i) = index.get(&key) {
        return Some(i);
    }
    // Retry without vendor words: "NVIDIA GeForce RTX 4090" -> "rtx4090".
    let mut stripped = query.to_lowercase();
    for w in noise_words {
        stripped = stripped.replace(w, " ");
    }
    let stripped = normalize(&stripped);
    index.get(&stripped).copied()
}

/// Up to three names closest to `query` (edit distance on normalised names, or containment).
fn suggest(query: &str, entries: &[(&str, Vec<&str>)]) -> Vec<String> {
    let q = normalize(query);
    // No catalog name is this long; skipping keeps a pasted essay from costing seconds.
    if q.is_empty() || q.chars().count() > 64 {
        return Vec::new();
    }
    let mut scored: Vec<(usize, &str)> = entries
        .iter()
        .filter_map(|(display, keys)| {
            let best = keys
                .iter()
                .chain(std::iter::once(display))
                .map(|k| {
                    let k = normalize(k);
                    if k.contains(&q) || q.contains(&k) {
                        k.len().abs_diff(q.len()).min(2)
                    } else {
                        levenshtein(&q, &k)
                    }
                })
                .min()?;
            let limit = (q.chars().count() / 3).max(2);
            (best <= limit).then_some((best, *display))
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(3)
        .map(|(_, n)| n.to_string())
        .collect()
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Days since 1970-01-01 for a `YYYY-MM-DD` date, or `None` when it is not one.
pub fn parse_date(date: &str) -> Option<i64> {
    let mut it = date.trim().splitn(3, '-');
    let y: i64 = it.next()?.parse().ok()?;
    let m: i64 = it.next()?.parse().ok()?;
    let d: i64 = it.next()?.parse().ok()?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || !(1900..=9999).contains(&y) {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// Today's date as days since the epoch (UTC), from the system clock.
pub fn today() -> i64 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    (secs / 86_400) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_to_epoch_days() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2026-11-30"), Some(20_787));
        assert_eq!(
            parse_date("2024-02-29").unwrap() + 1,
            parse_date("2024-03-01").unwrap()
        );
        assert_eq!(parse_date("2026-13-01"), None);
        assert_eq!(parse_date("yesterday"), None);
    }

    #[test]
    fn per_card_hour_scales_pay_as_you_go_and_refuses_prepaid_tiers() {
        let quote = |amount: &str, per: &str, cards: u32| -> PriceQuote {
            toml::from_str(&format!(
                "gpu = \"x\"\namount = \"{amount}\"\nper = \"{per}\"\ncurrency = \"USD\"\ncards = {cards}\nsource = \"s\"\nas_of = \"2026-01-01\""
            ))
            .unwrap()
        };
        // $0.0007/s = $2.52/h; $16/h for 8 cards = $2/card-hour; a monthly price is no hourly one.
        assert_eq!(
            quote("0.0007", "second", 1).per_card_hour(),
            Some(Decimal::new(252, 2))
        );
        assert_eq!(
            quote("16", "hour", 8).per_card_hour(),
            Some(Decimal::from(2))
        );
        assert_eq!(quote("1000", "month", 1).per_card_hour(), None);
    }

    #[test]
    fn normalize_ignores_case_and_separators() {
        assert_eq!(normalize("GeForce RTX-4090"), "geforcertx4090");
        assert_eq!(normalize("qwen2.5:7b"), "qwen2.57b");
    }

    #[test]
    fn levenshtein_counts_edits() {
        assert_eq!(levenshtein("h100", "h100"), 0);
        assert_eq!(levenshtein("h10", "h100"), 1);
        assert_eq!(levenshtein("rtx4909", "rtx4090"), 2);
    }
}
