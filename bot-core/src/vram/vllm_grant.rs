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

use super::parts::vllm_graphs_gib;
use super::{Engine, FitRequest, GIB};

/// Bytes by which the busiest card, as nvidia-smi shows it, exceeds `shown` (what the server
/// needs, with what the engine keeps outside its budget) because the KV cache fills the
/// budget: the budget and the CUDA graphs captured after it (at most the card), on a named
/// card whose budget holds the need `core`; 0 otherwise (no card named, another engine,
/// training, or a server that cannot start).
pub(super) fn kv_fill(req: &FitRequest, util: f64, core: f64, shown: f64) -> f64 {
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
    ((budget + vllm_graphs_gib(req) * GIB).min(card) - shown).max(0.0)
}
