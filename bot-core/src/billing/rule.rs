//! Billing rules (the catalog's or the user's) and the notes that say where each figure came
//! from ([`Assumption`] with its [`Origin`]).

use super::BillingError;
use crate::catalog::{BillingStart, Platform};
use crate::fact::Fact;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

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
    /// A fact with a citation of its own (`[[platform.cite]]`): its note key, source and date,
    /// which its line of the answer names instead of the section's.
    pub cites: Vec<(&'static str, String, String)>,
}

/// The catalog's billing fields and the keys their notes are said under.
const CITED_FIELDS: [(&str, &str); 7] = [
    ("billing.increment", "increment"),
    ("billing.minimum_charge", "minimum"),
    ("billing.starts_at", "starts_at"),
    ("billing.boot_billed", "boot_billed"),
    ("billing.image_pull_billed", "pull_billed"),
    ("billing.stopped_billing", "stopped_storage_billed"),
    ("billing.storage_price_per_gb_month", "storage_price"),
];

impl Rule {
    /// The kindest reading of what nobody has verified: billed per second, no minimum, the meter
    /// starting with the job (boot and image pull free), nothing billed while stopped. Known
    /// facts stay as they are. With [`Rule`] itself as the worst case, the two bound the cost.
    pub fn best_case(&self) -> Rule {
        let or = |f: &Fact<bool>, kind: bool| match f {
            Fact::Known(b) => Fact::Known(*b),
            Fact::Unknown => Fact::Known(kind),
        };
        Rule {
            increment: match self.increment {
                Fact::Known(i) => Fact::Known(i),
                Fact::Unknown => Fact::Known(Decimal::ONE),
            },
            minimum: match self.minimum {
                Fact::Known(m) => Fact::Known(m),
                Fact::Unknown => Fact::Known(Decimal::ZERO),
            },
            starts_at: match self.starts_at {
                Fact::Known(s) => Fact::Known(s),
                Fact::Unknown => Fact::Known(BillingStart::Job),
            },
            boot_billed: or(&self.boot_billed, false),
            pull_billed: or(&self.pull_billed, false),
            stopped_storage_billed: or(&self.stopped_storage_billed, false),
            ..self.clone()
        }
    }

    /// Whether any fact that changes a job's billed time is unverified.
    pub fn has_unverified_timing(&self) -> bool {
        !(self.increment.is_known()
            && self.minimum.is_known()
            && (self.starts_at.is_known()
                || (self.boot_billed.is_known() && self.pull_billed.is_known()))
            && self.stopped_storage_billed.is_known())
    }

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
            cites: Vec::new(),
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
            cites: CITED_FIELDS
                .iter()
                .filter_map(|(field, key)| {
                    let c = p.cite_of(field)?;
                    Some((*key, c.source.clone(), c.as_of.clone()))
                })
                .collect(),
        })
    }

    /// A size the job names (storage, egress, ingress) needs a price in a rule the user
    /// writes; the catalog's rules say "unknown" instead, which the cost lists as not included.
    pub fn check_sizes(&self, job: &super::Job) -> Result<(), BillingError> {
        if self.origin != Origin::User {
            return Ok(());
        }
        for (what, gb, price) in [
            ("storage", job.storage_gb, &self.storage_price),
            ("egress", job.egress_gb, &self.egress_price),
            ("ingress", job.ingress_gb, &self.ingress_price),
        ] {
            if gb > Decimal::ZERO && !price.is_known() {
                return Err(BillingError::SizeWithoutPrice { what });
            }
        }
        Ok(())
    }

    pub(crate) fn note(&self, key: &str, value: String, known: bool) -> Assumption {
        // A fact cited on its own names its own page and date, not the section's.
        let (source, as_of) = match self.cites.iter().find(|(k, _, _)| *k == key) {
            Some((_, s, a)) => (Some(s.clone()), Some(a.clone())),
            None => (self.source.clone(), self.as_of.clone()),
        };
        Assumption {
            key: key.to_string(),
            value,
            origin: if known { self.origin } else { Origin::Assumed },
            source: if known { source } else { None },
            as_of: if known { as_of } else { None },
        }
    }
}
