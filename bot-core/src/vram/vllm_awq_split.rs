//! vLLM before 0.3.0 runs every AWQ layer through llm-awq's split-K GEMM, whatever the token
//! count, so its start-up profile (one pass of `max(max_model_len, 2048)` tokens under V0) holds
//! eight 16-bit partial outputs of the widest AWQ GEMM (held-out 30 and 75's 0.2.x rows, mem_fj).
//!
//! Read in the vLLM wheels at each release:
//! - **0.2.0 to 0.2.7.** `vllm/model_executor/layers/quantization/awq.py`
//!   (`AWQLinearMethod.apply_weights`): `out = ops.awq_gemm(reshaped_x, qweight, scales, qzeros,
//!   pack_factor)` for every input, `pack_factor` = 32 / 4 = 8. `awq_gemm`
//!   (`csrc/quantization/awq/gemm_kernels.cu`, ported from mit-han-lab/llm-awq) allocates
//!   `torch::empty({split_k_iters, num_in_feats, OC})` in the input's 16-bit type and sums it over
//!   the first dimension: the same kernel TGI 1.x calls (`vram::tgi_pool::awq_split_k_bytes`).
//! - **0.3.0.** The same method takes `FP16_MATMUL_HEURISTIC_CONDITION = x.shape[:-1].numel() >=
//!   256` and then `ops.awq_dequantize(...)` + `torch.matmul`: a prefill holds one layer's 16-bit
//!   weight, not eight outputs; decode steps (under 256 tokens) keep the split-K kernel.
//! - **The profile.** `SchedulerConfig` takes `max(max_model_len, 2048)` batched tokens in every
//!   0.2.x release (`vllm/config.py`), and `Worker.profile_num_available_blocks` sizes the cache
//!   from the profile's peak, so the partials are part of what the share must hold.
//!
//! The widest AWQ GEMM of a dense model is the merged gate/up projection
//! (`MergedColumnParallelLinear`, 2 × intermediate over the tensor-parallel ranks). An MoE's
//! experts in those releases were not read here, so they get no term.

use super::{Engine, FitRequest, GIB, Quant, Server, Shape, VllmRelease};
use crate::reply::Msg;

/// llm-awq's `split_k_iters` as vLLM passes it: `pack_factor` (8 four-bit values an int32).
pub const SPLIT_K_ITERS: f64 = 8.0;

/// From this release a pass of 256 tokens or more dequantizes instead (`awq.py` in 0.3.0).
pub const DEQUANTIZE_FROM: VllmRelease = VllmRelease::new(0, 3, 0);

/// Bytes one rank holds of split-K partials in a pass of `tokens` tokens through the merged
/// gate/up projection split over `ranks`: `split_k_iters × tokens × 2 × intermediate / ranks`
/// 16-bit values.
pub fn gate_up_partials_bytes(shape: &Shape, tokens: f64, ranks: f64) -> f64 {
    let gate_up = 2.0 * f64::from(shape.intermediate) / ranks.max(1.0);
    SPLIT_K_ITERS * tokens * gate_up * 2.0
}

/// Whether the request runs vLLM itself (no other server named) at a release before 0.3.0
/// with a dense AWQ checkpoint.
pub fn applies(shape: &Shape, req: &FitRequest, server: Option<Server>) -> bool {
    req.engine == Engine::Vllm
        && server.is_none()
        && req.quant == Quant::Awq
        && shape.experts == 0
        && req.vllm_release.is_some_and(|r| r < DEQUANTIZE_FROM)
}

/// Bytes the profile pass of `tokens` tokens holds of them on one of `ranks` ranks; 0 where the
/// rule does not apply.
pub fn profile_bytes(
    shape: &Shape,
    req: &FitRequest,
    server: Option<Server>,
    tokens: f64,
    ranks: f64,
) -> f64 {
    if !applies(shape, req, server) {
        return 0.0;
    }
    gate_up_partials_bytes(shape, tokens, ranks)
}

/// The answer's line where the rule applies (vLLM itself: the caller has no other server): the
/// release, the profile's `tokens` and the GiB one card holds, with the release that ends it.
pub fn warning(shape: &Shape, req: &FitRequest, tokens: u32) -> Option<Msg> {
    let release = req.vllm_release.filter(|_| applies(shape, req, None))?;
    let ranks = f64::from(super::data_parallel::tensor_size(req));
    let bytes = gate_up_partials_bytes(shape, f64::from(tokens), ranks);
    Some(
        Msg::new("fit-warn-vllm-awq-split-k")
            .arg("release", release.label())
            .arg("tokens", tokens)
            .arg("gib", super::round2(bytes / GIB)),
    )
}
