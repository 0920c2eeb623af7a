//! axolotl's load round trip of the embedding and output head (`FitRequest::axolotl`).
//!
//! axolotl's model loader (src/axolotl/loaders/model.py @067b021c, `_configure_embedding_dtypes`)
//! casts the embedding modules (`embed_tokens`, `lm_head`) and the norms to fp32 when FSDP is
//! off, runs PEFT's `prepare_model_for_kbit_training` on a 4-bit or 8-bit base (skipped under
//! FSDP, ZeRO-3 and quantized MoE experts), then, for LoRA / Q-LoRA (or Cut Cross Entropy),
//! casts norms and embedding modules back to the load dtype. The tensors the step sees are
//! 16-bit: no fp32 stream, no fp32 logits. But each cast allocates the new copy before the old
//! one is freed: the 16-bit copy made on the way back reuses the blocks the first cast freed,
//! and the fp32 copies (4 bytes per parameter) stay in PyTorch's caching allocator. What the
//! step allocates later can be carved from those blocks, so they show beyond it only by what
//! the step's transients do not cover. nvidia-smi and `max_memory_reserved` count them; they
//! are releasable (PyTorch frees its cache before an out-of-memory error), so the verdict,
//! which counts what must be allocated, does not.
//! Found on held-out 5: axolotl's Gemma-4-31B Q-LoRA (262k × 5376 embedding: 5.3 GiB in fp32).

use super::{FitOptions, FitRequest, GIB, Shape, Task, Zero};

/// Bytes of the fp32 embedding and head copies the allocator keeps after axolotl's round
/// trip; zero when the trainer is not axolotl or the round trip does not run.
pub(super) fn fp32_copies_bytes(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> f64 {
    let zero3 = req.cards > 1 && opts.zero.unwrap_or(Zero::Three) == Zero::Three;
    let adapters = matches!(req.task, Task::Lora | Task::Qlora);
    if !req.axolotl || req.unsloth || !adapters || opts.fsdp || zero3 {
        return 0.0;
    }
    (shape.params.embed + shape.params.lm_head) * 4.0
}

/// What the cached fp32 copies add beyond the step's own transients (`transients`, bytes),
/// which reuse their blocks.
pub(super) fn cached_beyond(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    transients: f64,
) -> f64 {
    (fp32_copies_bytes(shape, req, opts) - transients).max(0.0)
}

/// The fp32 copies in GiB, for the answer (it states them with their size); zero for a model
/// without a known shape.
pub fn axolotl_fp32_copies_gib(req: &FitRequest, opts: &FitOptions) -> f64 {
    let super::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = Shape::from_model(m) else {
        return 0.0;
    };
    fp32_copies_bytes(&s, req, opts) / GIB
}
