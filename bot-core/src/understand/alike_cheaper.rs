//! Another card wished for in place of the one named, like it but cheaper, with a
//! recommendation asked and no memory said (`想找个跟A100差不多但便宜点的 有推荐吗`): a vague
//! wish for guidance, `/pick`. With a memory said it is `cheaper_alike`'s (`/offers vram>=N`).

use super::Reading;
use super::memory_floor::memory_said;
use super::question::{Question, one};
use super::request::Request;

/// A lower price.
const CHEAPER: &[&str] = &["便宜", "cheaper", "实惠", "划算", "less"];
/// Like the named card.
const ALIKE: &[&str] = &[
    "差不多",
    "类似",
    "相近",
    "相当",
    "similar to",
    "something like",
    "comparable to",
];
/// A recommendation asked.
const ADVICE: &[&str] = &["推荐", "建议", "recommend", "suggest", "suggestion"];

/// `想找个跟A100差不多但便宜点的 有推荐吗`: `/pick`.
pub(super) fn alike_cheaper(q: &Question) -> Option<Reading> {
    let asked = q.has(ALIKE) && q.has(CHEAPER) && q.has(ADVICE);
    let plain = q.e.gpus.len() == 1
        && q.nothing_to_size()
        && q.e.platforms.is_empty()
        && q.e.usage.is_none()
        && memory_said(q.padded).is_none();
    (asked && plain).then(|| one(Request::Pick)).flatten()
}
