//! Lambda: `GET /api/v1/instance-types` (needs a key: `Authorization: Bearer`; the adapter
//! is off without one). The answer maps each instance type's name to its `instance_type`
//! (`price_cents_per_hour`: US cents for the whole instance; `specs.gpus`; `gpu_description`
//! such as `A100 (40 GB SXM4)`) and `regions_with_capacity_available`.
//!
//! One row per region with capacity (available); a type with no region with capacity is one
//! row, unavailable: Lambda said so in a good answer. Types without GPUs are not offers. A type
//! without a readable price in cents is skipped, never read as free.

use crate::json::{count, text};
use crate::{Adapter, FetchError, Parsed, Secret};
use bot_core::Catalog;
use bot_core::availability::{Offer, OfferKind, StockLevel, name_offer_gpu};
use rust_decimal::Decimal;
use serde_json::Value;

pub struct Lambda {
    pub base: String,
    pub key: Secret,
}

impl Adapter for Lambda {
    fn provider(&self) -> &'static str {
        "lambda"
    }

    fn request(&self, http: &reqwest::Client) -> reqwest::RequestBuilder {
        http.get(format!("{}/api/v1/instance-types", self.base))
            .header("Accept", "application/json")
            .bearer_auth(self.key.expose())
    }

    fn parse(&self, body: &[u8], catalog: &Catalog, now: i64) -> Result<Parsed, FetchError> {
        // Each instance type under `data` is a row: a name repeated in one costs that one.
        let root = crate::json::parse_rows_under(body, Some("/data"))?;
        crate::json::answer_in_dollars("Lambda", &root)?;
        let Some(types) = root.get("data").and_then(Value::as_object) else {
            let why = root
                .pointer("/error/message")
                .and_then(Value::as_str)
                .unwrap_or("no `data` object");
            return Err(FetchError::Malformed(format!(
                "Lambda: {}",
                why.chars().take(160).collect::<String>()
            )));
        };
        crate::Limits::PROVIDER.check_rows(types.len())?;
        let mut parsed = Parsed::default();
        for (name, entry) in types {
            match read_type(name, entry, catalog, now, &mut parsed) {
                Some(offers) => parsed.offers.extend(offers),
                None => parsed.skipped += 1,
            }
        }
        crate::finish("Lambda", &root, types.len(), parsed)
    }

    fn secret(&self) -> Option<&Secret> {
        Some(&self.key)
    }
}

/// Whole cents -> dollars; a fractional or negative figure is not cents. A number written
/// as text (`"129"`, as JSON encoders for big integers and some gateways write them; `"2,392"`
/// grouped, which in a field of whole cents has one reading) is the same number; a currency
/// sign in it (`"$0.75"`: dollars or cents?) is refused. `Err` says why, for the log.
pub fn cents_in_dollars(v: Option<&Value>) -> Result<Option<Decimal>, String> {
    let cents = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 1e12)
                    .map(|f| f as i64)
            })
            .ok_or_else(|| format!("`{n}` is not whole cents"))?,
        Some(other) => match crate::json::money_in(Some(other), crate::json::US_CENTS_PER_HOUR) {
            crate::json::Money::Price(d) if d.fract().is_zero() => {
                rust_decimal::prelude::ToPrimitive::to_i64(&d).ok_or(format!("`{d}` cents"))?
            }
            crate::json::Money::Price(d) => return Err(format!("`{d}` is not whole cents")),
            crate::json::Money::Absent => return Ok(None),
            crate::json::Money::Refused(why) => return Err(why),
        },
    };
    let dollars = Decimal::new(cents, 2);
    if cents >= 0 && dollars <= crate::json::MONEY_MAX {
        Ok(Some(dollars))
    } else {
        Err(format!("`{cents}` cents is no price"))
    }
}

fn read_type(
    name: &str,
    entry: &Value,
    catalog: &Catalog,
    now: i64,
    parsed: &mut Parsed,
) -> Option<Vec<Offer>> {
    // Checked before anything is read from it: the row itself may be a name written twice.
    if let Err(why) = crate::json::row_check(entry).and_then(|()| {
        entry
            .get("instance_type")
            .map_or(Ok(()), crate::json::row_in_dollars)
    }) {
        parsed.refuse_row(format!("Lambda {name}: {why}"));
        return None;
    }
    let it = entry.get("instance_type")?;
    let cards = count(it.pointer("/specs/gpus"))?;
    if cards == 0 {
        return Some(Vec::new());
    }
    let instance = match cents_in_dollars(it.get("price_cents_per_hour")) {
        Ok(d) => d?,
        Err(why) => {
            parsed.refuse(format!("Lambda {name} `price_cents_per_hour`: {why}"));
            return None;
        }
    };
    if instance <= Decimal::ZERO {
        return None;
    }
    let raw = text(it.get("gpu_description"))
        .or_else(|| text(it.get("description")))
        .unwrap_or(name)
        .to_string();
    let (gpu, vram_gb) = name_offer_gpu(catalog, without_count(&raw), None);
    let listed = entry
        .get("regions_with_capacity_available")
        .and_then(Value::as_array);
    // A region is an object with its `name` (Lambda's schema) or, in flattened copies of the
    // answer, the name itself; each named once.
    let mut regions: Vec<String> = Vec::new();
    for r in listed.into_iter().flatten() {
        if let Some(n) = text(r.get("name")).or_else(|| text(Some(r)))
            && !regions.iter().any(|seen| seen == n)
        {
            regions.push(n.to_string());
        }
    }
    let make = |region: Option<String>, stock| Offer {
        provider: "lambda".into(),
        gpu: gpu.clone(),
        raw_name: raw.clone(),
        cards,
        vram_gb,
        price_per_gpu_hour: (instance / Decimal::from(cards)).round_dp(6).normalize(),
        price_per_instance_hour: instance,
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region,
        stock,
        available_count: None,
        fetched_at: now,
        source: format!("lambda instance-types {name}: price_cents_per_hour"),
    };
    if regions.is_empty() {
        // Only a well-formed answer that lists capacity as an empty list says "out"; no list,
        // or a list of entries none of which names a region, says nothing we can read.
        return Some(vec![match listed {
            Some(l) if l.is_empty() => make(None, StockLevel::Unavailable),
            _ => make(None, StockLevel::Unknown),
        }]);
    }
    Some(
        regions
            .into_iter()
            .map(|r| make(Some(r), StockLevel::Available))
            .collect(),
    )
}

/// The card's name without the instance's count in front: Lambda's `description` is
/// `8x A100 (80 GB SXM4)` where `gpu_description` is `A100 (80 GB SXM4)`; the count is
/// `specs.gpus`, never part of the card's name.
fn without_count(raw: &str) -> &str {
    let t = raw.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    match t[digits..].strip_prefix(['x', 'X', '\u{d7}']) {
        Some(rest) if digits > 0 && rest.starts_with(' ') => rest.trim_start(),
        _ => raw,
    }
}
