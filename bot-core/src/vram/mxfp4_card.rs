//! MXFP4 (gpt-oss's routed experts as published) on the card a job runs on: which engines keep
//! the format there, and which cannot load it.
//!
//! - Transformers keeps a pre-quantized MXFP4 checkpoint packed only on compute capability 7.5
//!   or newer (with Triton >= 3.4 and the `kernels` package); below that it dequantizes the
//!   experts to bf16 while loading ("MXFP4 quantization is only supported on GPUs with compute
//!   capability >= 7.5 ... We will default to dequantizing the model to bf16",
//!   `src/transformers/quantizers/quantizer_mxfp4.py`, `validate_environment`, at transformers
//!   0001b3ee40be23bcac4f361e7684f1391a49a56b). Releases before 4.55.2 asked for 9.0 (Hopper);
//!   a missing `kernels` package dequantizes on any card, which the answer cannot see.
//! - vLLM's `Mxfp4Config.get_min_capability()` is 80 (`vllm/model_executor/layers/quantization/
//!   mxfp4.py` at vllm 007d50058a06dec0f82472d63c819244d460c40d): no MXFP4 below 8.0 (T4, V100);
//!   on 8.x it runs the Marlin kernels (`get_mxfp4_backend`), whose padding
//!   `parts::vllm_mxfp4_padding` sizes.

use super::{Engine, FitRequest, Quant};
use crate::catalog::Gpu;

/// The lowest compute capability Transformers keeps MXFP4 packed on.
pub const TRANSFORMERS_MIN_CC: (u32, u32) = (7, 5);
/// The lowest compute capability vLLM loads MXFP4 on.
pub const VLLM_MIN_CC: (u32, u32) = (8, 0);

/// A card's compute capability as (major, minor); `None` when the catalog has none.
pub fn compute_capability(g: &Gpu) -> Option<(u32, u32)> {
    let cc = g.compute_capability.as_deref()?;
    let (major, minor) = cc.split_once('.')?;
    Some((major.trim().parse().ok()?, minor.trim().parse().ok()?))
}

/// Whether `req` runs MXFP4 on `engine` on a named card older than `min`.
fn mxfp4_below(req: &FitRequest, engine: Engine, min: (u32, u32)) -> bool {
    req.quant == Quant::Mxfp4
        && req.engine == engine
        && req
            .gpu
            .and_then(compute_capability)
            .is_some_and(|cc| cc < min)
}

/// Whether Transformers loads this MXFP4 request's experts as bf16: the named card is older
/// than `TRANSFORMERS_MIN_CC`.
pub fn transformers_dequantizes(req: &FitRequest) -> bool {
    mxfp4_below(req, Engine::Transformers, TRANSFORMERS_MIN_CC)
}

/// Whether vLLM refuses this MXFP4 request on the named card (older than `VLLM_MIN_CC`).
pub fn vllm_refuses(req: &FitRequest) -> bool {
    mxfp4_below(req, Engine::Vllm, VLLM_MIN_CC)
}
