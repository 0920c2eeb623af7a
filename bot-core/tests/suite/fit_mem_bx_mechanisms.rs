//! Session 28 (mem_bx): which top-k/top-p sampler vLLM V1's start-up profile runs
//! (`vram::vllm_sampler`). The native sort path stays the default; the user's
//! `VLLM_USE_FLASHINFER_SAMPLER=1` sizes FlashInfer's sort-free kernel. Cases of no table row.

use bot_core::Catalog;
use bot_core::vram::vllm_sampler::{FLASHINFER_SAMPLER_BYTES_PER_LOGIT, bytes_per_logit};
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, VLLM_SAMPLER_BYTES_PER_LOGIT,
    VllmDefaults, estimate_with,
};

const GIB: f64 = 1_073_741_824.0;

fn served(c: &Catalog, model: &str, gpu: &str, flashinfer: bool, v0: bool) -> FitReport {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(model).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    r.context = 8192;
    r.gpu = Some(c.gpu(gpu).unwrap());
    r.vllm_flashinfer_sampler = flashinfer;
    r.vllm_v0 = v0;
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

#[test]
fn flashinfer_holds_the_logits_their_fp32_copy_the_mask_and_the_softmax() {
    // 16-bit logits, fp32 copy, top-k-masked logits, probabilities: no sort, no indices.
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("llama-3.1-8b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    assert_eq!(bytes_per_logit(&r), VLLM_SAMPLER_BYTES_PER_LOGIT);
    r.vllm_flashinfer_sampler = true;
    assert_eq!(bytes_per_logit(&r), FLASHINFER_SAMPLER_BYTES_PER_LOGIT);
    // V0's sampler is another code path: the word does not reach it.
    r.vllm_v0 = true;
    assert_eq!(bytes_per_logit(&r), VLLM_SAMPLER_BYTES_PER_LOGIT);
}

#[test]
fn where_the_sampler_sets_the_peak_the_flashinfer_profile_is_its_share() {
    // Large vocabularies on an H100 (1024 rows): the sampler, not the 8192-token forward
    // pass, is the profile's peak on the native path, and FlashInfer's is 14/39 of it.
    let c = Catalog::embedded().unwrap();
    let rows = VllmDefaults::LARGE.max_seqs as f64;
    for model in ["llama-3.1-8b", "qwen2.5-7b", "gemma-2-9b"] {
        let vocab = c.model(model).unwrap().vocab as f64;
        let native = served(&c, model, "h100-sxm", false, false);
        let fi = served(&c, model, "h100-sxm", true, false);
        let native_sampler = rows * vocab * VLLM_SAMPLER_BYTES_PER_LOGIT / GIB;
        let fi_sampler = rows * vocab * FLASHINFER_SAMPLER_BYTES_PER_LOGIT / GIB;
        assert!(
            (native.per_gpu.activations_gib - native_sampler).abs() < 0.02,
            "{model}: native {} vs {native_sampler:.2}",
            native.per_gpu.activations_gib
        );
        // Never below the sampler FlashInfer holds, and below the native figure.
        assert!(fi.per_gpu.activations_gib + 0.01 >= fi_sampler, "{model}");
        assert!(
            fi.per_gpu.activations_gib < native.per_gpu.activations_gib - 1.0,
            "{model}: {} vs {}",
            fi.per_gpu.activations_gib,
            native.per_gpu.activations_gib
        );
        // The weights and the KV cache are the same job.
        assert_eq!(native.per_gpu.weights_gib, fi.per_gpu.weights_gib);
        assert_eq!(native.per_gpu.kv_cache_gib, fi.per_gpu.kv_cache_gib);
    }
}

#[test]
fn where_the_forward_pass_sets_the_peak_the_sampler_word_changes_nothing() {
    // A small card's class samples 256 rows; a 32 000-token vocabulary with a 28 672-wide FFN
    // makes the 2048-token forward pass larger than either sampler, so the profile is the same.
    let c = Catalog::embedded().unwrap();
    let model = "llama-2-70b";
    let vocab = c.model(model).unwrap().vocab as f64;
    let native = served(&c, model, "a100-80g-sxm", false, false);
    let fi = served(&c, model, "a100-80g-sxm", true, false);
    let native_sampler =
        VllmDefaults::SMALL.max_seqs as f64 * vocab * VLLM_SAMPLER_BYTES_PER_LOGIT / GIB;
    assert!(
        native.per_gpu.activations_gib > native_sampler + 0.05,
        "{} vs {native_sampler:.2}",
        native.per_gpu.activations_gib
    );
    assert_eq!(native.per_gpu.activations_gib, fi.per_gpu.activations_gib);
}

#[test]
fn the_chat_word_reaches_the_estimate_and_names_vllm() {
    let with = super::chat::ask_fresh(
        "en",
        "/fit llama-3.1-8b h100 ctx=8k VLLM_USE_FLASHINFER_SAMPLER=1",
    );
    let without = super::chat::ask_fresh("en", "/fit llama-3.1-8b vllm h100 ctx=8k");
    assert!(with.contains("vllm"), "{with}");
    assert_ne!(with, without);
    let off = super::chat::ask_fresh(
        "en",
        "/fit llama-3.1-8b h100 ctx=8k VLLM_USE_FLASHINFER_SAMPLER=0",
    );
    assert_eq!(off, without);
}

#[test]
fn the_answer_says_the_sampler_it_sized_in_both_locales() {
    let line = "/fit llama-3.1-8b h100 ctx=8k VLLM_USE_FLASHINFER_SAMPLER=1";
    let en = super::chat::ask_fresh("en", line);
    assert!(en.contains("FlashInfer"), "{en}");
    let zh = super::chat::ask_fresh("zh", line);
    assert!(zh.contains("FlashInfer"), "{zh}");
    let plain = super::chat::ask_fresh("en", "/fit llama-3.1-8b vllm h100 ctx=8k");
    assert!(!plain.contains("FlashInfer"), "{plain}");
}
