//! The error of a size-only guess's own shape (`ModelRef::BySize`: `12b`, `122b-a10b`, an
//! unknown Hugging Face id sized from its name).
//!
//! A guess takes its depth, KV heads and width ratios from the catalog's dense model nearest
//! in size (`Shape::size_template`), at the active size for a mixture of experts. The
//! weights are counted from the size (exact up to the name's rounding); the KV cache and the
//! activations follow the shape, which real models of one size do not share: Qwen2.5-7B keeps
//! 4 KV heads in 28 layers, Llama-3.1-8B 8 in 32 (twice the KV cache per token). The
//! measured margin (`estimate::margin_pct`) is the error of estimates whose shape is read from
//! config.json; a guess adds its own, the spread of the estimate over the shapes a model of
//! that size could as well have (`Shape::size_templates_near`: the nearest catalog model and
//! those just below and above the size). A verdict "fits" only with that much more to spare.

use super::Shape;
use super::estimate::compute;
use super::request::{FitOptions, FitRequest, ModelRef};
use crate::catalog::Model;

/// How much more (percent of `need`) the busiest card needs when the guess is shaped like
/// another real model of its size; 0 for a catalog model or a guess no other shape moves.
pub(super) fn spread_pct(req: &FitRequest, opts: &FitOptions, need: f64) -> f64 {
    let ModelRef::BySize { params_b, active_b } = req.model else {
        return 0.0;
    };
    if need <= 0.0 {
        return 0.0;
    }
    let sized = active_b.filter(|a| *a < params_b).unwrap_or(params_b);
    let mut shapes: Vec<Shape> = Shape::size_templates_near(sized)
        .into_iter()
        .map(|t| Shape::by_size_from(t, params_b, active_b))
        .collect();
    shapes.extend(Shape::size_template(sized).map(|t| multi_head(t, params_b, active_b)));
    shapes
        .iter()
        .map(|s| (compute(s, req, opts).need() / need - 1.0) * 100.0)
        .fold(0.0, f64::max)
}

/// The guess's template with multi-head attention: every query head keeps its own K and V
/// (Llama-2-7B/13B, DeepSeek LLM 7B, Qwen1.5 - 2023's shape, still rented). The figure
/// assumes grouped-query attention, as current models of a size have; a multi-head model of
/// that size keeps `heads / kv_heads` times the KV cache, so the guess's error must hold it,
/// or a "fits" would be short for such a model in silence (held-out 70: DeepSeek LLM 7B sized
/// with StarCoder2-7B's 4 KV heads, 32 in truth).
fn multi_head(t: &Model, params_b: f64, active_b: Option<f64>) -> Shape {
    let mut m = t.clone();
    m.kv_heads = m.heads;
    Shape::by_size_from(&m, params_b, active_b)
}

/// How many times its KV cache a multi-head model keeps against the guess's shape (said in the
/// size-only note).
pub(super) fn multi_head_times(s: &Shape) -> u32 {
    s.heads / s.kv_heads.max(1)
}
