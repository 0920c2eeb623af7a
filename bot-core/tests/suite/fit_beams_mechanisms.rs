//! Beam search as a `/fit` word (`beams=N`, `num_beams=N`, `束搜索 N`; CLI `--beams`), sized as
//! Transformers' `generate` holds it (`vram::beams`, read in transformers 4.57.1): the prompt
//! expanded to one row per beam before the prefill, so the cache and the prefill hold
//! `batch × beams` sequences; each step's scores over the vocabulary for every beam; one layer's
//! keys copied by the cache's reorder. On models and cards of no measured table.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, STEP_BYTES_PER_LOGIT, Shape,
    Task, beam_scores_gib, estimate_with,
};

fn sized(model: &str, ctx: u32, batch: u32, beams: u32) -> (FitReport, f64) {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    req.engine = Engine::Transformers;
    req.context = ctx;
    req.batch = batch;
    req.beams = beams;
    let scores = beam_scores_gib(&req);
    (
        estimate_with(&catalog, &req, &FitOptions::default()).unwrap(),
        scores,
    )
}

#[test]
fn each_beam_is_a_sequence_of_the_cache_and_the_prefill() {
    let model = "deepseek-r1-distill-qwen-7b";
    let (one, _) = sized(model, 2048, 1, 1);
    let (six_beams, _) = sized(model, 2048, 1, 6);
    let (six_seqs, _) = sized(model, 2048, 6, 1);
    let kv1 = one.per_gpu.kv_cache_gib;
    assert!((six_beams.per_gpu.kv_cache_gib - 6.0 * kv1).abs() < 1e-6 * kv1.max(1.0));
    assert!((six_beams.per_gpu.kv_cache_gib - six_seqs.per_gpu.kv_cache_gib).abs() < 1e-9);
    // The prefill runs the six copies of the prompt: at least the batch of six's workspace.
    assert!(six_beams.per_gpu.activations_gib + 1e-9 >= six_seqs.per_gpu.activations_gib);
    assert!(six_beams.per_gpu_gib > one.per_gpu_gib + 4.0 * kv1);
    // Same weights.
    assert!((six_beams.per_gpu.weights_gib - one.per_gpu.weights_gib).abs() < 1e-9);
}

#[test]
fn a_step_scores_every_beam_over_the_vocabulary_and_copies_a_layer_of_keys() {
    // Gemma-3-1B's 262,144-entry vocabulary at a 16-token context: the step outweighs the
    // prefill's workspace.
    let model = "gemma-3-1b";
    let catalog = Catalog::embedded().unwrap();
    let s = Shape::from_model(catalog.model(model).unwrap()).unwrap();
    let (r, scores) = sized(model, 16, 1, 48);
    let expected = STEP_BYTES_PER_LOGIT * s.vocab as f64 * 48.0 / GIB;
    assert!((scores - expected).abs() < 1e-9, "{scores} vs {expected}");
    let layer_keys = r.per_gpu.kv_cache_gib / (2.0 * s.layers as f64);
    // The report rounds to 0.01 GiB.
    assert!(
        r.per_gpu.activations_gib + 0.005 >= scores + layer_keys,
        "{} vs {}",
        r.per_gpu.activations_gib,
        scores + layer_keys
    );
    // Forty-eight sequences without beam search hold the cache and the prefill, not the step.
    let (batch, none) = sized(model, 16, 48, 1);
    assert_eq!(none, 0.0);
    assert!(batch.per_gpu.activations_gib < r.per_gpu.activations_gib);
    assert!((batch.per_gpu.kv_cache_gib - r.per_gpu.kv_cache_gib).abs() < 1e-9);
}

#[test]
fn the_word_the_key_value_and_the_sentence_size_the_same_job() {
    let words = super::chat::ask_fresh("en-US", "/fit qwq-32b awq ctx=4k beams=4 a100-80g-sxm");
    let num = super::chat::ask_fresh("en-US", "/fit qwq-32b awq ctx=4k num_beams=4 a100-80g-sxm");
    let none = super::chat::ask_fresh("en-US", "/fit qwq-32b awq ctx=4k a100-80g-sxm");
    assert_eq!(words, num);
    assert_ne!(words, none);
    assert!(words.contains("Beam search with 4 beams"), "{words}");
    assert!(
        words.contains("4 sequences are prefilled and cached"),
        "{words}"
    );
    assert!(!none.contains("Beam search"), "{none}");
    let zh = super::chat::ask_fresh("zh-CN", "/fit qwq-32b awq ctx=4k 束搜索=4 a100-80g-sxm");
    assert!(zh.contains("束搜索 4 束"), "{zh}");
    assert!(zh.contains("4 条序列"), "{zh}");
    assert!(!zh.contains("Beam search"), "{zh}");
    // Said in a sentence, in either language: the same word applied.
    let said = super::chat::ask_fresh(
        "en-US",
        "can qwq-32b awq run on an a100-80g-sxm with beam search with 4 beams at 4k context",
    );
    assert!(said.contains("Beam search with 4 beams"), "{said}");
    let said_zh = super::chat::ask_fresh(
        "zh-CN",
        "qwq-32b awq 在 a100-80g-sxm 上用束搜索 4 跑 4k 上下文够吗",
    );
    assert!(said_zh.contains("束搜索 4 束"), "{said_zh}");
}

#[test]
fn beams_stay_on_transformers_and_out_of_range_is_refused() {
    // Several prompts with beams: still Transformers' generate, not the serving default.
    let beams = super::chat::ask_fresh(
        "en-US",
        "/fit deepseek-r1-distill-qwen-7b batch=2 beams=3 l40",
    );
    assert!(!beams.contains("sized on vLLM"), "{beams}");
    assert!(beams.contains("6 sequences"), "{beams}");
    let served = super::chat::ask_fresh("en-US", "/fit deepseek-r1-distill-qwen-7b batch=2 l40");
    assert!(served.contains("sized on vLLM"), "{served}");
    let bad = super::chat::ask_fresh("en-US", "/fit deepseek-r1-distill-qwen-7b beams=0 l40");
    assert!(bad.contains("beams=0"), "{bad}");
    assert!(!bad.contains("Beam search with"), "{bad}");
}

#[test]
fn a_beam_job_too_large_offers_half_the_beams() {
    // DeepSeek-R1-Distill-Qwen-7B at 8k on an L40S: the first beam count that does not fit, and
    // half of it that does; the remedies name `beams=` with the halved count.
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("deepseek-r1-distill-qwen-7b").unwrap();
    let opts = FitOptions::default();
    let job = |beams: u32| {
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        req.engine = Engine::Transformers;
        req.context = 8192;
        req.beams = beams;
        req.gpu = Some(catalog.gpu("l40s").unwrap());
        req
    };
    let fits = |b: u32| estimate_with(&catalog, &job(b), &opts).unwrap().fits == Some(true);
    let b = (2..=64)
        .find(|&b| !fits(b))
        .expect("some beam count does not fit");
    assert!(fits(b / 2), "{b}");
    let words: Vec<String> = bot_core::advice::remedies(&catalog, &job(b), &opts)
        .into_iter()
        .map(|r| r.word)
        .collect();
    assert!(
        words.contains(&format!("beams={}", b / 2)),
        "{b}: {words:?}"
    );
}
