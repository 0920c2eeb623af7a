//! A region beside one card and nothing else asked (`美国区的h100有哪些`, `欧洲的a100`, `h100s in
//! japan`): a region is a filter only offers read, so it asks that region's offers
//! (`/offers h100-sxm region=us`). Read as the card's specs, the region was dropped in silence.

use super::Reading;
use super::offers_said::region_said;
use super::question::Question;
use super::request::{self as make, Request};
use super::words::SPECS_WORDS;

/// `r` as that region's offers when it is one card's specs, no spec asked, and a region said.
pub(super) fn with_region_offers(q: &Question, r: Reading) -> Reading {
    let Reading::Command(Request::Gpu(g)) = &r else {
        return r;
    };
    let [card] = q.e.gpus.as_slice() else {
        return r;
    };
    if g.gpus.len() != 1 || !q.e.platforms.is_empty() || q.has(SPECS_WORDS) || q.has(MEMORY) {
        return r;
    }
    let Some(region) = region_said(q.padded) else {
        return r;
    };
    let mut req = make::offers(Some(card), None, None, None, false);
    if let Request::Offers(o) = &mut req {
        o.filter.region = Some(region.to_string());
    }
    Reading::Command(req)
}

/// Memory asked in words the spec list lacks: still the card's specs.
const MEMORY: &[&str] = &["显存", "memory", "内存", " gb", "多大"];
