//! The catalog's cards that hold a generation on one card.

use super::DiffusionReport;
use crate::catalog::{Catalog, Gpu};

/// The catalog's cards that hold `report` on one card, cheapest known hourly price first
/// (cards without a price after, smallest memory first).
pub fn cards_that_hold<'c>(catalog: &'c Catalog, report: &DiffusionReport) -> Vec<&'c Gpu> {
    let mut out: Vec<(&Gpu, Option<rust_decimal::Decimal>)> = catalog
        .gpus
        .iter()
        .filter(|g| g.usable_gib() >= report.peak_gib)
        .map(|g| {
            let price = crate::billing::cheapest_hourly_usd(catalog, &g.id).map(|p| p.usd);
            (g, price)
        })
        .collect();
    out.sort_by(|a, b| match (a.1, b.1) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.0.vram_gb.total_cmp(&b.0.vram_gb),
    });
    out.into_iter().map(|(g, _)| g).collect()
}
