//! Mechanisms found on the held-out tables' last misses (session 20, mem_ae, issue 24), each
//! tested on models, cards and settings of no table row.
//!
//! - vLLM's `--max-num-seqs` as a setting (`vram::vllm_seqs`): its start-up profile samples one
//!   row of logits per request it may run at once, so a lower ceiling leaves that memory to the
//!   KV cache (held-out 18, vllm#17238).
//! - A trainer that loads the whole model on every card before FSDP shards it
//!   (`vram::whole_load`: LLaMA-Factory 0.5.3 to 0.7.0; held-out 20, LLaMA-Factory#3106).

use bot_core::Catalog;
use bot_core::vram::whole_load::llamafactory_loads_whole;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Task,
    VLLM_SAMPLER_BYTES_PER_LOGIT, VllmDefaults, Zero, estimate_with, vllm_seqs::profile_limits,
};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

#[test]
fn the_users_max_num_seqs_replaces_only_the_rows() {
    for d in [
        VllmDefaults::SMALL,
        VllmDefaults::LARGE,
        VllmDefaults::v0(8192, false),
    ] {
        assert_eq!(profile_limits(d, None), d);
        // Zero is no setting: vLLM's own default stands.
        assert_eq!(profile_limits(d, Some(0)), d);
        for n in [1, 24, 300, 2048] {
            let got = profile_limits(d, Some(n));
            assert_eq!(got.max_seqs, n);
            assert_eq!(got.batched_tokens, d.batched_tokens);
        }
    }
}

/// A vLLM server of `model` in bf16 on `cards` × `gpu`, 8192 tokens × 16 requests, with the
/// user's `--max-num-seqs` or vLLM's default.
fn served(model: &str, gpu: &str, cards: u32, seqs: Option<u32>) -> (FitReport, f64) {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = 8192;
    req.batch = 16;
    req.cards = cards;
    req.gpu = Some(catalog.gpu(gpu).unwrap());
    let opts = FitOptions {
        vllm_max_seqs: seqs,
        ..FitOptions::default()
    };
    (
        estimate_with(&catalog, &req, &opts).unwrap(),
        m.vocab as f64,
    )
}

#[test]
fn the_profile_samples_for_the_rows_the_user_set() {
    // Llama-3.1-8B on one L4, Qwen2.5-14B over 2 × A10 (tensor parallel: every rank samples
    // the whole vocabulary): vLLM's default 256 rows set the profile's peak (the sampler is
    // larger than a 2048-token forward pass of these widths).
    for (model, gpu, cards) in [("llama-3.1-8b", "l4", 1), ("qwen2.5-14b", "a10", 2)] {
        let (default, vocab) = served(model, gpu, cards, None);
        let rows = |n: f64| n * vocab * VLLM_SAMPLER_BYTES_PER_LOGIT / GIB;
        let act = default.per_gpu.activations_gib;
        assert!((act - rows(256.0)).abs() < 0.01, "{model}: {act:.3} GiB");
        // Twice the rows, twice the sampler.
        let (more, _) = served(model, gpu, cards, Some(512));
        assert!((more.per_gpu.activations_gib - rows(512.0)).abs() < 0.01);
        // 16 rows: the sampler no longer sets the peak; the need falls by what it freed, and
        // the weights and the KV cache of the 16 requests do not move.
        let (few, _) = served(model, gpu, cards, Some(16));
        let freed = act - few.per_gpu.activations_gib;
        assert!(
            freed > 0.5 * rows(240.0) && freed <= rows(240.0) + 1e-6,
            "{model}: {freed}"
        );
        assert_eq!(few.per_gpu.weights_gib, default.per_gpu.weights_gib);
        assert_eq!(few.per_gpu.kv_cache_gib, default.per_gpu.kv_cache_gib);
        assert!(few.per_gpu_required_gib < default.per_gpu_required_gib - 0.5 * rows(240.0));
    }
}

#[test]
fn the_answer_says_the_rows_it_sized_in_both_locales() {
    let en = ask("en", "/fit llama-3.1-8b vllm l4 ctx=8k batch=16 seqs=16");
    assert!(en.contains("sampling for 16 requests"), "{en}");
    let zh = ask("zh", "/fit llama-3.1-8b vllm l4 ctx=8k batch=16 seqs=16");
    assert!(zh.contains("同时为 16 个请求采样"), "{zh}");
    // Without the word, vLLM's default for the card's class.
    let plain = ask("en", "/fit llama-3.1-8b vllm l4 ctx=8k batch=16");
    assert!(plain.contains("sampling for 256 requests"), "{plain}");
}

#[test]
fn vllms_own_flag_in_a_sentence_sets_the_rows_and_the_batch() {
    let a = ask(
        "en",
        "how much vram for qwen2.5-14b on 2x a10 with tp=2 max_model_len 8192 max_num_seqs 24",
    );
    assert!(a.contains("sampling for 24 requests"), "{a}");
    assert!(a.contains("× 24"), "{a}");
}

#[test]
fn a_bad_rows_value_is_a_clear_error_not_a_guess() {
    for line in [
        "/fit llama-3.1-8b vllm l4 seqs=0",
        "/fit llama-3.1-8b vllm l4 seqs=many",
    ] {
        let en = ask("en", line);
        assert!(!en.contains("Memory estimate"), "{line}: {en}");
        assert!(en.contains("seqs="), "{line}: {en}");
        let zh = ask("zh", line);
        assert!(
            !zh.contains("Memory estimate") && zh.contains("seqs="),
            "{line}: {zh}"
        );
    }
}

#[test]
fn llamafactory_releases_that_load_the_whole_model() {
    for r in ["0.5.3", "0.6.0", "v0.6.3", "0.7.0", "0.7"] {
        assert_eq!(llamafactory_loads_whole(r), Some(true), "{r}");
    }
    for r in ["0.5.2", "0.4.0", "0.7.1", "v0.8.3", "0.9.4", "1.0"] {
        assert_eq!(llamafactory_loads_whole(r), Some(false), "{r}");
    }
    for r in ["", "latest", "0.6.x", "0.6.3.1", "v"] {
        assert_eq!(llamafactory_loads_whole(r), None, "{r}");
    }
}

/// Qwen2.5-32B bf16 LoRA at 2048 tokens over `cards` L40S (no table row), sharded as `zero`
/// (`fsdp` for PyTorch FSDP), loaded whole on every card first or not.
fn qwen32b_lora(cards: u32, zero: Zero, fsdp: bool, whole: bool) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("qwen2.5-32b").unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    req.context = 2048;
    req.cards = cards;
    req.grad_checkpointing = true;
    req.gpu = Some(catalog.gpu("l40s").unwrap());
    req.whole_load = whole;
    let opts = FitOptions {
        zero: Some(zero),
        fsdp,
        ..FitOptions::default()
    };
    estimate_with(&catalog, &req, &opts).unwrap()
}

#[test]
fn a_whole_load_needs_the_whole_model_on_each_card_under_fsdp_only() {
    let sharded = qwen32b_lora(4, Zero::Three, true, false);
    let whole = qwen32b_lora(4, Zero::Three, true, true);
    // FSDP over 4 cards keeps about a quarter of 61 GiB of bf16 weights; loading it whole
    // first needs all of it once, and the card must hold it (not a reusable reserve).
    let model = whole.params_b * 1e9 * 2.0 / GIB;
    assert!(sharded.per_gpu_required_gib < 0.5 * model, "{sharded:?}");
    assert!(whole.per_gpu_required_gib >= model, "{whole:?}");
    assert!(whole.per_gpu_required_gib < model + 1.5, "{whole:?}");
    assert_eq!(sharded.verdict.as_deref(), Some("fits"));
    assert_eq!(whole.verdict.as_deref(), Some("no"));
    // More cards do not help a whole load.
    let eight = qwen32b_lora(8, Zero::Three, true, true);
    assert!((eight.per_gpu_required_gib - whole.per_gpu_required_gib).abs() < 0.5);
    // DeepSpeed ZeRO-3 partitions while loading (LLaMA-Factory's own exemption): nothing.
    let ds = qwen32b_lora(4, Zero::Three, false, true);
    let ds_plain = qwen32b_lora(4, Zero::Three, false, false);
    assert_eq!(ds.per_gpu_required_gib, ds_plain.per_gpu_required_gib);
    // ZeRO-2 keeps the whole model on each card anyway: the load adds nothing beyond it.
    let z2 = qwen32b_lora(2, Zero::Two, false, true);
    let z2_plain = qwen32b_lora(2, Zero::Two, false, false);
    assert_eq!(z2.per_gpu_required_gib, z2_plain.per_gpu_required_gib);
}

#[test]
fn the_release_word_is_read_and_said_in_both_locales() {
    let old = "/fit qwen2.5-32b lora 4x l40s zero=fsdp llamafactory=0.6.3";
    let en = ask("en", old);
    assert!(en.contains("onto every card before sharding"), "{en}");
    assert!(en.contains("❌"), "{en}");
    let zh = ask("zh", old);
    assert!(zh.contains("加载时每张卡都得先放下整个模型"), "{zh}");
    // The fixed release loads it sharded: no such line, and FSDP's share fits.
    let new = ask(
        "en",
        "/fit qwen2.5-32b lora 4x l40s zero=fsdp llamafactory=0.7.1",
    );
    assert!(!new.contains("onto every card before sharding"), "{new}");
    assert!(!new.contains("❌"), "{new}");
    // A word that is not a release is an error, not a guess.
    let bad = ask(
        "en",
        "/fit qwen2.5-32b lora 4x l40s zero=fsdp llamafactory=latest",
    );
    assert!(
        !bad.contains("Memory estimate") && bad.contains("llamafactory=latest"),
        "{bad}"
    );
}
