//! `以前用 colab pro，现在想换到国内平台跑 a100，推荐哪个`, `used colab before, now want a china
//! platform for an h100, which one`, `国内平台 3090 选哪家`: one card and a region asked which
//! platform (the place rented before taken out by `left_for`) is the card's ranking over the
//! region's platforms that list it, as `国内哪家 a100 便宜` reads: `/compare a100-80g-sxm autodl
//! matpool … 1h`. Never `/pick` from scratch, nor nothing.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request};
use crate::catalog::Catalog;
use crate::lexicon::Need;

/// Words asking which platform (or which one) to take.
const WHICH_PLACE: &[&str] = &[
    "推荐哪个",
    "推荐哪家",
    "推荐一个",
    "推荐一下",
    "哪家好",
    "哪个好",
    "选哪家",
    "选哪个",
    "哪个平台",
    "哪家平台",
    "用哪家",
    "去哪家",
    "租哪家",
    "which one",
    "which platform",
    "which provider",
    "which cloud",
    "recommend",
    "where should i",
    "best platform",
];

/// A card and a region asked which platform: that region's ranking for the card.
pub(super) fn region_asked(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.e.platforms.is_empty() || !q.nothing_to_size() || q.price.is_some() {
        return None;
    }
    let needs = super::needs_said::needs_said(q.padded);
    if !needs.iter().any(|n| matches!(n, Need::Region(_))) || !q.has(WHICH_PLACE) {
        return None;
    }
    let meeting = super::intent::meeting_needs(q, &g.gpu);
    let mut r = make::compare_on(g, &q.usage(), &meeting)?;
    if let Request::Compare(j) = &mut r
        && meeting.is_empty()
    {
        j.needs = needs;
    }
    Some(Reading::Command(r))
}

/// `used colab before`, `used to rent on vast`: the platform used before written as the one
/// left (`moving from colab`), which `left_for` takes out when another place is asked.
pub(super) fn used_before(catalog: &Catalog, text: &str) -> String {
    for lead in [
        "used to rent on ",
        "used to be on ",
        "used to use ",
        "used ",
    ] {
        let Some(at) = text.find(lead) else { continue };
        let start = at + lead.len();
        let Some(len) = super::left_for::platform_at(catalog, &text[start..]) else {
            continue;
        };
        let rest = text[start + len..].trim_start();
        let rest = rest.strip_prefix("pro ").unwrap_or(rest);
        if lead != "used " || rest.starts_with("before") {
            return format!("{}moving from {}", &text[..at], &text[start..]);
        }
    }
    text.to_string()
}
