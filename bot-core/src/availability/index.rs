//! Every stored offer (live snapshots and imported catalogs), decoded once and grouped by card,
//! for `/offers` ([`super::search_offers`]). Built from the `snapshots` table and kept by the
//! store until that table's next write ([`crate::store::Store::derived`]): a poll or an import
//! rebuilds it once, and every query in between filters memory instead of decoding every offer
//! again (100,000 imported offers took ~150 ms a query that way).

use super::canonical::gpu_key;
use super::imported::all_priced_offers;
use super::offer::Offer;
use super::snapshot::all_latest_offers;
use crate::store::{Store, StoreError, tables};
use std::collections::HashMap;
use std::sync::Arc;

/// One kind of stored offer, in the store's key order (the order `/offers` has always read).
#[derive(Debug, Default)]
pub(super) struct Part {
    pub offers: Vec<Arc<Offer>>,
    /// [`gpu_key`] of each offer's card, by position.
    pub keys: Vec<String>,
    /// [`gpu_key`] of the card -> positions in `offers`, ascending.
    by_gpu: HashMap<String, Vec<usize>>,
}

impl Part {
    fn of(offers: Vec<Offer>) -> Part {
        let keys: Vec<String> = offers.iter().map(|o| gpu_key(&o.gpu)).collect();
        let mut by_gpu: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, k) in keys.iter().enumerate() {
            by_gpu.entry(k.clone()).or_default().push(i);
        }
        Part {
            offers: offers.into_iter().map(Arc::new).collect(),
            keys,
            by_gpu,
        }
    }

    /// The offers of one card (by its [`gpu_key`]), or all of them, in stored order.
    pub fn select<'a>(
        &'a self,
        gpu: Option<&str>,
    ) -> Box<dyn Iterator<Item = &'a Arc<Offer>> + 'a> {
        match gpu {
            None => Box::new(self.offers.iter()),
            Some(key) => Box::new(
                self.by_gpu
                    .get(key)
                    .into_iter()
                    .flatten()
                    .map(|&i| &self.offers[i]),
            ),
        }
    }
}

/// Live offers and catalog rows, as stored.
#[derive(Debug, Default)]
pub(super) struct OfferIndex {
    pub live: Part,
    pub priced: Part,
}

/// The index of what the store holds now.
pub(super) fn offer_index(store: &Store) -> Result<Arc<OfferIndex>, StoreError> {
    store.derived(&tables::SNAPSHOTS, || {
        Ok(OfferIndex {
            live: Part::of(all_latest_offers(store)?),
            priced: Part::of(all_priced_offers(store)?),
        })
    })
}
