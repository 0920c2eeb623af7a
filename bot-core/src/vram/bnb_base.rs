//! Whether a request's base is quantized by bitsandbytes at load, and whether it keeps the fused
//! experts unquantized: the two questions [`super::bnb_experts`] and the training weights both
//! ask, kept apart so neither module depends on the other.

use super::{Engine, FitRequest, Quant, Task};

/// Whether `req` loads its weights through bitsandbytes in Transformers (NF4/FP4 or LLM.int8, not
/// a full fine-tune), where fused experts escape the conversion.
pub(crate) fn bnb_base(req: &FitRequest) -> bool {
    (req.quant.is_bnb4() || req.quant == Quant::Int8)
        && req.engine == Engine::Transformers
        && req.task != Task::Full
}

/// Whether the request keeps the fused experts unquantized: the word (`moeq=off`,
/// `--experts-16bit`), or an Unsloth release before the one that quantizes them itself
/// (`unsloth_release::keeps_experts_16bit`, 2026.6).
pub(crate) fn kept(req: &FitRequest) -> bool {
    req.experts_16bit || super::unsloth_release::keeps_experts_16bit(req)
}
