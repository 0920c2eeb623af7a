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
//!   which MoE kernels run the experts, and so how their weights are padded and copied, follows
//!   the card's compute capability ([`vllm_backend`]; the bytes: [`vllm_extra_bytes`]).

use super::{Engine, FitOptions, FitRequest, ModelRef, Quant, Shape};
use crate::catalog::Gpu;
use crate::reply::Msg;

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

/// vLLM's MXFP4 MoE kernels, as `get_mxfp4_backend` picks them for a CUDA card
/// (`vllm/model_executor/layers/quantization/mxfp4.py` at vllm
/// 007d50058a06dec0f82472d63c819244d460c40d, the same choice at v0.14.1 whose H100 log prints
/// "[mxfp4.py:165] Using Triton backend", vllm#33155).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VllmMxfp4Backend {
    /// 8.x, 11.x and 12.x: `triton_kernels` is confirmed only on "(9, 0) <= capability <
    /// (11, 0)", so every other card runs Marlin; so does any card under
    /// `VLLM_MXFP4_USE_MARLIN=1`, the recipe's workaround for a Hopper regression of v0.12.
    Marlin,
    /// 9.0 (H100, H200, H20, H800): `VLLM_USE_FLASHINFER_MOE_MXFP4_BF16` is off by default, so
    /// the OpenAI Triton kernels run.
    Triton,
    /// The 10.x family (B200, B300) with FlashInfer installed (a vLLM wheel's dependency):
    /// FlashInfer's TRT-LLM MXFP4 kernels, in bf16 unless `VLLM_USE_FLASHINFER_MOE_MXFP4_MXFP8`.
    FlashInfer,
}

/// The MoE backend vLLM runs MXFP4 with on `gpu`; `None` when the card or its compute
/// capability is unknown (the caller then sizes the largest of the three paddings).
pub fn vllm_backend(gpu: Option<&Gpu>) -> Option<VllmMxfp4Backend> {
    let (major, _) = compute_capability(gpu?)?;
    Some(match major {
        9 => VllmMxfp4Backend::Triton,
        10 => VllmMxfp4Backend::FlashInfer,
        _ => VllmMxfp4Backend::Marlin,
    })
}

/// Extra bytes, summed over the `cards` of a tensor-parallel split, that vLLM's MXFP4 MoE kernels
/// hold beyond the checkpoint's packed experts (`Mxfp4MoEMethod.create_weights` and
/// `process_weights_after_loading`, vllm 007d5005):
/// - Marlin pads the hidden size to 256 and each rank's intermediate size to 128 ("n % 256 == 0
///   and k % 128 == 0"): gpt-oss holds 3072 x 2944 per 2880 x 2880 matrix, 65.84 GiB for
///   gpt-oss-120b against vllm#23278's "Model loading took 65.9651 GiB" (Marlin on an H100, v0.10).
/// - Triton pads only the intermediate size, to 64 (2880 stays), but keeps the checkpoint's
///   `w13_weight_scale` / `w2_weight_scale` registered beside the swizzled copies it hands the
///   kernel (`_swizzle_mxfp4` -> `convert_layout`; only the weights are deleted), and Hopper's
///   scale layout pads each copy's rows to 2 * num_warps(8) * 2 * 8 = 256 (triton_kernels
///   `HopperMXScaleLayout.swizzle_data`); the biases become fp32. gpt-oss-120b: 60.71 + 3.46 +
///   0.07 = 64.25 GiB against 64.38 logged under "Using Triton backend" (vllm#33155, H100).
/// - FlashInfer (SM100) pads both sizes to 256 and keeps the biases in fp32.
///
/// An unknown card takes the largest of the three, so an answer never rests on the smallest.
/// The choice is read only for vLLM itself on a checkpoint `Mxfp4Config` loads (`quant_method`
/// mxfp4: gpt-oss); another server (`vllm_class`), or FP4 experts under a model-wide word
/// (DeepSeek-V4's declared fp8, `vram::declared_quant`), keeps Marlin's padding as before: their
/// MoE code was not read for this.
pub(super) fn vllm_extra_bytes(
    shape: &Shape,
    req: &FitRequest,
    cards: u32,
    vllm_class: bool,
) -> f64 {
    if req.quant != Quant::Mxfp4 || !shape.is_moe() || shape.hidden == 0 {
        return 0.0;
    }
    let declared = matches!(req.model, ModelRef::Known(m) if m.checkpoint_declared.is_some());
    if vllm_class || declared {
        return backend_extra_bytes(shape, VllmMxfp4Backend::Marlin, cards);
    }
    let backends = [
        VllmMxfp4Backend::Marlin,
        VllmMxfp4Backend::Triton,
        VllmMxfp4Backend::FlashInfer,
    ];
    match vllm_backend(req.gpu) {
        Some(b) => backend_extra_bytes(shape, b, cards),
        None => backends
            .iter()
            .map(|&b| backend_extra_bytes(shape, b, cards))
            .fold(0.0, f64::max),
    }
}

/// [`vllm_extra_bytes`] for one backend.
pub fn backend_extra_bytes(shape: &Shape, backend: VllmMxfp4Backend, cards: u32) -> f64 {
    let (h, i) = (shape.hidden, shape.moe_intermediate);
    if h == 0 || i == 0 || shape.expert_params() <= 0.0 {
        return 0.0;
    }
    let up = |x: u32, m: u32| x.div_ceil(m) * m;
    let n = cards.max(1);
    let (pad_h, pad_i) = match backend {
        VllmMxfp4Backend::Marlin => (256, 128),
        VllmMxfp4Backend::Triton => (1, 64),
        VllmMxfp4Backend::FlashInfer => (256, 256),
    };
    let i_rank = up(i.div_ceil(n), pad_i);
    let (hp, ip) = (up(h, pad_h) as f64, (i_rank * n) as f64);
    let ratio = hp * ip / (h as f64 * i as f64);
    let bits = Quant::Mxfp4.linear_bits();
    let padding = shape.expert_params() * (ratio - 1.0).max(0.0) * bits / 8.0;
    // Expert matrices over all layers (gate + up + down: 3 h i parameters each).
    let matrices = shape.expert_params() / (3.0 * h as f64 * i as f64);
    // One bf16 bias per output row of w13 (2 i) and w2 (h), upcast to fp32: 2 bytes more each.
    let bias_upcast = matrices * (2.0 * ip + hp) * 2.0;
    match backend {
        VllmMxfp4Backend::Marlin => padding,
        VllmMxfp4Backend::FlashInfer => padding + bias_upcast,
        VllmMxfp4Backend::Triton => {
            // The swizzled scale copy: one byte per 32 inputs, rows padded to 256, per rank.
            let per_rank = up(2 * i_rank, 256) as f64 * h.div_ceil(32) as f64
                + up(h, 256) as f64 * i_rank.div_ceil(32) as f64;
            padding + bias_upcast + matrices * per_rank * n as f64
        }
    }
}

/// The line that says a vLLM MXFP4 estimate with no card took the largest padding
/// (`vllm_extra_bytes`): the kernels, and so the weights, follow the card.
pub(super) fn note(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> Option<Msg> {
    let declared = matches!(req.model, ModelRef::Known(m) if m.checkpoint_declared.is_some());
    let sized_here = req.engine == Engine::Vllm
        && opts.server.is_none()
        && !req.task.is_training()
        && !declared
        && vllm_extra_bytes(shape, req, req.cards, false) > 0.0;
    (sized_here && vllm_backend(req.gpu).is_none())
        .then(|| Msg::new("fit-note-mxfp4-backend-unknown"))
}
