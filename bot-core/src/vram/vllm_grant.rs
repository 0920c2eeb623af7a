//! What nvidia-smi shows for a vLLM server on a named card: its whole budget, whatever the
//! model needs.
//!
//! vLLM sizes its KV cache to fill `gpu_memory_utilization` of the card, not to what the
//! requests need. V1's worker (`vllm/v1/worker/gpu_worker.py`, `determine_available_memory`,
//! 0.8 on) profiles one forward pass and the sampler, then gives the KV cache
//! `total_gpu_memory * gpu_memory_utilization - peak_memory`, the total from
//! `torch.cuda.mem_get_info()` (CUDA's total, `Gpu::usable_gib`) and the peak counting the
//! weights, the profile's activations and every allocation outside PyTorch on the card (its
//! own CUDA context, NCCL, and any other process's memory: `total - free - torch allocated`).
//! V0's `Worker.determine_num_available_blocks` does the same. So a server that starts holds
//! the budget (less what other processes held when it measured), however small the model:
//! vllm-project/vllm#15203, where Qwen2.5-3B-AWQ and -7B-AWQ on one RTX 3090 both show
//! 15982 MiB and the maintainer's answer is "vLLM allocates the remaining memory for KV
//! cache". What must fit (the verdict) is still the need: the KV cache beyond it is the
//! engine's choice, counted as releasable (`Parts::releasable`).
//!
//! The profile's own activations are not held after start-up: V0 calls
//! `torch.cuda.empty_cache()` once it has read `allocated_bytes.all.peak`
//! (vllm-project/vllm@6ae52299 `vllm/worker/worker.py`, `determine_num_available_blocks`), V1's
//! `memory_profiling` does `gc.collect()` and `torch.cuda.empty_cache()` after the profile and
//! counts the peak in `non_kv_cache_memory` (vllm-project/vllm@a6d5c390
//! `vllm/utils/mem_utils.py`). The cache gets the budget less that peak, and the peak's blocks
//! go back to the driver, so a server read right after start-up shows the budget less the
//! profile's activation peak (`FitRequest::vllm_started`, session 40, mem_ew):
//! vllm-project/vllm#1472, where 13B AWQ "pre-allocates" ~10 GB on an L4 and ~31 GB on an A40
//! and each "increase[s] ~2GB" when a request is sent. A step of the server's largest batch
//! takes the peak again and PyTorch keeps it cached, so under load (the default, what a card
//! shared with another process must allow for) the figure is the budget.

use super::parts::vllm_graphs_gib;
use super::{Engine, FitRequest, GIB};

/// Bytes by which the busiest card, as nvidia-smi shows it, exceeds `shown` (what the server
/// needs, with what the engine keeps outside its budget) because the KV cache fills the
/// budget: the budget less the profile's activation peak `released` (freed before the cache is
/// allocated) and the CUDA graphs captured after it (at most the card), on a named card whose
/// budget holds the need `core`; 0 otherwise (no card named, another engine, training, or a
/// server that cannot start).
pub(super) fn kv_fill(req: &FitRequest, util: f64, core: f64, shown: f64, released: f64) -> f64 {
    let Some(g) = req.gpu else {
        return 0.0;
    };
    if req.engine != Engine::Vllm || req.task.is_training() {
        return 0.0;
    }
    let card = g.usable_gib() * GIB;
    let budget = util * card;
    if core > budget {
        return 0.0;
    }
    ((budget - released + vllm_graphs_gib(req) * GIB).min(card) - shown).max(0.0)
}
