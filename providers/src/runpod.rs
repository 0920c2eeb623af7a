//! RunPod: GraphQL `POST /graphql` asking `gpuTypes` for per-GPU prices and, per cloud,
//! `lowestPrice(input: {gpuCount: 1, secureCloud: …}).stockStatus` (GraphQL aliases
//! `secureLowest` / `communityLowest`). A key is optional (`Authorization: Bearer`).
//!
//! Each GPU type gives up to four rows: secure and community cloud, on-demand
//! (`securePrice`, `communityPrice`) and spot (`secureSpotPrice`, `communitySpotPrice`); a
//! price that is null or 0 means "not offered" and gives no row. Prices are dollars per GPU
//! per hour. A cloud the type says it is not in (`secureCloud` / `communityCloud` false)
//! gives no row, even when its price field holds a figure. Stock: `High`/`Medium` = available, `Low` = low, `None`/`Unavailable` = out,
//! anything else or null = unknown. A plain `lowestPrice` (no alias) is used only when the type
//! is offered in one cloud, where it cannot mean the other one. RunPod gives no counts. A type
//! whose `id` was already read is the same type again and is merged into the first.

use crate::json::{Money, USD_PER_HOUR, float, money_in, text};
use crate::{Adapter, FetchError, Parsed, Secret};
use bot_core::Catalog;
use bot_core::availability::{Offer, OfferKind, StockLevel, name_offer_gpu};
use rust_decimal::Decimal;
use serde_json::{Value, json};

/// The GraphQL document the adapter sends.
pub const QUERY: &str = "query GpuTypes { gpuTypes { id displayName memoryInGb secureCloud communityCloud securePrice communityPrice secureSpotPrice communitySpotPrice secureLowest: lowestPrice(input: {gpuCount: 1, secureCloud: true}) { stockStatus } communityLowest: lowestPrice(input: {gpuCount: 1, secureCloud: false}) { stockStatus } } }";

pub struct RunPod {
    pub base: String,
    pub key: Option<Secret>,
}

impl Adapter for RunPod {
    fn provider(&self) -> &'static str {
        "runpod"
    }

    fn request(&self, http: &reqwest::Client) -> reqwest::RequestBuilder {
        let req = http
            .post(format!("{}/graphql", self.base))
            .header("Content-Type", "application/json")
            .body(json!({ "query": QUERY }).to_string());
        match &self.key {
            Some(k) => req.bearer_auth(k.expose()),
            None => req,
        }
    }

    fn parse(&self, body: &[u8], catalog: &Catalog, now: i64) -> Result<Parsed, FetchError> {
        let root = crate::json::parse(body)?;
        crate::json::answer_in_dollars("RunPod", &root)?;
        let types = root.pointer("/data/gpuTypes").and_then(Value::as_array);
        let Some(types) = types else {
            let why = root
                .pointer("/errors/0/message")
                .and_then(Value::as_str)
                .unwrap_or("no data.gpuTypes list");
            let why = format!("RunPod: {}", why.chars().take(160).collect::<String>());
            // GraphQL servers answer an unknown key with 200 and this code (Apollo's
            // `UNAUTHENTICATED`, also `FORBIDDEN`): the provider refusing our key, so the
            // poller treats it as it treats a 401 (one retry soon, then the long wait).
            let code = root
                .pointer("/errors/0/extensions/code")
                .and_then(Value::as_str);
            return Err(match code {
                Some("UNAUTHENTICATED" | "FORBIDDEN") => FetchError::KeyRefused(why),
                _ => FetchError::Malformed(why),
            });
        };
        crate::Limits::PROVIDER.check_rows(types.len())?;
        let mut parsed = Parsed::default();
        let mut ids = crate::SeenIds::default();
        for t in types {
            if ids.repeat(t.get("id")) {
                parsed.duplicates += 1;
                continue;
            }
            match read_type(t, catalog, now, &mut parsed) {
                Some(offers) => parsed.offers.extend(offers),
                None => parsed.skipped += 1,
            }
        }
        // GraphQL answers errors beside partial data (a field that failed is null, its error
        // listed): what it shows is used, the rest is not read as gone.
        crate::finish("RunPod", &root, types.len(), parsed)
    }

    fn secret(&self) -> Option<&Secret> {
        self.key.as_ref()
    }
}

/// The price fields the query asks for; a null one is a type without that price.
const PRICE_FIELDS: [&str; 4] = [
    "securePrice",
    "communityPrice",
    "secureSpotPrice",
    "communitySpotPrice",
];

/// RunPod's `stockStatus` words.
pub fn stock_level(status: Option<&Value>) -> StockLevel {
    match status
        .and_then(Value::as_str)
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("high" | "medium") => StockLevel::Available,
        Some("low") => StockLevel::Low,
        Some("none" | "unavailable" | "out_of_stock") => StockLevel::Unavailable,
        _ => StockLevel::Unknown,
    }
}

/// One GPU type read into its offers; a figure or type refused is noted in `parsed`.
fn read_type(t: &Value, catalog: &Catalog, now: i64, parsed: &mut Parsed) -> Option<Vec<Offer>> {
    if let Err(why) = crate::json::row_check(t) {
        parsed.refuse_row(format!(
            "RunPod type {}: {why}",
            t.get("id").unwrap_or(&Value::Null)
        ));
        return None;
    }
    // A type with none of the price fields asked for is an answer in another shape (a field
    // renamed or moved), not a type without a price: unread, so an answer of nothing else
    // fails instead of reading as "no offers".
    if !PRICE_FIELDS.iter().any(|f| t.get(*f).is_some()) {
        return None;
    }
    let raw = text(t.get("id"))
        .or_else(|| text(t.get("displayName")))?
        .to_string();
    let vram = float(t.get("memoryInGb")).filter(|v| *v > 0.0);
    let (mut gpu, mut vram_gb) = name_offer_gpu(catalog, &raw, vram);
    if gpu == raw
        && let Some(display) = text(t.get("displayName"))
    {
        let (g, v) = name_offer_gpu(catalog, display, vram);
        if g != display {
            (gpu, vram_gb) = (g, v);
        }
    }
    // `secureCloud: false` / `communityCloud: false`: the type is not offered there, whatever
    // figure the price field holds (RunPod fills it anyway: 0.50 for a B200 in community
    // cloud, which has none); `"false"` and `0` say the same. An absent or null flag leaves
    // the price as it reads.
    let offered = |flag: &str| crate::json::flag(t.get(flag)) != Some(false);
    let in_cloud = |field: &str| {
        if field.starts_with("secure") {
            offered("secureCloud")
        } else {
            offered("communityCloud")
        }
    };
    // Each price field read once; a refused figure is noted, as no price.
    let read: Vec<(&str, Option<Decimal>)> = PRICE_FIELDS
        .iter()
        .map(|f| match money_in(t.get(*f), USD_PER_HOUR) {
            Money::Price(d) => (*f, Some(d)),
            Money::Absent => (*f, None),
            Money::Refused(why) => {
                parsed.refuse(format!("RunPod `{f}`: {why}"));
                (*f, None)
            }
        })
        .collect();
    let price = |field: &str| {
        read.iter()
            .find(|(f, _)| *f == field)
            .and_then(|(_, p)| *p)
            .filter(|p| *p > Decimal::ZERO)
            .filter(|_| in_cloud(field))
    };
    let secure = price("securePrice");
    let community = price("communityPrice");
    let only_one_cloud = secure.is_some() != community.is_some();
    let status = |alias: &str| match t.get(alias) {
        Some(v) if !v.is_null() => stock_level(v.get("stockStatus")),
        _ if only_one_cloud => stock_level(t.pointer("/lowestPrice/stockStatus")),
        _ => StockLevel::Unknown,
    };
    let rows = [
        ("securePrice", OfferKind::OnDemand, "secureLowest", "secure"),
        (
            "communityPrice",
            OfferKind::OnDemand,
            "communityLowest",
            "community",
        ),
        ("secureSpotPrice", OfferKind::Spot, "secureLowest", "secure"),
        (
            "communitySpotPrice",
            OfferKind::Spot,
            "communityLowest",
            "community",
        ),
    ];
    let out: Vec<Offer> = rows
        .iter()
        .filter_map(|(field, kind, alias, cloud)| {
            let p = price(field)?;
            Some(Offer {
                provider: "runpod".into(),
                gpu: gpu.clone(),
                raw_name: raw.clone(),
                cards: 1,
                vram_gb,
                price_per_gpu_hour: p,
                price_per_instance_hour: p,
                currency: "USD".into(),
                kind: *kind,
                region: None,
                stock: status(alias),
                available_count: None,
                fetched_at: now,
                source: format!("runpod graphql gpuTypes.{field} ({cloud} cloud)"),
            })
        })
        .collect();
    // A type with no price at all is not an offer, and not an error either.
    Some(out)
}
