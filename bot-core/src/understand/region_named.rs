//! A region said beside platforms named (`autodl和runpod哪个便宜 国内的`, `runpod vs autodl for
//! a 4090, overseas only`): the platforms named are compared as named, and those outside the
//! region said are named back beside the answer, never the region dropped in silence.

use super::Reading;
use super::request::Request;
use crate::catalog::Catalog;
use crate::lexicon::Need;

/// The region said (`cn` or `global`) and the platforms named that are not in it, when a
/// ranking or a bill names platforms and the message says a region they do not all share.
pub fn region_beside_named(
    catalog: &Catalog,
    text: &str,
    reading: &Reading,
) -> Option<(&'static str, Vec<String>)> {
    let requests: Vec<&Request> = match reading {
        Reading::Command(r) => vec![r],
        Reading::Ask(rs) => rs.iter().collect(),
        Reading::Unknown => return None,
    };
    let mut named: Vec<&String> = Vec::new();
    for r in requests {
        if let Request::Compare(j) | Request::Cost(j) = r {
            named.extend(
                j.platforms
                    .iter()
                    .filter(|p| !named.contains(p))
                    .collect::<Vec<_>>(),
            );
        }
    }
    if named.is_empty() {
        return None;
    }
    let padded = format!(" {} ", super::normalize(text));
    let region = super::needs_said::needs_said(&padded)
        .into_iter()
        .find_map(|n| match n {
            Need::Region(r) => Some(r),
            _ => None,
        })?;
    let outside: Vec<String> = named
        .iter()
        .filter_map(|id| catalog.platform(id).ok())
        .filter(|p| p.region != region)
        .map(|p| p.id.clone())
        .collect();
    (!outside.is_empty()).then_some((region, outside))
}
