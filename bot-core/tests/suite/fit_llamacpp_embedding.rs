//! llama.cpp keeps the token embedding in system RAM and duplicates a tied head onto the card
//! (`vram::llamacpp_input`, llama.cpp 00342301 `src/llama-model.cpp` `load_tensors`). Tested on
//! models and cards of no table row: Llama-3.1-8B and Qwen2.5-7B (untied heads), Gemma-2-9B
//! and Gemma-3-12B (tied), Qwen3-30B-A3B with `--n-cpu-moe`, an RTX 4090 and an L4.

use bot_core::Catalog;
use bot_core::vram::expert_offload;
use bot_core::vram::{
    Engine, FitReport, FitRequest, GIB, ModelRef, Quant, Shape, Task, estimate, weight_bytes,
};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

fn run(c: &Catalog, id: &str, quant: Quant, engine: Engine, cards: u32) -> FitReport {
    let mut req = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    req.engine = engine;
    req.context = 4096;
    req.cards = cards;
    estimate(c, &req).unwrap()
}

/// The token embedding's bytes in `quant` (a GGUF's average bits), counted from the catalog's
/// vocabulary and width rather than from the estimator's split.
fn embedding_gib(c: &Catalog, id: &str, quant: Quant) -> f64 {
    let m = c.model(id).unwrap();
    m.vocab as f64 * m.hidden as f64 * quant.gguf_bpw().unwrap() / 8.0 / GIB
}

#[test]
fn an_untied_models_embedding_leaves_the_card_in_llamacpp_only() {
    let c = Catalog::embedded().unwrap();
    for (id, q) in [("llama-3.1-8b", Quant::Q8_0), ("qwen2.5-7b", Quant::Q4KM)] {
        let m = c.model(id).unwrap();
        assert!(!m.tied_embeddings, "{id} has its own head");
        let shape = Shape::from_model(m).unwrap();
        let whole = weight_bytes(&shape, q) / GIB;
        let embed = embedding_gib(&c, id, q);
        for cards in [1, 2] {
            let w = run(&c, id, q, Engine::Llamacpp, cards).weights_gib;
            assert!(
                (w - (whole - embed)).abs() < 0.01,
                "{id} {q:?} on {cards}: {w} vs {whole} - {embed}"
            );
        }
        // Transformers loads the embedding onto the card: the whole model there.
        let bf16 = weight_bytes(&shape, Quant::Bf16) / GIB;
        let t = run(&c, id, Quant::Bf16, Engine::Transformers, 1).weights_gib;
        assert!((t - bf16).abs() < 0.01, "{id} transformers: {t} vs {bf16}");
    }
}

#[test]
fn a_tied_head_is_duplicated_onto_the_card_so_the_card_holds_as_much() {
    let c = Catalog::embedded().unwrap();
    for id in ["gemma-2-9b", "gemma-3-12b"] {
        let m = c.model(id).unwrap();
        assert!(m.tied_embeddings, "{id} ties its head");
        let shape = Shape::from_model(m).unwrap();
        let whole = weight_bytes(&shape, Quant::Q8_0) / GIB;
        let one = run(&c, id, Quant::Q8_0, Engine::Llamacpp, 1);
        assert!((one.weights_gib - whole).abs() < 0.01, "{id}: {one:?}");
        // Over two cards the copy sits with the output layer, on the last card: the busiest
        // card holds half the layers and at least the embedding-sized head.
        let two = run(&c, id, Quant::Q8_0, Engine::Llamacpp, 2);
        let embed = embedding_gib(&c, id, Quant::Q8_0);
        assert!((two.weights_gib - whole).abs() < 0.01, "{id}: {two:?}");
        let layers = shape.params.linear * 8.5008 / 8.0 / GIB;
        assert!(
            two.per_gpu_gib >= layers / 2.0 + embed,
            "{id}: {} per card, {layers} of layers, {embed} head",
            two.per_gpu_gib
        );
    }
}

#[test]
fn the_embedding_and_the_offloaded_experts_both_leave_the_card() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen3-30b-a3b").unwrap();
    let shape = Shape::from_model(m).unwrap();
    let q = Quant::Q8_0;
    let whole = weight_bytes(&shape, q) / GIB;
    let embed = embedding_gib(&c, "qwen3-30b-a3b", q);
    for n in [20, expert_offload::ALL_LAYERS] {
        let mut req = FitRequest::new(ModelRef::Known(m), q, Task::Infer);
        req.engine = Engine::Llamacpp;
        req.context = 8192;
        req.cpu_moe = Some(n);
        let w = estimate(&c, &req).unwrap().weights_gib;
        let experts = expert_offload::bytes_in_ram(&shape, q, n) / GIB;
        assert!(
            (w - (whole - experts - embed)).abs() < 0.01,
            "ncmoe {n}: {w} vs {whole} - {experts} - {embed}"
        );
    }
}

#[test]
fn the_answer_says_where_the_embedding_is_in_both_languages() {
    // Llama-3.1-8B in Q8_0: 0.52 GiB of embedding in RAM, over the line's 0.5 GiB.
    let en = ask("en", "/fit llama-3.1-8b q8_0 llamacpp ctx=8k rtx-4090");
    assert!(en.contains("Token embedding"), "{en}");
    assert!(en.contains("system RAM (0.5 GiB"), "{en}");
    assert!(en.contains("the card holds the output head"), "{en}");
    let zh = ask("zh", "/fit llama-3.1-8b q8_0 llamacpp ctx=8k rtx-4090");
    assert!(zh.contains("词嵌入"), "{zh}");
    assert!(zh.contains("系统内存"), "{zh}");
    // A tied model: the copy on the card is said.
    let tied = ask("en", "/fit gemma-3-12b q8_0 llamacpp ctx=8k l4");
    assert!(tied.contains("a copy of it on the card"), "{tied}");
    let tied_zh = ask("zh", "/fit gemma-3-12b q8_0 llamacpp ctx=8k l4");
    assert!(tied_zh.contains("另存一份"), "{tied_zh}");
    // Under half a GiB (Q4_K_M's 0.30 GiB) it is not worth a line; other engines load it.
    let small = ask("en", "/fit llama-3.1-8b q4_k_m llamacpp ctx=8k rtx-4090");
    assert!(!small.contains("Token embedding"), "{small}");
    let vllm = ask("en", "/fit llama-3.1-8b vllm ctx=8k rtx-4090");
    assert!(!vllm.contains("Token embedding"), "{vllm}");
}
