//! `/offers`: every stored offer, live and catalog, through the filters people know from
//! `vastai search offers` (card count, memory per card, region, spot or on-demand, a price
//! ceiling, a provider) and one sort order. Live offers older than a day are left out and
//! counted; catalog rows are always labelled price-only.

use super::canonical::gpu_key;
use super::index::offer_index;
use super::offer::{Offer, OfferKind};
use super::time::Freshness;
use crate::store::{Store, StoreError};
use rust_decimal::Decimal;
use std::sync::Arc;

/// The order of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    /// Cheapest per GPU-hour first (the default).
    #[default]
    Price,
    /// Dearest first.
    PriceDesc,
    /// Most memory per card first.
    Vram,
    /// Most cards first.
    Cards,
    /// Newest data first.
    Age,
}

/// What to keep. Bounds are inclusive.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OfferFilter {
    /// A catalog GPU id or raw name.
    pub gpu: Option<String>,
    pub provider: Option<String>,
    pub min_cards: Option<u32>,
    pub max_cards: Option<u32>,
    pub min_vram_gb: Option<f64>,
    pub max_vram_gb: Option<f64>,
    /// Case-insensitive part of the region text (`us`, `Spain`).
    pub region: Option<String>,
    /// Platforms the catalog places in `region` (`cn`, `global`): their offers pass the
    /// region filter whatever their own region text (a Chinese platform's rows carry none).
    /// Filled from the catalog when the filter is resolved, never from the line.
    pub region_platforms: Vec<String>,
    /// Country codes that stand for the place asked (`region=japan` → `jp`): an offer whose
    /// region text has one as a whole word passes too (Vast's bare `JP`, `Tokyo, JP`).
    /// Filled from the lexicon's places when the filter is resolved, never from the line.
    pub region_codes: Vec<String>,
    pub kind: Option<OfferKind>,
    /// Per GPU-hour, in `currency`.
    pub max_price: Option<Decimal>,
    pub currency: String,
    /// Leave the imported catalogs' rows out.
    pub live_only: bool,
    pub sort: Sort,
}

/// One offer as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferRow {
    /// Shared with the store's offer index (an answer copies no offer).
    pub offer: Arc<Offer>,
    pub age_secs: i64,
    /// `None` for a catalog row (prices only; its date is its age).
    pub freshness: Option<Freshness>,
}

impl OfferRow {
    pub fn price_only(&self) -> bool {
        self.freshness.is_none()
    }
}

/// The answer's data.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OffersView {
    pub rows: Vec<OfferRow>,
    /// Live offers older than a day, left out.
    pub hidden_old: usize,
    /// Offers whose currency has no rate into the filter's (only with a price ceiling).
    pub no_fx: usize,
    /// Were there any offers at all before filtering?
    pub stored: usize,
}

/// Whether an offer's region text names the region asked. A short text (`us`, `eu`, `gb`) is a
/// whole word, or one a cloud's compass prefix and number wrap (Azure `eastus2`,
/// `westeurope`): as a part of any word `us` would keep `Australia, AU` and `Belarus`. A longer
/// text (`germany`, `Spain`) is a part of the text, as typed (`germanywestcentral`).
fn region_text_has(have: &str, want: &str) -> bool {
    let have = have.to_lowercase();
    if want.chars().count() > 3 {
        return have.contains(want);
    }
    const COMPASS: &[&str] = &[
        "northcentral",
        "southcentral",
        "westcentral",
        "central",
        "north",
        "south",
        "east",
        "west",
    ];
    have.split(|c: char| !c.is_alphanumeric()).any(|w| {
        let w = w.trim_end_matches(|c: char| c.is_ascii_digit());
        let bare = COMPASS
            .iter()
            .find_map(|p| w.strip_prefix(p))
            .filter(|rest| !rest.is_empty())
            .unwrap_or(w);
        w == want || bare == want || (want == "eu" && bare == "europe")
    })
}

/// Whether a region text as a provider writes it (an offer's, or a platform's in the catalog)
/// lies in the place written `region=<place>`: the place's text in it, or one of the country
/// codes that stand for the place as a whole word (the test `/offers region=` makes). The
/// codes are the lexicon's (`lexicon::place_codes`), given by the caller: an engine reads no
/// lexicon.
pub fn region_text_in(have: &str, place: &str, codes: &[String]) -> bool {
    let place = place.to_lowercase();
    region_text_has(have, &place) || codes.iter().any(|c| code_in(have, c))
}

/// Whether a code that stands for a place is in a region text: a Latin one (`de`, `hong kong`,
/// `me west`) as whole words in a row, a zone's number glued onto a phrase or not (`China
/// (Hong Kong)`, `me-west-1`, `me-west1`; Montenegro's `ME` is no `me west`); a Chinese one (`香港`, `北京`)
/// as a part of the text, which writes no spaces between words (`华北-北京四`).
fn code_in(have: &str, code: &str) -> bool {
    if !code.is_ascii() {
        return have.to_lowercase().contains(code);
    }
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect()
    };
    let (have, code) = (words(have), words(code));
    // A zone's number may be glued onto a phrase's words (Nebius's `me-west1`), never onto a
    // lone code: Paperspace's `CA1` is no `ca` (Canada).
    let glued = code.len() > 1;
    let same = |h: &String, c: &String| {
        h == c || (glued && h.trim_end_matches(|d: char| d.is_ascii_digit()) == c)
    };
    !code.is_empty()
        && have
            .windows(code.len())
            .any(|w| w.iter().zip(&code).all(|(h, c)| same(h, c)))
}

impl OfferFilter {
    /// Whether a region text has one of the place's codes ([`code_in`]).
    fn coded(&self, have: &str) -> bool {
        self.region_codes.iter().any(|c| code_in(have, c))
    }

    /// Everything but the card, which the index selects by.
    fn keeps(&self, o: &Offer, fx: &dyn Fn(&str) -> Option<Decimal>, no_fx: &mut usize) -> bool {
        if self.provider.as_ref().is_some_and(|p| *p != o.provider)
            || self.min_cards.is_some_and(|n| o.cards < n)
            || self.max_cards.is_some_and(|n| o.cards > n)
            || self.kind.is_some_and(|k| k != o.kind)
        {
            return false;
        }
        // An offer whose memory nobody gave is left out of a memory filter: unknown is not
        // "big enough".
        if self.min_vram_gb.is_some() || self.max_vram_gb.is_some() {
            let Some(v) = o.vram_gb else { return false };
            // 79.6 GiB reported for an 80 GB card still passes vram>=80.
            if self.min_vram_gb.is_some_and(|m| v < m * 0.98)
                || self.max_vram_gb.is_some_and(|m| v > m * 1.02)
            {
                return false;
            }
        }
        if let Some(r) = &self.region {
            let want = r.to_lowercase();
            if !o
                .region
                .as_deref()
                .is_some_and(|have| region_text_has(have, &want) || self.coded(have))
                && !self.region_platforms.contains(&o.provider)
            {
                return false;
            }
        }
        if let Some(max) = self.max_price {
            match fx(&o.currency) {
                Some(rate) => {
                    if o.price_per_gpu_hour * rate > max {
                        return false;
                    }
                }
                None => {
                    *no_fx += 1;
                    return false;
                }
            }
        }
        true
    }
}

/// A match with its sort facts (each price computed once, not in every comparison).
struct Hit {
    /// Shared with the index: a match copies no offer.
    offer: Arc<Offer>,
    age_secs: i64,
    freshness: Option<Freshness>,
    /// In one currency where a rate exists; else as quoted.
    price: Decimal,
}

/// Every stored offer that passes `filter` at `now`. `fx(currency)` is the rate into the
/// filter's currency (asked for only with a price ceiling, and to sort mixed currencies).
pub fn search_offers(
    store: &Store,
    filter: &OfferFilter,
    now: i64,
    fx: impl Fn(&str) -> Option<Decimal>,
) -> Result<OffersView, StoreError> {
    let mut view = OffersView::default();
    // Live offers decoded once per write of the snapshots table; catalog rows card by card.
    let index = offer_index(store)?;
    let gpu = filter.gpu.as_deref().map(gpu_key);
    view.stored = index.live.len()
        + if filter.live_only {
            0
        } else {
            index.priced_total
        };
    let price = |o: &Offer| {
        fx(&o.currency)
            .map(|rate| o.price_per_gpu_hour * rate)
            .unwrap_or(o.price_per_gpu_hour)
    };
    let mut hits: Vec<Hit> = Vec::new();
    // Every live offer is looked at: the hidden count covers all cards (and live offers are a
    // few thousand at most; the catalog rows, which can be 100,000, are read by card).
    for (o, key) in index.live.iter().zip(&index.live_keys) {
        let age = (now - o.fetched_at).max(0);
        let f = Freshness::of_age(age);
        if f == Freshness::Hidden {
            view.hidden_old += 1;
            continue;
        }
        if gpu.as_ref().is_some_and(|g| g != key) {
            continue;
        }
        if filter.keeps(o, &fx, &mut view.no_fx) {
            hits.push(Hit {
                offer: o.clone(),
                age_secs: age,
                freshness: Some(f),
                price: price(o),
            });
        }
    }
    let cards: &[String] = match (&gpu, filter.live_only) {
        (_, true) => &[],
        (Some(g), false) => std::slice::from_ref(g),
        (None, false) => &index.priced_cards,
    };
    for card in cards {
        // Only the matches stay: a card's other rows go with `rows` unless the cache keeps it.
        let rows = index.priced(store, card)?;
        for o in rows.iter() {
            if filter.keeps(o, &fx, &mut view.no_fx) {
                hits.push(Hit {
                    offer: o.clone(),
                    age_secs: (now - o.fetched_at).max(0),
                    freshness: None,
                    price: price(o),
                });
            }
        }
    }
    // Stable, so equal rows keep the stored order.
    hits.sort_by(|a, b| {
        // Live rows before catalog rows in every order: a catalog is not a stock figure.
        // On-demand before spot in every order (issue 25 §1): a spot row can be reclaimed
        // mid-job, so it is never the first answer because it is cheaper.
        a.freshness
            .is_none()
            .cmp(&b.freshness.is_none())
            .then_with(|| is_spot(&a.offer).cmp(&is_spot(&b.offer)))
            .then_with(|| match filter.sort {
                Sort::Price => a.price.cmp(&b.price),
                Sort::PriceDesc => b.price.cmp(&a.price),
                Sort::Vram => b
                    .offer
                    .vram_gb
                    .unwrap_or(0.0)
                    .total_cmp(&a.offer.vram_gb.unwrap_or(0.0)),
                Sort::Cards => b.offer.cards.cmp(&a.offer.cards),
                Sort::Age => a.age_secs.cmp(&b.age_secs),
            })
            .then_with(|| a.price.cmp(&b.price))
            .then_with(|| a.offer.provider.cmp(&b.offer.provider))
    });
    view.rows = hits
        .into_iter()
        .map(|h| OfferRow {
            offer: h.offer,
            age_secs: h.age_secs,
            freshness: h.freshness,
        })
        .collect();
    Ok(view)
}

/// Spot (reclaimable) rows go after the rest in every list of offers.
pub(crate) fn is_spot(o: &Offer) -> bool {
    o.kind == OfferKind::Spot
}

#[cfg(test)]
mod tests {
    use super::region_text_has;

    /// Region texts as providers write them (Vast `Texas, US`, Lambda `us-east-1`, RunPod
    /// `EU-RO-1`, Azure `eastus2` / `westeurope` / `australiaeast`).
    #[test]
    fn a_short_region_is_a_word_not_a_part_of_one() {
        for have in [
            "Texas, US",
            "us-east-1",
            "US-CA-1",
            "eastus2",
            "centralus",
            "westus",
        ] {
            assert!(region_text_has(have, "us"), "{have}");
        }
        for have in [
            "Australia, AU",
            "australiaeast",
            "Belarus, BY",
            "Cyprus",
            "russia",
        ] {
            assert!(!region_text_has(have, "us"), "{have}");
        }
        assert!(region_text_has("westeurope", "eu"));
        assert!(region_text_has("EU-RO-1", "eu"));
        assert!(!region_text_has("Seoul, KR", "eu"));
        assert!(region_text_has("germanywestcentral", "germany"));
        assert!(region_text_has("Madrid, Spain, ES", "spain"));
    }
}
