//! What loading a 16-bit checkpoint into bitsandbytes keeps reserved (`FitRequest::load_warmup`,
//! the default for a Transformers LoRA / Q-LoRA on an NF4 or LLM.int8 base).
//!
//! Transformers' `from_pretrained` warms PyTorch's caching allocator up before it loads a single
//! tensor (`modeling_utils.caching_allocator_warmup`, since spring 2025 and still in 4.57.1): it
//! counts the bytes of the empty model's parameters on each card and allocates
//! `torch.empty(byte_count // factor, dtype=torch.float16)` once, with `factor =
//! hf_quantizer.get_cuda_warm_up_factor()`. The quantizer's default is 4 ("half the model size ...
//! we do not have the info that weights are going to be 8 bits before actual weight loading",
//! `quantizers/base.py`), which `Bnb4BitHfQuantizer` (4.56, 4.57) does not override (LLM.int8's
//! quantizer not checked; its half-model block is about its own weights, so it adds little); a
//! checkpoint quantized at load has its `Linear4bit` weights still in their 16-bit shape and
//! dtype in the empty model, so the block is half the 16-bit model (capped at the card's free
//! memory less 1.2 GiB). The tensors are freed at once but the block stays in the allocator: the
//! weights are carved from it. Then PEFT's `prepare_model_for_kbit_training`
//! (`train::peft_fp32_cast`) allocates the fp32 embedding, then the fp32 head, each while its
//! 16-bit copy is alive: one that the block's remaining tail cannot hold whole is a new
//! reservation beside it (a tensor is never split), and the freed 16-bit copies stay inside the
//! block. What the training step allocates later reuses that cache; nvidia-smi and
//! `max_memory_reserved` show whichever is larger: the load's reserve or the step's own peak. The
//! step needs none of the cache beyond its own peak, and the loader caps its block below the
//! card's free memory, so the verdict, which counts what must be allocated, does not count it
//! (`Parts::releasable`).
//!
//! Not for a checkpoint saved in 4-bit (`-bnb-4bit` repositories; Unsloth loads those by
//! default): TRL's Q-LoRA notebook on a T4 reserves 12.07 GB after loading Qwen3-14B from
//! `unsloth/qwen3-14b-unsloth-bnb-4bit`, less than the half-model block of a 14B would be.
//! Not before the warm-up existed (its docstring is dated 18/03/2025; ms-swift's 2023 Qwen
//! v1 benchmark on Transformers 4.3x reserved 60.97 GiB for Qwen-72B Q-LoRA, where the block
//! alone would be 67 GiB): `warmup=off` states either. Transformers 5 sizes the block by the
//! quantizer's own element size (`param_element_size`), not checked here.
//! Not under ZeRO-3 / FSDP (the base is sharded from the CPU) nor for axolotl (its own round
//! trip, `vram::axolotl`). Found on held-out 10: TRL's notebook (run 2025-10-31 on a T4) reserved
//! 12.8 / 10.8 / 10.9 / 4.7 / 6.8 GB for Qwen3-8B / Qwen2.5-7B / Llama-3.1-8B / Llama-3.2-3B /
//! Gemma-3-4B at 1024 tokens, where the step alone was sized 8 to 21 % under.

use super::{FitRequest, GIB, ModelLayout, Shape, Task, TransformersRelease, Zero};

/// The first release with `caching_allocator_warmup`: 4.50.0 (huggingface/transformers@1603018e,
/// 2025-02, "new caching_allocator_warmup" in transformers#36483; transformers#37436, "Cuda
/// Allocation Error with version >= 4.50.0", traced by the maintainers to it). A run named with
/// an older release (`transformers=4.40`, CLI `--transformers-release`) loads without the block.
pub const WARMUP_FROM: TransformersRelease = TransformersRelease {
    major: 4,
    minor: 50,
};

/// Headroom `caching_allocator_warmup` leaves when it caps the block at the free memory.
pub const WARMUP_HEADROOM_GIB: f64 = 1.2;

/// Whether the job loads a 16-bit checkpoint into bitsandbytes through Transformers' warmed-up
/// loader on each card: a LoRA / Q-LoRA on an NF4 or LLM.int8 base, not Unsloth, not axolotl,
/// `FitRequest::load_warmup` on, not sharded from the CPU (`zero3`), not a Transformers release
/// named from before the warm-up ([`WARMUP_FROM`]).
pub(super) fn applies(req: &FitRequest, zero3: bool) -> bool {
    super::kbit_base::prepared_by_peft(req.quant)
        && matches!(req.task, Task::Lora | Task::Qlora)
        && req.layout == ModelLayout::Transformers
        && !req.unsloth
        && !req.axolotl
        && req.load_warmup
        && req.transformers_release.is_none_or(|r| r >= WARMUP_FROM)
        && !zero3
}

/// Bytes the load keeps reserved on the busiest card: the warm-up block (half the 16-bit
/// model's share `share` of the card, capped at the card less the CUDA context `ctx` and 1.2
/// GiB), and each fp32 copy PEFT's preparation makes (embedding, then head) that the block's
/// tail, what `loaded` bytes of weights as loaded leave of it, cannot hold whole. Zero when it
/// does not apply.
pub(super) fn reserved_bytes(
    shape: &Shape,
    req: &FitRequest,
    zero3: bool,
    (share, loaded): (f64, f64),
    (ctx, fp32_cast): (f64, bool),
) -> f64 {
    if !applies(req, zero3) {
        return 0.0;
    }
    let mut block = shape.params.total * 2.0 * share / 2.0;
    if let Some(g) = req.gpu {
        block = block
            .min((g.usable_gib() - WARMUP_HEADROOM_GIB) * GIB - ctx)
            .max(0.0);
    }
    let mut reserved = block.max(loaded);
    let mut tail = (block - loaded).max(0.0);
    if fp32_cast {
        for copy in [shape.params.embed * 4.0, shape.params.lm_head * 4.0] {
            if copy <= tail {
                tail -= copy;
            } else {
                reserved += copy;
            }
        }
    }
    reserved
}

/// What the load's reserve adds to the card beyond the step's own `held` bytes (weights,
/// adapters, gradients, optimizer, activations and the allocator's reserve); `share` is the
/// card's part of the model (1 unless layers are split over the cards) and `loaded` the bytes
/// of its weights as loaded, before PEFT's fp32 cast.
/// `fp32_cast` is `train::peft_fp32_cast`.
pub(super) fn beyond(
    shape: &Shape,
    req: &FitRequest,
    zero: Zero,
    (share, loaded, fp32_cast): (f64, f64, bool),
    (ctx, held): (f64, f64),
) -> f64 {
    let zero3 = req.cards > 1 && zero == Zero::Three;
    (reserved_bytes(shape, req, zero3, (share, loaded), (ctx, fp32_cast)) - held).max(0.0)
}
