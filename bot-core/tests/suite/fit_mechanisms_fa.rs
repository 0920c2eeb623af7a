//! mem_fa (session 41, issue 24, held-out 70: DeepSeek LLM 7B / 67B): cases of our own, on
//! sizes and cards of no table row.
//!
//! A size-only guess is shaped like the catalog's dense model nearest in size with grouped-query
//! attention (`Shape::size_template`): a current model keeps few KV heads. A model of that size
//! with multi-head attention (every query head its own K and V: Llama-2-7B/13B, DeepSeek LLM 7B,
//! Qwen1.5) keeps several times that KV cache, and the old guess's margin was the spread over
//! GQA shapes only, so a "fits" could be short for it in silence. The guess now assumes GQA for
//! its figure and takes the multi-head case into its margin, and says so.

use bot_core::catalog::Catalog;
use bot_core::vram::{Engine, FitRequest, ModelRef, Quant, Task, estimate};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn infer<'a>(m: ModelRef<'a>, context: u32, batch: u32) -> FitRequest<'a> {
    let mut r = FitRequest::new(m, Quant::Bf16, Task::Infer);
    r.engine = Engine::Transformers;
    r.context = context;
    r.batch = batch;
    r
}

/// The guess for a multi-head model's size, with its stated margin, never falls short of what
/// that model needs (batch and length at which the KV cache matters), on models and settings of
/// no table row: Llama-2-7B at 4k x 8, Llama-2-13B at 4k x 4, DeepSeek LLM 7B at 2k x 16.
#[test]
fn a_size_only_guess_with_its_margin_covers_a_multi_head_model_of_that_size() {
    let c = cat();
    for (id, context, batch) in [
        ("llama-2-7b", 4096, 8),
        ("llama-2-13b", 4096, 4),
        ("deepseek-llm-7b", 2048, 16),
    ] {
        let m = c.model(id).unwrap();
        assert_eq!(m.heads, m.kv_heads, "{id} is multi-head");
        let known = estimate(&c, &infer(ModelRef::Known(m), context, batch)).unwrap();
        let by_size = ModelRef::BySize {
            params_b: m.params_b,
            active_b: None,
        };
        let guess = estimate(&c, &infer(by_size, context, batch)).unwrap();
        let covered = guess.per_gpu_required_gib * (1.0 + guess.margin_pct / 100.0);
        assert!(
            covered >= known.per_gpu_required_gib,
            "{id} {context}x{batch}: guess {:.2} GiB +{:.0}% = {covered:.2}, the model needs {:.2}",
            guess.per_gpu_required_gib,
            guess.margin_pct,
            known.per_gpu_required_gib
        );
    }
}

/// The guess still assumes grouped-query attention for its figure (a current model's shape), and
/// the answer says so in both languages: the multi-head case named, with how many times the KV
/// cache it keeps, covered by the margin stated.
#[test]
fn a_size_only_guess_says_it_assumes_grouped_query_attention() {
    let w = crate::chat::world();
    let en = crate::chat::say(&w, "en", "/fit 7b ctx=4k batch=4 a100");
    assert!(en.contains("Known only by size"), "{en}");
    assert!(
        en.contains("grouped-query attention") && en.contains("multi-head attention"),
        "{en}"
    );
    let zh = crate::chat::say(&w, "zh", "/fit 7b ctx=4k batch=4 a100");
    assert!(
        zh.contains("分组查询注意力") && zh.contains("多头注意力"),
        "{zh}"
    );
}
