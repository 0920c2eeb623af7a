//! vLLM's V0 engine under pipeline parallel: one virtual engine per stage, each over
//! `1 / pp` of a card's KV pool.
//!
//! V0 runs `--pipeline-parallel-size p` as `p` virtual engines, each with its own scheduler,
//! block manager and `CacheEngine` (RFC vllm#4461; vllm#11945: "each virtual engine has its
//! own scheduler, block manager and cache engine"), so a request is admitted by one of them,
//! over `num_gpu_blocks // p` blocks (vllm#7039: "Available context (gpu blocks) gets halved by
//! pipeline parallel size"). The worker refuses to start when one `max_model_len` request does
//! not fit that share (`vllm/worker/worker.py` `raise_if_cache_size_invalid(num_gpu_blocks,
//! block_size, is_attention_free, max_model_len, pipeline_parallel_size)`: `max_seq_len =
//! block_size * (num_gpu_blocks // pipeline_parallel_size)`, "The model's max seq len (N) is
//! larger than the maximum number of tokens that can be stored in KV cache (M)"). Held-out 31:
//! QwQ-32B bnb-4bit, PP 2 on two RTX 5090 at 0.85, refused at 60000 ("58384"), started at
//! 50000. V1 schedules every stage from one pool (one request's cache once), as does tensor
//! parallel.

use super::parts::Parts;
use super::request::{FitOptions, FitRequest};
use super::{Engine, GIB, Shape, round2};
use crate::catalog::Gpu;
use crate::reply::Msg;

/// How many times over a card's pool must hold one request's KV cache for vLLM to start: the
/// pipeline stages under V0, else 1. vLLM itself only (the servers in its class keep their
/// own pool rules).
pub(super) fn request_copies(shape: &Shape, req: &FitRequest, server_named: bool) -> f64 {
    if !req.vllm_v0 || req.engine != Engine::Vllm || server_named {
        return 1.0;
    }
    super::pipeline::split(shape, req).map_or(1.0, |s| f64::from(s.pp))
}

/// The KV cache, bytes on the busiest card, that the pool must hold for the job to start and
/// run: the job's own (`kv`, all `batch` requests), or one request's `copies` times over where
/// the virtual engines' shares ask for more.
pub(super) fn pool_demand(kv: f64, batch: f64, copies: f64) -> f64 {
    kv.max(kv / batch.max(1.0) * copies)
}

/// The answer's line where the virtual engines' shares decide: the stages, one request's cache
/// at the context asked and what one share of the pool holds (both per card). `None` where
/// the rule does not apply or a share holds the request.
pub(super) fn note(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    parts: &Parts,
    g: &Gpu,
) -> Option<Msg> {
    let copies = request_copies(shape, req, opts.server.is_some());
    if copies <= 1.0 {
        return None;
    }
    let [w, kv, a, ..] = parts.card;
    let one = kv / f64::from(req.batch.max(1));
    let pool = (opts.vllm_share() * g.usable_gib() * GIB - w - a).max(0.0);
    let share = pool / copies;
    (one > share).then(|| {
        Msg::new("fit-vllm-v0-pp")
            .arg("pp", copies as u32)
            .arg("context", req.context)
            .arg("need", round2(one / GIB))
            .arg("held", round2(share / GIB))
    })
}
