//! Price conversion between units (second .. year, per million tokens) and currencies.

use super::cost::{div, mul};
use super::money::FxUsed;
use super::{BillingError, PriceUnit};
use rust_decimal::Decimal;

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
