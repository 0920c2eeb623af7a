//! Transformers' default attention (`sdpa`) on a card whose fused kernels cannot take the model's
//! dtype (held-out 25, mem_aj): PyTorch then runs SDPA's math path, which materializes the scores
//! like eager attention, in fp32.
//!
//! - PyTorch picks flash attention only on compute capability 8.0 or newer, and its
//!   memory-efficient kernel takes bf16 only from 8.0 (`less_than_sm80_mem_efficient_dtypes` =
//!   half and float, `can_use_mem_efficient_attention` in
//!   `aten/src/ATen/native/transformers/cuda/sdp_utils.cpp`): a bf16 model on a V100 or T4 gets
//!   neither and falls back to `_scaled_dot_product_attention_math`.
//! - That path (`aten/src/ATen/native/transformers/attention.cpp`, releases with `enable_gqa`,
//!   2.5 on) casts q, k and v to fp32 unless `allow_fp16_bf16_reduction_math_sdp` is set, builds
//!   the fp32 scores (4 bytes per element and head), and `_safe_softmax` then holds them with its
//!   fp32 output (4), the `-inf` test's bool copy (1) and `at::where`'s fp32 result (4): 13.
//!
//! Checked on xinference#3230 (Qwen2.5-VL-7B bf16, a 1920 x 1080 image, 10 764 patches, on a
//! 32 GB V100): "Tried to allocate 6.91 GiB" (one fp32 `[16, 10764, 10764]`, the `where`
//! result) with 31.35 GiB in use - 15.44 GiB of weights plus the scores, the softmax output and
//! the bool copy (6.91 + 6.91 + 1.73 GiB).

use super::{Engine, FitRequest, Quant};

/// Bytes per score element and head at the math path's peak: fp32 scores, fp32 softmax output,
/// the bool `-inf` test and `where`'s fp32 result, all live in `_safe_softmax`.
pub const MATH_SCORE_BYTES: f64 = 13.0;

/// The lowest compute capability whose memory-efficient kernel takes bf16.
pub const BF16_FUSED_MIN_CC: (u32, u32) = (8, 0);

/// Whether this request's attention runs SDPA's math path: Transformers with `sdpa` (said or its
/// default), a bf16 model, and a named card older than [`BF16_FUSED_MIN_CC`]. An fp16 model keeps
/// the memory-efficient kernel there; a card the catalog has no capability for is not assumed.
pub fn falls_back(req: &FitRequest) -> bool {
    req.engine == Engine::Transformers
        && req.attention() == super::Attention::Sdpa
        && req.quant == Quant::Bf16
        && req
            .gpu
            .and_then(super::mxfp4_card::compute_capability)
            .is_some_and(|cc| cc < BF16_FUSED_MIN_CC)
}

/// Bytes of one vision block's scores on the math path: the patches of the tower's largest
/// attention call (`vision_calls::call_tokens`: one image as capped, no more than the sequence,
/// from Transformers 4.53; the whole batch's images before), over the tower's heads at
/// [`MATH_SCORE_BYTES`]; 0 when the path does not apply, the model has no untiled tower or the
/// prompt no image. Applied to the image encoder only: the text decoder's prefill on these cards
/// takes the same path, left as it was (it moves V100 / T4 bf16 text verdicts that other answers
/// and their cases rest on: the lead's call, `docs/misses/heldout25_misses.md`).
pub fn tower_scores_bytes(req: &FitRequest) -> f64 {
    let super::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    if m.vision.is_none() || !falls_back(req) {
        return 0.0;
    }
    super::vision_calls::call_scores_bytes(req, MATH_SCORE_BYTES)
}
