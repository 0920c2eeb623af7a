//! vLLM's start-up profile forward for a fused-MoE layer: the Triton `fused_experts_impl`
//! (`vllm/model_executor/layers/fused_moe/fused_moe.py` @ 000d1458) allocates, for
//! `M = min(tokens, VLLM_FUSED_MOE_CHUNK_SIZE)` tokens (envs default "32768"), one buffer
//! `cache13` of `M x top_k x max(N, K)` shared by the gate/up output (N = 2 x moe
//! intermediate / TP) and the down output (K = hidden), plus `cache2` of `M x top_k x N / 2`
//! (the activation), all in the activation dtype. A dense layer's MLP holds its gate/up and
//! activation (2 + 1 times the intermediate over TP); the larger layer kind sets the peak.

/// The MoE kernel processes at most this many tokens a chunk (`VLLM_FUSED_MOE_CHUNK_SIZE`).
pub const FUSED_MOE_CHUNK_TOKENS: f64 = 32768.0;

/// Bytes of one 16-bit activation element.
const ACT_BYTES: f64 = 2.0;

/// Peak temporaries of the FFN of one layer, per card, for `tokens` tokens at tensor size `tp`:
/// the fused-MoE caches of a routed layer (chunked), a dense layer's MLP (its first dense layers
/// or a dense model), whichever is larger.
pub fn ffn_temporaries_bytes(shape: &super::Shape, tokens: f64, tp: f64) -> f64 {
    let mlp = |width: f64| tokens * 3.0 * width * ACT_BYTES / tp;
    if !shape.is_moe() {
        return mlp(shape.intermediate as f64);
    }
    // Routed and shared experts of an MoE layer as one MLP (the former estimate).
    let active = mlp(shape.ffn_width_active_per_token());
    let dense = if shape.dense_layers > 0 {
        mlp(shape.intermediate as f64)
    } else {
        0.0
    };
    let m = tokens.min(FUSED_MOE_CHUNK_TOKENS);
    let k = shape.experts_per_token as f64;
    let n = 2.0 * shape.moe_intermediate as f64 / tp;
    let fused = m * k * (n.max(shape.hidden as f64) + n / 2.0) * ACT_BYTES;
    active.max(dense).max(fused)
}
