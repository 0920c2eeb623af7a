//! What a training job shows on a named card: the allocator's cache fills the card at most.
//!
//! The estimate's figure "as nvidia-smi would show it" is the need plus what PyTorch's caching
//! allocator keeps without a live tensor in it (`Parts::releasable`: its reserve, blocks cached
//! after a step, a load's blocks). When that sum exceeds the card, the cache cannot all be there:
//! when `cudaMalloc` fails the allocator frees the unused blocks it caches and retries before it
//! raises out-of-memory (PyTorch `c10/cuda/CUDACachingAllocator.cpp`, `DeviceCachingAllocator::
//! malloc`: `alloc_block`, then `release_available_cached_blocks` and `alloc_block`, then
//! `release_cached_blocks` and `alloc_block`). So on a card that holds the need the figure is at
//! most the card: `min(figure, card)`. The need and the verdict do not move; a job whose need
//! exceeds the card keeps the figure of a card that holds it (what it would take).
//! Measured: fms-acceleration's `refs/a100_80gb_liger.csv` @ 733992ae (Llama-3-8B bf16 LoRA with
//! its fast loss at 8 x 4096 on one A100 80GB): 58,301 MiB peak nvidia-smi beside 55 GiB
//! allocated, where the uncapped figure was 87.7 GiB.
//!
//! Training only: there `releasable` sits in the card's overhead part (`train::compute_train`),
//! so the cut comes out of it and what is allocated stays. Inference engines keep their own
//! rules (vLLM's budget is within the card already; llama.cpp caches nothing).

use super::parts::Parts;
use super::request::FitRequest;

/// Bytes the busiest card's figure loses on a card of `card_bytes` (CUDA's total): the part of
/// the releasable cache that does not fit beside the need. 0 off training or when it fits.
pub(super) fn cut_bytes(parts: &Parts, req: &FitRequest, card_bytes: f64) -> f64 {
    // A job the card cannot hold keeps the figure of a card that can: its answer is about what
    // it would take, and the cut would depend on a card it does not run on.
    if !req.task.is_training() || parts.releasable <= 0.0 || parts.need() > card_bytes {
        return 0.0;
    }
    (parts.per_card - card_bytes)
        .max(0.0)
        .min(parts.releasable)
        .min(parts.card[4])
}
