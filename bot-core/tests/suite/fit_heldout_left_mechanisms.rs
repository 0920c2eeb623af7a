//! Mechanisms found on the held-out tables' last misses (session 20, mem_ae, issue 24), each
//! tested on models, cards and settings of no table row.
//!
//! - vLLM's `--max-num-seqs` as a setting (`vram::vllm_seqs`): its start-up profile samples one
//!   row of logits per request it may run at once, so a lower ceiling leaves that memory to the
//!   KV cache (held-out 18, vllm#17238).

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Task,
    VLLM_SAMPLER_BYTES_PER_LOGIT, VllmDefaults, estimate_with, vllm_seqs::profile_limits,
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
