//! Reading numbers from provider JSON without guessing: a number or numeric string becomes a
//! `Decimal` through its text (no float arithmetic on money); negative or absent is `None`.

use bot_core::availability::{PriceField, read_price};
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

/// The largest figure read as money (dollars): no GPU hour, storage month or bid costs a
/// million dollars, while figures near `Decimal`'s own limit (about 7.9e28) overflow as soon
/// as a storage hour, a per-card split or a total is worked out from them. A bigger figure is
/// no price, like a negative one.
pub const MONEY_MAX: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

/// What a money field held: a price, nothing at all, or a figure refused (with why, for the
/// log: a sign of another currency, another unit, two readings, no figure, past any price).
#[derive(Debug, Clone, PartialEq)]
pub enum Money {
    Price(Decimal),
    Absent,
    Refused(String),
}

/// US dollars per hour: Vast's `dph_*` and `min_bid`, RunPod's prices.
pub const USD_PER_HOUR: PriceField<'static> = PriceField {
    currency: "USD",
    per_hour: true,
    minor_units: false,
};
/// US dollars for another unit (Vast's `storage_cost`, per GB and month): no unit may be
/// written after it.
pub const USD: PriceField<'static> = PriceField {
    currency: "USD",
    per_hour: false,
    minor_units: false,
};
/// Whole US cents per hour (Lambda's `price_cents_per_hour`).
pub const US_CENTS_PER_HOUR: PriceField<'static> = PriceField {
    currency: "USD",
    per_hour: true,
    minor_units: true,
};

/// A money field documented as `field`: a JSON number, or text as people write it
/// (`"$1.89"`, `"1,234.50"`, `"0.45/hr"`) read by bot-core's [`read_price`] where its writing
/// agrees with the field, non-negative and at most [`MONEY_MAX`]. Absent, null or blank is
/// [`Money::Absent`]; anything else is refused with its reason.
pub fn money_in(v: Option<&Value>, field: PriceField<'_>) -> Money {
    let read = match v {
        None | Some(Value::Null) => return Money::Absent,
        Some(Value::String(s)) if s.trim().is_empty() => return Money::Absent,
        Some(Value::Number(n)) => Decimal::from_str(&n.to_string())
            .or_else(|_| Decimal::from_scientific(&n.to_string()))
            .map_err(|_| format!("`{n}` is no figure we read")),
        Some(Value::String(s)) => read_price(s, field).map_err(|e| e.to_string()),
        Some(other) => Err(format!(
            "`{}` is no figure",
            other.to_string().chars().take(40).collect::<String>()
        )),
    };
    match read {
        Ok(d) if d >= Decimal::ZERO && d <= MONEY_MAX => Money::Price(d.round_dp(6).normalize()),
        Ok(d) => Money::Refused(format!(
            "`{d}` is no price (below zero or past {MONEY_MAX})"
        )),
        Err(why) => Money::Refused(why),
    }
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
/// figures are never read as dollars. `Err` says what it named, for the log.
pub fn row_in_dollars(row: &Value) -> Result<(), String> {
    match CURRENCY_FIELDS
        .iter()
        .filter_map(|k| Some((*k, row.get(*k).filter(|v| !v.is_null())?)))
        .find(|(_, v)| {
            !v.as_str()
                .is_some_and(|s| s.trim().eq_ignore_ascii_case("usd"))
        }) {
        None => Ok(()),
        Some((k, v)) => Err(format!(
            "a row priced in {} (`{k}`), not US dollars",
            v.to_string().chars().take(20).collect::<String>()
        )),
    }
}

/// The answer names a currency for all of its rows, at its top or beside its list (`data`):
/// one other than dollars refuses the whole answer (every figure in it is in that currency),
/// so the last good snapshot stays.
pub fn answer_in_dollars(provider: &str, root: &Value) -> Result<(), crate::FetchError> {
    for scope in [Some(root), root.get("data")].into_iter().flatten() {
        if scope.is_object()
            && let Err(why) = row_in_dollars(scope)
        {
            return Err(crate::FetchError::Malformed(format!(
                "{provider}: the answer says {}; the adapter reads US dollars only",
                why.replacen("a row priced in", "its prices are in", 1)
            )));
        }
    }
    Ok(())
}

pub fn text(v: Option<&Value>) -> Option<&str> {
    v?.as_str().map(str::trim).filter(|s| !s.is_empty())
}

/// An answer as JSON. Shapes real services send that strict JSON refuses are read: a UTF-8
/// byte-order mark before the text; the bare `NaN`, `Infinity` and `-Infinity` that Python's
/// `json.dumps` writes for a float with no value (a ratio over a zero price, say), read as
/// `null`: the field is unknown, never a number, so a row priced by one is skipped like any row
/// without its price; and a broken string — a lone surrogate escape (`\ud83d`, Python's
/// writing of a string read with `surrogateescape`) or bytes that are no UTF-8 (a host's
/// Latin-1 hardware name) — read with U+FFFD in place of what is broken, so one host's odd
/// string costs that string, not every offer in the answer.
///
/// A name written twice in one object with two different values (RFC 8259 §4: receivers
/// differ on which is meant; serde's map keeps the last) has no single meaning: `dph_total`
/// at $0.30 and $3.00 is neither. Inside a row (an element of a list) it costs that row: its
/// value is a [`TWICE`] mark, and [`row_check`] refuses the row (wire17: one bad row of
/// 2,000 no longer costs the poll). Outside every row — a second, empty `offers` list, two
/// `data` objects — it refuses the answer. The same name twice with the same value is read.
/// Anything else that is not JSON is refused.
pub fn parse(body: &[u8]) -> Result<Value, crate::FetchError> {
    parse_rows_under(body, None)
}

/// [`parse`] for an answer whose rows are the values of one object rather than a list's
/// elements (Lambda's `data`, keyed by instance type): `rows` is that object's JSON pointer,
/// and a name repeated in it, or inside one of its values, costs that row only.
pub fn parse_rows_under(body: &[u8], rows: Option<&str>) -> Result<Value, crate::FetchError> {
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    if let Some(encoding) = wide_encoding(body) {
        // Its NULs and mark read as UTF-8 as "expected value at line 1 column 1", which
        // names nothing: the operator is told what the text was.
        return Err(crate::FetchError::Malformed(format!(
            "the answer is {encoding} text; JSON between systems is UTF-8 (RFC 8259 §8.1), \
             so something on the way re-encoded it"
        )));
    }
    let root = strict(body).or_else(|e| {
        let refused = || crate::FetchError::Malformed(format!("not JSON: {e}"));
        let repaired = repaired(body).ok_or_else(refused)?;
        strict(&repaired).map_err(|_| refused())
    })?;
    match twice_outside_rows(&root, "", rows) {
        Some(why) => Err(crate::FetchError::Malformed(why)),
        None => Ok(root),
    }
}

/// The encoding of a body written in UTF-16 or UTF-32: by its byte-order mark, else by the
/// NULs beside the first character (JSON text starts with ASCII, which those encodings pad
/// with zero bytes: RFC 4627 §3's detection). `None` for anything else.
fn wide_encoding(body: &[u8]) -> Option<&'static str> {
    const MARKS: [(&[u8], &str); 4] = [
        (&[0, 0, 0xFE, 0xFF], "UTF-32 (big-endian)"),
        (&[0xFF, 0xFE, 0, 0], "UTF-32 (little-endian)"),
        (&[0xFE, 0xFF], "UTF-16 (big-endian)"),
        (&[0xFF, 0xFE], "UTF-16 (little-endian)"),
    ];
    if let Some((_, name)) = MARKS.iter().find(|(mark, _)| body.starts_with(mark)) {
        return Some(name);
    }
    match body {
        [0, 0, 0, x, ..] if *x != 0 => Some("UTF-32 (big-endian)"),
        [x, 0, 0, 0, ..] if *x != 0 => Some("UTF-32 (little-endian)"),
        [0, x, ..] if *x != 0 => Some("UTF-16 (big-endian)"),
        [x, 0, ..] if *x != 0 => Some("UTF-16 (little-endian)"),
        _ => None,
    }
}

/// The key of the mark that stands for a name written twice with two values (a NUL first:
/// no provider's field is named so).
pub const TWICE: &str = "\u{0}written twice";

/// Why `v` is, or holds, a [`TWICE`] mark: the first found, depth first.
fn twice_in(v: &Value) -> Option<&str> {
    match v {
        Value::Object(m) => m
            .get(TWICE)
            .and_then(Value::as_str)
            .or_else(|| m.values().find_map(twice_in)),
        Value::Array(a) => a.iter().find_map(twice_in),
        _ => None,
    }
}

/// A [`TWICE`] mark outside every row: objects are walked from the root, never a list's
/// elements nor the values of the object at `rows` (each a row, its marks its own).
fn twice_outside_rows(v: &Value, at: &str, rows: Option<&str>) -> Option<String> {
    let m = v.as_object()?;
    if let Some(why) = m.get(TWICE).and_then(Value::as_str) {
        return Some(why.to_string());
    }
    if rows == Some(at) {
        return None;
    }
    m.iter().find_map(|(k, child)| {
        let path = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
        twice_outside_rows(child, &path, rows)
    })
}

/// The checks every row passes before any figure in it is read: no name written twice in it
/// with two values (the row is refused: neither value is known to be meant), and its prices
/// in US dollars ([`row_in_dollars`]). `Err` says why, for the log.
pub fn row_check(row: &Value) -> Result<(), String> {
    if let Some(why) = twice_in(row) {
        return Err(format!("row refused: {why}"));
    }
    row_in_dollars(row)
}

/// `body` read as one JSON value (nothing after it but whitespace), a name written twice in
/// one object with two different values marked ([`TWICE`]) in its place.
fn strict(body: &[u8]) -> Result<Value, serde_json::Error> {
    use serde::de::DeserializeSeed;
    let mut de = serde_json::Deserializer::from_slice(body);
    let v = Strict.deserialize(&mut de)?;
    de.end()?;
    Ok(v)
}

/// A [`Value`] built as serde_json builds one, except that a repeated name with another value
/// becomes a [`TWICE`] mark naming it and both values.
#[derive(Clone, Copy)]
struct Strict;

impl<'de> serde::de::DeserializeSeed<'de> for Strict {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Strict {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(Strict)? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let v = map.next_value_seed(Strict)?;
            match out.get(&key) {
                // Already marked: a third value changes nothing.
                Some(before) if before.get(TWICE).is_some() => {}
                Some(before) if *before != v => {
                    let short = |v: &Value| v.to_string().chars().take(40).collect::<String>();
                    let why = format!(
                        "`{key}` is written twice in one object with two values (`{}` and \
                         `{}`): which is meant is not known",
                        short(before),
                        short(&v)
                    );
                    // The mark takes the name's place; who holds it decides what it costs.
                    let mut mark = serde_json::Map::new();
                    mark.insert(TWICE.to_string(), Value::String(why));
                    out.insert(key, Value::Object(mark));
                }
                _ => {
                    out.insert(key, v);
                }
            }
        }
        Ok(Value::Object(out))
    }
}

/// `body` with what strict JSON refuses and we read ([`parse`]) made readable, or `None` when
/// it has none of it (nothing to retry): non-UTF-8 bytes and lone surrogate escapes as
/// U+FFFD, `NaN`/`Infinity`/`-Infinity` outside a string as `null`.
fn repaired(body: &[u8]) -> Option<Vec<u8>> {
    let text = String::from_utf8_lossy(body);
    let mut changed = matches!(text, std::borrow::Cow::Owned(_));
    let mut out = text.into_owned().into_bytes();
    if let Some(fixed) = lone_surrogates_replaced(&out) {
        out = fixed;
        changed = true;
    }
    if let Some(nulled) = non_finite_as_null(&out) {
        out = nulled;
        changed = true;
    }
    changed.then_some(out)
}

/// `body` with every `\uXXXX` escape of a surrogate that has no partner written `\ufffd`, or
/// `None` when it has none. A lead (D800–DBFF) needs a trail (DC00–DFFF) escape right after
/// it; a trail needs a lead right before it.
fn lone_surrogates_replaced(body: &[u8]) -> Option<Vec<u8>> {
    let unit = |at: usize| -> Option<u16> {
        let hex = body.get(at..at + 6)?;
        if &hex[..2] != b"\\u" {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()
    };
    let lead = |u: u16| (0xD800..0xDC00).contains(&u);
    let trail = |u: u16| (0xDC00..0xE000).contains(&u);
    let mut out = Vec::with_capacity(body.len());
    let (mut in_string, mut found) = (false, false);
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        if !in_string {
            in_string = b == b'"';
            out.push(b);
            i += 1;
            continue;
        }
        match b {
            b'"' => in_string = false,
            b'\\' => {
                if let Some(u) = unit(i) {
                    let paired = lead(u) && unit(i + 6).is_some_and(trail);
                    if paired {
                        out.extend_from_slice(&body[i..i + 12]);
                        i += 12;
                        continue;
                    }
                    if lead(u) || trail(u) {
                        out.extend_from_slice(b"\\ufffd");
                        found = true;
                        i += 6;
                        continue;
                    }
                }
                // Any other escape: itself and the character it escapes.
                out.extend_from_slice(&body[i..(i + 2).min(body.len())]);
                i += 2;
                continue;
            }
            _ => {}
        }
        out.push(b);
        i += 1;
    }
    found.then_some(out)
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
    fn broken_strings_are_read_with_a_replacement_and_whole_pairs_kept() {
        // A lone lead, a lone trail, a lead before a non-trail escape; a real pair (😀) and
        // an escaped backslash before `u` stay as they are, beside a NaN that needs the retry.
        let v = parse(
            br#"{"a": "x\ud83d y", "b": "\ude00", "c": "\ud83d\u0041", "d": "\ud83d\ude00",
                "e": "\\ud83d", "f": NaN}"#,
        )
        .unwrap();
        assert_eq!(
            v,
            json!({"a": "x\u{fffd} y", "b": "\u{fffd}", "c": "\u{fffd}A", "d": "😀",
                "e": "\\ud83d", "f": null})
        );
        assert_eq!(
            parse(b"{\"n\": \"caf\xe9\"}").unwrap(),
            json!({"n": "caf\u{fffd}"})
        );
        // A repeated name: the same value read, another refused by name.
        assert_eq!(parse(br#"{"k": 1, "k": 1}"#).unwrap(), json!({"k": 1}));
        let e = parse(br#"{"o": {"k": 1, "k": 2}}"#).unwrap_err();
        assert!(e.to_string().contains("`k` is written twice"), "{e}");
    }

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
