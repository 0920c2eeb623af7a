//! Checked decimal arithmetic for money and time: an overflow is a typed error, never a panic.

use super::BillingError;
use rust_decimal::Decimal;

pub(crate) fn mul(a: Decimal, b: Decimal) -> Result<Decimal, BillingError> {
    a.checked_mul(b).ok_or(BillingError::Overflow)
}
pub(crate) fn add(a: Decimal, b: Decimal) -> Result<Decimal, BillingError> {
    a.checked_add(b).ok_or(BillingError::Overflow)
}
pub(crate) fn div(a: Decimal, b: Decimal) -> Result<Decimal, BillingError> {
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
