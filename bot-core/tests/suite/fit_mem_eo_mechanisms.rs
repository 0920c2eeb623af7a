//! mem_eo (session 39, issue 24, the held-out rows the CLI could not state): cases of our own.
//! - Models named by held-out rows and missing from the catalog, entered from their configs:
//!   Baichuan-7B, Ministral-3-3B, Qwen3-Embedding-0.6B. Each is checked against a published
//!   figure the entry was not built from (a README's parameter count, a card's "3.4B language
//!   model"), or against the decoder it shares.
//! - vLLM builds an MTP draft block with the checkpoint's quant config (`deepseek_mtp.py` @
//!   4f7c1440, `glm4_moe_mtp.py` @ 6e052ba8), so an FP8 target's draft is FP8; DeepSeek-V3 and
//!   GLM-4.5 carry `num_nextn_predict_layers` 1 and their draft is sized, not "not sized".

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Shape, Task, estimate_with,
};

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

#[test]
fn baichuan_7b_meets_its_readme_count() {
    let c = cat();
    let m = c.model("baichuan-inc/Baichuan-7B").unwrap();
    assert_eq!(m.id, "baichuan-7b");
    // The README's 7,000,559,618, counted from the shape alone (no published-total padding).
    let p = Shape::from_model(m).unwrap().params;
    let counted = p.embed + p.lm_head + p.linear + p.other;
    assert!(
        (counted - 7_000_559_618.0).abs() / 7_000_559_618.0 < 0.001,
        "{counted}"
    );
    // Full multi-head attention: a 7B LoRA at 1024 tokens, batch 4, holds its KV on 32 heads.
    assert_eq!(m.kv_heads, m.heads);
}

#[test]
fn ministral_3_3b_text_decoder_is_the_cards_3_4b() {
    let c = cat();
    let m = c.model("mistralai/Ministral-3-3B-Reasoning-2512").unwrap();
    assert_eq!(m.id, "ministral-3-3b");
    let p = Shape::from_model(m).unwrap().params;
    // "3.4B Language Model + 0.4B Vision Encoder": the decoder counted from the config's shape
    // is the first; the total holds the second beside it.
    let text = p.embed + p.lm_head + p.linear;
    assert!((text - 3.4e9).abs() / 3.4e9 < 0.02, "text {text}");
    assert!((p.total - 3.8e9).abs() / 3.8e9 < 0.02, "total {}", p.total);
    assert_eq!(p.lm_head, 0.0, "tied head");
    // Not the 2024 Ministral-8B, whatever the spelling.
    assert_ne!(c.model("ministral-3:3b").unwrap().id, "ministral-8b");
}

#[test]
fn qwen3_embedding_0_6b_is_qwen3_0_6bs_decoder_at_32k() {
    let c = cat();
    let e = c.model("Qwen/Qwen3-Embedding-0.6B").unwrap();
    let base = c.model("qwen3-0.6b").unwrap();
    assert_eq!(e.id, "qwen3-embedding-0.6b");
    assert_eq!(e.max_context, 32768);
    assert_eq!(
        (e.layers, e.hidden, e.kv_heads),
        (base.layers, base.hidden, base.kv_heads)
    );
    let en = ask("en-US", "/fit qwen3-embedding-0.6b 4090");
    assert!(!en.contains("don't know a model"), "{en}");
}

/// `model` in `quant` on vLLM over 8 x H200 at 8192 tokens, with `mtp` drafts.
fn served(model: &str, quant: Quant, mtp: u32) -> FitReport {
    let c = cat();
    let mut req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = 8192;
    req.cards = 8;
    req.gpu = Some(c.gpu("h200").unwrap());
    req.mtp_drafts = mtp;
    estimate_with(c, &req, &FitOptions::default()).unwrap()
}

#[test]
fn an_fp8_checkpoints_mtp_draft_is_fp8() {
    // DeepSeek-V3's MTP block: MLA attention (0.19B), 256 routed + 1 shared expert of
    // 3 x 7168 x 2048 (11.32B), its router and the 2h -> h eh_proj (0.10B, 16-bit):
    // ~11.6 GB in FP8 over 8 cards = ~1.35 GiB a card (16 bits would be ~2.7).
    let more = served("deepseek-v3", Quant::Fp8, 1).per_gpu.weights_gib
        - served("deepseek-v3", Quant::Fp8, 0).per_gpu.weights_gib;
    assert!((1.2..1.5).contains(&more), "draft {more} GiB a card");
    // GLM-4.5: the same block in bf16 is twice the FP8 one (the 16-bit remainder aside).
    let fp8 = served("glm-4.5", Quant::Fp8, 1).per_gpu.weights_gib
        - served("glm-4.5", Quant::Fp8, 0).per_gpu.weights_gib;
    let bf16 = served("glm-4.5", Quant::Bf16, 1).per_gpu.weights_gib
        - served("glm-4.5", Quant::Bf16, 0).per_gpu.weights_gib;
    assert!(fp8 > 0.3, "glm-4.5 fp8 draft {fp8}");
    let r = fp8 / bf16;
    assert!((0.5..0.53).contains(&r), "fp8 / bf16 draft {r}");
}

#[test]
fn deepseek_v3_with_mtp_says_its_draft_in_fp8() {
    let en = ask("en-US", "/fit deepseek-v3 fp8 8xh200 mtp=1");
    assert!(!en.contains("draft is not sized"), "{en}");
    assert!(en.contains("FP8 config"), "{en}");
    let zh = ask("zh-CN", "/fit deepseek-v3 fp8 8xh200 mtp=1");
    assert!(zh.contains("FP8 量化配置"), "{zh}");
}
