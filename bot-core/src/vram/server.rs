//! Serving engines sized in vLLM's class (paged KV cache, a pool taken at start-up) whose own
//! pool rule differs from vLLM's `gpu_memory_utilization`: SGLang, TGI, LMDeploy and
//! TensorRT-LLM, each with its own fraction and what it is a fraction of.
//!
//! Sources:
//! - SGLang `python/sglang/srt/server_args.py` `_handle_gpu_memory_settings` (the 0.5 line, 2025-10;
//!   read as stored here, the docstring quoted in [`sglang_default_fraction`]):
//!   `mem_fraction_static` = (weights + KV pool) / the card's memory; activations and CUDA
//!   graphs live in the rest. Its default by card size: chunked prefill 2048 tokens and a CUDA
//!   graph batch of 8 under 20 GiB, 2048 and 24 (80 from TP 4) under 35 GiB, 4096 and 32 (160)
//!   under 60 GiB, 8192 and 256 (512) under 160 GiB, 16384 and 512 above; reserved MiB = 512 +
//!   max(chunk, 2048) × 1.5 + graph batch × 2 + TP / 8 × 1024, at least 10 GiB on a card over
//!   60 GiB; the fraction (card − reserved) / card, rounded to 3 places.
//! - TGI `launcher/src/main.rs` @ 009c4e0b945b2c111368afdc2c9813c32db0a9b7:
//!   `--cuda-memory-fraction`, default 1.0, "the total visible memory multiplied by
//!   cuda-memory-fraction": the whole budget for weights, warm-up and KV blocks, as vLLM's.
//! - LMDeploy `lmdeploy/messages.py` @ 9f134dc46ed302fd2a06412d01eef9909e55cd21:
//!   `cache_max_entry_count` 0.8, "the percentage of free gpu memory occupied by the k/v cache"
//!   after the weights are loaded.
//! - TensorRT-LLM `KvCacheConfig.free_gpu_memory_fraction`, default 0.9 of the memory free
//!   after the engine is built ("The fraction of GPU memory fraction that should be allocated
//!   for the KV cache. Default is 90%").

use serde::Serialize;

/// A vLLM-class serving engine with its own pool rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Server {
    Sglang,
    Tgi,
    Lmdeploy,
    TrtLlm,
}

impl Server {
    /// The server a word names (`sglang`, `tgi`, `lmdeploy`, `trt-llm`, ...), or `None`.
    pub fn parse(word: &str) -> Option<Server> {
        let w: String = word
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' ' | '.'))
            .collect();
        match w.as_str() {
            "sglang" => Some(Server::Sglang),
            "tgi" | "textgenerationinference" => Some(Server::Tgi),
            "lmdeploy" | "turbomind" => Some(Server::Lmdeploy),
            "trtllm" | "tensorrtllm" | "tensorrt" => Some(Server::TrtLlm),
            _ => None,
        }
    }

    pub fn key(&self) -> &'static str {
        match self {
            Server::Sglang => "sglang",
            Server::Tgi => "tgi",
            Server::Lmdeploy => "lmdeploy",
            Server::TrtLlm => "trt-llm",
        }
    }

    /// The engine's own default fraction on a card of `card_mib` MiB (SGLang's depends on the
    /// card and the tensor-parallel size; without a card, SGLang's own fallback 0.88).
    pub fn default_fraction(&self, card_mib: Option<f64>, tp: u32) -> f64 {
        match self {
            Server::Sglang => card_mib.map_or(0.88, |m| sglang_default_fraction(m, tp)),
            Server::Tgi => 1.0,
            Server::Lmdeploy => 0.8,
            Server::TrtLlm => 0.9,
        }
    }

    /// What more than weights + KV + activations a card must hold for the server to start
    /// (`core_rest` is the CUDA context and graphs beside them): SGLang's weights and pool within
    /// `fraction` of the card, TGI's everything within it, LMDeploy's and TensorRT-LLM's KV pool
    /// within `fraction` of what the weights leave.
    pub fn over_bytes(&self, fraction: f64, w: f64, kv: f64, act: f64, core_rest: f64) -> f64 {
        let f = fraction.clamp(0.05, 1.0);
        match self {
            Server::Sglang => ((w + kv) / f - (w + kv) - act).max(core_rest),
            Server::Tgi => ((w + kv + act) / f - (w + kv + act)).max(core_rest),
            Server::TrtLlm => (kv / f - kv - act).max(core_rest),
            // TurboMind takes its pool first (`SequenceManager` in `LlamaBatch`'s constructor,
            // `cache_max_entry_count` of the free memory) and allocates its prefill buffers and
            // runs its start-up GEMM tuning after it: the workspace must fit in the rest,
            // (1 - fraction) of what the weights leave.
            Server::Lmdeploy => {
                let rest = (1.0 - f).max(0.01);
                (kv / f - kv - act)
                    .max(core_rest)
                    .max(act / rest - kv - act + core_rest)
            }
        }
    }

    /// The share of a card of `card` bytes the started server holds for its weights and pool,
    /// which its KV cache fills whatever the requests need (`vram::vllm_grant`).
    pub fn held_share(&self, fraction: f64, w: f64, card: f64) -> f64 {
        match self {
            Server::Sglang | Server::Tgi => fraction,
            Server::Lmdeploy | Server::TrtLlm if card > 0.0 => {
                (w + fraction * (card - w).max(0.0)) / card
            }
            _ => fraction,
        }
    }
}

/// TurboMind's default `max_prefill_token_num` (`lmdeploy/messages.py`
/// `TurbomindEngineConfig`; `LlamaTritonModel.cc` falls back to the same 8192).
pub const TURBOMIND_PREFILL_TOKENS: f64 = 8192.0;
/// TurboMind's default `max_batch_size` on a card that `lmdeploy/utils.py`
/// `get_max_batch_size` does not list (A100/A800 256, H100/H800 512, others 128).
pub const TURBOMIND_BATCH: f64 = 128.0;

/// What LMDeploy's TurboMind (0.6.0 and later) allocates at start-up beyond the weights and
/// the KV pool, in bytes per card, read in `src/turbomind/models/llama` @ v0.6.2:
/// `LlamaBatch::AllocateBuffer` keeps input and output rows of the hidden width for
/// `max_forward_token_num` = `max_prefill_token_num` + `max_batch_size` tokens, and two fp32
/// rows of the vocabulary per batch slot (`logits_buf_`, `local_logits_buf_`); then
/// `LlamaBatch::tune()` (new in 0.6.0, called from `LlamaTritonModel::createEngine`) runs
/// `forwardUnified` over GEMM tuning batches up to 8192 tokens (`GetDefaultTuningGenerators`),
/// so the layers' buffers grow to that many tokens: `UnifiedAttentionLayer::allocateBuffer`
/// (QKV, the attention output, the K/V copy over the keys) and `LlamaFfnLayer::allocateBuffer`
/// (gate and up, `2 × token_num × inter_size`), heads and FFN split over the ranks, 16-bit.
/// Dense FFN only: an MoE's routed buffers are not read here (`None`).
pub fn turbomind_workspace_bytes(shape: &super::Shape, tp: f64) -> Option<f64> {
    if shape.experts > 0 {
        return None;
    }
    let tp = tp.max(1.0);
    let fwd = TURBOMIND_PREFILL_TOKENS + TURBOMIND_BATCH;
    let tuned = TURBOMIND_PREFILL_TOKENS;
    let hd = shape.head_dim as f64;
    let q = (shape.heads as f64 / tp).ceil() * hd;
    let kv = (shape.kv_heads as f64 / tp).ceil() * hd;
    let batch_rows = 2.0 * fwd * shape.hidden as f64 * 2.0;
    let logits = 2.0 * TURBOMIND_BATCH * shape.vocab as f64 * 4.0;
    let attention = tuned * ((q + 2.0 * kv) + q + 2.0 * kv) * 2.0;
    let ffn = 2.0 * tuned * (shape.intermediate as f64 / tp) * 2.0;
    Some(batch_rows + logits + attention + ffn)
}

/// SGLang's default `mem_fraction_static` on a card of `card_mib` MiB with `tp` cards
/// (`_handle_gpu_memory_settings`: "reserved_mem = chunked_prefill_size * 1.5 +
/// cuda_graph_max_bs * 2 ... mem_fraction_static = (GPU memory capacity - reserved_mem) / GPU
/// memory capacity").
pub fn sglang_default_fraction(card_mib: f64, tp: u32) -> f64 {
    let small_tp = tp < 4;
    let (chunk, graphs) = if card_mib < 20.0 * 1024.0 {
        (2048.0, 8.0)
    } else if card_mib < 35.0 * 1024.0 {
        (2048.0, if small_tp { 24.0 } else { 80.0 })
    } else if card_mib < 60.0 * 1024.0 {
        (4096.0, if small_tp { 32.0 } else { 160.0 })
    } else if card_mib < 160.0 * 1024.0 {
        (8192.0, if small_tp { 256.0 } else { 512.0 })
    } else {
        (16384.0, 512.0)
    };
    let mut reserved = 512.0 + f64::max(chunk, 2048.0) * 1.5 + graphs * 2.0;
    reserved += tp.max(1) as f64 / 8.0 * 1024.0;
    if card_mib > 60.0 * 1024.0 {
        reserved = reserved.max(10.0 * 1024.0);
    }
    ((card_mib - reserved) / card_mib * 1000.0).round() / 1000.0
}
