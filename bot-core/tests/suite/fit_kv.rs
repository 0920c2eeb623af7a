//! Exact KV-cache and weight arithmetic for known configs (hand arithmetic in comments).

use bot_core::Catalog;
use bot_core::vram::{
    Engine, KvDtype, ModelRef, Quant, Shape, kv_bytes_per_token, kv_share_per_card, weight_bytes,
};

fn shape(id: &str) -> Shape {
    let c = Catalog::embedded().unwrap();
    Shape::from_model(c.model(id).unwrap()).unwrap()
}

const GIB: f64 = 1_073_741_824.0;

#[test]
fn llama31_kv_matches_hf_blog_rows() {
    // Llama-3.1-8B: 2 x 32 layers x 8 KV heads x 128 x 2 B = 131072 B/token.
    let s = shape("llama-3.1-8b");
    let b = kv_bytes_per_token(&s, Engine::Vllm, KvDtype::Fp16);
    assert_eq!(b, 131_072.0);
    // HF blog "Llama 3.1" (huggingface/blog llama31.md) KV table, FP16: 8B 0.125 GB at 1k,
    // 1.95 GB at 16k, 15.62 GB at 128k (GiB; 1k = 1024, 16k = 16000, 128k = 128000 tokens).
    assert!((b * 1024.0 / GIB - 0.125).abs() < 1e-9);
    assert!((b * 16_000.0 / GIB - 1.953).abs() < 1e-3);
    assert!((b * 128_000.0 / GIB - 15.625).abs() < 1e-3);
    // 70B: 2 x 80 x 8 x 128 x 2 = 327680 B/token -> 0.3125 / 4.883 / 39.06 GiB.
    let s = shape("llama-3.1-70b");
    let b = kv_bytes_per_token(&s, Engine::Vllm, KvDtype::Fp16);
    assert_eq!(b, 327_680.0);
    assert!((b * 128_000.0 / GIB - 39.0625).abs() < 1e-3);
    // FP8 cache halves it.
    assert_eq!(
        kv_bytes_per_token(&s, Engine::Vllm, KvDtype::Fp8),
        163_840.0
    );
}

#[test]
fn mha_gqa_and_mla_kv_per_token() {
    // Llama-2-7B, full MHA: 2 x 32 x 32 x 128 x 2 = 524288 B = 0.5 MiB per token.
    assert_eq!(
        kv_bytes_per_token(&shape("llama-2-7b"), Engine::Transformers, KvDtype::Fp16),
        524_288.0
    );
    // Qwen2.5-7B: 2 x 28 x 4 x 128 x 2 = 57344.
    assert_eq!(
        kv_bytes_per_token(&shape("qwen2.5-7b"), Engine::Transformers, KvDtype::Fp16),
        57_344.0
    );
    // DeepSeek-V3 MLA latent (vLLM): 61 layers x (512 + 64) x 2 B = 70272 B, not the
    // 2 x 61 x 128 x 56 x 2 that head_dim = hidden/heads would give.
    let ds = shape("deepseek-v3");
    assert_eq!(
        kv_bytes_per_token(&ds, Engine::Vllm, KvDtype::Fp16),
        70_272.0
    );
    // Transformers keeps K (128 heads x 192) and V (128 x 128) per layer: 61 x 128 x 320 x 2.
    assert_eq!(
        kv_bytes_per_token(&ds, Engine::Transformers, KvDtype::Fp16),
        61.0 * 128.0 * 320.0 * 2.0
    );
}

#[test]
fn kv_split_and_replication_under_tensor_parallelism() {
    // Qwen2.5-7B has 4 KV heads: 2 cards hold 1/2 each, 4 cards 1/4, 8 cards still 1/4
    // (each head replicated on 2 cards).
    let s = shape("qwen2.5-7b");
    assert_eq!(kv_share_per_card(&s, 1), 1.0);
    assert_eq!(kv_share_per_card(&s, 2), 0.5);
    assert_eq!(kv_share_per_card(&s, 4), 0.25);
    assert_eq!(kv_share_per_card(&s, 8), 0.25);
    // MLA latent is replicated on every card.
    assert_eq!(kv_share_per_card(&shape("deepseek-v3"), 8), 1.0);
}

#[test]
fn weights_by_format_by_hand() {
    // Qwen2.5-7B: embed 152064 x 3584 = 544,997,376 and an untied head of the same size stay
    // 16-bit in AWQ; the rest of the counted parameters use 4 + 16/128 + 4/128 bits.
    let s = shape("qwen2.5-7b");
    let p = s.params;
    assert_eq!(p.embed, 544_997_376.0);
    assert_eq!(p.lm_head, 544_997_376.0);
    let awq = weight_bytes(&s, Quant::Awq);
    let by_hand = p.linear * 4.15625 / 8.0 + (p.embed + p.lm_head + p.other) * 2.0;
    assert!((awq - by_hand).abs() < 1.0);
    // bf16 = 2 bytes for every counted parameter.
    assert!((weight_bytes(&s, Quant::Bf16) - p.total * 2.0).abs() < 1.0);
    // GGUF Q4_K_M: whole-file 4.8944 bits for every parameter.
    assert!((weight_bytes(&s, Quant::Q4KM) - p.total * 4.8944 / 8.0).abs() < 1.0);
    // bitsandbytes 4-bit at its default (no double quantization): 4 bits + one fp32 absmax
    // per 64 weights = 4.5 bits (double quantization, QLoRA paper, would be 4.127; not assumed).
    assert!((Quant::Nf4.linear_bits() - 4.5).abs() < 1e-3);
}

#[test]
fn parameter_counts_from_config_agree_with_published_totals() {
    // Counting every matmul from config.json should land within 6% of the published total for
    // text models (Gemma-3 4B/12B/27B publish totals that include a ~0.42B vision tower; the
    // count then keeps the published figure as the floor, see Shape::count; Qwen2-Audio's total
    // likewise holds its 0.63B Whisper-style audio encoder beside the decoder).
    let c = Catalog::embedded().unwrap();
    for m in &c.models {
        let s = Shape::from_model(m).unwrap();
        let counted = s.params.embed + s.params.lm_head + s.params.linear;
        let published = m.params_b * 1e9;
        let rel = (counted - published) / published;
        assert!(
            rel.abs() < 0.06
                || m.vision.is_some()
                || m.source_note
                    .as_deref()
                    .is_some_and(|n| n.contains("vision") || n.contains("audio encoder")),
            "{}: counted {:.3}B vs published {:.3}B ({:+.1}%)",
            m.id,
            counted / 1e9,
            m.params_b,
            rel * 100.0
        );
    }
}

#[test]
fn moe_total_vs_active() {
    // Mixtral-8x7B: attention 32 x (2 x 4096 x 4096 + 2 x 4096 x 1024) = 1.342B; experts
    // 32 x 8 x 3 x 4096 x 14336 = 45.10B; embed + head 2 x 32000 x 4096 = 0.262B -> ~46.7B
    // total; active: 2 of 8 experts -> 32 x 2 x 176.2M = 11.27B + 1.342 + 0.262 = ~12.9B.
    let s = shape("mixtral-8x7b");
    assert!(
        (s.params.total / 1e9 - 46.7).abs() < 0.2,
        "{}",
        s.params.total
    );
    assert!(
        (s.params.active / 1e9 - 12.9).abs() < 0.2,
        "{}",
        s.params.active
    );
    let _ = ModelRef::BySize {
        params_b: 7.0,
        active_b: None,
    };
}
