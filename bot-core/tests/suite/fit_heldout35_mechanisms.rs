//! Held-out 35 (quantized formats beyond 4-bit) relied on how vLLM stores an FP8 model, and
//! its one data-parallel service (`vram::data_parallel`) needed vLLM's `-dp` as a word. FP8: its
//! `Fp8LinearMethod` quantizes the decoder layers' linear matrices only, while
//! `VocabParallelEmbedding` and `ParallelLMHead` stay in the 16-bit dtype, and tensor parallel
//! splits both (vllm/model_executor/layers/quantization/fp8.py, `Fp8Config.get_quant_method`:
//! an FP8 method only for `LinearBase`). These are our own cases (models and card counts of no
//! held-out row), so a change in how FP8 is stored shows here before it shows in a table.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitRequest, GIB, ModelRef, Quant, Shape, Task, estimate_with,
};

fn weights_gib(model: &str, quant: Quant, cards: u32) -> f64 {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = 4096;
    req.cards = cards;
    estimate_with(&catalog, &req, &FitOptions::default())
        .unwrap()
        .per_gpu
        .weights_gib
}

#[test]
fn fp8_halves_the_linear_layers_and_keeps_embedding_and_head_16_bit() {
    // Qwen2.5-7B: an untied 152,064 x 3,584 embedding and head (1.09 B parameters of 7.6 B).
    // bf16 = 2 bytes x P; fp8 = 1 byte x (P - E) + 2 bytes x E, so fp8 - bf16 / 2 = E bytes.
    let model = "qwen2.5-7b";
    let catalog = Catalog::embedded().unwrap();
    let s = Shape::from_model(catalog.model(model).unwrap()).unwrap();
    let embed_and_head_gib = 2.0 * s.vocab as f64 * s.hidden as f64 / GIB;
    let bf16 = weights_gib(model, Quant::Bf16, 1);
    let fp8 = weights_gib(model, Quant::Fp8, 1);
    let kept = fp8 - bf16 / 2.0;
    // The report rounds to 0.01 GiB; norms and biases add a few MiB.
    assert!(
        (kept - embed_and_head_gib).abs() < 0.03,
        "fp8 {fp8} GiB, bf16 {bf16} GiB: {kept} GiB kept 16-bit, embedding + head {embed_and_head_gib}"
    );
}

#[test]
fn tensor_parallel_splits_fp8_weights_vocabulary_included() {
    // Qwen2.5-32B FP8 over 2 and 4 cards: every matrix and the vocabulary split by the ranks,
    // only norms replicated, so each card holds about 1 / N of the one-card weights.
    let one = weights_gib("qwen2.5-32b", Quant::Fp8, 1);
    for n in [2u32, 4] {
        let per = weights_gib("qwen2.5-32b", Quant::Fp8, n);
        let ideal = one / n as f64;
        assert!(
            (per - ideal).abs() / ideal < 0.01,
            "{n} cards: {per} GiB a card vs {ideal}"
        );
    }
}

fn served(model: &str, quant: Quant, ctx: u32, cards: u32, dp: u32) -> bot_core::vram::FitReport {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = ctx;
    req.cards = cards;
    req.data_parallel = dp;
    estimate_with(&catalog, &req, &FitOptions::default()).unwrap()
}

#[test]
fn a_data_parallel_rank_holds_a_whole_request_and_its_share_of_the_experts() {
    // Qwen3-235B-A22B FP8 at 131072 tokens on 8 cards: `-dp 8` (vLLM's data parallel, each rank
    // one card) against 8-way tensor parallel and against one card alone.
    let (model, ctx) = ("qwen3-235b-a22b", 131072);
    let one = served(model, Quant::Fp8, ctx, 1, 1);
    let tp = served(model, Quant::Fp8, ctx, 8, 1);
    let dp = served(model, Quant::Fp8, ctx, 8, 8);
    // The cache: a whole request on every rank, as on one card; tensor parallel splits it.
    assert!((dp.per_gpu.kv_cache_gib - one.per_gpu.kv_cache_gib).abs() < 0.02);
    assert!(tp.per_gpu.kv_cache_gib < dp.per_gpu.kv_cache_gib / 2.0);
    // The weights: attention and the vocabulary replicated, the routed experts split over all
    // eight, so more than tensor parallel's eighth and far less than the whole model.
    assert!(dp.per_gpu.weights_gib > tp.per_gpu.weights_gib + 1.0);
    assert!(dp.per_gpu.weights_gib < one.per_gpu.weights_gib / 4.0);
    // The answer says how it was sized, and tensor parallel does not.
    assert!(dp.warning_ids.iter().any(|w| w == "fit-warn-data-parallel"));
    assert!(!tp.warning_ids.iter().any(|w| w == "fit-warn-data-parallel"));
}

#[test]
fn a_dense_model_is_replicated_on_every_data_parallel_rank() {
    // Llama-3.1-8B FP8 on 2 cards as `-dp 2`: each card the whole model and a whole request.
    let one = served("llama-3.1-8b", Quant::Fp8, 8192, 1, 1);
    let dp = served("llama-3.1-8b", Quant::Fp8, 8192, 2, 2);
    assert!((dp.per_gpu.weights_gib - one.per_gpu.weights_gib).abs() < 0.02);
    assert!((dp.per_gpu.kv_cache_gib - one.per_gpu.kv_cache_gib).abs() < 0.02);
}

#[test]
fn data_parallel_must_divide_the_cards_and_is_vllm_s() {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("llama-3.1-8b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Fp8, Task::Infer);
    req.engine = Engine::Vllm;
    req.cards = 6;
    req.data_parallel = 4;
    assert!(estimate_with(&catalog, &req, &FitOptions::default()).is_err());
    req.cards = 4;
    req.engine = Engine::Transformers;
    assert!(estimate_with(&catalog, &req, &FitOptions::default()).is_err());
}

#[test]
fn the_chat_word_sizes_data_parallel_in_both_languages() {
    let dp = super::chat::ask_fresh("en-US", "/fit qwen3-235b-a22b fp8 ctx=128k 8x h100 dp=8");
    let tp = super::chat::ask_fresh("en-US", "/fit qwen3-235b-a22b fp8 ctx=128k 8x h100");
    assert_ne!(dp, tp);
    assert!(dp.contains("data parallel (-dp 8)"), "{dp}");
    assert!(!tp.contains("data parallel"), "{tp}");
    let zh = super::chat::ask_fresh(
        "zh-CN",
        "/fit qwen3-235b-a22b fp8 ctx=128k 8x h100 数据并行=8",
    );
    assert!(zh.contains("数据并行（-dp 8）"), "{zh}");
    // Ranks that do not divide the cards are refused, not silently dropped.
    let bad = super::chat::ask_fresh("en-US", "/fit qwen3-235b-a22b fp8 ctx=128k 6x h100 dp=4");
    assert!(!bad.contains("data parallel (-dp 4)"), "{bad}");
}
