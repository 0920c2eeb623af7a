//! The cost of one job on one quote under one rule: billed time, compute, storage, transfer,
//! the effective price per useful hour, and the hidden cost that decided it.

use super::arith::{add, div, mul, round_up_to};
use super::job::month_seconds_u64;
use super::money::{FxUsed, format_decimal, format_money};
use super::{Assumption, BillingError, Job, Origin, Pattern, Rule};
use crate::catalog::{BillingStart, PriceQuote};
use crate::fact::Fact;
use crate::reply::Msg;
use crate::units::{HOURS_PER_MONTH, TimeUnit, format_duration};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Serialize, Serializer};

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

/// [`as_number`] for an optional amount (`null` when absent).
pub fn opt_as_number<S: Serializer>(d: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => as_number(d, s),
        None => s.serialize_none(),
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
    cost_with(quote, rule, job, cards, fx, true)
}

/// [`job_cost`]'s total alone: for ranking many options where only the totals count, since
/// writing the notes (and copying names into the breakdown) is most of the work.
pub(super) fn job_total(
    quote: &PriceQuote,
    rule: &Rule,
    job: &Job,
    cards: u32,
    fx: Option<&FxUsed>,
) -> Result<Decimal, BillingError> {
    cost_with(quote, rule, job, cards, fx, false).map(|(c, _)| c.total_cost)
}

/// The notes a cost rests on, written only when they are wanted.
struct Notes {
    keep: bool,
    list: Vec<Assumption>,
}

impl Notes {
    fn push(&mut self, note: impl FnOnce() -> Assumption) {
        if self.keep {
            self.list.push(note());
        }
    }
}

fn cost_with(
    quote: &PriceQuote,
    rule: &Rule,
    job: &Job,
    cards: u32,
    fx: Option<&FxUsed>,
    with_notes: bool,
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
    let mut notes = Notes {
        keep: with_notes,
        list: Vec::new(),
    };
    let origin_of_quote = if quote.source == "user" {
        Origin::User
    } else {
        Origin::Catalog
    };
    notes.push(|| Assumption {
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
    notes.push(|| rule.note("starts_at", starts_value.into(), start_known.is_some()));
    let idle = if always_on { Decimal::ZERO } else { job.idle };
    if job.boot > Decimal::ZERO {
        notes.push(|| job_note("boot", format_duration(job.boot), job.boot_assumed));
        notes.push(|| rule.note("boot_billed", yes_no(boot_billed), boot_known));
    }
    if job.pull > Decimal::ZERO {
        notes.push(|| job_note("pull", format_duration(job.pull), job.pull_assumed));
        notes.push(|| rule.note("pull_billed", yes_no(pull_billed), pull_known));
    }
    if idle > Decimal::ZERO {
        notes.push(|| user_note("idle", format_duration(idle)));
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
        notes.push(|| Assumption {
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
        notes.push(|| rule.note("increment", format_span(inc), inc_known));
        let (min, min_known) = match rule.minimum {
            Fact::Known(m) => (m, true),
            // Unknown minimum: nothing beyond one increment (already charged by rounding up).
            Fact::Unknown => (Decimal::ZERO, false),
        };
        if min.is_sign_negative() && !min.is_zero() {
            return Err(BillingError::Negative { what: "minimum" });
        }
        notes.push(|| rule.note("minimum", format_duration(min), min_known));
        let per_session = round_up_to(active_session, inc)?.max(min);
        (mul(n, per_session)?, inc)
    };

    // amount × billed cards/quote_cards × seconds / unit, multiplied out before the one
    // division; a job smaller than a whole-instance quote pays for the whole instance.
    let paid_cards = super::choice::billed_cards(quote.cards, cards);
    let scale_num = Decimal::from(paid_cards);
    let scale_den = Decimal::from(quote.cards);
    if paid_cards > cards {
        notes.push(|| Assumption {
            key: "instance".into(),
            value: format!("{paid_cards}"),
            origin: origin_of_quote,
            source: None,
            as_of: None,
        });
    } else if cards != quote.cards {
        notes.push(|| Assumption {
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
        notes.push(|| {
            user_note(
                "storage",
                format!("{} GB", format_decimal(job.storage_gb, 6)),
            )
        });
        notes.push(|| Assumption {
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
                notes.push(|| {
                    rule.note(
                        "storage_price",
                        format!("{} {}/GB-month", format_decimal(price, 12), rule.currency),
                        true,
                    )
                });
                let running = stored.min(mul(n, on_session)?);
                let stopped = stored - running;
                let mut gb_seconds_cost = mul(price, running)?;
                if stopped > Decimal::ZERO {
                    let (billed_when_stopped, known) = match rule.stopped_storage_billed {
                        Fact::Known(b) => (b, true),
                        Fact::Unknown => (true, false),
                    };
                    notes.push(|| {
                        rule.note("stopped_storage_billed", yes_no(billed_when_stopped), known)
                    });
                    if billed_when_stopped {
                        let stopped_price = match rule.stopped_storage_price {
                            Fact::Known(p) => {
                                notes.push(|| {
                                    rule.note(
                                        "stopped_storage_price",
                                        format!(
                                            "{} {}/GB-month",
                                            format_decimal(p, 12),
                                            rule.currency
                                        ),
                                        true,
                                    )
                                });
                                p
                            }
                            Fact::Unknown => price,
                        };
                        gb_seconds_cost = add(gb_seconds_cost, mul(stopped_price, stopped)?)?;
                    }
                }
                storage = div(mul(job.storage_gb, gb_seconds_cost)?, month_s)?;
            }
            Fact::Unknown => notes.push(|| rule.note("storage_price", "unknown".into(), false)),
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
        notes.push(|| user_note(what, format!("{} GB", format_decimal(gb, 6))));
        match price {
            Fact::Known(p) => {
                notes.push(|| {
                    rule.note(
                        key,
                        format!("{} {}/GB", format_decimal(p, 12), rule.currency),
                        true,
                    )
                });
                transfer = add(transfer, mul(gb, p)?)?;
            }
            Fact::Unknown => notes.push(|| rule.note(key, "unknown".into(), false)),
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
        notes.push(|| Assumption {
            key: "fx".into(),
            value: f.text(),
            origin: f.origin,
            source: f.source.clone(),
            as_of: f.as_of.clone(),
        });
    }
    if uses_month {
        notes.push(|| Assumption {
            key: "month".into(),
            value: format!("{HOURS_PER_MONTH}h"),
            origin: Origin::Assumed,
            source: None,
            as_of: None,
        });
    }
    // A total alone (`job_total`) needs no names copied.
    let currency = match (with_notes, fx) {
        (false, _) => String::new(),
        (true, Some(f)) => f.to.clone(),
        (true, None) => quote.currency.clone(),
    };
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
        fx: fx.filter(|_| with_notes).cloned(),
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
            assumptions: notes.list,
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

/// A figure of the job: the user's, or the standard assumption.
fn job_note(key: &str, value: String, assumed: bool) -> Assumption {
    Assumption {
        origin: if assumed {
            Origin::Assumed
        } else {
            Origin::User
        },
        ..user_note(key, value)
    }
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
    let Some((extra, which)) = candidates
        .into_iter()
        .filter(|(x, _)| *x > Decimal::ZERO)
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
    else {
        // Nothing over the list price, but a prepaid plan is still no hourly price: say it
        // is paid ahead and billed whether the instance is on or off.
        return d
            .prepaid
            .map(|u| Msg::new("billing-rule-prepaid-plan").arg("unit", u.key()));
    };
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
