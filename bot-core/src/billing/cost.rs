//! The cost of one job on one quote under one rule: billed time, compute, storage, transfer,
//! the effective price per useful hour, and the hidden cost that decided it.

use super::arith::{add, div, mul};
use super::cost_parts::{self as parts, Notes, format_span};
use super::money::{FxUsed, format_decimal, format_money};
use super::{Assumption, BillingError, Job, Origin, Rule};
use crate::catalog::PriceQuote;
use crate::reply::Msg;
use crate::units::{HOURS_PER_MONTH, TimeUnit};
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
    /// The minimum charge per session (seconds) and whether it is published (else assumed),
    /// when it bills more than the increment's rounding: the rounding cost is then its doing.
    pub minimum: Option<(Decimal, bool)>,
    /// Whether a 730-hour month entered the arithmetic.
    pub uses_month: bool,
    pub fx: Option<FxUsed>,
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

fn cost_with(
    quote: &PriceQuote,
    rule: &Rule,
    job: &Job,
    cards: u32,
    fx: Option<&FxUsed>,
    with_notes: bool,
) -> Result<(CostBreakdown, CostDetails), BillingError> {
    check_inputs(quote, rule, job, cards)?;
    let mut notes = Notes {
        keep: with_notes,
        list: Vec::new(),
    };
    let origin = if quote.source == "user" {
        Origin::User
    } else {
        Origin::Catalog
    };
    notes.push(|| price_note(quote, origin));
    let (sessions, session_work) = job.sessions()?;
    let n = Decimal::from(sessions);
    let useful = mul(n, session_work)?;
    let time = parts::on_time(rule, job, session_work, n, &mut notes)?;
    let span = parts::billed_span(quote, rule, job, &time, n, origin, &mut notes)?;
    let mut uses_month = span.uses_month;
    let (scale_num, scale_den) = instance_scale(quote, cards, origin, &mut notes);
    let unit_s = Decimal::from(quote.per.seconds());
    let price_for = |secs: Decimal| -> Result<Decimal, BillingError> {
        div(
            mul(mul(quote.amount, scale_num)?, secs)?,
            mul(unit_s, scale_den)?,
        )
    };
    let compute = price_for(span.billed)?;
    let list_cost = price_for(useful)?;
    let startup_cost = price_for(mul(n, time.startup)?)?;
    let idle_cost = price_for(mul(n, time.idle)?)?;
    // Priced from seconds rather than by subtraction, so it is never a -1e-28 artefact.
    let rounding_cost = price_for((span.billed - time.active).max(Decimal::ZERO))?;
    let storage = parts::storage_cost(rule, job, n, &time, span.billed, &mut notes)?;
    uses_month |= job.storage_gb > Decimal::ZERO;
    let transfer = parts::transfer_cost(rule, job, &mut notes)?;

    // Convert each part with the same rate so that the parts still add up to the total.
    let rate = fx.map_or(Decimal::ONE, |f| f.rate);
    let conv = |x: Decimal| mul(x, rate);
    let (compute_c, storage_c, transfer_c) = (conv(compute)?, conv(storage)?, conv(transfer)?);
    let total = add(add(compute_c, storage_c)?, transfer_c)?;
    let effective = div(mul(total, Decimal::from(3600))?, useful)?;
    closing_notes(fx, uses_month, &mut notes);
    // A total alone (`job_total`) needs no names copied.
    let currency = match (with_notes, fx) {
        (false, _) => String::new(),
        (true, Some(f)) => f.to.clone(),
        (true, None) => quote.currency.clone(),
    };
    let details = CostDetails {
        useful_seconds: useful,
        active_seconds: time.active,
        list_cost: conv(list_cost)?,
        startup_cost: conv(startup_cost)?,
        idle_cost: conv(idle_cost)?,
        rounding_cost: conv(rounding_cost)?,
        increment_seconds: span.increment,
        prepaid: span.prepaid,
        minimum: span.minimum,
        uses_month,
        fx: fx.filter(|_| with_notes).cloned(),
    };
    let breakdown = CostBreakdown {
        billed_seconds: span.billed,
        compute_cost: compute_c,
        storage_cost: storage_c,
        egress_cost: transfer_c,
        total_cost: total,
        effective_per_useful_hour: effective,
        currency,
        assumptions: notes.list,
    };
    Ok((breakdown, details))
}

/// Refuses what no job can be priced on: no cards, a negative price, a rule for another
/// currency, or an impossible job.
fn check_inputs(
    quote: &PriceQuote,
    rule: &Rule,
    job: &Job,
    cards: u32,
) -> Result<(), BillingError> {
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
    Ok(())
}

/// "2.5 USD/hour (spot)": the list price the figure starts from, with its source.
fn price_note(quote: &PriceQuote, origin: Origin) -> Assumption {
    Assumption {
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
        origin,
        source: (origin == Origin::Catalog).then(|| quote.source.clone()),
        as_of: (origin == Origin::Catalog && !quote.undated).then(|| quote.as_of.clone()),
    }
}

/// Billed cards over the quote's cards: a job smaller than a whole-instance quote pays for
/// the whole instance (noted), a job of other size scales the per-card price (noted).
fn instance_scale(
    quote: &PriceQuote,
    cards: u32,
    origin: Origin,
    notes: &mut Notes,
) -> (Decimal, Decimal) {
    let paid_cards = super::choice::billed_cards(quote.cards, cards);
    if paid_cards > cards {
        notes.push(|| Assumption {
            key: "instance".into(),
            value: format!("{paid_cards}"),
            origin,
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
    (Decimal::from(paid_cards), Decimal::from(quote.cards))
}

/// The rate used and the 730-hour month, when they entered the figure.
fn closing_notes(fx: Option<&FxUsed>, uses_month: bool, notes: &mut Notes) {
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
            None => match d.minimum {
                // Durations in both languages (the engine knows none; each locale picks).
                Some((min, known)) => Msg::new("billing-rule-minimum")
                    .arg("minimum", format_span(min))
                    .arg("minimum_zh", crate::units::format_duration_in(min, true))
                    .arg("known", if known { "yes" } else { "no" })
                    .arg("extra", money(extra)),
                None => Msg::new("billing-rule-rounding")
                    .arg("increment", format_span(d.increment_seconds))
                    .arg(
                        "increment_zh",
                        crate::units::format_duration_in(d.increment_seconds, true),
                    )
                    .arg("extra", money(extra)),
            },
        },
        1 => Msg::new("billing-rule-startup").arg("extra", money(extra)),
        2 => Msg::new("billing-rule-idle").arg("extra", money(extra)),
        3 => Msg::new("billing-rule-storage").arg("extra", money(extra)),
        _ => Msg::new("billing-rule-transfer").arg("extra", money(extra)),
    })
}
