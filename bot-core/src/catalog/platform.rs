//! A platform's entry: billing rules, barriers, retention, citations (`platforms.toml`).

use super::quote::PriceQuote;
use super::types::Text;
use crate::fact::Fact;
use crate::units::TimeUnit;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

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

/// When the meter starts running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BillingStart {
    Boot,
    Job,
}

impl BillingStart {
    /// Whether the startup minutes before the job (boot, image pull) are billed, as the
    /// platform's facts decide it: the field when it is known, else when the meter starts
    /// (at boot: billed; at the job: not). The one place this is decided, so `/platform`
    /// and `/cost` never disagree.
    pub fn startup_billed(field: &Fact<bool>, starts_at: &Fact<BillingStart>) -> Fact<bool> {
        match (field, starts_at) {
            (Fact::Known(b), _) => Fact::Known(*b),
            (Fact::Unknown, Fact::Known(s)) => Fact::Known(*s == BillingStart::Boot),
            (Fact::Unknown, Fact::Unknown) => Fact::Unknown,
        }
    }
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
pub const PRICE_TIERS: [&str; 10] = [
    "on_demand",
    "spot",
    "community",
    "secure",
    "reserved",
    "promo",
    "member",
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

/// A name users give a platform that it does not give itself, with where it was seen said.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nickname {
    pub name: String,
    pub source: String,
    pub as_of: String,
}

/// Where a platform's machines are, as its own region texts write them (Lambda `us-east-1`,
/// RunPod `US`, Cudo `gb-london-1`), read from a dated public copy: `/platforms us` matches them
/// as `/offers region=` matches an offer's. `complete`: the copy lists every region the platform
/// had (a place none of them lies in is a no); a partial copy (a head of a marketplace's hosts)
/// only says yes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Locations {
    pub regions: Vec<String>,
    pub complete: bool,
    pub source: String,
    pub as_of: String,
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
    /// Names users call the platform that are none of its own (`奥拓` for AutoDL), each with
    /// where it was seen: read as the platform like an alias.
    #[serde(default, rename = "nickname")]
    pub nicknames: Vec<Nickname>,
    pub region: String,
    /// Where its machines are ([`Locations`]); none: not known, never guessed.
    #[serde(default)]
    pub locations: Option<Locations>,
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
    /// Every name a user may write for the platform besides its id: its aliases, then the
    /// nicknames users give it.
    pub fn said_names(&self) -> impl Iterator<Item = &String> {
        self.aliases
            .iter()
            .chain(self.nicknames.iter().map(|n| &n.name))
    }

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
