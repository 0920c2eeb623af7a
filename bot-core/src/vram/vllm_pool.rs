//! How many of a vLLM server's requests its KV pool holds at full length, when not all of them.
//!
//! vLLM does not refuse a server whose requests cannot all hold their whole context at once: V1
//! (`vllm/v1/core/kv_cache_utils.py`, `check_enough_kv_cache_memory`, 0.8 on) refuses to start
//! only when the pool left in `gpu_memory_utilization` of the card after the weights and the
//! start-up profile cannot hold one sequence of `max_model_len`, and logs how many it holds
//! ("Maximum concurrency for N tokens per request: X.XXx", `_report_kv_cache_config`); the
//! scheduler admits up to `max_num_seqs` requests while blocks are free and the rest wait in
//! the queue. So a service of 8 users at 4096 tokens on cards whose pool holds 7 such requests
//! still starts and serves: the eighth waits for a slot, and shorter requests fit more
//! (vllm-project/vllm#17238: Qwen2.5-32B W8A16 on 2 x RTX 3090 at `max_num_seqs 8` "can be
//! started normally", held-out 18).

use super::{Engine, FitOptions, FitReport, FitRequest};
use crate::catalog::Gpu;

/// The number of the request's `batch` sequences of its full context the pool on each card
/// holds at once, when the server starts but cannot hold them all (1 ≤ n < batch): the budget
/// (`gpu_memory_utilization` of what CUDA reports, `Gpu::usable_gib`) less the weights and the
/// profile's activations on the busiest card, over one sequence's share of its KV cache.
/// `None` for another engine or server, training, one sequence, a pool that holds them all, or
/// one that cannot hold a single sequence (the server does not start; the verdict says so).
pub fn full_length_requests(
    req: &FitRequest,
    opts: &FitOptions,
    rep: &FitReport,
    gpu: &Gpu,
) -> Option<u32> {
    if req.engine != Engine::Vllm || opts.server.is_some() || req.task.is_training() {
        return None;
    }
    if rep.batch <= 1 || rep.per_gpu.kv_cache_gib <= 0.0 {
        return None;
    }
    let p = &rep.per_gpu;
    let pool = opts.vllm_share() * gpu.usable_gib() - p.weights_gib - p.activations_gib;
    let per_sequence = p.kv_cache_gib / rep.batch as f64;
    let n = (pool / per_sequence).floor();
    (n >= 1.0 && n < rep.batch as f64).then_some(n as u32)
}

/// The KV cache pool vLLM allocates on each card at start-up: `gpu_memory_utilization` of the
/// card less the weights and the start-up profile's activation peak (V1:
/// `gpu_worker.py` `determine_available_memory`, `requested_memory - non_kv_cache_memory`;
/// V0: `worker.py` `determine_num_available_blocks`, the same difference), the figure its log
/// prints as "Available KV cache memory: X GiB", and the tokens it holds across requests
/// ("GPU KV cache size: N tokens") at the cache's bytes per token, split over the cards.
/// Not the KV one request needs (`per_gpu.kv_cache_gib`): vLLM fills the share with blocks
/// whatever the requests. `None` for another engine or server, training, or no room.
pub fn kv_pool(
    req: &FitRequest,
    opts: &FitOptions,
    rep: &FitReport,
    gpu: &Gpu,
) -> Option<super::fit_report::VllmKvPool> {
    if req.engine != Engine::Vllm || opts.server.is_some() || req.task.is_training() {
        return None;
    }
    let p = &rep.per_gpu;
    let pool = opts.vllm_share() * gpu.usable_gib() - p.weights_gib - p.activations_gib;
    // Under TP x PP a card holds its stage's layers of each token (`vram::pipeline`).
    let per_card_token = match super::pipeline::request_kv_token_share(req) {
        Some(share) => rep.kv_bytes_per_token * share,
        None => rep.kv_bytes_per_token / req.cards.max(1) as f64,
    };
    if pool <= 0.0 || per_card_token <= 0.0 {
        return None;
    }
    Some(super::fit_report::VllmKvPool {
        gib: super::round2(pool),
        tokens: (pool * super::GIB / per_card_token) as u64,
    })
}

/// The verdict on a named card for a vLLM service that does not hold all its requests at full
/// length but starts (mem_ad, held-out 22: vllm#17611, Qwen2.5-VL-7B at `max_num_seqs` 16 and
/// 8192 tokens "can work on NVIDIA A10"): `max_num_seqs` is a ceiling, not a demand. The server
/// starts when the pool holds one `max_model_len` sequence ([`full_length_requests`]) and the
/// card holds that one-request job whole (the CUDA context and graphs beside the budget:
/// `one_request_need`, bytes on the busiest card). Returns the margin left, in GiB, over that
/// need; `None` where the server would not start or the request is no such service.
pub fn starts_margin_gib(
    req: &FitRequest,
    opts: &FitOptions,
    rep: &FitReport,
    gpu: &Gpu,
    one_request_need: f64,
) -> Option<f64> {
    full_length_requests(req, opts, rep, gpu)?;
    let left = gpu.usable_gib() - one_request_need / super::GIB;
    (left >= 0.0).then_some(left)
}
