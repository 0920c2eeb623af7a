//! Reading numbers from provider JSON without guessing: a number or numeric string becomes a
//! `Decimal` through its text (no float arithmetic on money); negative or absent is `None`.

use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

/// The largest figure read as money (dollars): no GPU hour, storage month or bid costs a
/// million dollars, while figures near `Decimal`'s own limit (about 7.9e28) overflow as soon
/// as a storage hour, a per-card split or a total is worked out from them. A bigger figure is
/// no price, like a negative one.
pub const MONEY_MAX: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

/// A non-negative money amount, at most [`MONEY_MAX`].
pub fn money(v: Option<&Value>) -> Option<Decimal> {
    let d = match v? {
        Value::Number(n) => Decimal::from_str(&n.to_string())
            .or_else(|_| Decimal::from_scientific(&n.to_string()))
            .ok()?,
        Value::String(s) => Decimal::from_str(s.trim()).ok()?,
        _ => return None,
    };
    (d >= Decimal::ZERO && d <= MONEY_MAX).then(|| d.round_dp(6).normalize())
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

/// A yes/no field as JSON encoders write it: `true`/`false`, the strings `"true"`/`"false"`
/// (any case), or `1`/`0` and their strings; anything else (absent, null, other words) is
/// `None`: not known, never read as either.
pub fn flag(v: Option<&Value>) -> Option<bool> {
    match v? {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => match n.as_f64()? {
            1.0 => Some(true),
            0.0 => Some(false),
            _ => None,
        },
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// The fields a row may name its prices' currency in.
const CURRENCY_FIELDS: [&str; 3] = ["currency", "price_currency", "currency_code"];

/// Whether a row's prices are US dollars, the only currency the adapters read: a row naming
/// no currency is (the providers' documented answers are in dollars); one naming `USD` (any
/// case) is; one naming another currency, or a currency field we cannot read, is not, and its
/// figures are never read as dollars.
pub fn priced_in_dollars(row: &Value) -> bool {
    CURRENCY_FIELDS
        .iter()
        .filter_map(|k| row.get(*k).filter(|v| !v.is_null()))
        .all(|v| {
            v.as_str()
                .is_some_and(|s| s.trim().eq_ignore_ascii_case("usd"))
        })
}

pub fn text(v: Option<&Value>) -> Option<&str> {
    v?.as_str().map(str::trim).filter(|s| !s.is_empty())
}

/// An answer as JSON. Two shapes real services send that strict JSON refuses are read: a
/// UTF-8 byte-order mark before the text, and the bare `NaN`, `Infinity` and `-Infinity` that
/// Python's `json.dumps` writes for a float with no value (a ratio over a zero price, say).
/// Those read as `null`: the field is unknown, never a number, so a row priced by one is
/// skipped like any row without its price. Anything else that is not JSON is refused.
pub fn parse(body: &[u8]) -> Result<Value, crate::FetchError> {
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    serde_json::from_slice(body).or_else(|e| {
        let refused = || crate::FetchError::Malformed(format!("not JSON: {e}"));
        let nulled = non_finite_as_null(body).ok_or_else(refused)?;
        serde_json::from_slice(&nulled).map_err(|_| refused())
    })
}

/// `body` with every `NaN`, `Infinity` and `-Infinity` outside a string written `null`, or
/// `None` when it has none (nothing to retry).
fn non_finite_as_null(body: &[u8]) -> Option<Vec<u8>> {
    const WORDS: [&[u8]; 3] = [b"-Infinity", b"Infinity", b"NaN"];
    let mut out = Vec::with_capacity(body.len());
    let (mut in_string, mut escaped, mut found) = (false, false, false);
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if let Some(w) = WORDS.iter().find(|w| body[i..].starts_with(w)) {
            out.extend_from_slice(b"null");
            i += w.len();
            found = true;
            continue;
        }
        out.push(b);
        i += 1;
    }
    found.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_byte_order_mark_and_pythons_non_finite_floats_are_read_and_nothing_else_is() {
        assert_eq!(parse(b"\xEF\xBB\xBF{\"a\": 1}").unwrap(), json!({"a": 1}));
        assert_eq!(
            parse(br#"{"r": NaN, "s": -Infinity, "t": [Infinity, 2], "u": "NaN, Infinity"}"#)
                .unwrap(),
            json!({"r": null, "s": null, "t": [null, 2], "u": "NaN, Infinity"})
        );
        // A quote escaped inside a string does not end it.
        assert_eq!(
            parse(br#"{"n": "say \"NaN\"", "v": NaN}"#).unwrap(),
            json!({"n": "say \"NaN\"", "v": null})
        );
        for bad in [
            &b"<html>502</html>"[..],
            b"{\"a\": 1",
            b"{\"a\": nan}",
            b"",
            b"NaNa",
        ] {
            assert!(parse(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }
}
