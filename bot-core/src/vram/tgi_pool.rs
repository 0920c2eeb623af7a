//! What nvidia-smi shows for a TGI server on a named card: its KV pool is sized once, at
//! warm-up, from the memory free while the warm-up prefill's activations are still cached, and
//! those activations are then released before the pool is allocated. So a started server
//! holds less than its whole `--cuda-memory-fraction` and grows back towards it only as the
//! load's own activations come into the caching allocator (held-out 43, mem_by).
//!
//! Read in huggingface/text-generation-inference at each tag:
//! - **The warm-up prefill.** The router's `warmup` (`router/client/src/client.rs` v1.4.5,
//!   v2.0.4; `backends/v3/src/client/grpc_client.rs` v2.4.1 to v3.3.0) sends
//!   `max_batch_prefill_tokens` tokens (launcher default 4096 in 1.x, `4096.min(max_position_
//!   embeddings)` in 2.4, `compute_optimal(...).unwrap_or(4096)` in 3.x) with
//!   `prefill_logprobs: true`, so `flash_causal_lm.py` keeps the logits of every prompt token
//!   (`prefill_head_indices = None`) and takes `torch.log_softmax(out, -1)` beside them: two
//!   16-bit `[tokens, vocab]` tensors, the whole vocabulary on every shard
//!   (`TensorParallelHead` gathers it).
//! - **The pool.** `FlashCausalLM.warmup` then reads `torch.cuda.mem_get_info` and takes
//!   `num_blocks = free_memory * 0.95 // block_bytes + batch.num_blocks`, where before 3.0
//!   `free_memory = free - (1 - MEMORY_FRACTION) * total` (v1.4.5, v2.0.4, v2.4.1: 95 % of the
//!   free share) and from 3.0 `get_free_memory(device, MEMORY_FRACTION * TGI_WIGGLE_ROOM)`
//!   (`free - (1 - 0.95 * fraction) * total`: 5 % of the whole card kept back).
//! - **The release.** Before the pool is allocated, `set_cache_manager` (1.4: `del
//!   CACHE_MANAGER; torch.cuda.empty_cache()`) or `self.kv_cache = []; empty_cache()` (2.4, 3.x)
//!   gives the warm-up's cached activations back to the driver. What is left is the CUDA
//!   context, the weights and the pool; the load's prefills (at most `max_batch_prefill_tokens`
//!   tokens, only the last token's logits) refill the cache from there.
//! - **CUDA graphs** are captured after the pool from 2.0 on (`CUDA_GRAPHS`, default on);
//!   1.x captures none unless `ENABLE_CUDA_GRAPHS` is set (`globals.py` v1.4.5: default false).

use super::{FitRequest, GIB, Quant, Shape, TgiRelease};

/// TGI's default `max_batch_prefill_tokens` (launcher, every release read; 3.x's computed
/// optimum falls back to it).
pub const WARMUP_PREFILL_TOKENS: f64 = 4096.0;

/// Bytes per logit the warm-up keeps: the 16-bit logits and their 16-bit `log_softmax`.
const WARMUP_LOGPROB_BYTES: f64 = 4.0;

/// Bytes per logit of a served request's last token: 16-bit logits and the sampler's fp32
/// softmax.
const LOAD_LOGIT_BYTES: f64 = 6.0;

/// The share of the free memory (before 3.0) or of the card (from 3.0) left outside the pool.
const WIGGLE_ROOM: f64 = 0.95;

/// From this release the pool keeps 5 % of the card back, not 5 % of what was free.
const WHOLE_CARD_MARGIN_FROM: TgiRelease = TgiRelease { major: 3, minor: 0 };

/// From this release CUDA graphs are captured by default.
const GRAPHS_FROM: TgiRelease = TgiRelease { major: 2, minor: 0 };

/// Activation bytes of one shard's forward pass over `tokens` tokens (as `vram::infer`'s
/// profile: the FFN split over `shards`, the residual stream not).
fn forward_bytes(shape: &Shape, tokens: f64, shards: f64) -> f64 {
    tokens * (6.0 * shape.ffn_width_active_per_token() / shards + 8.0 * shape.hidden as f64)
}

/// The warm-up prefill's activation peak on one shard, bytes.
pub fn warmup_bytes(shape: &Shape, req: &FitRequest, shards: f64) -> f64 {
    let p = WARMUP_PREFILL_TOKENS;
    forward_bytes(shape, p, shards)
        + awq_split_k_bytes(shape, req, p, shards)
        + p * shape.vocab as f64 * WARMUP_LOGPROB_BYTES
}

/// The served load's activation peak on one shard: a prefill of the batch's prompts, at most
/// `max_batch_prefill_tokens` at once, and the last token's logits of every sequence.
pub fn load_bytes(shape: &Shape, req: &FitRequest, shards: f64) -> f64 {
    let batch = f64::from(req.batch.max(1));
    let tokens = (batch * f64::from(req.context)).min(WARMUP_PREFILL_TOKENS);
    forward_bytes(shape, tokens, shards)
        + awq_split_k_bytes(shape, req, tokens, shards)
        + batch * shape.vocab as f64 * LOAD_LOGIT_BYTES
}

/// The activation peak `a` of a vLLM-class profile, as TGI's warm-up prefill raises it: Gemma-3's
/// masked prefill before 3.3 (`vram::tgi_release`) and, for AWQ under TGI 1.x, the warm-up's
/// split-K partials on top of the forward.
pub(super) fn warmup_peak(shape: &Shape, req: &FitRequest, tgi: bool, shards: f64, a: f64) -> f64 {
    let a = a.max(super::tgi_release::masked_prefill_bytes(
        shape, req, tgi, shards,
    ));
    if !tgi {
        return a;
    }
    a + awq_split_k_bytes(shape, req, WARMUP_PREFILL_TOKENS, shards)
}

/// Partial outputs llm-awq's GEMM writes before summing them: TGI 1.x's `WQLinear.forward`
/// (`server/text_generation_server/utils/awq/quantize/qmodule.py` @ 74d9dfa8, "Copied logic from
/// mit-han-lab/llm-awq@f084f40") calls `awq_inference_engine.gemm_forward_cuda(x, qweight,
/// scales, qzeros, 8)`, and llm-awq's `gemm_forward_cuda` (`awq/kernels/csrc/quantization/
/// gemm_cuda_gen.cu`) allocates `torch::empty({split_k_iters, num_in_feats, out_channels})` in
/// the input's 16-bit type and returns `_out_feats.sum(0)`.
const AWQ_SPLIT_K_ITERS: f64 = 8.0;

/// TGI releases read with that path for AWQ checkpoints: 1.x (1.1.0's image, TGI#1067). Later
/// releases were not read for it (their AWQ may go through Marlin), so they get no term.
const AWQ_SPLIT_K_BEFORE: TgiRelease = TgiRelease { major: 2, minor: 0 };

/// Bytes one shard holds beyond a 16-bit projection output in a prefill of `tokens` tokens of an
/// AWQ checkpoint under TGI 1.x: the split-K partials of its widest GEMM, the merged gate/up
/// projection (`TensorParallelColumnLinear.load_multi` of `gate_proj` and `up_proj`, split over
/// the shards). 0 for any other quantization, release, or an MoE (its experts not read here).
pub fn awq_split_k_bytes(shape: &Shape, req: &FitRequest, tokens: f64, shards: f64) -> f64 {
    let tgi_1x = req.tgi_release.is_some_and(|r| r < AWQ_SPLIT_K_BEFORE);
    if req.quant != Quant::Awq || !tgi_1x || shape.experts > 0 {
        return 0.0;
    }
    let gate_up = 2.0 * f64::from(shape.intermediate) / shards.max(1.0);
    AWQ_SPLIT_K_ITERS * tokens * gate_up * 2.0
}

/// Bytes nvidia-smi shows on one shard of a started TGI server under the request's load: the
/// CUDA context `ctx`, the weights `w`, the pool warm-up sized on a card of `card` bytes with
/// `fraction`, the load's activations and (from 2.0) the CUDA graphs. Without a release word,
/// today's (3.x) rule.
pub fn shown_bytes(
    shape: &Shape,
    req: &FitRequest,
    shards: f64,
    (w, ctx, card, fraction): (f64, f64, f64, f64),
) -> f64 {
    let budget = fraction.clamp(0.05, 1.0) * card;
    let used = ctx + w + warmup_bytes(shape, req, shards);
    let release = req.tgi_release;
    let pool = if release.is_some_and(|r| r < WHOLE_CARD_MARGIN_FROM) {
        WIGGLE_ROOM * (budget - used)
    } else {
        WIGGLE_ROOM * budget - used
    };
    let graphs = if release.is_none_or(|r| r >= GRAPHS_FROM) {
        super::parts::VLLM_CUDA_GRAPHS_GIB * GIB
    } else {
        0.0
    };
    let load = load_bytes(shape, req, shards).min(warmup_bytes(shape, req, shards));
    (ctx + w + pool.max(0.0) + load + graphs).min(card)
}

/// Bytes by which nvidia-smi exceeds `shown` (what the server needs) on a named card a TGI
/// server starts on (its need `core` within the fraction); `None` for any other server or
/// without a card, which `vram::vllm_grant` sizes.
pub(super) fn fill(
    shape: &Shape,
    req: &FitRequest,
    server: Option<(super::Server, f64)>,
    shards: f64,
    (w, ctx, core, shown): (f64, f64, f64, f64),
) -> Option<f64> {
    let (super::Server::Tgi, fraction) = server? else {
        return None;
    };
    let card = req.gpu?.usable_gib() * GIB;
    if core > fraction * card {
        return Some(0.0);
    }
    let smi = shown_bytes(shape, req, shards, (w, ctx, card, fraction));
    Some((smi - shown).max(0.0))
}
