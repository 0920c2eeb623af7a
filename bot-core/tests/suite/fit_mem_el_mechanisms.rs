//! mem_el (session 38, issue 24, held-out 65's rows the CLI could not state): cases of our own,
//! each asserting what the engines' source implies.
//! - A Gated DeltaNet hybrid's linear-attention projections are `nn.Linear` (transformers
//!   `modeling_qwen3_next.py` @ 01cdc608, `in_proj_qkvz`, `in_proj_ba`, `out_proj`), so a 4-bit
//!   checkpoint packs them with the rest; they were counted as 16-bit "other" weights.
//! - `autoround` names Intel's AutoRound INT4, packed as GPTQ's (vLLM `auto_round.py` @ 04aa528e:
//!   `auto_round:auto_gptq`, run on GPTQ's kernels, the head unquantized).
//! - vLLM's MTP speculative decoding loads the checkpoint's MTP layer beside the target and its
//!   attention shares the KV pool (`qwen3_next_mtp.py` @ 055e47c2); embeddings and head are the
//!   target's.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, KvDtype, ModelRef, Quant, Task, estimate_with,
};

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

/// `model` in `quant` on vLLM over 2 x RTX 3090 at 262144 tokens, fp8 KV, 2 sequences,
/// utilization 0.88, with `mtp` drafts.
fn served(model: &str, quant: Quant, mtp: u32) -> FitReport {
    let c = cat();
    let mut req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = 262_144;
    req.batch = 1;
    req.cards = 2;
    req.gpu = Some(c.gpu("rtx-3090").unwrap());
    req.mtp_drafts = mtp;
    let opts = FitOptions {
        vllm_utilization: 0.88,
        vllm_max_seqs: Some(2),
        kv_cache: KvDtype::Fp8,
        ..FitOptions::default()
    };
    estimate_with(c, &req, &opts).unwrap()
}

#[test]
fn a_hybrids_linear_attention_is_packed_in_4_bit() {
    // Qwen3.6-27B's AutoRound INT4 checkpoint is 17.69 GiB on disk (club-3090#142's loader
    // line), vision tower and 16-bit embedding and head included; the old count put the 48
    // DeltaNet layers' projections in 16 bits (20.9 GiB).
    let w = served("qwen3.6-27b", Quant::GptqInt4, 0).weights_gib;
    assert!(
        (w - 17.69).abs() / 17.69 < 0.06,
        "4-bit weights {w} GiB against the checkpoint's 17.69"
    );
    // 16-bit is unchanged by where the matrices are counted: every weight 2 bytes.
    let bf16 = served("qwen3.6-27b", Quant::Bf16, 0).weights_gib;
    let params = 27.36e9 * 2.0 / (1u64 << 30) as f64;
    assert!((bf16 - params).abs() / params < 0.02, "bf16 {bf16} GiB");
}

#[test]
fn autoround_is_a_quantization_word_sized_as_gptq() {
    for w in [
        "autoround",
        "auto-round",
        "auto_round",
        "AutoRound",
        "int4-autoround",
    ] {
        assert_eq!(w.parse::<Quant>().ok(), Some(Quant::GptqInt4), "{w}");
    }
    let en = ask("en-US", "/fit qwen3.6-27b autoround 3090");
    assert!(!en.contains("don't know the quant"), "{en}");
    assert!(en.contains("GiB"), "{en}");
}

#[test]
fn mtp_drafts_add_their_layer_and_share_the_pool() {
    let plain = served("qwen3.6-27b", Quant::GptqInt4, 0);
    let mtp = served("qwen3.6-27b", Quant::GptqInt4, 3);
    // One full-attention decoder layer, its fc (2h -> h) and norms in 16 bits, split over
    // the two cards: about 0.42e9 x 2 bytes / 2 cards = 0.4 GiB a card.
    let more = mtp.per_gpu.weights_gib - plain.per_gpu.weights_gib;
    assert!(
        (0.3..0.5).contains(&more),
        "draft weights {more} GiB a card"
    );
    let (p0, p1) = (
        plain.vllm_kv_pool.as_ref().unwrap(),
        mtp.vllm_kv_pool.as_ref().unwrap(),
    );
    // The pool is what the weights leave: smaller by the draft's weights (and its profile).
    assert!(p1.gib < p0.gib - 0.3, "pool {} -> {} GiB", p0.gib, p1.gib);
    // Each token takes one more attention layer's KV: 17 layers over 16.
    let scale = mtp.kv_bytes_per_token / plain.kv_bytes_per_token;
    assert!((scale - 17.0 / 16.0).abs() < 1e-6, "kv per token x{scale}");
    // Transformers has no such draft: the word changes nothing there.
    let c = cat();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("qwen3.6-27b").unwrap()),
        Quant::GptqInt4,
        Task::Infer,
    );
    req.engine = Engine::Transformers;
    let a = estimate_with(c, &req, &FitOptions::default()).unwrap();
    req.mtp_drafts = 3;
    let b = estimate_with(c, &req, &FitOptions::default()).unwrap();
    assert_eq!(a.weights_gib, b.weights_gib);
}

#[test]
fn mtp_is_a_fit_word_that_names_vllm() {
    let with = ask("en-US", "/fit qwen3.6-27b autoround ctx=256k 2x3090 mtp=3");
    let without = ask(
        "en-US",
        "/fit qwen3.6-27b autoround ctx=256k 2x3090 engine=vllm",
    );
    assert!(with.contains("vllm"), "{with}");
    assert_ne!(with, without);
    let zh = ask("zh-CN", "/fit qwen3.6-27b autoround ctx=256k 2x3090 mtp=3");
    assert!(zh.contains("MTP"), "{zh}");
    assert!(with.contains("MTP"), "{with}");
}
