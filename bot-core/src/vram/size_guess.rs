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
    Shape::size_templates_near(sized)
        .into_iter()
        .map(|t| {
            let s = Shape::by_size_from(t, params_b, active_b);
            (compute(&s, req, opts).need() / need - 1.0) * 100.0
        })
        .fold(0.0, f64::max)
}
