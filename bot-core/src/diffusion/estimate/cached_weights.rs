//! What nvidia-smi shows when the weights' blocks stay in PyTorch's cache after an offload call
//! (session 34, mem_dv).
//!
//! `pipe.to("cuda")` and then an offload call that drops the card's copies without
//! `torch.cuda.empty_cache()`: accelerate's `cpu_offload` builds its CPU copy with
//! `state_dict = {n: p.to("cpu") for n, p in model.state_dict().items()}` and points every
//! parameter at it (huggingface/accelerate `src/accelerate/big_modeling.py`), and diffusers before
//! PR #2543 (huggingface/diffusers#2543, merged 2023-03-03, which added `if self.device.type !=
//! "cpu": self.to("cpu"); torch.cuda.empty_cache()` to both offload calls) did not empty the
//! cache. Every weight's block stays reserved and each stage's tensors come on top of them. The
//! caching allocator frees cached blocks before it reports out of memory (`release_cached_blocks`
//! in pytorch/pytorch `c10/cuda/CUDACachingAllocator.cpp`), so the need, and the verdict, stay
//! the offload's own: only what the card shows grows.

use super::{DiffusionRequest, Offload, Stage};

/// With `to_cuda=first` under offload: the busiest stage on top of every weight `pipe.to("cuda")`
/// put on the card (`all_weights`), with each stage's reserve (`reserve_of`) and the CUDA context;
/// 0 otherwise (the caller keeps the larger of this and the peak).
pub(super) fn shown_with_cache(
    r: &DiffusionRequest,
    all_weights: f64,
    [step_gib, decode_gib]: [f64; 2],
    reserve_of: impl Fn(Stage, f64) -> f64,
    context_gib: f64,
) -> f64 {
    if !r.cuda_first || r.offload == Offload::None {
        return 0.0;
    }
    [
        (Stage::Denoise, all_weights + step_gib),
        (Stage::Decode, all_weights + decode_gib),
    ]
    .into_iter()
    .map(|(s, held)| held + reserve_of(s, held))
    .fold(0.0, f64::max)
        + context_gib
}
