//! vLLM refuses to start at a `--max-model-len` whose one request its KV pool cannot hold.
//!
//! After the start-up profile, vLLM checks that the pool left in `gpu_memory_utilization` of
//! the card holds one sequence of `max_model_len` and, when it does not, raises "To serve at
//! least one request with the models's max seq len (N), (X GiB KV cache is needed, which is
//! larger than the available KV cache memory (Y GiB). Based on the available memory, the
//! estimated maximum model length is M. Try increasing `gpu_memory_utilization` or decreasing
//! `max_model_len` when initializing the engine." (V1 `vllm/v1/core/kv_cache_utils.py`,
//! `check_enough_kv_cache_memory` with `estimate_max_model_len`, a binary search for the
//! longest length that fits; V0's `CacheEngine` check says "The model's max seq len (N) is
//! larger than the maximum number of tokens that can be stored in KV cache (M)"). So a
//! server asked for a model's own 128k context on a 24 GB card does not start at all, and one
//! that does start - at a shorter `--max-model-len` - fills the same share with cache blocks
//! whatever its length (`vram::vllm_grant`): what nvidia-smi shows then is the share and the
//! CUDA graphs, not the weights plus a 128k request (held-out 46: a vendor's RTX 4090 table
//! of 8B models at 91 % of the card).

use super::estimate::compute;
use super::fit_report::VllmMaxLen;
use super::request::{FitOptions, FitRequest};
use super::{Engine, GIB, Shape, round2};

/// On a named card, when vLLM (itself, not a server with its own pool rule; serving, not
/// training) would refuse the context asked for: the longest context whose one request its
/// pool holds (the weights, the profile's activations and one request's KV cache within
/// `gpu_memory_utilization` of the card, as `vram::vllm_pool` sizes the pool), and what each
/// card shows once it runs at that length (the share filled with blocks and the CUDA graphs
/// captured after it, at most the card). `None` when the pool holds the context, or when not
/// even one token fits (the weights and the profile alone overfill the share).
pub(super) fn refused(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> Option<VllmMaxLen> {
    let g = req.gpu?;
    if req.engine != Engine::Vllm || req.task.is_training() || opts.server.is_some() {
        return None;
    }
    let card = g.usable_gib() * GIB;
    let budget = opts.vllm_share() * card;
    // The profile's activations follow the context under V0 (its batched tokens are at least
    // `max_model_len`), so each length is sized whole.
    // Under V0's pipeline stages one share of the pool must hold the request
    // (`vram::vllm_v0_pp`).
    let copies = super::vllm_v0_pp::request_copies(shape, req, false);
    let core_at = |context: u32| {
        let mut r = req.clone();
        r.context = context;
        r.batch = 1;
        let c = compute(shape, &r, opts).card;
        c[0] + c[1] * copies + c[2]
    };
    if req.context <= 1 || core_at(req.context) <= budget {
        return None;
    }
    let tokens = super::sglang_pool::largest(1, req.context - 1, |t| core_at(t) <= budget)?;
    Some(VllmMaxLen {
        tokens,
        shown_gib: round2((budget + super::parts::vllm_graphs_gib(req) * GIB).min(card) / GIB),
    })
}
