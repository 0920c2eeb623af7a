//! Prices as providers and operators write them in text: `$1.89`, `1,234.50`, `0.45/hr`,
//! `1.98元/小时`. A figure is read only where its writing agrees with what the field is
//! documented to hold: its currency (a sign or code naming another is refused, never
//! converted or guessed), a price per hour (a unit of another period is refused), and for a
//! field of minor units (US cents) a whole number with no sign. A figure with two readings
//! (`1,234` is a thousand and more in one country and one and a bit in another; `1,20`;
//! `1.200,50`) is refused. The refusal says why, for the log.

use rust_decimal::Decimal;
use std::str::FromStr;

/// What a price field is documented to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceField<'a> {
    /// The currency's ISO code (`USD`, `CNY`).
    pub currency: &'a str,
    /// A price per hour (a per-hour unit may be written after it; no other period may).
    pub per_hour: bool,
    /// Minor units (US cents): a whole number, with no sign or code.
    pub minor_units: bool,
}

/// Why a written price was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PriceTextError {
    #[error("`{written}` names {named}, not {field} (the field's currency)")]
    OtherCurrency {
        written: String,
        named: String,
        field: String,
    },
    #[error("`{written}` is a price per {unit}, not per hour")]
    OtherUnit { written: String, unit: String },
    #[error("`{0}` writes a currency in a field of minor units (cents)")]
    SignInMinorUnits(String),
    #[error("`{0}` has two readings (a comma for thousands or for decimals)")]
    TwoReadings(String),
    #[error("`{0}` is not a figure")]
    NotAFigure(String),
}

/// Units that say "per hour", as written after a figure (after `/`, or as words).
const HOUR_UNITS: [&str; 8] = ["h", "hr", "hrs", "hour", "hours", "小时", "时", "hour."];

/// Currency marks and the ISO codes each may stand for (`¥` is the yuan's and the yen's).
const MARKS: [(&str, &[&str]); 9] = [
    ("US$", &["USD"]),
    ("$", &["USD"]),
    ("¥", &["CNY", "JPY"]),
    ("￥", &["CNY", "JPY"]),
    ("元", &["CNY"]),
    ("RMB", &["CNY"]),
    ("€", &["EUR"]),
    ("£", &["GBP"]),
    ("円", &["JPY"]),
];

/// Reads `written` as a price in `field`'s currency and unit, or says why it cannot.
pub fn read_price(written: &str, field: PriceField<'_>) -> Result<Decimal, PriceTextError> {
    let original = written.trim();
    let (figure, unit) = split_unit(original);
    if let Some(unit) = unit {
        let u = unit.trim().trim_start_matches("per ").trim().to_lowercase();
        if !field.per_hour || !HOUR_UNITS.contains(&u.as_str()) {
            return Err(PriceTextError::OtherUnit {
                written: original.into(),
                unit: unit.trim().to_string(),
            });
        }
    }
    let (number, named) = strip_marks(figure.trim());
    if let Some(codes) = named {
        if field.minor_units {
            return Err(PriceTextError::SignInMinorUnits(original.into()));
        }
        if !codes.iter().any(|c| c.eq_ignore_ascii_case(field.currency)) {
            return Err(PriceTextError::OtherCurrency {
                written: original.into(),
                named: if codes.is_empty() {
                    "two different currencies".into()
                } else {
                    codes.join(" or ")
                },
                field: field.currency.to_string(),
            });
        }
    }
    number_of(number, field.minor_units).map_err(|two| {
        if two {
            PriceTextError::TwoReadings(original.into())
        } else {
            PriceTextError::NotAFigure(original.into())
        }
    })
}

/// The figure and, when one is written, its unit: what follows the first `/`, or a trailing
/// `per …` / `an hour`.
fn split_unit(s: &str) -> (&str, Option<&str>) {
    if let Some((figure, unit)) = s.split_once('/') {
        return (figure, Some(unit));
    }
    // The word set off by any space (`0.45 USD\u{a0}per hour`: a no-break space is a space).
    for word in ["per", "an"] {
        for (at, c) in s.char_indices().filter(|(_, c)| c.is_whitespace()) {
            let rest = &s[at + c.len_utf8()..];
            let after = rest.get(word.len()..);
            if starts_with_ci(rest, word)
                && after.is_some_and(|a| a.chars().next().is_some_and(char::is_whitespace))
            {
                return (&s[..at], after);
            }
        }
    }
    (s, None)
}

/// The number with a currency mark taken off its front or end, and the codes the marks
/// name (every mark must name the same currency; two that disagree name none at all).
fn strip_marks(s: &str) -> (&str, Option<Vec<&'static str>>) {
    let mut rest = s.trim();
    let mut named: Option<Vec<&'static str>> = None;
    let mut note = |codes: Vec<&'static str>| {
        named = Some(match named.take() {
            None => codes,
            Some(before) => before.into_iter().filter(|c| codes.contains(c)).collect(),
        });
    };
    for _ in 0..2 {
        if let Some((m, codes)) = MARKS.iter().find(|(m, _)| starts_with_ci(rest, m)) {
            rest = rest[m.len()..].trim_start();
            note(codes.to_vec());
        } else if let Some(code) = code_at(rest, true) {
            rest = rest[3..].trim_start();
            note(vec![code]);
        }
        if let Some((m, codes)) = MARKS.iter().find(|(m, _)| ends_with_ci(rest, m)) {
            rest = rest[..rest.len() - m.len()].trim_end();
            note(codes.to_vec());
        } else if let Some(code) = code_at(rest, false) {
            rest = rest[..rest.len() - 3].trim_end();
            note(vec![code]);
        }
    }
    (rest, named)
}

fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.get(..prefix.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
}

fn ends_with_ci(s: &str, suffix: &str) -> bool {
    s.len() >= suffix.len()
        && s.is_char_boundary(s.len() - suffix.len())
        && s[s.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// A three-letter currency code at the front (or end) of `s`, set off from the figure.
fn code_at(s: &str, front: bool) -> Option<&'static str> {
    let b = s.as_bytes();
    if b.len() < 4 {
        return None;
    }
    // `get`, never a slice: the text may hold a multibyte sign (`1€`, `3元`) where three bytes
    // would cut a character in two.
    let (code, next) = if front {
        (s.get(..3)?, b[3])
    } else {
        (s.get(s.len() - 3..)?, b[b.len() - 4])
    };
    let set_off = next == b' ' || next.is_ascii_digit() || next == b'.';
    if !set_off || !code.bytes().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let upper = code.to_ascii_uppercase();
    // The codes the providers' and operators' files use; a word of three letters that is no
    // such code stays in the text, which then reads as no figure.
    const CODES: [&str; 8] = ["USD", "CNY", "EUR", "GBP", "JPY", "HKD", "CAD", "AUD"];
    CODES.iter().find(|c| **c == upper).copied()
}

/// The figure itself: digits with a decimal point, thousands grouped by commas only where
/// that reading is the only one. `Err(true)`: two readings; `Err(false)`: no figure.
fn number_of(s: &str, whole: bool) -> Result<Decimal, bool> {
    let s = s.trim();
    if s.contains(GROUP_SPACES) {
        let (plain, has_frac) = space_grouped(s)?;
        if whole && has_frac {
            return Err(false);
        }
        return Decimal::from_str(&plain).map_err(|_| false);
    }
    let digits_and = |extra: &[u8]| s.bytes().all(|b| b.is_ascii_digit() || extra.contains(&b));
    // Scientific notation as encoders write a float (`3.5e-1`): one reading, never negative.
    if s.contains(['e', 'E']) && !whole {
        let starts = s.bytes().next().is_some_and(|b| b.is_ascii_digit());
        if !starts || !digits_and(b".eE+-") {
            return Err(false);
        }
        return Decimal::from_scientific(s).map_err(|_| false);
    }
    if s.is_empty() || !digits_and(b".,") || !s.bytes().next().is_some_and(|b| b.is_ascii_digit()) {
        return Err(false);
    }
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) if !f.contains(['.', ',']) && !f.is_empty() => (i, Some(f)),
        Some(_) => return Err(s.contains(',')),
        None => (s, None),
    };
    let groups: Vec<&str> = int.split(',').collect();
    if groups.len() > 1 {
        let grouped =
            (1..=3).contains(&groups[0].len()) && groups[1..].iter().all(|g| g.len() == 3);
        // `1,234` alone is a thousand and more, or one and a bit: read only where a decimal
        // point, a second comma, or a whole-number field leaves one reading.
        if !grouped || (frac.is_none() && groups.len() == 2 && !whole) {
            return Err(true);
        }
    }
    if whole && frac.is_some() {
        return Err(false);
    }
    let plain = match frac {
        Some(f) => format!("{}.{f}", groups.concat()),
        None => groups.concat(),
    };
    Decimal::from_str(&plain).map_err(|_| false)
}

/// Spaces that group thousands as some locales and typesetters write them: a space, a
/// no-break space, a narrow no-break space (French), a thin space.
const GROUP_SPACES: [char; 4] = [' ', '\u{a0}', '\u{202f}', '\u{2009}'];

/// A figure grouped by one kind of space (`1 234.50`, `1 234,50`, `12 345`): a space is never
/// a decimal mark, so groups of three after one to three digits have one reading; a comma
/// after them is the decimal mark unless three digits follow it (`1 234,567`: a thousands
/// comma too, or decimals — two readings). The plain figure and whether it has decimals.
fn space_grouped(s: &str) -> Result<(String, bool), bool> {
    let sep = s.chars().find(|c| GROUP_SPACES.contains(c)).ok_or(false)?;
    let (int, tail) = match s.find(['.', ',']) {
        Some(at) => s.split_at(at),
        None => (s, ""),
    };
    let groups: Vec<&str> = int.split(sep).collect();
    let digits = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
    let grouped = (1..=3).contains(&groups[0].len())
        && groups.iter().all(|g| digits(g))
        && groups[1..].iter().all(|g| g.len() == 3);
    if !grouped {
        return Err(false);
    }
    let mut plain = groups.concat();
    if tail.is_empty() {
        return Ok((plain, false));
    }
    let frac = &tail[1..];
    if !digits(frac) {
        return Err(false);
    }
    if tail.starts_with(',') && frac.len() == 3 {
        return Err(true);
    }
    plain.push('.');
    plain.push_str(frac);
    Ok((plain, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    const USD_HOUR: PriceField = PriceField {
        currency: "USD",
        per_hour: true,
        minor_units: false,
    };

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn signs_units_and_groups_that_agree_with_the_field_are_read() {
        for (written, want) in [
            ("$1.89", "1.89"),
            ("1,234.50", "1234.50"),
            ("0.45/hr", "0.45"),
            ("US$ 0.52", "0.52"),
            ("0.61 USD/hour", "0.61"),
            ("$2,345.10 per hour", "2345.10"),
            ("usd0.3", "0.3"),
            ("1,234,567", "1234567"),
            ("3.5e-1", "0.35"),
            ("$0.45 USD", "0.45"),
        ] {
            assert_eq!(read_price(written, USD_HOUR), Ok(d(want)), "{written}");
        }
        let cny = PriceField {
            currency: "CNY",
            ..USD_HOUR
        };
        assert_eq!(read_price("¥1.98", cny), Ok(d("1.98")));
        assert_eq!(read_price("1.98元/小时", cny), Ok(d("1.98")));
        assert_eq!(read_price("RMB 2", cny), Ok(d("2")));
        let cents = PriceField {
            minor_units: true,
            ..USD_HOUR
        };
        assert_eq!(read_price("2,392", cents), Ok(d("2392")));
    }

    #[test]
    fn other_currencies_periods_and_double_readings_are_refused_with_the_reason() {
        for (written, why) in [
            ("¥2.5", "CNY or JPY"),
            ("€0.50", "EUR"),
            ("CNY 2.5", "CNY"),
            ("£0.40", "GBP"),
            ("0.45/mo", "per mo"),
            ("0.45 $/day", "per day"),
            ("1,234", "two readings"),
            ("1.200,50", "two readings"),
            ("1,20", "two readings"),
            ("$1,23.4", "two readings"),
            ("-0.30", "not a figure"),
            ("NaN", "not a figure"),
            ("1e400", "not a figure"),
            ("-2.5e-1", "not a figure"),
            ("1 20", "not a figure"),
            ("$0.45 EUR", "not USD"),
        ] {
            let e = read_price(written, USD_HOUR)
                .expect_err(written)
                .to_string();
            assert!(e.contains(why), "{written}: {e}");
        }
        let not_hourly = PriceField {
            per_hour: false,
            ..USD_HOUR
        };
        assert!(read_price("0.15/hr", not_hourly).is_err());
        let cents = PriceField {
            minor_units: true,
            ..USD_HOUR
        };
        for written in ["$0.75", "129.5", "75 USD"] {
            assert!(read_price(written, cents).is_err(), "{written}");
        }
    }
}
