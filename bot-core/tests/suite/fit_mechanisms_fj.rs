//! mem_fj (session 44, issue 24 §3, the serving start-ups answered "runs"): cases of our own, on
//! models and cards of no held-out row.
//!
//! vLLM before 0.3.0 runs every AWQ layer through one kernel whatever the token count:
//! `AWQLinearMethod.apply_weights` calls `ops.awq_gemm(reshaped_x, qweight, scales, qzeros,
//! pack_factor)` (`vllm/model_executor/layers/quantization/awq.py` in the 0.2.0, 0.2.5 and 0.2.7
//! wheels), and `awq_gemm` (`csrc/quantization/awq/gemm_kernels.cu`, from llm-awq) allocates
//! `torch::empty({split_k_iters, num_in_feats, OC})` in 16 bits with `split_k_iters` =
//! `pack_factor` = 8 before summing them. 0.3.0 sends 256 tokens or more through
//! `awq_dequantize` + `torch.matmul` instead (`FP16_MATMUL_HEURISTIC_CONDITION`). So a 0.2.x
//! start-up profile, which runs `max(max_model_len, 2048)` tokens in one pass, holds eight
//! partial outputs of the widest AWQ GEMM (the merged gate/up projection) at that length.

use bot_core::Catalog;

// The verdict words of an en-US answer, as mem_ff's cases read them.
use super::fit_mechanisms_ff::{ask, runs};

/// Mistral-7B AWQ at 12,288 tokens on an RTX 3060 12GB: under vLLM 0.2.7 the profile's
/// 12,288-token pass holds 8 × 12,288 × 28,672 16-bit partials (5.25 GiB) beside weights, cache
/// and the pass's own activations, past the 0.9 share; 0.3.0's dequantize path holds none.
#[test]
fn vllm_before_0_3_holds_the_awq_split_k_partials_in_its_profile() {
    let base = "/fit mistral-7b awq ctx=12k rtx-3060 engine=vllm";
    let old = ask("en-US", &format!("{base} vllm=0.2.7"));
    let new = ask("en-US", &format!("{base} vllm=0.3.0"));
    // Before mem_fj: 0.2.7 answered "⚠️ Tight ... fits with 4.8 GiB to spare", as 0.3.0 does.
    assert!(runs(&new), "{new}");
    assert!(!runs(&old), "0.2.7's split-K partials: {old}");
    // The answer says the rule that decides it, with the release that ends it.
    assert!(old.contains("split-K") && old.contains("0.3.0"), "{old}");
    assert!(!new.contains("split-K"), "{new}");
}

/// The term grows with the profile's tokens: at 2048 (vLLM's floor) the same model on a 4090
/// still fits under 0.2.7, and the note gives the smaller figure.
#[test]
fn the_partials_scale_with_the_profiled_tokens() {
    let short = ask(
        "en-US",
        "/fit mistral-7b awq ctx=2k 4090 engine=vllm vllm=0.2.7",
    );
    assert!(runs(&short), "{short}");
    assert!(short.contains("split-K"), "{short}");
    // 8 × 2048 × 28,672 × 2 bytes = 0.88 GiB.
    assert!(short.contains("0.88 GiB"), "{short}");
}

/// Only AWQ takes that kernel: a GPTQ checkpoint under the same release has no such note.
#[test]
fn gptq_under_the_same_release_has_no_split_k_term() {
    let a = ask(
        "en-US",
        "/fit mistral-7b gptq-int4 ctx=8k rtx-3060 engine=vllm vllm=0.2.7",
    );
    assert!(!a.contains("split-K"), "{a}");
}

/// The rule in zh-CN, with no English sentence left.
#[test]
fn the_rule_is_said_in_chinese_too() {
    let a = ask(
        "zh-CN",
        "/fit mistral-7b awq ctx=8k rtx-3060 engine=vllm vllm=0.2.7",
    );
    assert!(a.contains("split-K") && a.contains("0.3.0"), "{a}");
    assert!(!a.contains("partial outputs"), "{a}");
}

/// The need itself: the profile's activations under 0.2.7 exceed 0.3.0's by the partials of
/// the merged gate/up GEMM over the ranks (two-way tensor parallel halves them).
#[test]
fn the_term_is_the_gate_up_partials_over_the_ranks() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("mistral-7b").unwrap();
    let card = c.gpu("rtx-4090").unwrap();
    let act = |release: &str, cards: u32| {
        let mut r = bot_core::vram::FitRequest::new(
            bot_core::vram::ModelRef::Known(m),
            bot_core::vram::Quant::Awq,
            bot_core::vram::Task::Infer,
        );
        r.engine = bot_core::vram::Engine::Vllm;
        r.vllm_v0 = true;
        r.vllm_release = bot_core::vram::VllmRelease::parse(release);
        r.context = 4096;
        r.cards = cards;
        r.gpu = Some(card);
        let rep =
            bot_core::vram::estimate_with(&c, &r, &bot_core::vram::FitOptions::default()).unwrap();
        rep.per_gpu.activations_gib
    };
    let gib = 1024.0_f64.powi(3);
    for cards in [1u32, 2] {
        let partials = 8.0 * 4096.0 * (2.0 * 14336.0 / f64::from(cards)) * 2.0 / gib;
        let grown = act("0.2.7", cards) - act("0.3.0", cards);
        assert!(
            (grown - partials).abs() < 0.05,
            "{cards} card(s): grown {grown:.3} GiB, partials {partials:.3} GiB"
        );
    }
}
