//! Mechanisms found on held-out 32's misses (session 24, mem_aw, issue 24), each tested on
//! models, cards and settings of no table row.
//!
//! - An Unsloth release from 2026.2 (Transformers 5.x) to before 2026.6 leaves an MoE's fused
//!   routed experts in 16-bit on a bitsandbytes base: `bnb_experts` sizes them without the
//!   `--experts-16bit` word once the release is named (`unsloth_release::keeps_experts_16bit`).

use bot_core::Catalog;
use bot_core::vram::unsloth_release::{
    QUANTIZED_EXPERTS_FROM, TRANSFORMERS_V5_FROM, keeps_experts_16bit,
};
use bot_core::vram::{
    FitOptions, FitRequest, GIB, ModelRef, Quant, Task, UnslothRelease, estimate_with,
};

/// Per-card GiB of an Unsloth QLoRA of `model` at 2048 tokens, at `release` (none: today's),
/// with or without the word that keeps the experts 16-bit.
fn qlora(model: &str, release: Option<&str>, word: bool) -> f64 {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
    req.context = 2048;
    req.unsloth = true;
    req.unsloth_release = release.map(|r| UnslothRelease::parse(r).unwrap());
    req.experts_16bit = word;
    estimate_with(&catalog, &req, &FitOptions::default())
        .unwrap()
        .per_gpu_gib
}

#[test]
fn the_window_is_the_transformers_v5_releases_before_unsloth_quantized_the_experts() {
    assert!(TRANSFORMERS_V5_FROM < QUANTIZED_EXPERTS_FROM);
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("qwen3-30b-a3b").unwrap();
    let at = |r: &str, task: Task, unsloth: bool| {
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Nf4, task);
        req.unsloth = unsloth;
        req.unsloth_release = Some(UnslothRelease::parse(r).unwrap());
        keeps_experts_16bit(&req)
    };
    assert!(at("2026.2.1", Task::Qlora, true));
    assert!(at("2026.5.10", Task::Qlora, true));
    // Transformers 4.x era: one nn.Linear per expert, quantized with the rest.
    assert!(!at("2025.8.2", Task::Qlora, true));
    // From 2026.6 unsloth-zoo converts the fused experts itself.
    assert!(!at("2026.6.1", Task::Qlora, true));
    // A release word only speaks for an Unsloth training.
    assert!(!at("2026.4", Task::Infer, true));
    assert!(!at("2026.4", Task::Qlora, false));
}

#[test]
fn a_release_in_the_window_sizes_the_experts_as_the_word_does() {
    let kept = qlora("qwen3-30b-a3b", Some("2026.3"), false);
    let word = qlora("qwen3-30b-a3b", None, true);
    let today = qlora("qwen3-30b-a3b", None, false);
    let later = qlora("qwen3-30b-a3b", Some("2026.7"), false);
    assert!((kept - word).abs() < 0.01, "{kept} vs {word}");
    // About 29B routed-expert parameters at 2 bytes instead of ~0.52: tens of GiB more.
    assert!(kept - today > 30e9 / GIB, "{kept} vs {today}");
    assert!((later - today).abs() < 0.01, "{later} vs {today}");
}

#[test]
fn a_dense_model_is_the_same_at_any_release() {
    let a = qlora("qwen3-8b", Some("2026.3"), false);
    let b = qlora("qwen3-8b", Some("2026.7"), false);
    assert!((a - b).abs() < 0.01, "{a} vs {b}");
}
