//! The KV cache's element type as each engine runs it (`kv=`, `ctk=` / `ctv=`, `--kv-cache`):
//! what a cached value costs, which types an engine has, and llama.cpp's rule that a quantized
//! V cache needs flash attention.
//!
//! Sources: llama.cpp's block layouts (`ggml/src/ggml-common.h` @ 01243c587feceaa5d6a6c2305535ef2f549c48b8,
//! `KvDtype::bytes`); llama.cpp's context creation refuses a quantized V cache without flash
//! attention (`llama_init_from_model`: "V cache quantization requires flash_attn", newer releases
//! "quantized V cache was requested, but this requires Flash Attention"): the non-flash path
//! stores V transposed for `ggml_mul_mat`, which a block type cannot be; a quantized K cache alone
//! runs either way. Ollama @ fb30760996871fa9460115c753afd2c60d4ab0f7 passes `OLLAMA_KV_CACHE_TYPE`
//! to llama-server as both `--cache-type-k` and `--cache-type-v` (`llm/llama_server.go`) and its
//! FAQ says the cache "can be quantized ... when Flash Attention is enabled". vLLM's
//! `--kv-cache-dtype` takes `auto` (the model's dtype) and the fp8 formats, none of llama.cpp's
//! block types; llama.cpp has no fp8 cache type (its 8-bit one is q8_0).

use super::{Attention, Engine, FitOptions, FitRequest, KvDtype};
use crate::reply::Msg;

/// The K and V cache types the engine runs for what was asked: vLLM's fp8 for a llama.cpp
/// block type (its only cache narrower than 16 bits), llama.cpp's q8_0 for fp8.
pub fn engine_types(req: &FitRequest, opts: &FitOptions) -> (KvDtype, KvDtype) {
    let k = opts.kv_cache;
    let v = opts.kv_cache_v.unwrap_or(k);
    (as_engine(req.engine, k), as_engine(req.engine, v))
}

fn as_engine(engine: Engine, t: KvDtype) -> KvDtype {
    match engine {
        // ExLlamaV2's own modes (`exllamav2_type`); theirs on another engine are
        // the nearest of that engine's: 8-bit for Q8 and Q6, 4-bit for Q4.
        Engine::Exllamav2 => exllamav2_type(t),
        Engine::Vllm if t.is_block_quantized() || t.is_exl2() => KvDtype::Fp8,
        Engine::Llamacpp if t == KvDtype::Fp8 => KvDtype::Q8_0,
        Engine::Llamacpp | Engine::Transformers if t.is_exl2() => match t {
            KvDtype::Exl2Q4 => KvDtype::Q4_0,
            _ => KvDtype::Q8_0,
        },
        _ => t,
    }
}

/// The cache mode ExLlamaV2 runs for a type named another engine's way: its Q8 for an 8-bit
/// type, Q4 for a 4-bit one, Q6 for llama.cpp's 5-bit ones (between the two); FP16 stays.
fn exllamav2_type(t: KvDtype) -> KvDtype {
    match t {
        KvDtype::Fp8 | KvDtype::Q8_0 => KvDtype::Exl2Q8,
        KvDtype::Q5_0 | KvDtype::Q5_1 => KvDtype::Exl2Q6,
        KvDtype::Q4_0 | KvDtype::Q4_1 | KvDtype::Iq4Nl => KvDtype::Exl2Q4,
        other => other,
    }
}

/// Bytes a cached value takes, averaged over K and V (each is half of a token's cache).
pub fn mean_bytes(k: KvDtype, v: KvDtype) -> f64 {
    (k.bytes() + v.bytes()) / 2.0
}

/// How the report names the cache: `f16`, `q8_0`, or `q8_0/f16` when K and V differ.
pub fn label(k: KvDtype, v: KvDtype) -> String {
    if k == v {
        k.key().to_string()
    } else {
        format!("{}/{}", k.key(), v.key())
    }
}

/// Whether llama.cpp refuses this request's cache: a quantized V cache with an attention that is
/// not flash attention, said by the request (`attn=eager|sdpa`, llama.cpp's `-fa off`).
pub fn llamacpp_refuses(req: &FitRequest, opts: &FitOptions) -> bool {
    let (_, v) = engine_types(req, opts);
    req.engine == Engine::Llamacpp
        && v.is_block_quantized()
        && req.attention.is_some_and(|a| a != Attention::Flash)
}

/// What the answer says about the cache type: the type each engine runs in place of one it does
/// not have, Transformers' own cache, and llama.cpp's refusal without flash attention.
pub fn warnings(req: &FitRequest, opts: &FitOptions) -> Vec<Msg> {
    let mut out = Vec::new();
    let asked_k = opts.kv_cache;
    let asked_v = opts.kv_cache_v.unwrap_or(asked_k);
    let (k, v) = engine_types(req, opts);
    if (k, v) != (asked_k, asked_v) {
        out.push(
            Msg::new("fit-warn-kv-engine")
                .arg("engine", req.engine.key())
                .arg("asked", label(asked_k, asked_v))
                .arg("sized", label(k, v)),
        );
    }
    if req.engine == Engine::Transformers && (k, v) != (KvDtype::Fp16, KvDtype::Fp16) {
        out.push(Msg::new("fit-warn-kv-transformers").arg("kv", label(k, v)));
    }
    if llamacpp_refuses(req, opts) {
        out.push(Msg::new("fit-warn-kv-needs-fa").arg("kv", v.key()));
    }
    out
}
