//! Where a `/tco` answer's card price comes from: the user's, or the cheapest catalog list
//! price (a firm one before any "from" floor) with a prepaid plan around the clock; and the
//! `tco --json` document that carries that basis beside the engine's figures.

use crate::billing::{self, PrepaidPlan};
use crate::catalog::{Catalog, Gpu, HourlyPrice};
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::tco::{TcoQuery, TcoReport, analyze};
use crate::units::TimeUnit;
use crate::vram::FitError;
use rust_decimal::Decimal;
use serde::Serialize;

/// Where the card price in a /tco answer came from.
#[derive(Debug, Clone, PartialEq)]
pub enum PriceBasis {
    /// The user gave it.
    User,
    /// The cheapest catalog list price, with its date (`undated` when the source gives none);
    /// `from`: a "from" floor, the card having no firm price (said so); `quote`: the quote
    /// it came from (platform, price as listed, tier, instance, source).
    Catalog {
        as_of: String,
        from: bool,
        quote: Box<HourlyPrice>,
    },
}

/// `amount` in `from` turned into `to` at the catalog's dated rate.
pub(super) fn in_currency(
    catalog: &Catalog,
    amount: Decimal,
    from: &str,
    to: &str,
) -> Option<Decimal> {
    match billing::resolve_fx(Some(catalog), from, to, None).ok()? {
        None => Some(amount),
        Some(fx) => Some(amount * fx.rate),
    }
}

pub(super) fn no_fx(from: &str, to: &str) -> Reply {
    Reply::text(Msg::new("tco-no-fx").arg("from", from).arg("to", to))
}

/// The card price when none was given: the cheapest catalog list price for `cards` cards
/// (dated), in `cur`; the chat and the CLI both choose it here. The error is the reply to give.
pub fn catalog_price(
    catalog: &Catalog,
    gpu: &Gpu,
    cards: u32,
    cur: &str,
) -> Result<(Decimal, PriceBasis), Box<Reply>> {
    catalog_price_on(catalog, gpu, cards, cur, None)
}

/// [`catalog_price`] on the platform named (`/tco … autodl`): that platform's cheapest list
/// price for the card, said missing where it lists none (never another platform's).
pub fn catalog_price_on(
    catalog: &Catalog,
    gpu: &Gpu,
    cards: u32,
    cur: &str,
    platform: Option<&str>,
) -> Result<(Decimal, PriceBasis), Box<Reply>> {
    let price = match platform {
        Some(p) => catalog.cheapest_hourly_usd_on(&gpu.id, p),
        None => billing::cheapest_hourly_usd(catalog, &gpu.id),
    };
    let Some(price) = price else {
        let msg = match platform {
            Some(p) => Msg::new("tco-platform-no-price")
                .arg("gpu", gpu.name.as_str())
                .arg(
                    "platform",
                    catalog.platform(p).map_or(p, |x| x.name.as_str()),
                )
                .arg("id", gpu.id.as_str()),
            None => Msg::new("tco-no-price").arg("gpu", gpu.name.as_str()),
        };
        return Err(Box::new(Reply::text(msg).with(Msg::new("usage-tco"))));
    };
    let Some(x) = in_currency(catalog, price.usd, "USD", cur) else {
        return Err(Box::new(no_fx("USD", cur)));
    };
    // `?` marks an undated quote; the message names it.
    let as_of = if price.as_of == "?" {
        "undated".into()
    } else {
        price.as_of.clone()
    };
    Ok((
        x * Decimal::from(cards),
        PriceBasis::Catalog {
            as_of,
            from: price.from,
            quote: Box::new(price),
        },
    ))
}

/// Puts [`with_plan`]'s line right under the card's price line (and the line naming its
/// platform), which it qualifies.
pub fn place_plan(r: &mut Reply, plan: Msg) {
    let named = r
        .parts
        .iter()
        .position(|p| matches!(p, crate::reply::Part::Text(m) if m.id == "tco-price-where"));
    let at = named.map_or(r.parts.len().min(2), |i| i + 1);
    r.parts.insert(at, crate::reply::Part::Text(plan));
}

/// The prepaid plan [`with_plan`] puts in place of 24 × the hourly catalog price: the
/// cheapest published one when it is cheaper, the model fits, the price is the catalog's (a
/// price the user typed is theirs) and the plan is firm (a "from" floor never replaces a
/// price).
pub fn plan_for(
    catalog: &Catalog,
    query: &TcoQuery<'_>,
    basis: &PriceBasis,
    cur: &str,
) -> Option<PrepaidPlan> {
    if !matches!(basis, PriceBasis::Catalog { .. }) {
        return None;
    }
    let plan = billing::cheapest_plan(catalog, &query.gpu.id, query.cards, cur)?;
    let fits = analyze(catalog, query, cur).is_ok_and(|r| r.fits);
    (fits && !plan.from && plan.per_day < query.price_per_hour * Decimal::from(24)).then_some(plan)
}

/// Around the clock on the catalog's prices: the plan of [`plan_for`], with the line that
/// says so.
pub fn with_plan<'a>(
    catalog: &Catalog,
    lang: Lang,
    mut query: TcoQuery<'a>,
    basis: &PriceBasis,
    cur: &str,
) -> (TcoQuery<'a>, Option<Msg>) {
    let Some(plan) = plan_for(catalog, &query, basis, cur) else {
        return (query, None);
    };
    query.plan_per_day = Some(plan.per_day);
    let zh = lang == Lang::Zh;
    let platform = catalog
        .platform(&plan.platform_id)
        .map(|p| p.display_name(zh).to_string())
        .unwrap_or(plan.platform_id);
    let msg = Msg::new("tco-prepaid-plan")
        .arg("platform", platform)
        .arg("unit", plan.unit.key())
        .arg("day", billing::format_money(plan.per_day, &plan.currency))
        .arg("date", plan.as_of);
    (query, Some(msg))
}

/// `tco --json`: the engine's report, and where its card price came from. A setup that
/// cannot hold the model carries neither a price nor a basis: nothing was priced.
#[derive(Debug, Clone, Serialize)]
pub struct TcoJson {
    #[serde(flatten)]
    pub report: TcoReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price_basis: Option<BasisOut>,
}

/// The card price's basis in the JSON: `{"kind": "user"}` or the catalog quote.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BasisOut {
    User,
    Catalog(Box<CatalogBasis>),
}

/// A catalog quote a /tco figure rests on, as `compare --json` names its quote.
#[derive(Debug, Clone, Serialize)]
pub struct CatalogBasis {
    pub platform_id: String,
    pub platform: String,
    /// The price as the platform lists it, in its own currency and unit.
    #[serde(serialize_with = "billing::as_number")]
    pub list_price: Decimal,
    pub price_currency: String,
    pub per: TimeUnit,
    pub tier: String,
    /// Cards one instance holds (the price is for the whole instance).
    pub instance_cards: u32,
    /// A "from" price: the cheapest configuration only, a floor.
    pub from: bool,
    /// `null` when the source gives no date.
    pub as_of: Option<String>,
    pub source: String,
    pub third_party: bool,
    /// The prepaid plan used around the clock instead of 24 × the hourly price.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prepaid_plan: Option<PlanOut>,
}

/// A prepaid plan a /tco figure rests on.
#[derive(Debug, Clone, Serialize)]
pub struct PlanOut {
    pub platform_id: String,
    pub platform: String,
    pub unit: TimeUnit,
    #[serde(serialize_with = "billing::as_number")]
    pub list_price: Decimal,
    pub price_currency: String,
    pub tier: String,
    pub instance_cards: u32,
    /// Keeping the job's cards on for a day on it, in the report's currency.
    #[serde(serialize_with = "billing::as_number")]
    pub per_day: Decimal,
    pub as_of: String,
    pub source: String,
}

/// The `tco --json` document for `query` (whose price came from `basis`; with the plan
/// [`with_plan`] chose, if any).
pub fn tco_json(
    catalog: &Catalog,
    query: &TcoQuery<'_>,
    currency: &str,
    basis: &PriceBasis,
) -> Result<TcoJson, FitError> {
    let report = analyze(catalog, query, currency)?;
    let name = |id: &str| {
        catalog
            .platform(id)
            .map_or_else(|_| id.to_string(), |p| p.name.clone())
    };
    let price_basis = report.fits.then(|| match basis {
        PriceBasis::User => BasisOut::User,
        PriceBasis::Catalog { quote, .. } => {
            // The plan the answer used: the one `with_plan` chose for this query.
            let plan = query.plan_per_day.and_then(|per_day| {
                let unplanned = TcoQuery {
                    plan_per_day: None,
                    ..*query
                };
                plan_for(catalog, &unplanned, basis, currency)
                    .filter(|p| p.per_day == per_day)
                    .map(|p| PlanOut {
                        platform: name(&p.platform_id),
                        platform_id: p.platform_id,
                        unit: p.unit,
                        list_price: p.amount,
                        price_currency: p.quote_currency,
                        tier: p.tier,
                        instance_cards: p.cards,
                        per_day: p.per_day,
                        as_of: p.as_of,
                        source: p.source,
                    })
            });
            BasisOut::Catalog(Box::new(CatalogBasis {
                platform_id: quote.platform_id.clone(),
                platform: name(&quote.platform_id),
                list_price: quote.amount,
                price_currency: quote.currency.clone(),
                per: quote.per,
                tier: quote.tier.clone(),
                instance_cards: quote.cards,
                from: quote.from,
                as_of: (quote.as_of != "?").then(|| quote.as_of.clone()),
                source: quote.source.clone(),
                third_party: quote.third_party,
                prepaid_plan: plan,
            }))
        }
    });
    Ok(TcoJson {
        report,
        price_basis,
    })
}
