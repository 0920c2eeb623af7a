//! Offers asked with a filter the stock reading had no room for: a region (`h100 offers in
//! the US only`, `美国的a100`) and a machine size with no card (`show me every offer with 8
//! gpus`). The region was dropped (every region's offers shown) and the second was not read.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Cards, Request};

/// Region words and the part of a stored offer's region text they match.
const REGIONS: &[(&str, &str)] = &[
    (" in the us", "us"),
    (" in us ", "us"),
    (" us only", "us"),
    (" us-based", "us"),
    // `us 的 h100`, `eu的a100`: the code before `的` and the card.
    (" us 的", "us"),
    (" us的", "us"),
    (" eu 的", "eu"),
    (" eu的", "eu"),
    (" usa", "us"),
    ("united states", "us"),
    ("美国", "us"),
    // Europe as `eu`: a region is a part of the stored text, and `eu` is in every one that
    // `europe` is in (`westeurope`) and in data-centre ids too (`EU-RO-1`, `EUR-IS-1`).
    (" in europe", "eu"),
    (" europe ", "eu"),
    ("european", "eu"),
    (" in the eu", "eu"),
    (" eu only", "eu"),
    ("欧洲", "eu"),
    ("歐洲", "eu"),
    ("亚洲", "asia"),
    ("亞洲", "asia"),
    (" asia ", "asia"),
    (" in asia", "asia"),
    (" asian ", "asia"),
    ("美西", "us"),
    ("美东", "us"),
    ("美國", "us"),
    ("欧盟", "eu"),
    (" in japan", "japan"),
    ("日本", "japan"),
    (" in germany", "germany"),
    ("德国", "germany"),
    (" in canada", "canada"),
    ("加拿大", "canada"),
    // The catalog's own split of platforms (`/platforms cn|global`): a Chinese platform's
    // offers carry no region text of their own.
    ("国内", "cn"),
    ("大陆", "cn"),
    (" in china", "cn"),
    (" inside china", "cn"),
    ("中国境内", "cn"),
    ("海外", "global"),
    ("国外", "global"),
    ("境外", "global"),
    (" overseas", "global"),
    (" outside china", "global"),
    // `global 的 h100 有货吗`, `global only`: the catalog's split, as `海外` is.
    (" global 的", "global"),
    (" global的", "global"),
    (" global only", "global"),
    (" global platform", "global"),
    (" global provider", "global"),
];

pub(super) fn region_said(padded: &str) -> Option<&'static str> {
    let p = format!(" {padded} ");
    REGIONS
        .iter()
        .find(|(w, _)| p.contains(w))
        .map(|(_, r)| *r)
        .or_else(|| code_beside_region(&p))
}

/// Region codes said beside a word for region (`us region`, `region us`, `eu 区域`).
const CODES: &[(&str, &str)] = &[
    ("us", "us"),
    ("usa", "us"),
    ("eu", "eu"),
    ("asia", "asia"),
    ("japan", "japan"),
    ("jp", "japan"),
    ("germany", "germany"),
    ("canada", "canada"),
];
/// Words for a region a code stands beside, either side.
const REGION_WORDS: &[&str] = &[
    "region", "regions", "region:", "区", "区域", "地区", "节点", "机房",
];

/// `us region 的 h100`, `region us`: a region code beside a word for region.
fn code_beside_region(p: &str) -> Option<&'static str> {
    let w: Vec<&str> = p.split_whitespace().collect();
    w.windows(2).find_map(|pair| {
        let code = |t: &str| CODES.iter().find(|(c, _)| *c == t).map(|(_, r)| *r);
        let region = |t: &str| REGION_WORDS.contains(&t);
        match (code(pair[0]), code(pair[1])) {
            (Some(r), _) if region(pair[1]) => Some(r),
            (_, Some(r)) if region(pair[0]) => Some(r),
            _ => None,
        }
    })
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
