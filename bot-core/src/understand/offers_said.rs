//! Offers asked with a filter the stock reading had no room for: a region (`h100 offers in
//! the US only`, `美国的a100`) and a machine size with no card (`show me every offer with 8
//! gpus`). The region was dropped (every region's offers shown) and the second was not read.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Cards, Request};

/// The region text of the place said (`美国的a100` → `us`): the lexicon's one table of places.
pub(super) fn region_said(padded: &str) -> Option<&'static str> {
    crate::lexicon::place_said(padded)
}

/// `r` (stock or offers) with the region said, as offers.
pub(super) fn with_region(padded: &str, r: Reading) -> Reading {
    let Some(region) = region_said(padded) else {
        return r;
    };
    let mut req = match r {
        Reading::Command(Request::Stock(s)) => make::offers(
            Some(&Cards {
                gpu: s.gpu.clone(),
                count: 1,
            }),
            s.platform.as_ref(),
            None,
            s.max.as_ref(),
            false,
        ),
        Reading::Command(Request::Offers(o)) => Request::Offers(o),
        other => return other,
    };
    if let Request::Offers(o) = &mut req
        && o.filter.region.is_none()
    {
        o.filter.region = Some(region.to_string());
    }
    Reading::Command(req)
}

/// `show me every offer with 8 gpus`: machines of that many cards, any card.
pub(super) fn machines_any_card(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty() || !q.nothing_to_size() || !q.e.platforms.is_empty() {
        return None;
    }
    if !q.has(&["offer", "machines", "boxes", "nodes", "instances", "机器"]) {
        return None;
    }
    let w: Vec<&str> = q.padded.split_whitespace().collect();
    let n = super::memory_floor::cards_floor(q.padded)
        .or_else(|| {
            w.windows(2).find_map(|p| {
                (["gpus", "cards", "gpu", "卡"].contains(&p[1]))
                    .then(|| p[0].parse::<u32>().ok())
                    .flatten()
            })
        })
        // `any 8-gpu machines`: the count and its noun as one word.
        .or_else(|| {
            w.iter().find_map(|t| {
                ["-gpu", "-gpus", "-card", "-cards"]
                    .iter()
                    .find_map(|s| t.strip_suffix(s)?.parse::<u32>().ok())
            })
        })?;
    if !(2..=64).contains(&n) {
        return None;
    }
    // `80G 显存、8 卡以上的机器`: each card's memory floor too.
    let gb = super::memory_floor::memory_said(q.padded);
    let mut r = make::offers(None, None, gb, q.hourly_cap().as_ref(), false);
    if let Request::Offers(o) = &mut r {
        o.filter.min_cards = Some(n);
    }
    Some(Reading::Command(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_as_said() {
        assert_eq!(region_said("h100 offers in the us only"), Some("us"));
        assert_eq!(region_said("美国的a100有货吗"), Some("us"));
        assert_eq!(region_said("h100 offers"), None);
        assert_eq!(region_said("国内哪里有4090的货"), Some("cn"));
        assert_eq!(region_said("海外平台的h100现在有吗"), Some("global"));
        assert_eq!(
            region_said("any a100 outside china under $2"),
            Some("global")
        );
        assert_eq!(region_said("us region 的 h100 offers"), Some("us"));
        assert_eq!(region_said("region eu 的 a100"), Some("eu"));
        assert_eq!(region_said("asia 区域 4090 报价"), Some("asia"));
        assert_eq!(region_said("us students region"), None);
        // `us` inside a word is no region.
        assert_eq!(region_said("h100 offers for us students"), None);
    }
}
