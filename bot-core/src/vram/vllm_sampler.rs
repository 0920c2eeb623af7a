//! Which top-k/top-p sampler vLLM V1's start-up profile runs, and what it holds per logit.
//!
//! `_dummy_sampler_run` (`vllm/v1/worker/gpu_model_runner.py`, 0.8 - 0.11) samples one row of
//! full-vocabulary logits per dummy request with `top_k = vocab - 1` and `top_p = 0.9`, so the
//! top-k/top-p path runs inside the profile that sets the KV pool. `TopKTopPSampler`
//! (`vllm/v1/sample/ops/topk_topp_sampler.py`) picks that path:
//! - PyTorch-native (`forward_native` / `apply_top_k_top_p`): a full sort of every row (fp32
//!   values and int64 indices, plus the sort's buffers), the softmax and cumulative sum of the
//!   sorted rows, two masks, the scattered-back copy, then the probabilities and the
//!   exponential noise: `parts::VLLM_SAMPLER_BYTES_PER_LOGIT` (39 B, measured).
//! - FlashInfer (`forward_cuda` -> `flashinfer_sample` -> `top_k_top_p_sampling_from_logits`,
//!   which is `top_k_mask_logits` then `softmax` then a sort-free sampling kernel; vllm#11394):
//!   the model's 16-bit logits, their fp32 copy (temperature is applied in place), the masked
//!   logits and the probabilities: 2 + 4 + 4 + 4 bytes per logit.
//!
//! Which one runs depends on the install and the release, not on the model: FlashInfer only
//! when it is importable, and `VLLM_USE_FLASHINFER_SAMPLER` unset meant "on" in V1 until
//! vllm#26859 (October 2025, "Disable FlashInfer sampler by default"), opt-in after it (until
//! vllm#40376 turned it on again). pip installs lacked FlashInfer from vllm#21959 (July 2025,
//! an optional extra) to vllm#26443 (October 2025, a default CUDA dependency), while the Docker
//! image carried it: flashinfer-ai/flashinfer#1180 shows one vLLM image leaving 4.00 GiB of KV
//! cache with "Using FlashInfer for top-p & top-k sampling" and 2.49 GiB with
//! `VLLM_USE_FLASHINFER_SAMPLER=0`. So the estimate keeps the native path (never under) unless
//! the user says the FlashInfer sampler runs (`VLLM_USE_FLASHINFER_SAMPLER=1`,
//! `FitRequest::vllm_flashinfer_sampler`). V0's sampler is another code path: unchanged.

use super::FitRequest;
use super::parts::VLLM_SAMPLER_BYTES_PER_LOGIT;

/// Bytes per logit element at the FlashInfer sampler's peak in the profile (module doc): the
/// 16-bit logits, the fp32 copy, the top-k-masked logits and the softmax, none freed before
/// the sampling kernel runs. Read from the code, not measured.
pub const FLASHINFER_SAMPLER_BYTES_PER_LOGIT: f64 = 2.0 + 4.0 + 4.0 + 4.0;

/// Bytes per logit the start-up profile's sampler holds for this request: FlashInfer's where
/// the user said that sampler runs under V1, the native path's otherwise.
pub fn bytes_per_logit(req: &FitRequest) -> f64 {
    if req.vllm_flashinfer_sampler && !req.vllm_v0 {
        FLASHINFER_SAMPLER_BYTES_PER_LOGIT
    } else {
        VLLM_SAMPLER_BYTES_PER_LOGIT
    }
}
