//! The operator's curated file: what trusted people saw on platforms with no public API
//! (most Chinese ones: AutoDL, 恒源云 …), one dated row each. It is read strictly, like the
//! catalog: a row without its source, date or author, a platform the catalog does not know,
//! or an unreadable price refuses the whole file with the row and field named, so a typo
//! never reaches users. A card the catalog does not know is kept under its raw name.
//!
//! ```toml
//! as_of = "2026-11-30"          # default date of every row
//! who = "ops"                   # default author
//! [[row]]
//! platform = "autodl"
//! gpu = "4090"
//! stock = "in"                  # in | low | out | unknown (default unknown)
//! price = "1.98"                # per GPU-hour, optional; currency defaults to the platform's
//!                               # ("¥1.98" and "1.98元/小时" read when the sign is the row's)
//! source = "https://www.autodl.com/market/list"
//! ```

use super::canonical::name_offer_gpu;
use super::imported::{Sighting, SightingOrigin};
use super::offer::StockLevel;
use super::time::{date_is_future, is_future, is_time_without_zone, parse_rfc3339};
use super::written::{PriceField, read_price};
use crate::catalog::{Catalog, parse_date};
use rust_decimal::Decimal;
use serde::Deserialize;
use std::str::FromStr;

/// Why the curated file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CuratedError {
    #[error("not valid TOML: {0}")]
    Toml(String),
    #[error("row {row}: `{field}` {problem}")]
    Row {
        row: usize,
        field: &'static str,
        problem: String,
    },
    #[error("the file has no [[row]] entries")]
    Empty,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    as_of: Option<Stamp>,
    who: Option<String>,
    #[serde(default)]
    row: Vec<RowText>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RowText {
    platform: String,
    gpu: String,
    stock: Option<String>,
    price: Option<Figure>,
    currency: Option<String>,
    cards: Option<u32>,
    region: Option<String>,
    source: Option<String>,
    as_of: Option<Stamp>,
    who: Option<String>,
}

/// A date or time as operators write it: TOML text (`"2026-11-30"`) or TOML's own date-time
/// (`as_of = 2026-11-29T08:00:00+08:00`, unquoted), read as its RFC 3339 text. TOML's local
/// date-time (no offset) reads as a time without a zone, and is refused as one. A number
/// (an exporter's epoch seconds or milliseconds) is kept so that its refusal can name the
/// row and the field; TOML's own message for it named neither.
#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum Stamp {
    Text(String),
    Toml(toml::value::Datetime),
    Number(f64),
}

impl Stamp {
    fn text(&self) -> String {
        match self {
            Stamp::Text(t) => t.clone(),
            Stamp::Toml(d) => d.to_string(),
            Stamp::Number(n) => n.to_string(),
        }
    }
}

/// A price as operators write it: TOML text (`"1.98"`) or a TOML number (`1.98`, `2`).
#[derive(Deserialize)]
#[serde(untagged)]
enum Figure {
    Text(String),
    Whole(i64),
    Float(f64),
}

/// The most a curated row may say one GPU-hour costs, in any currency: a figure above it is
/// a typo (a price per month, digits doubled), and one near `Decimal`'s edge would overflow
/// the first conversion of it.
const PRICE_MAX: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

impl Figure {
    /// The price it says per GPU-hour in `currency` (the row's), above zero and at most
    /// [`PRICE_MAX`]; `Err` says why not, for the refusal. Text is read as operators write it
    /// (`¥1.98`, `1.98元/小时`, `1,980.00`) where its sign and unit agree with the row
    /// ([`read_price`]); a float through its shortest text (`1.98`).
    fn price(&self, currency: &str) -> Result<Decimal, String> {
        let field = PriceField {
            currency,
            per_hour: true,
            minor_units: false,
        };
        let (shown, read) = match self {
            Figure::Text(t) => (t.clone(), read_price(t, field).map_err(|e| e.to_string())),
            Figure::Whole(n) => (n.to_string(), Ok(Decimal::from(*n))),
            Figure::Float(f) => (
                f.to_string(),
                Decimal::from_str(&f.to_string()).map_err(|_| format!("`{f}` is not a figure")),
            ),
        };
        match read {
            Ok(d) if d > Decimal::ZERO && d <= PRICE_MAX => Ok(d),
            Ok(_) => Err(format!(
                "`{shown}` is not a price above zero and at most {PRICE_MAX}"
            )),
            Err(why) => Err(why),
        }
    }
}

/// A currency as a row names it: a three-letter code (`usd` read as USD); a sign or a word
/// (`元`, `yuan`, `$`) is refused rather than guessed, so no price is read in the wrong one.
fn currency_code(written: &str) -> Option<String> {
    let code = written.trim().to_ascii_uppercase();
    (code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase())).then_some(code)
}

/// Reads `in`, `out`, `low`, `unknown` (and 有货/无货/紧张/未知).
pub fn parse_stock_word(word: &str) -> Option<StockLevel> {
    Some(match word.trim().to_lowercase().as_str() {
        "in" | "available" | "yes" | "有" | "有货" => StockLevel::Available,
        "low" | "few" | "紧张" | "少" => StockLevel::Low,
        "out" | "none" | "no" | "sold-out" | "无" | "无货" | "没货" | "售罄" => {
            StockLevel::Unavailable
        }
        "unknown" | "?" | "未知" => StockLevel::Unknown,
        _ => return None,
    })
}

/// When a row was seen: an RFC 3339 time, or a date (`2026-11-30`: noon UTC, a day is all the
/// file says; never later than `now`, since that day may already be today east of UTC).
/// `Err` names why a date cannot be believed: not a date, or still ahead (beyond the clock
/// skew for a time; not yet begun in any time zone for a date).
fn when(text: &str, now: i64) -> Result<i64, String> {
    if let Some(at) = parse_rfc3339(text) {
        if is_future(at, now) {
            return Err(format!("`{text}` is in the future"));
        }
        return Ok(at.min(now));
    }
    if is_time_without_zone(text) {
        return Err(format!(
            "`{text}` has no time zone (write `Z` for UTC or the offset, `+08:00`); not taken as UTC"
        ));
    }
    let day = parse_date(text.trim()).ok_or_else(|| format!("`{text}` is not a date"))?;
    if date_is_future(day * 86_400, now) {
        return Err(format!("`{text}` is in the future"));
    }
    Ok((day * 86_400 + 12 * 3600).min(now))
}

/// Reads the file into sightings; `now` (seconds) refuses a row dated in the future.
pub fn parse_curated(
    text: &str,
    catalog: &Catalog,
    now: i64,
) -> Result<Vec<Sighting>, CuratedError> {
    let file: File = toml::from_str(text).map_err(|e| CuratedError::Toml(e.message().into()))?;
    if file.row.is_empty() {
        return Err(CuratedError::Empty);
    }
    let mut out = Vec::new();
    for (i, r) in file.row.into_iter().enumerate() {
        let row = i + 1;
        let bad = |field: &'static str, problem: String| CuratedError::Row {
            row,
            field,
            problem,
        };
        let platform = catalog.platform(&r.platform).map_err(|_| {
            bad(
                "platform",
                format!("`{}` is not a catalog platform", r.platform),
            )
        })?;
        let stock = match r.stock.as_deref() {
            None => StockLevel::Unknown,
            Some(w) => parse_stock_word(w)
                .ok_or_else(|| bad("stock", format!("`{w}` is not in, low, out or unknown")))?,
        };
        let currency = match &r.currency {
            Some(c) => currency_code(c).ok_or_else(|| {
                bad(
                    "currency",
                    format!("`{c}` is not a three-letter code (USD, CNY)"),
                )
            })?,
            None => platform.currency.clone(),
        };
        let price = match &r.price {
            None => None,
            Some(p) => Some(p.price(&currency).map_err(|why| bad("price", why))?),
        };
        if r.cards == Some(0) && stock.in_stock() {
            return Err(bad(
                "cards",
                "is 0 beside a stock that says some are there: which is it?".into(),
            ));
        }
        if price.is_none() && stock == StockLevel::Unknown {
            return Err(bad(
                "stock",
                "and `price` are both missing: the row says nothing".into(),
            ));
        }
        let source = r
            .source
            .filter(|s| !s.trim().is_empty())
            .ok_or_else(|| bad("source", "is missing (where was this seen?)".into()))?;
        let date = r
            .as_of
            .or_else(|| file.as_of.clone())
            .ok_or_else(|| bad("as_of", "is missing (in the row or at the top)".into()))?;
        let at = match date {
            // Seconds or milliseconds since 1970, and in which zone, is a guess: refused.
            Stamp::Number(_) => Err(format!(
                "`{}` is a number, not a date (write `2026-11-30` or an RFC 3339 time such as `2026-11-30T08:00:00Z`)",
                date.text()
            )),
            _ => when(&date.text(), now),
        }
        .map_err(|why| bad("as_of", why))?;
        let who = r
            .who
            .or_else(|| file.who.clone())
            .filter(|w| !w.trim().is_empty())
            .ok_or_else(|| bad("who", "is missing (in the row or at the top)".into()))?;
        let (gpu, _) = name_offer_gpu(catalog, &r.gpu, None);
        out.push(Sighting {
            platform: platform.id.clone(),
            gpu,
            raw_name: r.gpu.trim().to_string(),
            stock,
            price_per_gpu_hour: price,
            currency: price.map(|_| currency),
            cards: r.cards,
            region: r.region,
            who: who.trim().to_string(),
            at,
            source: source.trim().to_string(),
            origin: SightingOrigin::Curated,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_with_defaults_and_bad_rows_are_named() {
        let cat = Catalog::embedded().unwrap();
        let ok = r#"
as_of = "2026-11-30"
who = "ops"
[[row]]
platform = "autodl"
gpu = "4090"
stock = "有货"
price = "1.98"
source = "https://www.autodl.com/market/list"
[[row]]
platform = "gpushare"
gpu = "Quantum Flux 9000"
stock = "out"
source = "support chat"
as_of = "2026-11-29T08:00:00Z"
who = "alice"
"#;
        let now = 1_796_126_400; // 2026-12-01T12:00:00Z
        let rows = parse_curated(ok, &cat, now).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].gpu, "rtx-4090");
        assert_eq!(rows[0].stock, StockLevel::Available);
        assert_eq!(rows[0].currency.as_deref(), Some("CNY"));
        assert_eq!(rows[0].who, "ops");
        assert_eq!(rows[1].gpu, "Quantum Flux 9000");
        assert_eq!(rows[1].who, "alice");
        assert_eq!(rows[1].price_per_gpu_hour, None);

        let no_source =
            "as_of='2026-11-30'\nwho='x'\n[[row]]\nplatform='autodl'\ngpu='4090'\nstock='in'\n";
        let e = parse_curated(no_source, &cat, now).unwrap_err();
        assert!(e.to_string().starts_with("row 1: `source`"), "{e}");
        let bad_platform = no_source.replace("autodl", "autodll") + "source='x'\n";
        assert!(
            parse_curated(&bad_platform, &cat, now)
                .unwrap_err()
                .to_string()
                .contains("platform")
        );
        let bad_price = no_source.to_string() + "source='x'\nprice='cheap'\n";
        assert!(
            parse_curated(&bad_price, &cat, now)
                .unwrap_err()
                .to_string()
                .contains("price")
        );
        assert_eq!(
            parse_curated("as_of='2026-11-30'\n", &cat, now),
            Err(CuratedError::Empty)
        );
        assert!(matches!(
            parse_curated("[[row", &cat, now),
            Err(CuratedError::Toml(_))
        ));
        assert!(
            parse_curated(
                &(no_source.to_string() + "source='x'\ncolour='red'\n"),
                &cat,
                now
            )
            .is_err()
        );
    }

    #[test]
    fn a_row_dated_ahead_of_the_clock_is_refused_with_its_row_named() {
        let cat = Catalog::embedded().unwrap();
        let now = 1_764_590_400; // 2025-12-01T12:00:00Z
        let file = |date: &str| {
            format!(
                "who='ops'\n[[row]]\nplatform='autodl'\ngpu='4090'\nstock='in'\nsource='x'\nas_of='2025-11-30'\n[[row]]\nplatform='autodl'\ngpu='3090'\nstock='in'\nsource='x'\nas_of='{date}'\n"
            )
        };
        for future in ["2099-01-01", "2025-12-03", "2025-12-01T12:20:00Z"] {
            let e = parse_curated(&file(future), &cat, now).unwrap_err();
            assert!(
                matches!(&e, CuratedError::Row { row: 2, field: "as_of", problem } if problem.contains("future")),
                "{future}: {e}"
            );
        }
        // Tomorrow's date is already today east of UTC, and a few minutes of clock skew pass:
        // both read, and neither is later than now.
        for near in ["2025-12-02", "2025-12-01T12:10:00Z"] {
            let rows = parse_curated(&file(near), &cat, now).unwrap();
            assert!(rows[1].at <= now, "{near}: {}", rows[1].at);
        }
    }
}
