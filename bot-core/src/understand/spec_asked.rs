//! A card's measure asked with `多少`/`how much`/`how many` (`B200 多少 TFLOPS`, `4090 算力多少`,
//! `how many cuda cores does an l40s have`, `h100 功耗多少`): its specs, never its price. The
//! measures are one class (compute, bandwidth, cores, power), as `memory_asked` reads memory;
//! `多少` alone still asks a price.

use super::Reading;
use super::question::{Question, one};
use super::request as make;

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
