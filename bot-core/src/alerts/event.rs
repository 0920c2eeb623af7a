//! What the detection tells and the alert text says: a confirmed change ([`Event`]), and the
//! exchange rate both compare prices with.

use crate::billing::resolve_fx;
use crate::catalog::Catalog;
use rust_decimal::Decimal;

/// A confirmed change worth telling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Back,
    Gone { lasted_secs: i64 },
}

/// The rate from `from` to `to` (1 for the same currency); `None` when unknown.
pub(crate) fn rate(catalog: &Catalog, from: &str, to: &str) -> Option<Decimal> {
    resolve_fx(Some(catalog), from, to, None)
        .ok()
        .map(|fx| fx.map_or(Decimal::ONE, |f| f.rate))
}
