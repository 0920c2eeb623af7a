//! Price conversion between units (second .. year, per million tokens) and currencies.

use super::arith::{div, mul};
use super::cost::as_number;
use super::money::{FxUsed, format_decimal, resolve_fx};
use super::{Assumption, BillingError, Origin};
use crate::catalog::Catalog;
use crate::units::{HOURS_PER_MONTH, TimeUnit};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// What a price is quoted per: a time unit, or one million tokens (needs a throughput).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PriceUnit {
    Time(TimeUnit),
    /// Per 1,000,000 tokens.
    MillionTokens,
}

impl PriceUnit {
    /// Stable key for JSON: `second` .. `year`, or `mtok`.
    pub fn key(self) -> &'static str {
        match self {
            PriceUnit::Time(u) => u.key(),
            PriceUnit::MillionTokens => "mtok",
        }
    }
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

/// A conversion to make: the chat's `/convert` line and the CLI's flags both become one.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvertQuery {
    pub amount: Decimal,
    pub from_unit: PriceUnit,
    pub from_currency: String,
    pub to_unit: PriceUnit,
    pub to_currency: String,
    /// Units of `to_currency` per one `from_currency`; `None` = the catalog's dated rate.
    pub fx_rate: Option<Decimal>,
    /// Tokens per second, for per-token units.
    pub tokens_per_second: Option<Decimal>,
}

/// The converted price and every figure it rests on; the JSON names are a contract.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Conversion {
    #[serde(serialize_with = "as_number")]
    pub amount: Decimal,
    pub unit: &'static str,
    pub currency: String,
    pub assumptions: Vec<Assumption>,
    #[serde(skip)]
    pub fx: Option<FxUsed>,
    /// Whether a 730-hour month entered the arithmetic.
    #[serde(skip)]
    pub uses_month: bool,
}

/// Runs a [`ConvertQuery`] against the catalog's exchange rates.
pub fn convert(catalog: &Catalog, q: &ConvertQuery) -> Result<Conversion, BillingError> {
    let fx = resolve_fx(Some(catalog), &q.from_currency, &q.to_currency, q.fx_rate)?;
    let amount = convert_price(
        q.amount,
        q.from_unit,
        q.to_unit,
        q.tokens_per_second,
        fx.as_ref(),
    )?;
    let mut assumptions = Vec::new();
    if let Some(f) = &fx {
        assumptions.push(Assumption {
            key: "fx".into(),
            value: f.text(),
            origin: f.origin,
            source: f.source.clone(),
            as_of: f.as_of.clone(),
        });
    }
    let is_month = |u: PriceUnit| matches!(u, PriceUnit::Time(t) if t >= TimeUnit::Month);
    let uses_month = is_month(q.from_unit) || is_month(q.to_unit);
    if uses_month {
        assumptions.push(Assumption {
            key: "month".into(),
            value: format!("{HOURS_PER_MONTH}h"),
            origin: Origin::Assumed,
            source: None,
            as_of: None,
        });
    }
    let per_token =
        q.from_unit == PriceUnit::MillionTokens || q.to_unit == PriceUnit::MillionTokens;
    if let Some(t) = q.tokens_per_second.filter(|_| per_token) {
        assumptions.push(Assumption {
            key: "throughput".into(),
            value: format!("{} tok/s", format_decimal(t, 6)),
            origin: Origin::User,
            source: None,
            as_of: None,
        });
    }
    Ok(Conversion {
        amount,
        unit: q.to_unit.key(),
        currency: q.to_currency.clone(),
        assumptions,
        fx,
        uses_month,
    })
}
