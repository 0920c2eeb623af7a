//! The loaded catalog and the per-GPU price indexes built once at load.

use super::choice::Tiers;
use super::platform::Platform;
use super::quote::PriceQuote;
use super::types::{FxRate, Gpu, Model};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use std::collections::HashMap;

/// The cheapest hour of one card ([`Catalog::cheapest_hourly_usd`]), with what a reader
/// must be told about it.
#[derive(Debug, Clone, PartialEq)]
pub struct HourlyPrice {
    /// USD at the catalog's dated rate.
    pub usd: Decimal,
    /// The quote's date, `?` when the source gives none.
    pub as_of: String,
    /// A "from" price (the floor of several configurations): shown with `from`/`起`. Chosen
    /// only when the card has no firm price, so it is never a figure a user can count on.
    pub from: bool,
    /// The quote it came from, for an answer's price basis (`tco --json`): its platform, the
    /// price as listed (amount, currency, unit), tier, the cards one instance holds, source.
    pub platform_id: String,
    pub amount: Decimal,
    pub currency: String,
    pub per: crate::units::TimeUnit,
    pub tier: String,
    pub cards: u32,
    pub source: String,
    pub third_party: bool,
}

/// The loaded, validated catalog with name indexes.
///
/// Built once ([`Catalog::from_parts`]) and read-only afterwards, so the indexes stay true.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub gpus: Vec<Gpu>,
    pub platforms: Vec<Platform>,
    pub models: Vec<Model>,
    pub fx: Vec<FxRate>,
    /// Cloud instance families and the cards their types hold (`instances.toml`).
    pub instances: Vec<super::instance_data::InstanceFamily>,
    /// Every instance type's and family's name, longest first, for reading them in text.
    pub(super) instance_names: Vec<super::instance_data::InstanceName>,
    pub(super) gpu_index: HashMap<String, usize>,
    pub(super) platform_index: HashMap<String, usize>,
    pub(super) model_index: HashMap<String, usize>,
    /// Per normalized leading part of any model name (`llama`, `llama3.1`, `qwen2.5`): the
    /// models (catalog order) whose names start with it, so a family-and-size lookup reads one
    /// list instead of splitting every name of every model per query (it was half of a
    /// question's reading time).
    pub(super) family_parts: HashMap<String, Vec<usize>>,
    /// Per model id: the sizes written in its names (`lookup::name_sizes_of`), split once here
    /// instead of for every model a family-and-size lookup weighs (helper perf_rd).
    pub(super) name_sizes: HashMap<String, Vec<super::name_size::NameSize>>,
    /// Every entry's names normalized for "did you mean" lists.
    pub(super) suggest_names: SuggestNames,
    /// Per GPU id (as the quotes write it): (platform, quote) positions, in catalog order, so
    /// a per-GPU answer reads its own rows instead of every platform's.
    pub(super) price_index: HashMap<String, Vec<(usize, usize)>>,
    /// Per GPU id: the cheapest pay-as-you-go hour of one card in USD with its quote's date
    /// (see [`Catalog::cheapest_hourly_usd`]), worked out once at load because every /fit and
    /// /pick card list reads it for every GPU.
    pub(super) cheapest_hourly: HashMap<String, HourlyPrice>,
    /// Per GPU id: per quote currency, the lowest list price of one card for one second over
    /// its quotes, as f64 (see [`Catalog::floor_per_card_second`]).
    pub(super) price_floor: HashMap<String, Vec<(String, f64)>>,
    /// What [`Catalog::find_model`] found per name (`found.rs`).
    pub(super) found_models: super::found::FoundModels,
}

impl Catalog {
    /// Every quote for `gpu_id` (the catalog id) with its platform, in catalog order
    /// (platforms as listed, each platform's quotes as listed).
    pub fn quotes_for<'a>(
        &'a self,
        gpu_id: &str,
    ) -> impl Iterator<Item = (&'a Platform, &'a PriceQuote)> + 'a {
        self.price_index
            .get(gpu_id)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|&(p, q)| (&self.platforms[p], &self.platforms[p].prices[q]))
    }

    /// The cheapest pay-as-you-go list price of one card for one hour across the catalog
    /// (on-demand or promo, never spot; the newest reading; one-card quotes), in
    /// USD at the catalog's dated rate, with the date of that quote (`?` when the source gives
    /// none). Quotes per second or minute are scaled to an hour; prepaid day/week/month tiers
    /// are not an hourly price, and a quote in a currency without a rate is skipped.
    /// A firm price wins over any cheaper "from" floor (a floor is what the cheapest
    /// configuration costs, not what this card will); only a card with floors alone gets one,
    /// flagged so every answer says "from".
    pub fn cheapest_hourly_usd(&self, gpu_id: &str) -> Option<HourlyPrice> {
        self.cheapest_hourly.get(gpu_id).cloned()
    }

    /// Per quote currency, the lowest `amount / (seconds of its unit × its cards)` over the
    /// quotes of `gpu_id` that a job can be priced on (any tier, prepaid ones too): what
    /// lower bounds of a job's cost start from (`billing::Pricer::lower_bound`). f64, so
    /// only for bounds, never for a figure shown. Quotes with no cards or a negative amount,
    /// which no job is priced on, are left out.
    pub fn floor_per_card_second(&self, gpu_id: &str) -> &[(String, f64)] {
        self.price_floor.get(gpu_id).map_or(&[], Vec::as_slice)
    }

    /// [`Catalog::floor_per_card_second`] from the quotes, for the index built at load.
    pub(super) fn scan_price_floor(&self, gpu_id: &str) -> Vec<(String, f64)> {
        let mut out: Vec<(String, f64)> = Vec::new();
        for (_, q) in self.quotes_for(gpu_id) {
            if q.cards == 0 || (q.amount.is_sign_negative() && !q.amount.is_zero()) {
                continue;
            }
            // A figure f64 cannot hold bounds nothing: zero keeps a bound true.
            let p = q
                .amount
                .to_f64()
                .map_or(0.0, |a| a / (q.per.seconds() as f64 * f64::from(q.cards)));
            match out.iter_mut().find(|(c, _)| *c == q.currency) {
                Some((_, b)) => *b = b.min(p),
                None => out.push((q.currency.clone(), p)),
            }
        }
        out
    }

    /// [`Catalog::cheapest_hourly_usd`] on one platform (`/tco … autodl`: that platform's
    /// price, never another's), by the same choice of quote; `None` where it lists none.
    pub fn cheapest_hourly_usd_on(&self, gpu_id: &str, platform_id: &str) -> Option<HourlyPrice> {
        self.scan_hourly_usd(gpu_id, Some(platform_id))
    }

    /// [`Catalog::cheapest_hourly_usd`] from the quotes, for the index built at load.
    pub(super) fn scan_cheapest_hourly_usd(&self, gpu_id: &str) -> Option<HourlyPrice> {
        self.scan_hourly_usd(gpu_id, None)
    }

    /// The cheapest hourly price of `gpu_id` over every platform, or over `only` that one.
    fn scan_hourly_usd(&self, gpu_id: &str, only: Option<&str>) -> Option<HourlyPrice> {
        // Per kind (firm, from): the cheapest.
        let mut best: [Option<(Decimal, &PriceQuote, &Platform)>; 2] = [None, None];
        // The price choice every answer makes: no spot, the newest reading; and one card, so
        // not a whole multi-card instance.
        let quoting = self
            .platforms_quoting(gpu_id)
            .filter(|p| only.is_none_or(|id| p.id == id));
        let current = quoting.flat_map(|p| {
            super::choice::current_quotes(p, gpu_id, Tiers::Standard)
                .into_iter()
                .map(move |q| (q, p))
        });
        for (q, p) in current.filter(|(q, _)| q.cards <= 1) {
            let Some(per_hour) = q.per_card_hour() else {
                continue;
            };
            let usd = if q.currency.eq_ignore_ascii_case("USD") {
                per_hour
            } else {
                match self.fx_rate(&q.currency, "USD") {
                    Some((rate, _)) => per_hour * rate,
                    None => continue,
                }
            };
            let slot = &mut best[usize::from(q.from)];
            if slot.as_ref().is_none_or(|(b, _, _)| usd < *b) {
                *slot = Some((usd, q, p));
            }
        }
        let [firm, from] = best;
        firm.or(from).map(|(usd, q, p)| HourlyPrice {
            usd,
            as_of: if q.undated {
                "?".to_string()
            } else {
                q.as_of.clone()
            },
            from: q.from,
            platform_id: p.id.clone(),
            amount: q.amount,
            currency: q.currency.clone(),
            per: q.per,
            tier: q.tier.clone(),
            cards: q.cards,
            source: q.source.clone(),
            third_party: q.third_party,
        })
    }

    /// The platforms that quote `gpu_id`, each once, in catalog order.
    pub fn platforms_quoting<'a>(
        &'a self,
        gpu_id: &str,
    ) -> impl Iterator<Item = &'a Platform> + 'a {
        let rows = self.price_index.get(gpu_id).map_or(&[][..], Vec::as_slice);
        rows.iter()
            .enumerate()
            .filter(move |(i, (p, _))| *i == 0 || rows[i - 1].0 != *p)
            .map(|(_, &(p, _))| &self.platforms[p])
    }
}

/// Per kind, each entry's display name with its names normalized (the display name too), made
/// once at load: a reader asks for a "did you mean" list of many words of a question, and
/// normalizing every name per ask was a fifth of a question's reading time.
#[derive(Debug, Clone, Default)]
pub(super) struct SuggestNames {
    pub gpus: Vec<(String, Vec<String>)>,
    pub platforms: Vec<(String, Vec<String>)>,
    pub models: Vec<(String, Vec<String>)>,
}
