//! An MoE's routed experts on a bitsandbytes base (NF4 or LLM.int8, Transformers): quantized
//! with the rest, or left unquantized (`FitRequest::experts_16bit`; `moeq=off`,
//! `--experts-16bit`).
//!
//! Transformers v5 stores an MoE layer's routed experts as two fused 3-D parameters
//! (`Qwen3MoeExperts.gate_up_proj = nn.Parameter(num_experts, 2 * I, H)`, `down_proj`; the same
//! for Gemma-4, Qwen3-VL-MoE, Mixtral, DeepSeek and the others), and bitsandbytes' conversion
//! (`replace_with_bnb_linear`) swaps `nn.Linear` modules only: "these fused experts — the
//! dominant share of an MoE's weights — are silently skipped and stay full precision"
//! (bitsandbytes-foundation/bitsandbytes#1849, open; its `Experts4bit`, #1965, unmerged).
//! Unsloth's own measurement (unslothai/unsloth#5344, 2026-05-15, Transformers 5.5.0):
//! gemma-4-26B-A4B with `load_in_4bit=True` is ~46 GB resident, its experts "28.36 GB
//! gate_up_proj (128, 1408, 2816) BF16, 4.25 GB down_proj"; 14.27 GB once each expert is a
//! `Linear4bit`. A shared expert is an ordinary MLP of `nn.Linear` layers: quantized.
//!
//! Who quantizes them anyway, the estimate's default: Transformers 4.x (one `nn.Linear` per
//! expert), Unsloth from 2026.6 (unslothai/unsloth#4032, closed 2026-06-18: unsloth-zoo's
//! `moe_utils_bnb4bit.py` converts any fused `gate_up_proj`/`down_proj` to `Params4bit`), and
//! axolotl with `quantize_moe_experts: true` (default False in `utils/schemas/config.py`, set
//! in every MoE Q-LoRA example it ships, `monkeypatch/moe_quant.py`). Who does not: plain
//! Transformers v5 with PEFT / TRL, and Unsloth before 2026.6 (held-out 7's Gemma-4-26B-A4B
//! notebook, Unsloth 2026.4.4: 46.4 GB reserved after loading, 49.0 at the peak).
//!
//! Left unquantized, they are 16-bit as loaded, and 32-bit where PEFT's
//! `prepare_model_for_kbit_training` runs (TRL, PEFT's examples): it casts every bf16/fp16
//! parameter that is not a `Params4bit` to fp32 (peft `src/peft/utils/other.py`, "cast all non
//! INT8 parameters to fp32"; `train::peft_fp32_cast`).

pub(crate) use super::bnb_base::{bnb_base, kept};
use super::{FitRequest, Shape};

/// Bytes per routed-expert parameter left unquantized: 4 after PEFT's fp32 cast, else 2.
fn kept_bytes_per_param(req: &FitRequest) -> f64 {
    if req.task.is_training() && super::train_weights::peft_fp32_cast(req) {
        4.0
    } else {
        2.0
    }
}

/// Bytes, whole model, that unquantized routed experts add over the quantized ones (the
/// bits `train::quantized_bits` counts for them), whatever `experts_16bit` says; 0 for a dense
/// model or another base.
pub(crate) fn kept_extra_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !shape.is_moe() || !bnb_base(req) {
        return 0.0;
    }
    let experts = shape.routed_expert_params().min(shape.params.linear);
    let quantized = super::train_weights::quantized_bits(req) / 8.0;
    experts * (kept_bytes_per_param(req) - quantized).max(0.0)
}

/// What the estimate adds to the weights: [`kept_extra_bytes`] when the request keeps the
/// experts unquantized ([`kept`]), else nothing.
pub(super) fn extra_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if kept(req) {
        kept_extra_bytes(shape, req)
    } else {
        0.0
    }
}

/// Whether unquantized experts would be fp32 (PEFT's cast), for the answer to say.
pub(crate) fn kept_in_fp32(req: &FitRequest) -> bool {
    kept_bytes_per_param(req) == 4.0
}
