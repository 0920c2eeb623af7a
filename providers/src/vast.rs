//! Vast.ai offer search: `GET /api/v0/bundles/?q=<json>` (works without a key; a key, when
//! given, goes in the `Authorization` header). Each answer row is one host's offer.
//!
//! What the rows mean, and how they are read:
//! - `num_gpus` is the offer's own card count; `gpu_frac` is its share of the host's cards
//!   (0 < frac <= 1). Prices are for the offer, so per card = instance / `num_gpus`; the
//!   fraction is never multiplied in. A row with a fraction outside (0, 1] is skipped.
//! - `gpu_ram` is per card in MB (24564 for a 4090); a value under 1024 is taken as GB.
//! - Storage is billed apart (`storage_cost`, $/GB/month): the seed's hidden costs want it in
//!   the hourly figure, so each price adds [`DISK_GB`] GB at `storage_cost / 730` per hour to
//!   `dph_base`. Without `dph_base`, `dph_total` is used: Vast computes it for the
//!   `allocated_storage` the query asks for, which is the same [`DISK_GB`].
//! - `min_bid` is the going interruptible price: a `spot` row beside the on-demand one.
//! - The query asks for rentable, unrented offers, so each row is in stock with `num_gpus` cards.
//! - `id` is the offer's id: a row repeating an id already read is the same offer, merged
//!   into the first (a cheapest-first answer: the first is the one to keep).
//! - The search is cut at [`LIMIT`] rows, cheapest first: an answer of that many rows is
//!   partial (the dearest cards may be past the cut), recorded so that a card missing from
//!   it is never read as gone. So is one with an error beside its offers; an error with no
//!   offers (`{"success": false, "msg": …}`) is a failure.

use crate::json::{Money, USD, USD_PER_HOUR, count, float, money_in, text};
use crate::{Adapter, FetchError, Parsed, Secret};
use bot_core::Catalog;
use bot_core::availability::{Offer, OfferKind, StockLevel, name_offer_gpu};
use rust_decimal::Decimal;
use serde_json::{Value, json};

/// The disk folded into every Vast price, in GB.
pub const DISK_GB: u32 = 10;
/// Hours in a billing month (the house's month).
const MONTH_HOURS: i64 = 730;
/// Rows asked for in one search.
pub const LIMIT: u32 = 2000;

pub struct Vast {
    pub base: String,
    pub key: Option<Secret>,
}

impl Vast {
    /// The search the adapter sends: verified, rentable, unrented, on-demand, cheapest first.
    pub fn query() -> Value {
        json!({
            "verified": {"eq": true},
            "external": {"eq": false},
            "rentable": {"eq": true},
            "rented": {"eq": false},
            "type": "on-demand",
            "allocated_storage": DISK_GB,
            "order": [["dph_total", "asc"]],
            "limit": LIMIT,
        })
    }
}

impl Adapter for Vast {
    fn provider(&self) -> &'static str {
        "vast"
    }

    fn request(&self, http: &reqwest::Client) -> reqwest::RequestBuilder {
        let req = http
            .get(format!("{}/api/v0/bundles/", self.base))
            .query(&[("q", Vast::query().to_string())])
            .header("Accept", "application/json");
        match &self.key {
            Some(k) => req.bearer_auth(k.expose()),
            None => req,
        }
    }

    fn parse(&self, body: &[u8], catalog: &Catalog, now: i64) -> Result<Parsed, FetchError> {
        let root = crate::json::parse(body)?;
        crate::json::answer_in_dollars("Vast.ai", &root)?;
        let rows = match (&root, root.get("offers")) {
            (_, Some(Value::Array(rows))) => rows,
            (Value::Array(rows), _) => rows,
            _ => {
                return Err(FetchError::Malformed(match crate::reported_error(&root) {
                    Some(why) => format!("Vast.ai: {why}"),
                    None => "no `offers` list in the Vast.ai answer".into(),
                }));
            }
        };
        crate::Limits::PROVIDER.check_rows(rows.len())?;
        let mut parsed = Parsed::default();
        let mut ids = crate::SeenIds::default();
        for row in rows {
            if ids.repeat(row.get("id")) {
                parsed.duplicates += 1;
                continue;
            }
            match read_row(row, catalog, now, &mut parsed) {
                Some(offers) => parsed.offers.extend(offers),
                None => parsed.skipped += 1,
            }
        }
        if rows.len() >= LIMIT as usize {
            // Asked for LIMIT rows, cheapest first, and got them all: the list goes on past
            // the cut, so the dearest cards may be missing from it.
            parsed.partial = Some(format!(
                "Vast.ai answered {} rows, the most asked for; dearer offers past the cut are missing",
                rows.len()
            ));
        }
        crate::finish("Vast.ai", &root, rows.len(), parsed)
    }

    fn secret(&self) -> Option<&Secret> {
        self.key.as_ref()
    }
}

/// Per-card memory in GB from Vast's MB figure.
pub fn vram_gb_from(gpu_ram: f64) -> f64 {
    if gpu_ram >= 1024.0 {
        (gpu_ram / 1024.0 * 10.0).round() / 10.0
    } else {
        gpu_ram
    }
}

/// One offer row read into its offers; a figure or row refused is noted in `parsed`.
fn read_row(row: &Value, catalog: &Catalog, now: i64, parsed: &mut Parsed) -> Option<Vec<Offer>> {
    if let Err(why) = crate::json::row_check(row) {
        parsed.refuse_row(format!(
            "Vast.ai offer {}: {why}",
            row.get("id").unwrap_or(&Value::Null)
        ));
        return None;
    }
    let mut price = |field: &str, documented| match money_in(row.get(field), documented) {
        Money::Price(d) => Some(d),
        Money::Absent => None,
        Money::Refused(why) => {
            parsed.refuse(format!("Vast.ai `{field}`: {why}"));
            None
        }
    };
    let (dph_base, dph_total) = (
        price("dph_base", USD_PER_HOUR),
        price("dph_total", USD_PER_HOUR),
    );
    let (storage_cost, min_bid) = (price("storage_cost", USD), price("min_bid", USD_PER_HOUR));
    let raw = text(row.get("gpu_name"))?.to_string();
    let cards = count(row.get("num_gpus")).filter(|n| *n >= 1)?;
    if let Some(frac) = float(row.get("gpu_frac"))
        && !(frac > 0.0 && frac <= 1.0)
    {
        return None;
    }
    // A negative fraction reads as None above; a present but non-numeric one is drift.
    if row.get("gpu_frac").is_some_and(|v| !v.is_null()) && float(row.get("gpu_frac")).is_none() {
        return None;
    }
    let vram = float(row.get("gpu_ram"))
        .filter(|v| *v > 0.0)
        .map(vram_gb_from);
    let storage = storage_cost
        .map(|per_gb_month| per_gb_month * Decimal::from(DISK_GB) / Decimal::from(MONTH_HOURS));
    let (on_demand, source) = match (dph_base, storage) {
        (Some(base), Some(s)) => (base + s, "vast.ai bundles: dph_base + 10 GB storage_cost"),
        _ => (
            dph_total?,
            "vast.ai bundles: dph_total (10 GB allocated storage)",
        ),
    };
    if on_demand <= Decimal::ZERO {
        return None;
    }
    let (gpu, vram_gb) = name_offer_gpu(catalog, &spelled_out(&raw), vram);
    // The search asks for rentable, unrented offers: absent or null, a row is what was asked
    // for. A value that says neither (`"false"` is read as false, `"maybe"` as nothing) never
    // reads as in stock.
    let said = |field: &str| match row.get(field) {
        None | Some(Value::Null) => Ok(field == "rentable"),
        Some(v) => crate::json::flag(Some(v)).ok_or(()),
    };
    let stock = match (said("rentable"), said("rented")) {
        (Ok(true), Ok(false)) => StockLevel::Available,
        (Ok(false), _) | (_, Ok(true)) => StockLevel::Unavailable,
        _ => StockLevel::Unknown,
    };
    let region = text(row.get("geolocation")).map(str::to_string);
    let make = |kind, instance: Decimal, source: &str| Offer {
        provider: "vast".into(),
        gpu: gpu.clone(),
        raw_name: raw.clone(),
        cards,
        vram_gb,
        price_per_gpu_hour: (instance / Decimal::from(cards)).round_dp(6).normalize(),
        price_per_instance_hour: instance.round_dp(6).normalize(),
        currency: "USD".into(),
        kind,
        region: region.clone(),
        stock,
        available_count: stock.in_stock().then_some(cards),
        fetched_at: now,
        source: source.to_string(),
    };
    let mut out = vec![make(OfferKind::OnDemand, on_demand, source)];
    // A bid without a known storage price would understate the hour: no spot row then.
    if let (Some(bid), Some(s)) = (min_bid.filter(|b| *b > Decimal::ZERO), storage) {
        out.push(make(
            OfferKind::Spot,
            bid + s,
            "vast.ai bundles: min_bid + 10 GB storage_cost",
        ));
    }
    Some(out)
}

/// Vast's own short forms spelled out for the catalog: `Q RTX 6000` (its search value
/// `Q_RTX_6000`) is the Quadro RTX 6000. The offer keeps the name as Vast wrote it; an
/// unknown card keeps it as its id too.
fn spelled_out(raw: &str) -> std::borrow::Cow<'_, str> {
    match raw.trim().strip_prefix("Q ") {
        Some(rest) if rest.trim_start().starts_with("RTX") => format!("Quadro {rest}").into(),
        _ => raw.into(),
    }
}
