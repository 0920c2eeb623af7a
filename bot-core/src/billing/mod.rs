//! Billing: one comparable price with the hidden costs included (issue 3).
//!
//! The arithmetic is exact (`Decimal`); money is rounded only for display ([`format_money`]).
//! Every rule a figure depends on comes from the catalog (with its source and date) or from
//! the user; when the catalog says "unknown" the engine takes the conservative reading and
//! lists it in `assumptions` as `assumed`.
//!
//! The cost of one session of useful work `W` is
//! `billed = max(minimum, ceil((W + boot? + pull? + idle) / increment) * increment)` and
//! `compute = price × cards/quote_cards × billed / unit`, plus storage (GB × per-GB-month ×
//! time stored / 730 h) and transfer (GB × per-GB price). A month is 730 hours.

pub mod money;
pub mod parse;

pub use money::{FxUsed, format_decimal, format_money, parse_currency, resolve_fx};
pub use parse::{PriceText, PriceUnit, parse_amount, parse_dur, parse_price, parse_size_gb};

use crate::catalog::{BillingStart, Catalog, NotFound, Platform, PriceQuote};
use crate::fact::Fact;
use crate::reply::Msg;
use crate::units::{
    DurationError, HOURS_PER_MONTH, MAX_DURATION_SECONDS, TimeUnit, format_duration,
};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize, Serializer};

/// Prices older than this many days (or undated) are marked stale.
pub use crate::catalog::STALE_AFTER_DAYS;

/// Why a price, a conversion or a job cost could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BillingError {
    #[error("{what}: `{text}` is not a number")]
    BadNumber { what: &'static str, text: String },
    #[error("{what} cannot be negative")]
    Negative { what: &'static str },
    #[error("{what} must be greater than zero")]
    NotPositive { what: &'static str },
    #[error("{what} is too large")]
    TooLarge { what: &'static str },
    #[error("the result is too large to compute")]
    Overflow,
    #[error("the billing increment cannot be zero")]
    ZeroIncrement,
    #[error("there is no useful work to price (work must be more than zero)")]
    ZeroWork,
    #[error("unknown unit `{text}` (use s, min, h, day, week, month, year or 1M tokens)")]
    UnknownUnit { text: String },
    #[error("unknown size unit `{text}` (use gb or tb)")]
    UnknownSizeUnit { text: String },
    #[error("unknown currency `{text}` (use CNY or USD)")]
    UnknownCurrency { text: String },
    #[error("no exchange rate {from}->{to} in the catalog; give one explicitly")]
    NoFxRate { from: String, to: String },
    #[error("{what}: `{text}`: {source}")]
    Duration {
        what: &'static str,
        text: String,
        source: DurationError,
    },
    #[error("a per-token price needs a throughput in tokens per second")]
    MissingThroughput,
    #[error("a job is priced per unit of time, not per token")]
    TokenPriceForJob,
    #[error("{platform} has no price for {gpu}")]
    NoPrice { platform: String, gpu: String },
    #[error("{0}")]
    NotFound(NotFound),
    #[error("unknown option `{key}`")]
    UnknownOption { key: String },
    #[error("daily hours must be more than 0 and at most 24, got {hours}")]
    BadDailyHours { hours: String },
    #[error("days and months must be at least 1")]
    ZeroPeriod,
    #[error("catalog rule `{field}` of {platform} cannot be read: `{text}`")]
    BadCatalogRule {
        platform: String,
        field: &'static str,
        text: String,
    },
    #[error("prices in {price} but storage/transfer rules in {rule}")]
    CurrencyMismatch { price: String, rule: String },
}

/// Where a number came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// The catalog, with a source and date.
    Catalog,
    /// The user typed it.
    User,
    /// Nobody knows; the engine took the conservative reading.
    Assumed,
}

impl Origin {
    pub fn key(self) -> &'static str {
        match self {
            Origin::Catalog => "catalog",
            Origin::User => "user",
            Origin::Assumed => "assumed",
        }
    }
}

/// One input a figure depends on. `value` is language-neutral: durations (`1h`), `yes`/`no`,
/// `boot`/`job`, `unknown` (= not included), or an amount with its currency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Assumption {
    pub key: String,
    pub value: String,
    pub origin: Origin,
    pub source: Option<String>,
    pub as_of: Option<String>,
}

/// How the work is spread over time.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    /// One session of `Job::work`.
    OneOff,
    /// `days` sessions of `hours` useful hours each (Job::work is not used).
    Daily { hours: Decimal, days: u32 },
    /// Running continuously for `months` × 730 h (Job::work is not used; no idle tail).
    AlwaysOn { months: u32 },
}

/// A job to price. All durations are seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// Useful seconds of one one-off session (see [`Pattern`]).
    pub work: Decimal,
    /// Provisioning/boot time per session.
    pub boot: Decimal,
    /// Image pull and environment setup per session.
    pub pull: Decimal,
    /// Idle tail per session before the instance stops (auto-shutdown delay, or forgetting).
    pub idle: Decimal,
    pub storage_gb: Decimal,
    /// Seconds the storage exists; zero means the default: the billed time for a one-off job,
    /// the whole period (days or months) for daily and always-on use.
    pub stored: Decimal,
    /// GB moved out of the platform.
    pub egress_gb: Decimal,
    /// GB moved into the platform (uploads, dataset downloads on platforms that bill them).
    #[serde(default)]
    pub ingress_gb: Decimal,
    pub pattern: Pattern,
}

impl Default for Job {
    fn default() -> Self {
        Job {
            work: Decimal::ZERO,
            boot: Decimal::ZERO,
            pull: Decimal::ZERO,
            idle: Decimal::ZERO,
            storage_gb: Decimal::ZERO,
            stored: Decimal::ZERO,
            egress_gb: Decimal::ZERO,
            ingress_gb: Decimal::ZERO,
            pattern: Pattern::OneOff,
        }
    }
}

impl Job {
    /// One session of useful work, no extras.
    pub fn one_off(work_seconds: Decimal) -> Job {
        Job {
            work: work_seconds,
            ..Job::default()
        }
    }
    /// `hours` of useful work every day for `days` days.
    pub fn daily(hours: Decimal, days: u32) -> Job {
        Job {
            // Saturates instead of panicking; `validate` rejects absurd hours anyway.
            work: hours
                .checked_mul(Decimal::from(3600))
                .and_then(|x| x.checked_mul(Decimal::from(days)))
                .unwrap_or(Decimal::MAX),
            pattern: Pattern::Daily { hours, days },
            ..Job::default()
        }
    }
    /// Always on for `months` months of 730 h.
    pub fn always_on(months: u32) -> Job {
        Job {
            work: Decimal::from(u64::from(months) * month_seconds_u64()),
            pattern: Pattern::AlwaysOn { months },
            ..Job::default()
        }
    }

    /// Useful seconds over the whole job.
    pub fn useful_seconds(&self) -> Result<Decimal, BillingError> {
        let (sessions, session_work) = self.sessions()?;
        mul(Decimal::from(sessions), session_work)
    }

    /// (number of sessions, useful seconds per session).
    fn sessions(&self) -> Result<(u32, Decimal), BillingError> {
        Ok(match self.pattern {
            Pattern::OneOff => (1, self.work),
            Pattern::Daily { hours, days } => {
                if days == 0 {
                    return Err(BillingError::ZeroPeriod);
                }
                if hours <= Decimal::ZERO || hours > Decimal::from(24) {
                    return Err(BillingError::BadDailyHours {
                        hours: hours.normalize().to_string(),
                    });
                }
                (days, mul(hours, Decimal::from(3600))?)
            }
            Pattern::AlwaysOn { months } => {
                if months == 0 {
                    return Err(BillingError::ZeroPeriod);
                }
                (
                    1,
                    mul(Decimal::from(months), Decimal::from(month_seconds_u64()))?,
                )
            }
        })
    }

    fn validate(&self) -> Result<(), BillingError> {
        let max = Decimal::from(MAX_DURATION_SECONDS);
        for (what, v) in [
            ("work", self.work),
            ("boot", self.boot),
            ("pull", self.pull),
            ("idle", self.idle),
            ("stored", self.stored),
        ] {
            if v.is_sign_negative() && !v.is_zero() {
                return Err(BillingError::Negative { what });
            }
            if v > max {
                return Err(BillingError::TooLarge { what });
            }
        }
        for (what, v) in [
            ("storage", self.storage_gb),
            ("egress", self.egress_gb),
            ("ingress", self.ingress_gb),
        ] {
            if v.is_sign_negative() && !v.is_zero() {
                return Err(BillingError::Negative { what });
            }
        }
        if self.useful_seconds()? <= Decimal::ZERO {
            return Err(BillingError::ZeroWork);
        }
        Ok(())
    }
}

fn month_seconds_u64() -> u64 {
    u64::from(HOURS_PER_MONTH) * 3600
}

/// A platform's (or the user's) billing rule, resolved to numbers where known.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// Billing increment in seconds.
    pub increment: Fact<Decimal>,
    /// Minimum charge in seconds.
    pub minimum: Fact<Decimal>,
    pub starts_at: Fact<BillingStart>,
    pub boot_billed: Fact<bool>,
    pub pull_billed: Fact<bool>,
    pub stopped_storage_billed: Fact<bool>,
    /// Per GB-month while the instance runs.
    pub storage_price: Fact<Decimal>,
    /// Per GB-month while stopped; unknown = same as running.
    pub stopped_storage_price: Fact<Decimal>,
    pub egress_price: Fact<Decimal>,
    pub ingress_price: Fact<Decimal>,
    /// Currency of the storage and transfer prices.
    pub currency: String,
    /// `Catalog` or `User`: where the known fields came from.
    pub origin: Origin,
    pub source: Option<String>,
    pub as_of: Option<String>,
}

impl Rule {
    /// A rule where nothing is known yet (the user fills in what they know).
    pub fn unknown(currency: &str, origin: Origin) -> Rule {
        Rule {
            increment: Fact::Unknown,
            minimum: Fact::Unknown,
            starts_at: Fact::Unknown,
            boot_billed: Fact::Unknown,
            pull_billed: Fact::Unknown,
            stopped_storage_billed: Fact::Unknown,
            storage_price: Fact::Unknown,
            stopped_storage_price: Fact::Unknown,
            egress_price: Fact::Unknown,
            ingress_price: Fact::Unknown,
            currency: currency.to_string(),
            origin,
            source: None,
            as_of: None,
        }
    }

    /// The catalog's rule for a platform.
    pub fn from_platform(p: &Platform) -> Result<Rule, BillingError> {
        let b = &p.billing;
        let dur = |field: &'static str, f: &Fact<String>| -> Result<Fact<Decimal>, BillingError> {
            match f {
                Fact::Unknown => Ok(Fact::Unknown),
                Fact::Known(t) => crate::units::parse_duration(t)
                    .map(Fact::Known)
                    .map_err(|_| BillingError::BadCatalogRule {
                        platform: p.id.clone(),
                        field,
                        text: t.clone(),
                    }),
            }
        };
        Ok(Rule {
            increment: dur("increment", &b.increment)?,
            minimum: dur("minimum_charge", &b.minimum_charge)?,
            starts_at: b.starts_at,
            boot_billed: b.boot_billed,
            pull_billed: b.image_pull_billed,
            stopped_storage_billed: b.stopped_storage_billed,
            storage_price: b.storage_price_per_gb_month,
            stopped_storage_price: Fact::Unknown,
            egress_price: b.egress_price_per_gb,
            // The catalog records no inbound-transfer price.
            ingress_price: Fact::Unknown,
            currency: p.currency.clone(),
            origin: Origin::Catalog,
            source: Some(b.source.clone()),
            as_of: Some(b.as_of.clone()),
        })
    }

    fn note(&self, key: &str, value: String, known: bool) -> Assumption {
        Assumption {
            key: key.to_string(),
            value,
            origin: if known { self.origin } else { Origin::Assumed },
            source: if known { self.source.clone() } else { None },
            as_of: if known { self.as_of.clone() } else { None },
        }
    }
}

/// The result of pricing one job; the JSON names are a contract with scripts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CostBreakdown {
    #[serde(serialize_with = "as_number")]
    pub billed_seconds: Decimal,
    #[serde(serialize_with = "as_number")]
    pub compute_cost: Decimal,
    #[serde(serialize_with = "as_number")]
    pub storage_cost: Decimal,
    #[serde(serialize_with = "as_number")]
    pub egress_cost: Decimal,
    #[serde(serialize_with = "as_number")]
    pub total_cost: Decimal,
    #[serde(serialize_with = "as_number")]
    pub effective_per_useful_hour: Decimal,
    pub currency: String,
    pub assumptions: Vec<Assumption>,
}

/// Decimals leave as JSON numbers (scripts do arithmetic on them); f64 only at this edge.
pub fn as_number<S: Serializer>(d: &Decimal, s: S) -> Result<S::Ok, S::Error> {
    match d.to_f64() {
        Some(f) => s.serialize_f64(f),
        None => s.serialize_str(&d.to_string()),
    }
}

/// Where the money goes beyond "list price × useful time" (all in the answer's currency).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CostDetails {
    pub useful_seconds: Decimal,
    /// Seconds the instance is on (work + boot + pull + idle, all sessions).
    pub active_seconds: Decimal,
    /// List price × useful time: what the quote suggests the job costs.
    pub list_cost: Decimal,
    /// Billed boot + image pull.
    pub startup_cost: Decimal,
    pub idle_cost: Decimal,
    /// Increment rounding, minimum charge, or the unused part of a prepaid package.
    pub rounding_cost: Decimal,
    /// Increment used (seconds), or the package length for a prepaid tier.
    pub increment_seconds: Decimal,
    /// Prepaid package unit when the quote is a commitment tier.
    pub prepaid: Option<TimeUnit>,
    /// Whether a 730-hour month entered the arithmetic.
    pub uses_month: bool,
    pub fx: Option<FxUsed>,
}

/// One platform's answer for a job.
#[derive(Debug, Clone, Serialize)]
pub struct RankedOffer {
    pub platform_id: String,
    pub gpu_id: String,
    pub cards: u32,
    pub quote: PriceQuote,
    pub cost: CostBreakdown,
    /// Older than 30 days, or undated.
    pub stale: bool,
    /// The hidden cost that moved this offer most away from its list price.
    pub deciding_rule: Option<Msg>,
    pub details: CostDetails,
}

fn mul(a: Decimal, b: Decimal) -> Result<Decimal, BillingError> {
    a.checked_mul(b).ok_or(BillingError::Overflow)
}
fn add(a: Decimal, b: Decimal) -> Result<Decimal, BillingError> {
    a.checked_add(b).ok_or(BillingError::Overflow)
}
fn div(a: Decimal, b: Decimal) -> Result<Decimal, BillingError> {
    a.checked_div(b).ok_or(BillingError::Overflow)
}

/// `ceil(a / b) * b` with exact remainder arithmetic (b > 0), so a whole multiple is never
/// bumped up by a rounding digit.
pub fn round_up_to(a: Decimal, b: Decimal) -> Result<Decimal, BillingError> {
    if b <= Decimal::ZERO {
        return Err(BillingError::ZeroIncrement);
    }
    let rem = a.checked_rem(b).ok_or(BillingError::Overflow)?;
    if rem.is_zero() {
        Ok(a)
    } else {
        add(a - rem, b)
    }
}

/// The prepaid package a quote's tier names (`day`, `week`, `month`, `year`), if any.
pub fn prepaid_unit(q: &PriceQuote) -> Option<TimeUnit> {
    TimeUnit::parse(&q.tier).filter(|u| *u >= TimeUnit::Day)
}

/// Prices a job on one quote under one rule, converting into the rate's target currency.
/// `fx` must convert from `quote.currency`; `None` answers in the quote's currency.
pub fn job_cost(
    quote: &PriceQuote,
    rule: &Rule,
    job: &Job,
    cards: u32,
    fx: Option<&FxUsed>,
) -> Result<(CostBreakdown, CostDetails), BillingError> {
    job.validate()?;
    if cards == 0 || quote.cards == 0 {
        return Err(BillingError::NotPositive { what: "cards" });
    }
    if quote.amount.is_sign_negative() && !quote.amount.is_zero() {
        return Err(BillingError::Negative { what: "price" });
    }
    if rule.currency != quote.currency {
        return Err(BillingError::CurrencyMismatch {
            price: quote.currency.clone(),
            rule: rule.currency.clone(),
        });
    }
    let mut notes: Vec<Assumption> = Vec::new();
    let origin_of_quote = if quote.source == "user" {
        Origin::User
    } else {
        Origin::Catalog
    };
    notes.push(Assumption {
        key: "price".into(),
        value: format!(
            "{} {}/{}{}",
            format_decimal(quote.amount, 12),
            quote.currency,
            quote.per.key(),
            if quote.tier == "on_demand" {
                String::new()
            } else {
                format!(" ({})", quote.tier)
            }
        ),
        origin: origin_of_quote,
        source: (origin_of_quote == Origin::Catalog).then(|| quote.source.clone()),
        as_of: (origin_of_quote == Origin::Catalog && !quote.undated).then(|| quote.as_of.clone()),
    });

    let (sessions, session_work) = job.sessions()?;
    let n = Decimal::from(sessions);
    let useful = mul(n, session_work)?;
    let always_on = matches!(job.pattern, Pattern::AlwaysOn { .. });

    // When the meter starts decides whether boot and pull are billed, unless the catalog
    // says so field by field. Unknown -> billed: the bill can only be lower than this.
    let start_known = rule.starts_at.known().copied();
    let billed_flag = |f: &Fact<bool>| -> (bool, bool) {
        match (f, start_known) {
            (Fact::Known(b), _) => (*b, true),
            (Fact::Unknown, Some(BillingStart::Boot)) => (true, true),
            (Fact::Unknown, Some(BillingStart::Job)) => (false, true),
            (Fact::Unknown, None) => (true, false),
        }
    };
    let (boot_billed, boot_known) = billed_flag(&rule.boot_billed);
    let (pull_billed, pull_known) = billed_flag(&rule.pull_billed);
    let starts_value = match start_known {
        Some(BillingStart::Boot) => "boot",
        Some(BillingStart::Job) => "job",
        None => "boot",
    };
    notes.push(rule.note("starts_at", starts_value.into(), start_known.is_some()));
    let idle = if always_on { Decimal::ZERO } else { job.idle };
    if job.boot > Decimal::ZERO {
        notes.push(user_note("boot", format_duration(job.boot)));
        notes.push(rule.note("boot_billed", yes_no(boot_billed), boot_known));
    }
    if job.pull > Decimal::ZERO {
        notes.push(user_note("pull", format_duration(job.pull)));
        notes.push(rule.note("pull_billed", yes_no(pull_billed), pull_known));
    }
    if idle > Decimal::ZERO {
        notes.push(user_note("idle", format_duration(idle)));
    }
    let boot_s = if boot_billed { job.boot } else { Decimal::ZERO };
    let pull_s = if pull_billed { job.pull } else { Decimal::ZERO };
    let startup_s = add(boot_s, pull_s)?;
    let active_session = add(add(session_work, startup_s)?, idle)?;
    // Wall time the instance is on, billed or not (a prepaid package covers all of it).
    let on_session = add(add(add(session_work, job.boot)?, job.pull)?, idle)?;
    let active = mul(n, active_session)?;

    let unit_s = Decimal::from(quote.per.seconds());
    let prepaid = prepaid_unit(quote);
    let mut uses_month = quote.per == TimeUnit::Month || always_on;
    let (billed, increment) = if let Some(pkg) = prepaid {
        // A package is paid whole, for the whole span the machine is held.
        let span = match job.pattern {
            Pattern::OneOff => on_session,
            Pattern::Daily { days, .. } => Decimal::from(u64::from(days) * 86_400),
            Pattern::AlwaysOn { .. } => session_work,
        };
        let pkg_s = Decimal::from(pkg.seconds());
        uses_month |= pkg == TimeUnit::Month;
        notes.push(Assumption {
            key: "tier".into(),
            value: pkg.key().into(),
            origin: origin_of_quote,
            source: None,
            as_of: None,
        });
        (round_up_to(span, pkg_s)?, pkg_s)
    } else {
        let (inc, inc_known) = match rule.increment {
            Fact::Known(i) => (i, true),
            // Unknown granularity: assume whole units of the quote (an hourly price billed
            // per started hour), which never bills less than a finer increment would.
            Fact::Unknown => (unit_s, false),
        };
        if inc <= Decimal::ZERO {
            return Err(BillingError::ZeroIncrement);
        }
        uses_month |= inc >= Decimal::from(month_seconds_u64());
        notes.push(rule.note("increment", format_span(inc), inc_known));
        let (min, min_known) = match rule.minimum {
            Fact::Known(m) => (m, true),
            // Unknown minimum: nothing beyond one increment (already charged by rounding up).
            Fact::Unknown => (Decimal::ZERO, false),
        };
        if min.is_sign_negative() && !min.is_zero() {
            return Err(BillingError::Negative { what: "minimum" });
        }
        notes.push(rule.note("minimum", format_duration(min), min_known));
        let per_session = round_up_to(active_session, inc)?.max(min);
        (mul(n, per_session)?, inc)
    };

    // amount × cards/quote_cards × seconds / unit, multiplied out before the one division.
    let scale_num = Decimal::from(cards);
    let scale_den = Decimal::from(quote.cards);
    if cards != quote.cards {
        notes.push(Assumption {
            key: "cards".into(),
            value: format!("{cards}"),
            origin: Origin::Assumed,
            source: None,
            as_of: None,
        });
    }
    let price_for = |secs: Decimal| -> Result<Decimal, BillingError> {
        div(
            mul(mul(quote.amount, scale_num)?, secs)?,
            mul(unit_s, scale_den)?,
        )
    };
    let compute = price_for(billed)?;
    let list_cost = price_for(useful)?;
    let startup_cost = price_for(mul(n, startup_s)?)?;
    let idle_cost = price_for(mul(n, idle)?)?;
    // Priced from seconds rather than by subtraction, so it is never a -1e-28 artefact.
    let rounding_cost = price_for((billed - active).max(Decimal::ZERO))?;

    // Storage: running part at the running price, the rest at the stopped price.
    let month_s = Decimal::from(month_seconds_u64());
    let mut storage = Decimal::ZERO;
    if job.storage_gb > Decimal::ZERO {
        uses_month = true;
        let default_stored = match job.pattern {
            Pattern::OneOff => billed,
            Pattern::Daily { days, .. } => Decimal::from(u64::from(days) * 86_400).max(billed),
            Pattern::AlwaysOn { .. } => billed,
        };
        let stored = if job.stored.is_zero() {
            default_stored
        } else {
            job.stored
        };
        notes.push(user_note(
            "storage",
            format!("{} GB", format_decimal(job.storage_gb, 6)),
        ));
        notes.push(Assumption {
            key: "stored".into(),
            value: format_duration(stored),
            origin: if job.stored.is_zero() {
                Origin::Assumed
            } else {
                Origin::User
            },
            source: None,
            as_of: None,
        });
        match rule.storage_price {
            Fact::Known(price) => {
                notes.push(rule.note(
                    "storage_price",
                    format!("{} {}/GB-month", format_decimal(price, 12), rule.currency),
                    true,
                ));
                let running = stored.min(mul(n, on_session)?);
                let stopped = stored - running;
                let mut gb_seconds_cost = mul(price, running)?;
                if stopped > Decimal::ZERO {
                    let (billed_when_stopped, known) = match rule.stopped_storage_billed {
                        Fact::Known(b) => (b, true),
                        Fact::Unknown => (true, false),
                    };
                    notes.push(rule.note(
                        "stopped_storage_billed",
                        yes_no(billed_when_stopped),
                        known,
                    ));
                    if billed_when_stopped {
                        let stopped_price = match rule.stopped_storage_price {
                            Fact::Known(p) => {
                                notes.push(rule.note(
                                    "stopped_storage_price",
                                    format!("{} {}/GB-month", format_decimal(p, 12), rule.currency),
                                    true,
                                ));
                                p
                            }
                            Fact::Unknown => price,
                        };
                        gb_seconds_cost = add(gb_seconds_cost, mul(stopped_price, stopped)?)?;
                    }
                }
                storage = div(mul(job.storage_gb, gb_seconds_cost)?, month_s)?;
            }
            Fact::Unknown => notes.push(rule.note("storage_price", "unknown".into(), false)),
        }
    }

    let mut transfer = Decimal::ZERO;
    for (key, gb, price) in [
        ("egress_price", job.egress_gb, rule.egress_price),
        ("ingress_price", job.ingress_gb, rule.ingress_price),
    ] {
        if gb <= Decimal::ZERO {
            continue;
        }
        let what = if key == "egress_price" {
            "egress"
        } else {
            "ingress"
        };
        notes.push(user_note(what, format!("{} GB", format_decimal(gb, 6))));
        match price {
            Fact::Known(p) => {
                notes.push(rule.note(
                    key,
                    format!("{} {}/GB", format_decimal(p, 12), rule.currency),
                    true,
                ));
                transfer = add(transfer, mul(gb, p)?)?;
            }
            Fact::Unknown => notes.push(rule.note(key, "unknown".into(), false)),
        }
    }

    // Convert each part with the same rate so that the parts still add up to the total.
    let rate = fx.map_or(Decimal::ONE, |f| f.rate);
    let conv = |x: Decimal| mul(x, rate);
    let compute_c = conv(compute)?;
    let storage_c = conv(storage)?;
    let transfer_c = conv(transfer)?;
    let total = add(add(compute_c, storage_c)?, transfer_c)?;
    let effective = div(mul(total, Decimal::from(3600))?, useful)?;
    if let Some(f) = fx {
        notes.push(Assumption {
            key: "fx".into(),
            value: f.text(),
            origin: f.origin,
            source: f.source.clone(),
            as_of: f.as_of.clone(),
        });
    }
    if uses_month {
        notes.push(Assumption {
            key: "month".into(),
            value: format!("{HOURS_PER_MONTH}h"),
            origin: Origin::Assumed,
            source: None,
            as_of: None,
        });
    }
    let currency = fx.map_or_else(|| quote.currency.clone(), |f| f.to.clone());
    let details = CostDetails {
        useful_seconds: useful,
        active_seconds: active,
        list_cost: conv(list_cost)?,
        startup_cost: conv(startup_cost)?,
        idle_cost: conv(idle_cost)?,
        rounding_cost: conv(rounding_cost)?,
        increment_seconds: increment,
        prepaid,
        uses_month,
        fx: fx.cloned(),
    };
    Ok((
        CostBreakdown {
            billed_seconds: billed,
            compute_cost: compute_c,
            storage_cost: storage_c,
            egress_cost: transfer_c,
            total_cost: total,
            effective_per_useful_hour: effective,
            currency,
            assumptions: notes,
        },
        details,
    ))
}

/// Like `format_duration`, but whole 730-hour months read `1mo`, not `30d10h`.
pub fn format_span(seconds: Decimal) -> String {
    let month = Decimal::from(month_seconds_u64());
    if seconds >= month && (seconds % month).is_zero() {
        format!("{}mo", (seconds / month).normalize())
    } else {
        format_duration(seconds)
    }
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

fn user_note(key: &str, value: String) -> Assumption {
    Assumption {
        key: key.to_string(),
        value,
        origin: Origin::User,
        source: None,
        as_of: None,
    }
}

/// The hidden cost that moved an offer furthest from its list price, as a message.
pub fn deciding_rule(d: &CostDetails, cost: &CostBreakdown) -> Option<Msg> {
    let money = |x: Decimal| format_money(x, &cost.currency);
    let candidates = [
        (d.rounding_cost, 0u8),
        (d.startup_cost, 1),
        (d.idle_cost, 2),
        (cost.storage_cost, 3),
        (cost.egress_cost, 4),
    ];
    let (extra, which) = candidates
        .into_iter()
        .filter(|(x, _)| *x > Decimal::ZERO)
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))?;
    Some(match which {
        0 => match d.prepaid {
            Some(u) => Msg::new("billing-rule-prepaid")
                .arg("unit", u.key())
                .arg("extra", money(extra)),
            None => Msg::new("billing-rule-rounding")
                .arg("increment", format_span(d.increment_seconds))
                .arg("extra", money(extra)),
        },
        1 => Msg::new("billing-rule-startup").arg("extra", money(extra)),
        2 => Msg::new("billing-rule-idle").arg("extra", money(extra)),
        3 => Msg::new("billing-rule-storage").arg("extra", money(extra)),
        _ => Msg::new("billing-rule-transfer").arg("extra", money(extra)),
    })
}

/// What `job` costs on `platform` for `gpu_id` × `cards`, in `currency`: every quote for that
/// GPU (on-demand and commitment tiers) is priced and the cheapest total is kept.
pub fn platform_cost(
    catalog: &Catalog,
    platform: &Platform,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    today: i64,
) -> Result<RankedOffer, BillingError> {
    platform_cost_fx(catalog, platform, gpu_id, cards, job, currency, None, today)
}

/// [`platform_cost`] with an explicit exchange rate (units of `currency` per one unit of the
/// platform's currency) instead of the catalog's.
#[allow(clippy::too_many_arguments)]
pub fn platform_cost_fx(
    catalog: &Catalog,
    platform: &Platform,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    fx_rate: Option<Decimal>,
    today: i64,
) -> Result<RankedOffer, BillingError> {
    let gpu_id = catalog.gpu(gpu_id).map(|g| g.id.as_str()).unwrap_or(gpu_id);
    let rule = Rule::from_platform(platform)?;
    let quotes: Vec<&PriceQuote> = platform.prices_for(gpu_id).collect();
    // A quote for exactly this many cards beats scaling a single-card price.
    let exact: Vec<&PriceQuote> = quotes
        .iter()
        .copied()
        .filter(|q| q.cards == cards)
        .collect();
    let quotes = if exact.is_empty() { quotes } else { exact };
    let mut best: Option<RankedOffer> = None;
    let mut last_err = None;
    for q in quotes {
        let fx = resolve_fx(Some(catalog), &q.currency, currency, fx_rate)?;
        match job_cost(q, &rule, job, cards, fx.as_ref()) {
            Ok((cost, details)) => {
                if best
                    .as_ref()
                    .is_none_or(|b| cost.total_cost < b.cost.total_cost)
                {
                    best = Some(RankedOffer {
                        platform_id: platform.id.clone(),
                        gpu_id: gpu_id.to_string(),
                        cards,
                        quote: q.clone(),
                        stale: q.is_stale(today, STALE_AFTER_DAYS),
                        deciding_rule: deciding_rule(&details, &cost),
                        cost,
                        details,
                    });
                }
            }
            Err(e) => last_err = Some(e),
        }
    }
    best.ok_or_else(|| {
        last_err.unwrap_or_else(|| BillingError::NoPrice {
            platform: platform.id.clone(),
            gpu: gpu_id.to_string(),
        })
    })
}

/// Every platform with a price for the GPU, cheapest total first (ties by platform id).
/// Platforms that cannot be priced (no rate into `currency`, no quote) are left out.
pub fn compare(
    catalog: &Catalog,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    today: i64,
) -> Vec<RankedOffer> {
    let mut offers: Vec<RankedOffer> = catalog
        .platforms
        .iter()
        .filter_map(|p| platform_cost(catalog, p, gpu_id, cards, job, currency, today).ok())
        .collect();
    offers.sort_by(|a, b| {
        a.cost
            .total_cost
            .cmp(&b.cost.total_cost)
            .then_with(|| a.platform_id.cmp(&b.platform_id))
    });
    offers
}

/// Converts a price between units (and currencies). Per-token units need `tokens_per_second`.
/// Multiplies out before the one division, so hour <-> second conversions are exact.
pub fn convert_price(
    amount: Decimal,
    from: PriceUnit,
    to: PriceUnit,
    tokens_per_second: Option<Decimal>,
    fx: Option<&FxUsed>,
) -> Result<Decimal, BillingError> {
    if amount.is_sign_negative() && !amount.is_zero() {
        return Err(BillingError::Negative { what: "price" });
    }
    // Each unit's length as a fraction of seconds: 1M tokens last 1e6 / tps seconds.
    let length = |u: PriceUnit| -> Result<(Decimal, Decimal), BillingError> {
        match u {
            PriceUnit::Time(t) => Ok((Decimal::from(t.seconds()), Decimal::ONE)),
            PriceUnit::MillionTokens => {
                let tps = tokens_per_second.ok_or(BillingError::MissingThroughput)?;
                if tps <= Decimal::ZERO {
                    return Err(BillingError::NotPositive { what: "throughput" });
                }
                Ok((Decimal::from(1_000_000), tps))
            }
        }
    };
    let (to_num, to_den) = length(to)?;
    let (from_num, from_den) = length(from)?;
    let rate = fx.map_or(Decimal::ONE, |f| f.rate);
    let top = mul(mul(mul(amount, to_num)?, from_den)?, rate)?;
    div(top, mul(to_den, from_num)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_up_is_exact_on_multiples() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert_eq!(round_up_to(d("7200"), d("3600")).unwrap(), d("7200"));
        assert_eq!(round_up_to(d("7201"), d("3600")).unwrap(), d("10800"));
        assert_eq!(round_up_to(d("0.5"), d("1")).unwrap(), d("1"));
        assert_eq!(round_up_to(d("0"), d("60")).unwrap(), d("0"));
        assert_eq!(
            round_up_to(d("10"), Decimal::ZERO),
            Err(BillingError::ZeroIncrement)
        );
    }
}
