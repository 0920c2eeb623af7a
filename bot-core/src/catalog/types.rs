//! The catalog's entries as the data files write them (`bot-core/catalog/SCHEMA.md`).

use super::date::parse_date;
use crate::fact::Fact;
use crate::units::TimeUnit;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Prices older than this many days (or undated) are labelled stale in every answer.
pub const STALE_AFTER_DAYS: i64 = 30;

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

pub(super) fn default_tier() -> String {
    "on_demand".into()
}

pub(super) fn one() -> u32 {
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

/// The loaded, validated catalog with name indexes.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub gpus: Vec<Gpu>,
    pub platforms: Vec<Platform>,
    pub models: Vec<Model>,
    pub fx: Vec<FxRate>,
    pub(super) gpu_index: HashMap<String, usize>,
    pub(super) platform_index: HashMap<String, usize>,
    pub(super) model_index: HashMap<String, usize>,
}
