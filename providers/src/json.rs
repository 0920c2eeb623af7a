//! Reading numbers from provider JSON without guessing: a number or numeric string becomes a
//! `Decimal` through its text (no float arithmetic on money); negative or absent is `None`.

use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

/// A non-negative money amount.
pub fn money(v: Option<&Value>) -> Option<Decimal> {
    let d = match v? {
        Value::Number(n) => Decimal::from_str(&n.to_string())
            .or_else(|_| Decimal::from_scientific(&n.to_string()))
            .ok()?,
        Value::String(s) => Decimal::from_str(s.trim()).ok()?,
        _ => return None,
    };
    (d >= Decimal::ZERO).then(|| d.round_dp(6).normalize())
}

/// A finite, non-negative float (memory sizes, fractions).
pub fn float(v: Option<&Value>) -> Option<f64> {
    let f = match v? {
        Value::Number(n) => n.as_f64()?,
        Value::String(s) => s.trim().parse().ok()?,
        _ => return None,
    };
    (f.is_finite() && f >= 0.0).then_some(f)
}

/// A whole count.
pub fn count(v: Option<&Value>) -> Option<u32> {
    let f = float(v)?;
    (f.fract() == 0.0 && f <= u32::MAX as f64).then_some(f as u32)
}

pub fn text(v: Option<&Value>) -> Option<&str> {
    v?.as_str().map(str::trim).filter(|s| !s.is_empty())
}

pub fn parse(body: &[u8]) -> Result<Value, crate::FetchError> {
    serde_json::from_slice(body).map_err(|e| crate::FetchError::Malformed(format!("not JSON: {e}")))
}
