//! mem_ef (session 37, issue 24, held-out 63): cases of our own, each asserting what the
//! engines' source implies.
//! - A card count vLLM cannot run as tensor parallel (the heads do not divide it) is run as
//!   tensor parallel inside pipeline stages, `--tensor-parallel-size t --pipeline-parallel-size
//!   p` with t × p = the cards; each stage loads only its own decoder layers
//!   (vllm-project/vllm@5a6541db `vllm/distributed/utils.py` `get_pp_indices`), so every card
//!   holds its stage's share, never the share of a smaller tensor-parallel group
//!   (`vram::pipeline`).
//! - A transformers text encoder loaded with `torch_dtype=torch.float16` keeps its
//!   `_keep_in_fp32_modules` in fp32 (huggingface/transformers@040ba146 `modeling_utils.py`
//!   `from_pretrained`), T5's 24 `wo` projections (1.007 B parameters): a diffusers pipeline run
//!   in fp16 holds 2 bytes more for each of them; in bf16, or quantized, it does not.

use super::chat::{say, world};
use bot_core::catalog::Catalog;
use bot_core::diffusion::{self, DiffusionRequest, Precision};
use bot_core::vram::{Engine, FitReport, FitRequest, ModelRef, Quant, Task, estimate};

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

fn vllm(model: &str, quant: Quant, cards: u32, context: u32) -> FitReport {
    let c = cat();
    let mut req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = context;
    req.batch = 1;
    req.cards = cards;
    estimate(c, &req).unwrap()
}

#[test]
fn six_cards_of_a_64_head_model_are_sized_on_all_six() {
    // Llama-3.1-70B: 64 heads, 8 KV heads, 80 layers. TP 6 does not start; TP 2 x PP 3 does.
    let six = vllm("llama-3.1-70b", Quant::Bf16, 6, 8192);
    assert_eq!(six.cards, 6, "{:?}", six.warning_ids);
    assert!(
        six.warning_ids.iter().any(|w| w == "fit-warn-tp-pipeline"),
        "{:?}",
        six.warning_ids
    );
    assert!(!six.warning_ids.iter().any(|w| w == "fit-warn-tp-invalid"));
    assert_eq!(six.parallelism, "pipeline");
    // Each card holds a third of the layers over two ranks: clearly less than four-way tensor
    // parallel gives each card, and at least an even sixth of the whole.
    let four = vllm("llama-3.1-70b", Quant::Bf16, 4, 8192);
    let total = vllm("llama-3.1-70b", Quant::Bf16, 1, 8192)
        .per_gpu
        .weights_gib;
    let w6 = six.per_gpu.weights_gib;
    assert!(
        w6 < four.per_gpu.weights_gib * 0.8,
        "6: {w6}, 4: {}",
        four.per_gpu.weights_gib
    );
    assert!(w6 >= total / 6.0 * 0.999, "6: {w6}, whole {total}");
    // The busiest stage holds 27 of the 80 layers (80 = 26 x 3 + 2, the two left to the
    // stages before the last), plus at most one end of the model, split two ways.
    assert!(
        w6 <= total * (27.0 / 80.0) / 2.0 + 2.0,
        "6: {w6}, whole {total}"
    );
    // Its KV cache is 27 of 80 layers' worth of what two-way tensor parallel holds.
    let two = vllm("llama-3.1-70b", Quant::Bf16, 2, 8192);
    let want = two.per_gpu.kv_cache_gib * 27.0 / 80.0;
    kv_near(six.per_gpu.kv_cache_gib, want, "kv 6");
}

/// A stage's KV cache within 2 % (and 0.02 GiB of rounding) of the share it should hold.
fn kv_near(got: f64, want: f64, label: &str) {
    assert!(
        (got - want).abs() < 0.02 + want * 0.02,
        "{label}: {got}, want {want}"
    );
}

#[test]
fn three_cards_that_no_tensor_size_fits_run_one_stage_each() {
    // GLM-4.5-Air: 96 heads, 8 KV heads - 3 divides the heads but not the KV heads.
    let three = vllm("glm-4.5-air", Quant::Fp8, 3, 32768);
    assert_eq!(three.cards, 3);
    let msg = three
        .warnings
        .iter()
        .find(|m| m.id == "fit-warn-tp-pipeline")
        .expect("pipeline line");
    let arg = |k: &str| {
        msg.args
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| format!("{v:?}"))
            .unwrap()
    };
    assert!(arg("tp").contains('1'), "{}", arg("tp"));
    assert!(arg("pp").contains('3'), "{}", arg("pp"));
    let one = vllm("glm-4.5-air", Quant::Fp8, 1, 32768);
    // A third of the layers (46 = 15 + 16 + 15) and one end, whole on each card.
    let w3 = three.per_gpu.weights_gib;
    let w1 = one.per_gpu.weights_gib;
    assert!(w3 < w1 * 0.45 && w3 > w1 / 3.0 * 0.99, "3: {w3}, 1: {w1}");
    let kv_want = one.per_gpu.kv_cache_gib * 16.0 / 46.0;
    kv_near(three.per_gpu.kv_cache_gib, kv_want, "kv 3");
}

#[test]
fn the_answer_names_the_split_and_the_count_in_both_languages() {
    let w = world();
    let en = say(&w, "en", "/fit llama-3.1-70b 6xa100 engine=vllm");
    assert!(
        en.contains("--tensor-parallel-size 2 --pipeline-parallel-size 3"),
        "{en}"
    );
    assert!(en.contains("27/27/26"), "{en}");
    assert!(!en.contains("Sized below for"), "{en}");
    assert!(en.contains("6 ×"), "{en}");
    let zh = say(&w, "zh", "/fit llama-3.1-70b 6xa100 engine=vllm");
    assert!(zh.contains("--pipeline-parallel-size 3"), "{zh}");
    assert!(zh.contains("流水线"), "{zh}");
    assert!(!zh.contains("按 4 张卡估算"), "{zh}");
}

/// The text encoders' weights of `id` run with the denoiser in `precision` and the encoders in
/// `te` (`None`: as published).
fn text_gib(id: &str, precision: Option<Precision>, te: Option<Precision>) -> f64 {
    let mut r = DiffusionRequest::new(diffusion::find(id).unwrap());
    r.precision = precision;
    r.text_precision = te;
    diffusion::estimate(&r).text_gib
}

#[test]
fn a_float16_pipeline_keeps_t5s_wo_in_fp32() {
    // 1.007 B parameters at 4 bytes instead of 2.
    let wo = 1.007e9 * 2.0 / (1u64 << 30) as f64;
    let fp16 = text_gib("sd3-medium", Some(Precision::Fp16), None);
    let bf16 = text_gib("sd3-medium", Some(Precision::Bf16), None);
    assert!((fp16 - bf16 - wo).abs() < 0.01, "fp16 {fp16}, bf16 {bf16}");
    // SD3-Medium is published in fp16: as published it runs so.
    let published = text_gib("sd3-medium", None, None);
    assert!((published - fp16).abs() < 1e-9, "{published} vs {fp16}");
    // FLUX.1-dev is published in bf16: no fp32 modules unless fp16 is asked.
    let flux = text_gib("flux.1-dev", None, None);
    let flux16 = text_gib("flux.1-dev", Some(Precision::Fp16), None);
    assert!(
        (flux16 - flux - wo).abs() < 0.01,
        "fp16 {flux16}, as published {flux}"
    );
    // Quantized encoders (quanto / fp8 casting) convert the `wo` linears too.
    let fp8 = text_gib("sd3-medium", Some(Precision::Fp16), Some(Precision::Fp8));
    let all8 = 5.578e9 / (1u64 << 30) as f64;
    assert!((fp8 - all8).abs() < 0.05, "fp8 encoders {fp8}");
}
