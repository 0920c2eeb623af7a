//! One offer as every provider's adapter reports it, normalized.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// How the capacity is sold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    OnDemand,
    /// Interruptible / bid capacity.
    Spot,
    Reserved,
}

impl OfferKind {
    pub fn key(self) -> &'static str {
        match self {
            OfferKind::OnDemand => "on_demand",
            OfferKind::Spot => "spot",
            OfferKind::Reserved => "reserved",
        }
    }
}

/// What the provider said about stock, never more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StockLevel {
    Available,
    Low,
    /// The provider said, in a successful answer, that none can be rented now.
    Unavailable,
    /// The provider gave a price but no stock figure.
    Unknown,
}

impl StockLevel {
    pub fn key(self) -> &'static str {
        match self {
            StockLevel::Available => "available",
            StockLevel::Low => "low",
            StockLevel::Unavailable => "unavailable",
            StockLevel::Unknown => "unknown",
        }
    }
    /// Can one be rented now, as far as the provider said?
    pub fn in_stock(self) -> bool {
        matches!(self, StockLevel::Available | StockLevel::Low)
    }
    /// Sort rank: in stock first, then unknown, then out.
    pub(crate) fn rank(self) -> u8 {
        match self {
            StockLevel::Available => 0,
            StockLevel::Low => 1,
            StockLevel::Unknown => 2,
            StockLevel::Unavailable => 3,
        }
    }
}

/// One rentable configuration on one provider, as fetched. Field names are the `--json` ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Offer {
    /// Catalog platform id (`vast`, `runpod`, `lambda`).
    pub provider: String,
    /// Catalog GPU id when the name is known (and its VRAM agrees), else the raw name.
    pub gpu: String,
    /// The name exactly as the provider wrote it.
    pub raw_name: String,
    /// Cards in this offer (the price per instance is for all of them).
    pub cards: u32,
    /// Memory per card in GB: the catalog's figure for a known card, else the provider's
    /// (converted from MB where it writes MB). `None` when nobody said.
    pub vram_gb: Option<f64>,
    pub price_per_gpu_hour: Decimal,
    pub price_per_instance_hour: Decimal,
    /// ISO code of both prices.
    pub currency: String,
    pub kind: OfferKind,
    pub region: Option<String>,
    pub stock: StockLevel,
    /// Cards the provider says can be rented now, where it gives a count.
    pub available_count: Option<u32>,
    /// When the answer this offer came from was received.
    #[serde(with = "super::time::rfc3339")]
    pub fetched_at: i64,
    /// Where the figure came from: endpoint and field(s), e.g. `vast.ai bundles dph_base+storage`.
    pub source: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_field_names_are_the_documented_ones() {
        let o = Offer {
            provider: "vast".into(),
            gpu: "rtx-4090".into(),
            raw_name: "RTX 4090".into(),
            cards: 2,
            vram_gb: Some(24.0),
            price_per_gpu_hour: Decimal::new(35, 2),
            price_per_instance_hour: Decimal::new(70, 2),
            currency: "USD".into(),
            kind: OfferKind::OnDemand,
            region: Some("US".into()),
            stock: StockLevel::Available,
            available_count: Some(2),
            fetched_at: 1_764_581_400,
            source: "test".into(),
        };
        let v = serde_json::to_value(&o).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        let mut expected = vec![
            "provider",
            "gpu",
            "raw_name",
            "cards",
            "vram_gb",
            "price_per_gpu_hour",
            "price_per_instance_hour",
            "currency",
            "kind",
            "region",
            "stock",
            "available_count",
            "fetched_at",
            "source",
        ];
        let mut got = keys.clone();
        got.sort_unstable();
        expected.sort_unstable();
        assert_eq!(got, expected);
        assert_eq!(v["price_per_gpu_hour"], "0.35");
        assert_eq!(v["kind"], "on_demand");
        assert_eq!(v["fetched_at"], "2025-12-01T09:30:00Z");
        let back: Offer = serde_json::from_value(v).unwrap();
        assert_eq!(back, o);
    }
}
