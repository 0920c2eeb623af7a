//! A card's measure asked with `多少`/`how much`/`how many` (`B200 多少 TFLOPS`, `4090 算力多少`,
//! `how many cuda cores does an l40s have`, `h100 功耗多少`): its specs, never its price. The
//! measures are one class (compute, bandwidth, cores, power), as `memory_asked` reads memory;
//! `多少` alone still asks a price. A card's feature asked to exist (`V100有没有nvlink`, `a100 有
//! mig 吗`, `does the h100 have nvlink`) is its specs too, never its stock: `有没有` asks whether
//! the card has it, not whether a platform has the card.

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::text::word_in;

/// What a card's spec sheet measures.
const MEASURE: &[&str] = &[
    "tflops",
    "flops",
    "tops",
    "算力",
    "带宽",
    "bandwidth",
    "cuda",
    "核心",
    "cores",
    "tensor",
    "功耗",
    "功率",
    "tdp",
    "watts",
    "power draw",
    "nvlink",
    "位宽",
];
/// How much or how many, before or after the measure.
const HOW_MUCH: &[&str] = &[
    "how much", "how many", "多少", "几多", "多大", "多高", "几个",
];
/// Money or a job said beside it makes it a bill or a fit.
const NOT_SPECS: &[&str] = &[
    "钱", "块", "元", "价", "cost", "price", "$", "¥", "per hour", "/hour", "rent", "租", "跑",
    "run", "够",
];

pub(super) fn spec_asked(q: &Question) -> Option<Reading> {
    if q.e.gpus.is_empty() || !q.nothing_to_size() || !q.e.platforms.is_empty() {
        return None;
    }
    if !q.has(MEASURE) || !q.has(HOW_MUCH) || q.has(NOT_SPECS) {
        return None;
    }
    if q.e.usage.is_some() || q.price.is_some() {
        return None;
    }
    one(make::gpus(q.e.gpus.iter().map(|c| c.gpu.clone()).collect()))
}

/// What a card has or lacks on its spec sheet (whole words where they are short).
const FEATURE: &[&str] = &[
    "nvlink",
    "nvswitch",
    "mig",
    "ecc",
    "p2p",
    "fp8",
    "fp4",
    "tensor core",
    "transformer engine",
    "nvenc",
];
/// An ask whether it exists or is supported.
const HAS: &[&str] = &[
    "有没有",
    "有无",
    "有吗",
    "支持",
    "支不支持",
    "带不带",
    "带",
    "have",
    "has",
    "support",
    "is there",
    "come with",
    "got",
];
/// Words of stock, a place or a machine (`4090有没有nvlink的机器`): the card is wanted, not
/// described.
const WANTED: &[&str] = &[
    "货",
    "库存",
    "现货",
    "stock",
    "available",
    "哪里",
    "哪家",
    "where",
    "offer",
    "平台",
    "platform",
    "机器",
    "服务器",
    "整机",
    "节点",
    "machine",
    "server",
    "box",
    "node",
    "instance",
];

/// `V100有没有nvlink`, `l40s 有 nvlink 吗`, `does the 4090 have ecc`: one or two cards' specs.
pub(super) fn feature_asked(q: &Question) -> Option<Reading> {
    if q.e.gpus.is_empty() || !q.nothing_to_size() || !q.e.platforms.is_empty() {
        return None;
    }
    // `is nvlink available on the l40s`: the feature is what is available, not the card.
    let feature_there = FEATURE.iter().any(|f| {
        ["available on", "supported on", "enabled on"]
            .iter()
            .any(|w| q.padded.contains(&format!("{f} {w}")))
    });
    let has = feature_there || q.has(HAS) || (q.padded.contains('有') && q.padded.contains('吗'));
    let wanted = WANTED
        .iter()
        .any(|w| !(feature_there && *w == "available") && q.has(std::slice::from_ref(w)));
    if !FEATURE.iter().any(|f| word_in(q.padded, f)) || !has || q.has(NOT_SPECS) || wanted {
        return None;
    }
    if q.e.usage.is_some() || q.price.is_some() {
        return None;
    }
    one(make::gpus(q.e.gpus.iter().map(|c| c.gpu.clone()).collect()))
}
