//! Held-out 20's fixes, tested on models and cards of no table row: the CPU offload of sharded
//! training (`zero3-offload`, `zero2-offload`, `fsdp-offload`) as a word of the lexicon, the
//! CLI and the chat, and what it leaves on each card (`vram::offload`).

use bot_core::Catalog;
use bot_core::lexicon::{is_fsdp, is_offload, offload_sharding, sharding};
use bot_core::vram::{FitOptions, FitRequest, ModelRef, Quant, Task, Zero, estimate_with};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

#[test]
fn offload_words_name_their_stage_and_the_offload() {
    for w in [
        "zero3-offload",
        "zero3_offload",
        "ZeRO-3-Offload",
        "deepspeed_zero3_offload",
        "3-offload",
    ] {
        assert!(is_offload(w), "{w}");
        assert_eq!(w.parse::<Zero>().unwrap(), Zero::Three, "{w}");
    }
    assert!(is_offload("zero2-offload"));
    assert_eq!(offload_sharding("zero2-offload"), Some(Zero::Two));
    assert_eq!(offload_sharding("zero3-offload"), Some(Zero::Three));
    // The plain reading stays apart: an offload is not the same memory on the card.
    assert_eq!(sharding("zero3-offload"), None);
    assert_eq!(offload_sharding("zero3"), None);
    assert!(is_offload("fsdp-offload") && is_fsdp("fsdp-offload"));
    // Plain stages, a lone word and unsharded data parallel offload nothing.
    for w in [
        "zero3",
        "fsdp",
        "offload",
        "ddp-offload",
        "0-offload",
        "device_map",
    ] {
        assert!(!is_offload(w), "{w}");
    }
}

/// Full fine-tuning of Qwen2.5-14B (no table row) on `cards` RTX A6000s, per card.
fn qwen14b_full(cards: u32, zero: Zero, offload: bool) -> bot_core::vram::FitReport {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("qwen2.5-14b").unwrap()),
        Quant::Bf16,
        Task::Full,
    );
    req.context = 2048;
    req.cards = cards;
    req.gpu = Some(catalog.gpu("rtx-a6000").unwrap());
    let opts = FitOptions {
        zero: Some(zero),
        offload,
        ..FitOptions::default()
    };
    estimate_with(&catalog, &req, &opts).unwrap()
}

#[test]
fn zero3_offload_keeps_only_live_layers_and_no_optimizer_on_the_card() {
    let on_card = qwen14b_full(4, Zero::Three, false);
    let off = qwen14b_full(4, Zero::Three, true);
    // The optimizer state (fp32 masters and moments) and its step are in CPU RAM.
    assert!(off.per_gpu.optimizer_gib < 1.0, "{:?}", off.per_gpu);
    assert!(
        on_card.per_gpu.optimizer_gib > 10.0,
        "{:?}",
        on_card.per_gpu
    );
    // The card keeps gathered layers, not a quarter of 27.5 GiB of bf16 weights.
    assert!(off.per_gpu.weights_gib < 3.0, "{:?}", off.per_gpu);
    assert!(off.per_gpu_required_gib < on_card.per_gpu_required_gib - 10.0);
    // More cards shrink a sharded card's share; an offloaded card holds the same live layers.
    let off8 = qwen14b_full(8, Zero::Three, true);
    assert!((off8.per_gpu.weights_gib - off.per_gpu.weights_gib).abs() < 0.05);
    let on8 = qwen14b_full(8, Zero::Three, false);
    assert!(on8.per_gpu.weights_gib < on_card.per_gpu.weights_gib - 2.0);
}

#[test]
fn zero2_offload_moves_the_optimizer_but_keeps_the_whole_16_bit_model() {
    let off = qwen14b_full(4, Zero::Two, true);
    let on_card = qwen14b_full(4, Zero::Two, false);
    // 14.8 B parameters in bf16 on every card, offloaded or not.
    assert!(off.per_gpu.weights_gib > 25.0, "{:?}", off.per_gpu);
    assert!((off.per_gpu.weights_gib - on_card.per_gpu.weights_gib).abs() < 0.05);
    assert!(off.per_gpu.optimizer_gib < 1.0 && on_card.per_gpu.optimizer_gib > 5.0);
}

#[test]
fn the_chat_reads_the_offload_and_says_it_is_per_card() {
    let plain = ask("en-US", "/fit qwen2.5-14b full 4x a6000 zero3");
    let off = ask("en-US", "/fit qwen2.5-14b full 4x a6000 zero3-offload");
    assert!(!plain.contains("CPU offload"), "{plain}");
    assert!(
        off.contains("CPU offload") && off.contains("per card"),
        "{off}"
    );
    assert!(off.contains("✅"), "{off}");
    let zh = ask("zh-CN", "/fit qwen2.5-14b full 4x a6000 zero3-offload");
    assert!(zh.contains("CPU 卸载") && zh.contains("每张卡"), "{zh}");
}

/// vLLM's KV cache per card of Qwen3-Coder-30B-A3B (4 KV heads; no table row) served at
/// 32k tokens on `tp` H100s.
fn coder_kv_per_card(tp: u32) -> f64 {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("qwen3-coder-30b-a3b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.engine = bot_core::vram::Engine::Vllm;
    req.context = 32_768;
    req.cards = tp;
    req.gpu = Some(catalog.gpu("h100-sxm").unwrap());
    estimate_with(&catalog, &req, &FitOptions::default())
        .unwrap()
        .per_gpu
        .kv_cache_gib
}

#[test]
fn tensor_parallel_splits_kv_heads_until_each_rank_holds_one() {
    // vLLM gives each rank max(1, kv_heads / tp) heads: 4 heads split 2 ways halve the cache
    // per card; at tp=4 each rank holds one, and at tp=8 each head is held twice.
    let (one, two, four, eight) = (
        coder_kv_per_card(1),
        coder_kv_per_card(2),
        coder_kv_per_card(4),
        coder_kv_per_card(8),
    );
    assert!((two - one / 2.0).abs() < 0.02, "{one} {two}");
    assert!((four - one / 4.0).abs() < 0.02, "{one} {four}");
    assert!((eight - four).abs() < 0.02, "{four} {eight}");
}
