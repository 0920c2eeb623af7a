//! The catalog's entries as the data files write them (`bot-core/catalog/SCHEMA.md`).

use super::date::parse_date;
use crate::fact::Fact;
use crate::units::TimeUnit;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Prices older than this many days (or undated) are labelled stale in every answer.
pub const STALE_AFTER_DAYS: i64 = 30;

/// What links several cards of one kind in one host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardLink {
    /// Every card on NVLink/NVSwitch (or AMD Infinity Fabric) by construction of the board.
    NvLink,
    /// An optional bridge (pairs of PCIe cards): whether a rented host has it is not known.
    Bridge,
    /// PCIe only: no NVLink on this card.
    Pcie,
    Unknown,
}

impl CardLink {
    pub const KEYS: [&'static str; 4] = ["nvlink", "bridge", "pcie", "unknown"];

    pub fn key(self) -> &'static str {
        match self {
            CardLink::NvLink => "nvlink",
            CardLink::Bridge => "bridge",
            CardLink::Pcie => "pcie",
            CardLink::Unknown => "unknown",
        }
    }

    pub fn from_key(s: &str) -> Option<Self> {
        match s {
            "nvlink" => Some(CardLink::NvLink),
            "bridge" => Some(CardLink::Bridge),
            "pcie" => Some(CardLink::Pcie),
            "unknown" => Some(CardLink::Unknown),
            _ => None,
        }
    }

    /// Known to be NVLink between every card (the one link a careful engineer does not have
    /// to check before renting several cards for one job).
    pub fn is_known_fast(self) -> bool {
        self == CardLink::NvLink
    }
}

/// How a card's memory capacity is known (`Gpu::capacity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapacityBasis {
    /// The driver's own total (`memory_mib`, nvidia-smi), with its source.
    Driver,
    /// No driver reading in the catalog: the marketed size taken as GiB of memory chips (the
    /// driver reports up to ~1 % less, ECC-enabled GDDR cards ~6 % less).
    MarketedAsGib,
}

/// A GPU model as sold or rented.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    pub id: String,
    pub name: String,
    pub vendor: String,
    #[serde(default)]
    pub arch: Option<String>,
    pub vram_gb: f64,
    /// Total memory the driver reports (nvidia-smi `memory.total`, MiB), with where it was
    /// read (`memory_source`, `memory_as_of`). Absent: derived from `vram_gb` as GiB of memory
    /// chips (`Gpu::capacity`), and answers say it is derived.
    #[serde(default)]
    pub memory_mib: Option<u32>,
    #[serde(default)]
    pub memory_source: Option<String>,
    #[serde(default)]
    pub memory_as_of: Option<String>,
    #[serde(default)]
    pub mem_type: Option<String>,
    /// Peak memory bandwidth, GB/s; `"unknown"` when no source gives it.
    pub mem_bandwidth_gbps: Fact<f64>,
    /// Dense FP16/BF16 tensor TFLOPS; sparsity is never counted; `"unknown"` when no source
    /// gives a dense tensor figure (speed estimates are then not made, and answers say why).
    pub fp16_tflops: Fact<f64>,
    /// Accumulate precision the TFLOPS figure is for (`fp32` or `fp16`).
    pub fp16_accumulate: String,
    /// Technical text (`PCIe 4.0 x16`, `SXM5; NVLink 4.0 900 GB/s`), shown in English answers.
    pub interconnect: String,
    /// The same in Chinese, for zh answers; required when `interconnect` has English words.
    #[serde(default)]
    pub interconnect_zh: Option<String>,
    #[serde(default)]
    pub nvlink_gbps: Fact<f64>,
    #[serde(default)]
    pub form_factor: Option<String>,
    /// What links several of these cards in one host, when the form factor and
    /// `nvlink_gbps` do not say it (`nvlink` | `bridge` | `pcie` | `unknown`); absent = read
    /// from them (`Gpu::card_link`).
    #[serde(default)]
    pub card_link: Option<String>,
    /// Rough class, 1 (entry) to 6 (flagship), for "drop one tier" advice.
    pub tier: u8,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub source: String,
    pub as_of: String,
    /// A caveat users should read, in both languages (both or neither).
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
    /// How the figures were read or derived (English, provenance only: `--json`, never chat).
    #[serde(default)]
    pub source_note: Option<String>,
}

impl Gpu {
    /// The interconnect text in the answer's language.
    pub fn interconnect_text(&self, zh: bool) -> &str {
        match (&self.interconnect_zh, zh) {
            (Some(t), true) => t,
            _ => &self.interconnect,
        }
    }

    /// What links several of these cards in one host: `card_link` when the entry states it;
    /// else an SXM/OAM module with a known link rate sits on a baseboard that wires every card
    /// (HGX NVLink/NVSwitch, AMD's Infinity Fabric mesh); a PCIe or NVL card with a link rate
    /// has an optional bridge, which the host may or may not fit; a zero rate is PCIe only.
    pub fn card_link(&self) -> CardLink {
        if let Some(l) = self.card_link.as_deref() {
            return CardLink::from_key(l).unwrap_or(CardLink::Unknown);
        }
        match (self.nvlink_gbps.known(), self.form_factor.as_deref()) {
            (None, _) => CardLink::Unknown,
            (Some(x), _) if *x <= 0.0 => CardLink::Pcie,
            (Some(_), Some("sxm" | "oam")) => CardLink::NvLink,
            (Some(_), Some("pcie" | "nvl")) => CardLink::Bridge,
            (Some(_), _) => CardLink::Unknown,
        }
    }

    /// Memory bandwidth in GB/s, when known.
    pub fn bandwidth_gbps(&self) -> Option<f64> {
        self.mem_bandwidth_gbps.known().copied()
    }

    /// Dense FP16/BF16 tensor TFLOPS, when known.
    pub fn tflops(&self) -> Option<f64> {
        self.fp16_tflops.known().copied()
    }

    /// The card's memory in GiB (2^30 bytes), the unit memory estimates use: what the driver
    /// reports (`memory_mib`), else the marketed size read as GiB of memory chips (a "24 GB"
    /// card carries 24 GiB of chips: nvidia-smi shows 24564 MiB on an RTX 4090, 81920 MiB on an
    /// A100 80GB), never the marketed GB divided by 2^30 (which would lose 7 %).
    pub fn vram_gib(&self) -> f64 {
        self.capacity().0
    }

    /// [`Gpu::vram_gib`] and how it is known.
    pub fn capacity(&self) -> (f64, CapacityBasis) {
        match self.memory_mib {
            Some(mib) => (f64::from(mib) / 1024.0, CapacityBasis::Driver),
            None => (self.vram_gb, CapacityBasis::MarketedAsGib),
        }
    }
}

/// How a platform bills, field by field; anything not documented is `Fact::Unknown`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BillingRules {
    #[serde(default)]
    pub units: Vec<TimeUnit>,
    /// Billing increment as a duration string (`1s`, `1m`, `1h`).
    pub increment: Fact<String>,
    pub minimum_charge: Fact<String>,
    pub starts_at: Fact<BillingStart>,
    pub boot_billed: Fact<bool>,
    pub image_pull_billed: Fact<bool>,
    /// Whether anything storage-like is still billed while the instance is stopped (the billing
    /// engine reads this; it must agree with `stopped_billing`).
    pub stopped_storage_billed: Fact<bool>,
    /// What keeps being billed while the instance is stopped.
    #[serde(default)]
    pub stopped_billing: Fact<Vec<StoppedCharge>>,
    pub storage_price_per_gb_month: Fact<Decimal>,
    pub egress_price_per_gb: Fact<Decimal>,
    pub idle_auto_shutdown: Fact<Text>,
    #[serde(default)]
    pub commitment: Vec<TimeUnit>,
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
    pub source: String,
    pub as_of: String,
    /// True when only a third-party copy of the source was read.
    #[serde(default)]
    pub third_party: bool,
    #[serde(default)]
    pub source_note: Option<String>,
}

/// What a stopped (powered-off) instance keeps costing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoppedCharge {
    /// The instance's own (system or paid data) disk.
    Disk,
    /// Separate storage: network volumes, file storage, NAS, saved images.
    Storage,
    /// A prepaid (daily/weekly/monthly) plan runs on whether the instance is on or off.
    PrepaidPlan,
    /// The full instance price keeps running while stopped.
    Compute,
    /// Nothing is billed while stopped.
    Nothing,
    /// Instances cannot be stopped, only terminated.
    CannotStop,
}

impl StoppedCharge {
    pub fn key(self) -> &'static str {
        match self {
            StoppedCharge::Disk => "disk",
            StoppedCharge::Storage => "storage",
            StoppedCharge::PrepaidPlan => "prepaid_plan",
            StoppedCharge::Compute => "compute",
            StoppedCharge::Nothing => "nothing",
            StoppedCharge::CannotStop => "cannot_stop",
        }
    }
}

/// Free text in both languages: `{ zh = "…", en = "…" }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub zh: String,
    pub en: String,
}

impl Text {
    pub fn get(&self, zh: bool) -> &str {
        if zh { &self.zh } else { &self.en }
    }
}

/// The localized note of an entry: `note_zh` in Chinese answers, `note_en` otherwise.
pub fn note_in<'a>(
    zh: bool,
    note_zh: &'a Option<String>,
    note_en: &'a Option<String>,
) -> Option<&'a str> {
    if zh {
        note_zh.as_deref()
    } else {
        note_en.as_deref()
    }
}

/// When the meter starts running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BillingStart {
    Boot,
    Job,
}

/// Whether renting needs real-name (identity) verification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RealName {
    /// Not needed to rent (`none`; the older spelling `not_required` is read too).
    #[serde(rename = "none", alias = "not_required")]
    NotRequired,
    /// Needed only for some services (an API, enterprise features); see the barriers' note.
    SomeServices,
    /// Needed before renting (`always`; the older spelling `required` is read too).
    #[serde(rename = "always", alias = "required")]
    Required,
}

impl RealName {
    pub fn key(self) -> &'static str {
        match self {
            RealName::NotRequired => "none",
            RealName::SomeServices => "some_services",
            RealName::Required => "always",
        }
    }
}

/// Which identity documents the real-name check accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RealNameDocuments {
    /// Mainland resident ID card only.
    DomesticId,
    /// Passports (foreigners, Hong Kong/Macao/Taiwan documents) are accepted too.
    PassportOk,
}

impl RealNameDocuments {
    pub fn key(self) -> &'static str {
        match self {
            RealNameDocuments::DomesticId => "domestic_id",
            RealNameDocuments::PassportOk => "passport_ok",
        }
    }
}

/// Payment methods the catalog may name.
pub const PAYMENT_METHODS: [&str; 8] = [
    "alipay",
    "wechat",
    "card",
    "paypal",
    "crypto",
    "bank_transfer",
    "invoice",
    "unionpay",
];

/// Price tiers the catalog may name.
pub const PRICE_TIERS: [&str; 9] = [
    "on_demand",
    "spot",
    "community",
    "secure",
    "reserved",
    "promo",
    "day",
    "week",
    "month",
];

/// What stands between a new user and a running job.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Barriers {
    pub prebuilt_images: Fact<bool>,
    pub web_terminal: Fact<bool>,
    pub jupyter: Fact<bool>,
    pub ssh: Fact<bool>,
    pub real_name_verification: Fact<RealName>,
    #[serde(default)]
    pub real_name_documents: Fact<RealNameDocuments>,
    /// `"unknown"` (or `[]`) means unknown; names from [`PAYMENT_METHODS`].
    #[serde(
        default,
        deserialize_with = "list_or_unknown",
        serialize_with = "unknown_if_empty"
    )]
    pub payment_methods: Vec<String>,
    /// Smallest first top-up, in the platform's currency.
    pub min_topup: Fact<Decimal>,
    #[serde(default)]
    pub signup_steps: Fact<Text>,
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub third_party: bool,
    #[serde(default)]
    pub source_note: Option<String>,
}

fn list_or_unknown<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Ok(match Fact::<Vec<String>>::deserialize(d)? {
        Fact::Known(v) => v,
        Fact::Unknown => Vec::new(),
    })
}

fn unknown_if_empty<S: serde::Serializer>(v: &[String], s: S) -> Result<S::Ok, S::Error> {
    if v.is_empty() {
        s.serialize_str("unknown")
    } else {
        v.serialize(s)
    }
}

/// One dated list price of one GPU on one platform.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// A "from" (lowest of several configurations) price: shown as `起`/`from`.
    #[serde(default)]
    pub from: bool,
    /// True when only a third-party copy of the price page was read.
    #[serde(default)]
    pub third_party: bool,
    /// What links the cards of this offer as the platform states it (`nvlink` | `pcie`), on
    /// this quote's `source` and `as_of`; absent = the GPU's own `Gpu::card_link`.
    #[serde(default)]
    pub card_link: Option<String>,
    #[serde(default)]
    pub source_note: Option<String>,
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
}

impl PriceQuote {
    /// A price the user typed (`/cost`, `gpuscout cost`): one card, no date, no catalog source.
    pub fn user(amount: Decimal, per: TimeUnit, currency: &str, tier: &str) -> PriceQuote {
        PriceQuote {
            gpu: "user".into(),
            amount,
            per,
            currency: currency.into(),
            tier: tier.into(),
            cards: 1,
            source: "user".into(),
            as_of: String::new(),
            undated: true,
            from: false,
            third_party: false,
            card_link: None,
            source_note: None,
            note_zh: None,
            note_en: None,
        }
    }

    /// What links `cards` cards of this offer: the quote's own statement, else the GPU's.
    pub fn card_link(&self, gpu: &Gpu) -> CardLink {
        self.card_link
            .as_deref()
            .and_then(CardLink::from_key)
            .unwrap_or_else(|| gpu.card_link())
    }

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
#[serde(deny_unknown_fields)]
pub struct CredibilityNote {
    pub date: String,
    pub note_zh: String,
    pub note_en: String,
    pub source: String,
    #[serde(default)]
    pub third_party: bool,
}

/// In which state of an instance a retention rule deletes data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InstanceState {
    /// Powered off / stopped.
    Stopped,
    /// Not started for a while (running or not).
    NotStarted,
    /// Returned, released or terminated by the user.
    Released,
    /// The account balance ran out.
    Arrears,
    /// System reset or image change.
    Reset,
    /// Spot/preemptible capacity taken back.
    Reclaimed,
    /// Any state (e.g. the host is retired).
    Any,
}

impl InstanceState {
    pub fn key(self) -> &'static str {
        match self {
            InstanceState::Stopped => "stopped",
            InstanceState::NotStarted => "not_started",
            InstanceState::Released => "released",
            InstanceState::Arrears => "arrears",
            InstanceState::Reset => "reset",
            InstanceState::Reclaimed => "reclaimed",
            InstanceState::Any => "any",
        }
    }
}

/// What a retention rule deletes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DataScope {
    /// The instance and all of its disks.
    AllData,
    /// The instance's local disk(s).
    LocalDisk,
    /// A temporary directory.
    TempDir,
    /// The system disk only (the data disk is kept).
    SystemDisk,
    /// Persistent volumes / network storage.
    Volume,
}

impl DataScope {
    pub fn key(self) -> &'static str {
        match self {
            DataScope::AllData => "all_data",
            DataScope::LocalDisk => "local_disk",
            DataScope::TempDir => "temp_dir",
            DataScope::SystemDisk => "system_disk",
            DataScope::Volume => "volume",
        }
    }
}

/// A rule by which the platform deletes users' data: what, after how long, in which state.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetentionRule {
    pub state: InstanceState,
    /// How long in that state before deletion (`15d`, `24h`, `0s` = at once), or `"unknown"`.
    pub after: Fact<String>,
    pub deletes: DataScope,
    /// Which instances the rule is for when not all (`潮汐算力实例` / `tidal-compute instances`).
    #[serde(default)]
    pub scope_zh: Option<String>,
    #[serde(default)]
    pub scope_en: Option<String>,
    pub note_zh: String,
    pub note_en: String,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub third_party: bool,
    #[serde(default)]
    pub source_note: Option<String>,
}

impl RetentionRule {
    /// Seconds in the state before data goes; `None` when unknown.
    pub fn after_seconds(&self) -> Option<Decimal> {
        self.after
            .known()
            .and_then(|t| crate::units::parse_duration(t).ok())
    }
}

/// Where one or more fields of a platform came from, when that differs from the section's
/// `source` (`fields = ["billing.increment", "billing.starts_at"]`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cite {
    pub fields: Vec<String>,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub third_party: bool,
    #[serde(default)]
    pub source_note: Option<String>,
}

/// Where an unknown fact was looked for (so "unknown" is a finding, not a gap).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LookedFor {
    pub fields: Vec<String>,
    pub looked_in: Vec<String>,
    pub as_of: String,
}

/// Field names a [`Cite`] or [`LookedFor`] may name.
pub const PLATFORM_FIELDS: [&str; 19] = [
    "billing.units",
    "billing.increment",
    "billing.minimum_charge",
    "billing.starts_at",
    "billing.boot_billed",
    "billing.image_pull_billed",
    "billing.stopped_billing",
    "billing.storage_price_per_gb_month",
    "billing.egress_price_per_gb",
    "billing.idle_auto_shutdown",
    "billing.commitment",
    "barriers.prebuilt_images",
    "barriers.web_terminal",
    "barriers.jupyter",
    "barriers.ssh",
    "barriers.real_name_verification",
    "barriers.real_name_documents",
    "barriers.payment_methods",
    "barriers.min_topup",
];

/// A rental platform and what is known about it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// Rules by which the platform deletes data.
    #[serde(default)]
    pub retention: Vec<RetentionRule>,
    #[serde(default)]
    pub cite: Vec<Cite>,
    #[serde(default)]
    pub looked_for: Vec<LookedFor>,
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
    pub source: String,
    pub as_of: String,
}

impl Platform {
    /// The citation of one field: its own `[[platform.cite]]`, else `None` (the section's).
    pub fn cite_of(&self, field: &str) -> Option<&Cite> {
        self.cite
            .iter()
            .find(|c| c.fields.iter().any(|f| f == field))
    }

    /// Whether an unknown field records where it was looked for.
    pub fn looked_for_of(&self, field: &str) -> Option<&LookedFor> {
        self.looked_for
            .iter()
            .find(|c| c.fields.iter().any(|f| f == field))
    }

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
#[serde(deny_unknown_fields)]
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
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
    /// How the facts were read (English, provenance only: `--json`, never chat).
    #[serde(default)]
    pub source_note: Option<String>,
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
#[serde(deny_unknown_fields)]
pub struct FxRate {
    pub base: String,
    pub quote: String,
    pub rate: Decimal,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub source_note: Option<String>,
}

/// The loaded, validated catalog with name indexes.
///
/// Built once ([`Catalog::from_parts`]) and read-only afterwards, so the indexes stay true.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub gpus: Vec<Gpu>,
    pub platforms: Vec<Platform>,
    pub models: Vec<Model>,
    pub fx: Vec<FxRate>,
    pub(super) gpu_index: HashMap<String, usize>,
    pub(super) platform_index: HashMap<String, usize>,
    pub(super) model_index: HashMap<String, usize>,
    /// Per GPU id (as the quotes write it): (platform, quote) positions, in catalog order, so
    /// a per-GPU answer reads its own rows instead of every platform's.
    pub(super) price_index: HashMap<String, Vec<(usize, usize)>>,
    /// Per GPU id: the cheapest pay-as-you-go hour of one card in USD with its quote's date
    /// (see [`Catalog::cheapest_hourly_usd`]), worked out once at load because every /fit and
    /// /pick card list reads it for every GPU.
    pub(super) cheapest_hourly: HashMap<String, (Decimal, String)>,
    /// Per GPU id: per quote currency, the lowest list price of one card for one second over
    /// its quotes, as f64 (see [`Catalog::floor_per_card_second`]).
    pub(super) price_floor: HashMap<String, Vec<(String, f64)>>,
}

impl Catalog {
    /// Every quote for `gpu_id` (the catalog id) with its platform, in catalog order
    /// (platforms as listed, each platform's quotes as listed).
    pub fn quotes_for<'a>(
        &'a self,
        gpu_id: &str,
    ) -> impl Iterator<Item = (&'a Platform, &'a PriceQuote)> + 'a {
        self.price_index
            .get(gpu_id)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|&(p, q)| (&self.platforms[p], &self.platforms[p].prices[q]))
    }

    /// The cheapest pay-as-you-go list price of one card for one hour across the catalog, in
    /// USD at the catalog's dated rate, with the date of that quote (`?` when the source gives
    /// none). Quotes per second or minute are scaled to an hour; prepaid day/week/month tiers
    /// are not an hourly price, and a quote in a currency without a rate is skipped.
    pub fn cheapest_hourly_usd(&self, gpu_id: &str) -> Option<(Decimal, String)> {
        self.cheapest_hourly.get(gpu_id).cloned()
    }

    /// Per quote currency, the lowest `amount / (seconds of its unit × its cards)` over the
    /// quotes of `gpu_id` that a job can be priced on (any tier, prepaid ones too): what
    /// lower bounds of a job's cost start from (`billing::Pricer::lower_bound`). f64, so
    /// only for bounds, never for a figure shown. Quotes with no cards or a negative amount,
    /// which no job is priced on, are left out.
    pub fn floor_per_card_second(&self, gpu_id: &str) -> &[(String, f64)] {
        self.price_floor.get(gpu_id).map_or(&[], Vec::as_slice)
    }

    /// [`Catalog::floor_per_card_second`] from the quotes, for the index built at load.
    pub(super) fn scan_price_floor(&self, gpu_id: &str) -> Vec<(String, f64)> {
        let mut out: Vec<(String, f64)> = Vec::new();
        for (_, q) in self.quotes_for(gpu_id) {
            if q.cards == 0 || (q.amount.is_sign_negative() && !q.amount.is_zero()) {
                continue;
            }
            // A figure f64 cannot hold bounds nothing: zero keeps a bound true.
            let p = q
                .amount
                .to_f64()
                .map_or(0.0, |a| a / (q.per.seconds() as f64 * f64::from(q.cards)));
            match out.iter_mut().find(|(c, _)| *c == q.currency) {
                Some((_, b)) => *b = b.min(p),
                None => out.push((q.currency.clone(), p)),
            }
        }
        out
    }

    /// [`Catalog::cheapest_hourly_usd`] from the quotes, for the index built at load.
    pub(super) fn scan_cheapest_hourly_usd(&self, gpu_id: &str) -> Option<(Decimal, String)> {
        let mut best: Option<(Decimal, &PriceQuote)> = None;
        for (_, q) in self.quotes_for(gpu_id) {
            let Some(per_hour) = q.per_card_hour() else {
                continue;
            };
            let usd = if q.currency.eq_ignore_ascii_case("USD") {
                per_hour
            } else {
                match self.fx_rate(&q.currency, "USD") {
                    Some((rate, _)) => per_hour * rate,
                    None => continue,
                }
            };
            if best.as_ref().is_none_or(|(b, _)| usd < *b) {
                best = Some((usd, q));
            }
        }
        best.map(|(usd, q)| {
            let date = if q.undated {
                "?".to_string()
            } else {
                q.as_of.clone()
            };
            (usd, date)
        })
    }

    /// The platforms that quote `gpu_id`, each once, in catalog order.
    pub fn platforms_quoting<'a>(
        &'a self,
        gpu_id: &str,
    ) -> impl Iterator<Item = &'a Platform> + 'a {
        let rows = self.price_index.get(gpu_id).map_or(&[][..], Vec::as_slice);
        rows.iter()
            .enumerate()
            .filter(move |(i, (p, _))| *i == 0 || rows[i - 1].0 != *p)
            .map(|(_, &(p, _))| &self.platforms[p])
    }
}
