//! What each engine keeps of a sliding-window layer's KV cache (`Shape::sliding`): the window,
//! the window plus a prefill chunk or micro-batch, or the whole context. Apart from
//! `kv_cache` (cache types), which `parts` reads, so that this rule may read `parts` and
//! `ollama` without a cycle.

use super::{Engine, FitOptions, FitRequest, Server, Shape};

/// Tokens each sliding-window layer (`Shape::sliding`) of one sequence of `context` tokens holds
/// under the engine the request runs (`batched`: vLLM's `max_num_batched_tokens`), scaled by
/// the engine's padding of those layers; `context` where the engine keeps them at full length.
///
/// - Transformers: the window (`HybridCache`, Gemma-2's and Gemma-3's `generation_config`
///   `cache_implementation`, allocates min(window, max_cache_len) for a sliding layer; the
///   sliding layers of `DynamicCache` keep the last window-1 tokens).
/// - vLLM V1's hybrid KV cache manager (`vllm/v1/kv_cache_interface.py`,
///   `SlidingWindowSpec.max_memory_usage_bytes`): min(window - 1 + max_num_batched_tokens,
///   max_model_len) in blocks of 16, plus one block; layers grouped by the smaller count of
///   either kind (`kv_cache_utils.py`, group size = the larger count when it is under 1.5x),
///   a short group padded (Gemma-3-27B: 52 sliding layers in 6 groups of 10). Off
///   (`--disable-hybrid-kv-cache-manager`: `unify_hybrid_kv_cache_specs` turns every
///   `SlidingWindowSpec` into a full one) and in V0: full length.
/// - SGLang: a separate SWA pool for the architectures `is_hybrid_swa_model` lists (gpt-oss,
///   Llama-4, MiMo-V2, Step-3.5), sized `swa_full_tokens_ratio` (0.8) of the full pool's
///   tokens; every other model (Gemma-2/3/4) one pool of full-length layers.
/// - TGI: one cache shape for every layer and block (`flash_causal_lm.py` warmup:
///   `num_layers * cache_block_size * 2 * dtype_size` per block): full length.
/// - LMDeploy, TensorRT-LLM: not checked, full length (never under).
/// - llama.cpp (`llama-kv-cache-iswa.cpp`, since PR 13194, May 2025): the SWA cache holds
///   pad(min(n_ctx, n_swa + n_ubatch), 256) cells per sequence stream; `--swa-full` the whole
///   context.
/// - Ollama's own engine: `kvcache/causal.go` holds `capacity` cells in every layer up to
///   @3e8b8a19 (March 2025, Gemma 3's first releases: the window only masks); later
///   `maxSequences x swaMemorySize + maxBatch`, with swaMemorySize the window for Gemma 2/3
///   and 4096 for gpt-oss and Gemma 4 (`NewSWAMemCache`). Gemma 3 always runs on that engine
///   (`OllamaEngineRequired`), and from v0.6.3 (1feff6197 "Sliding window cache only needs a
///   single batch total", 2025-03-24; `Causal.Init` @ v0.9.0: `cacheSize = maxSequences *
///   windowSize + maxBatch` when the slot's capacity reaches the window, else `maxSequences *
///   capacity`) its sliding layers hold the window per slot plus one batch, shared: per
///   sequence window + num_batch / slots. Only v0.6.0-v0.6.2 kept the full length there.
///   Gemma 2 runs on Ollama's vendored llama.cpp, which has no SWA cache through v0.11.3
///   (`llama/llama.cpp/src` holds no `llama-kv-cache-iswa.cpp`): full length. gpt-oss /
///   Gemma 4, which only ran on the newer cache, at 4096 + the batch.
pub fn sliding_tokens(shape: &Shape, req: &FitRequest, opts: &FitOptions, batched: u32) -> f64 {
    let ctx = req.context as f64;
    let Some(s) = shape.sliding else {
        return ctx;
    };
    let w = s.window as f64;
    let full = ctx;
    if req.swa_full {
        return full;
    }
    if opts.ollama {
        let family = match req.model {
            super::ModelRef::Known(m) => m.family.as_str(),
            _ => "",
        };
        let batch = super::ollama::DEFAULT_NUM_BATCH as f64;
        return match family {
            "gpt-oss" | "gemma4" => ctx.min(4096.0 + batch),
            "gemma3" if !super::ollama::OllamaRelease::gemma3_window(req.ollama_release) => full,
            "gemma3" if ctx < w => ctx,
            "gemma3" => w + batch / req.batch.max(1) as f64,
            _ => full,
        };
    }
    match req.engine {
        Engine::Transformers => ctx.min(w),
        // ExLlamaV2's cache holds `max_seq_len` for every layer (`cache.py`).
        Engine::Exllamav2 => full,
        Engine::Llamacpp => {
            let ub = req.ubatch.unwrap_or(super::parts::LLAMACPP_UBATCH) as f64;
            (ctx.min(w + ub) / 256.0).ceil() * 256.0
        }
        Engine::Vllm => match opts.server_pool(req).map(|(s, _)| s) {
            Some(Server::Sglang) => {
                let hybrid = matches!(req.model, super::ModelRef::Known(m)
                    if ["gpt-oss", "llama4"].contains(&m.family.as_str()));
                if hybrid { 0.8 * ctx } else { full }
            }
            Some(_) => full,
            None if req.vllm_v0 => full,
            None => {
                let block = 16.0;
                let held = ((ctx.min(w - 1.0 + batched as f64)) / block).ceil() * block + block;
                held * vllm_padded(s.layers, shape.layers - s.layers) / s.layers.max(1) as f64
            }
        },
    }
}

/// Sliding layers vLLM's hybrid KV cache manager holds once grouped: groups of the smaller
/// layer count (of the larger when it is under 1.5 times the smaller), the last one padded.
fn vllm_padded(sliding: u32, full: u32) -> f64 {
    let (lo, hi) = (sliding.min(full).max(1), sliding.max(full));
    let group = if (hi as f64) < lo as f64 * 1.5 {
        hi
    } else {
        lo
    };
    sliding.div_ceil(group.max(1)) as f64 * group as f64
}

/// What a sliding-window layer keeps under the engine, in words (`fit-warn-sliding`'s `kept`):
/// the same branches as `sliding_tokens`.
fn kept_word(req: &FitRequest, opts: &FitOptions) -> &'static str {
    if req.swa_full {
        return "full";
    }
    if opts.ollama {
        return match req.model {
            super::ModelRef::Known(m) if ["gpt-oss", "gemma4"].contains(&m.family.as_str()) => {
                "ollama"
            }
            super::ModelRef::Known(m)
                if m.family == "gemma3"
                    && super::ollama::OllamaRelease::gemma3_window(req.ollama_release) =>
            {
                "ollamawindow"
            }
            _ => "full",
        };
    }
    match req.engine {
        Engine::Transformers => "window",
        Engine::Llamacpp => "ubatch",
        Engine::Exllamav2 => "full",
        Engine::Vllm => match opts.server_pool(req).map(|(s, _)| s) {
            Some(Server::Sglang) => match req.model {
                super::ModelRef::Known(m) if ["gpt-oss", "llama4"].contains(&m.family.as_str()) => {
                    "sglang"
                }
                _ => "full",
            },
            Some(_) => "full",
            None if req.vllm_v0 => "full",
            None => "chunk",
        },
    }
}

/// The answer's note on a model with sliding-window layers run past its window: how many
/// layers slide, over what window, and what the engine keeps of them (so a long context costs
/// less than every layer at full length, or does not, and `swafull=on` says so for llama.cpp).
pub fn note(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> Option<crate::reply::Msg> {
    let s = shape.sliding?;
    if req.task.is_training() || req.context <= s.window {
        return None;
    }
    Some(
        crate::reply::Msg::new("fit-warn-sliding")
            .arg("sliding", s.layers)
            .arg("layers", shape.layers)
            .arg("window", s.window)
            .arg("kept", kept_word(req, opts)),
    )
}
