//! Money display, currency names and exchange rates.
//!
//! Amounts stay exact `Decimal`s everywhere; this module rounds only when it turns one into text.

use super::{BillingError, Origin};
use crate::catalog::Catalog;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serialize;

/// Symbol shown before an amount, where the currency has a well-known one.
fn symbol(code: &str) -> Option<&'static str> {
    Some(match code {
        "CNY" => "¥",
        "USD" => "$",
        "EUR" => "€",
        "GBP" => "£",
        _ => return None,
    })
}

/// `¥12.34`, `$0.69`, `$0.0267`, `$0.0007`: two decimals from 0.1 up (what a bill shows);
/// below that, three significant digits so a per-second price never shows as `$0.00`.
pub fn format_money(amount: Decimal, currency: &str) -> String {
    let sign = if amount.is_sign_negative() && !amount.is_zero() {
        "-"
    } else {
        ""
    };
    let number = format_amount(amount.abs());
    match symbol(currency) {
        Some(s) => format!("{sign}{s}{number}"),
        None => format!("{sign}{currency} {number}"),
    }
}

/// The number part of [`format_money`] (non-negative input).
pub fn format_amount(abs: Decimal) -> String {
    let tenth = Decimal::new(1, 1);
    let dp = if abs.is_zero() || abs >= tenth {
        2
    } else {
        // Leading zeros after the point, then three significant digits; capped so a
        // pathological 1e-25 does not print 30 digits.
        let mut zeros = 0u32;
        let mut x = abs;
        while x < tenth && zeros < 10 {
            x *= Decimal::TEN;
            zeros += 1;
        }
        zeros + 3
    };
    let mut r = abs
        .round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero)
        .normalize();
    if r.scale() < 2 {
        r.rescale(2);
    }
    r.to_string()
}

/// A plain decimal for data text (rates, GB): trailing zeros dropped, at most `max_dp` places.
pub fn format_decimal(d: Decimal, max_dp: u32) -> String {
    d.round_dp_with_strategy(max_dp, RoundingStrategy::MidpointAwayFromZero)
        .normalize()
        .to_string()
}

/// The exchange rate used for one conversion, with where it came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FxUsed {
    pub from: String,
    pub to: String,
    /// Units of `to` per one `from` (what the arithmetic multiplies by).
    pub rate: Decimal,
    pub origin: Origin,
    /// The rate as its source writes it (`1 base = rate quote`), for display: an inverse row
    /// is shown as the source wrote it, not as a long 1/x.
    pub shown_base: String,
    pub shown_quote: String,
    pub shown_rate: Decimal,
    pub source: Option<String>,
    pub as_of: Option<String>,
}

/// The rate to turn `from` into `to`: an explicit one (units of `to` per one `from`) wins,
/// else the catalog's dated row. `None` when no conversion is needed.
pub fn resolve_fx(
    catalog: Option<&Catalog>,
    from: &str,
    to: &str,
    explicit: Option<Decimal>,
) -> Result<Option<FxUsed>, BillingError> {
    let (from, to) = (from.to_uppercase(), to.to_uppercase());
    if from == to {
        return Ok(None);
    }
    if let Some(rate) = explicit {
        if rate <= Decimal::ZERO {
            return Err(BillingError::NotPositive { what: "fx-rate" });
        }
        return Ok(Some(FxUsed {
            shown_base: from.clone(),
            shown_quote: to.clone(),
            shown_rate: rate,
            from,
            to,
            rate,
            origin: Origin::User,
            source: None,
            as_of: None,
        }));
    }
    let Some((rate, row)) = catalog.and_then(|c| c.fx_rate(&from, &to)) else {
        return Err(BillingError::NoFxRate { from, to });
    };
    Ok(Some(FxUsed {
        from,
        to,
        rate,
        origin: Origin::Catalog,
        shown_base: row.base.clone(),
        shown_quote: row.quote.clone(),
        shown_rate: row.rate,
        source: Some(row.source.clone()),
        as_of: Some(row.as_of.clone()),
    }))
}

impl FxUsed {
    /// `1 USD = 7.1879 CNY`.
    pub fn text(&self) -> String {
        format!(
            "1 {} = {} {}",
            self.shown_base,
            format_decimal(self.shown_rate, 6),
            self.shown_quote
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn money_shows_cents_and_keeps_digits_below_a_dime() {
        assert_eq!(format_money(d("12.345"), "CNY"), "¥12.35");
        assert_eq!(format_money(d("0.69"), "USD"), "$0.69");
        assert_eq!(format_money(d("0.5"), "USD"), "$0.50");
        assert_eq!(format_money(d("0.0007"), "USD"), "$0.0007");
        assert_eq!(format_money(d("0.000277777"), "USD"), "$0.000278");
        // A bill-sized amount shows cents; only sub-dime amounts keep three significant digits.
        assert_eq!(format_money(d("0.9867"), "USD"), "$0.99");
        assert_eq!(format_money(d("0.02667"), "USD"), "$0.0267");
        assert_eq!(format_money(d("0"), "USD"), "$0.00");
        assert_eq!(format_money(d("3"), "EUR"), "€3.00");
        assert_eq!(format_money(d("3"), "JPY"), "JPY 3.00");
        assert_eq!(format_money(d("-1.5"), "USD"), "-$1.50");
    }
}
