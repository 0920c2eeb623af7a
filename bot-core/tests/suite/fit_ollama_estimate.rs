//! Ollama's own estimate (`vram::ollama`, session 22, mem_ai): `EstimateGPULayers` and `GraphSize`
//! from ollama's `llm/memory.go` / `llm/ggml.go` @ 000ce02098f6bfea486601b5cae35ba38f8824fc, on
//! models of our own with figures worked by hand from the Go formula, and on catalog models
//! through the answer (`engine=ollama`).

use bot_core::Catalog;
use bot_core::vram::ollama::{
    GraphArch, MINIMUM_MEMORY_BYTES, OllamaModel, OllamaRun, estimate_gpu_layers, graph_size,
    ps_size,
};
use bot_core::vram::{FitOptions, FitRequest, ModelRef, Quant, Task, estimate_with};

const MIB: u64 = 1 << 20;

/// A Llama-shaped model of our own: 32 blocks of 200 MiB, a 300 MiB output layer, 4096 wide,
/// 32 heads over 8 KV heads of 128, a 128256-entry vocabulary.
fn dense() -> OllamaModel {
    OllamaModel {
        arch: GraphArch::Llama,
        block_count: 32,
        layer_bytes: 200 * MIB,
        output_bytes: 300 * MIB,
        embedding: 4096,
        heads: 32,
        heads_kv: 8,
        head_dim_k: 128,
        head_dim_v: 128,
        vocab: 128_256,
        gate_exps: None,
        projector_bytes: 0,
        projector_graph: 0,
        projector_with_output: false,
    }
}

/// A model with no `GraphSize` case (the fallback): 64 blocks of 400 MiB, a 600 MiB output
/// layer, 64 heads over 8 KV heads of 128.
fn no_case() -> OllamaModel {
    OllamaModel {
        arch: GraphArch::Fallback,
        block_count: 64,
        layer_bytes: 400 * MIB,
        output_bytes: 600 * MIB,
        embedding: 5120,
        heads: 64,
        heads_kv: 8,
        head_dim_k: 128,
        head_dim_v: 128,
        vocab: 151_936,
        gate_exps: None,
        projector_bytes: 0,
        projector_graph: 0,
        projector_with_output: false,
    }
}

fn run(ctx: u64, parallel: u64) -> OllamaRun {
    OllamaRun {
        num_ctx: ctx,
        num_parallel: parallel,
        ..OllamaRun::default()
    }
}

#[test]
fn the_llama_graph_is_the_go_formula() {
    // By hand at context 2048, batch 512: full = 4·512·(1 + 4·4096 + 2048·33) = 171 968 512;
    // partial = 4·512·4096 + max(4·512·(1 + 4096 + 4096) + 4096²·9/16 + 4·2048·(512·32 + 128·8),
    // 4·512·(4096 + 128256) + 4096·128256·105/128) = 8 388 608 + 701 997 056.
    let (partial, full) = graph_size(&dense(), 2048, 512, 0);
    assert_eq!(full, 171_968_512);
    assert_eq!(partial, 710_385_664);
    // No case: zero, and the caller falls back.
    assert_eq!(graph_size(&no_case(), 8192, 512, 1 << 31), (0, 0));
}

#[test]
fn gpt_oss_keeps_a_window_on_even_layers() {
    // The v0.11.3 gptoss case on a model of our own: 4 blocks, 8 heads over 2 KV heads of 64.
    let m = OllamaModel {
        arch: GraphArch::GptOss,
        block_count: 4,
        layer_bytes: 100 * MIB,
        output_bytes: 50 * MIB,
        embedding: 512,
        heads: 8,
        heads_kv: 2,
        head_dim_k: 64,
        head_dim_v: 64,
        vocab: 1000,
        gate_exps: None,
        projector_bytes: 0,
        projector_graph: 0,
        projector_with_output: false,
    };
    let e = estimate_gpu_layers(&m, &run(8192, 1), &[None]);
    // Even layers: (1 × 4096 + 512) tokens × 128 × 2 heads × 2 bytes = 2 359 296; odd: 8192
    // tokens = 4 194 304. Graph: 4 × 8 / 2 × (4 × 4 194 304) / 6 = 44 739 242.
    assert_eq!(e.kv, 2 * 2_359_296 + 2 * 4_194_304);
    assert_eq!(e.graph, 44_739_242);
    let by_hand = MINIMUM_MEMORY_BYTES
        + (100 * MIB + 2_359_296)
        + 2 * (100 * MIB + 2_359_296)
        + 2 * (100 * MIB + 4_194_304)
        + 50 * MIB
        + 44_739_242;
    assert_eq!(e.total, by_hand);
}

#[test]
fn a_dense_model_on_one_card() {
    let e = estimate_gpu_layers(&dense(), &run(2048, 1), &[Some(24 * 1024 * MIB)]);
    // KV: 2048 tokens × 256 × 8 heads × 2 bytes = 8 MiB a layer, 256 MiB in all.
    assert_eq!(e.kv, 256 * MIB);
    // 457 MiB + the spare layer (208 MiB) + 32 layers of 208 + the output (300) + the full
    // graph (one card, everything on it).
    let by_hand = 457 * MIB + 208 * MIB + 32 * 208 * MIB + 300 * MIB + 171_968_512;
    assert_eq!(e.total, by_hand);
    assert_eq!(e.total, 8_163_166_208);
    assert_eq!(e.vram, e.total);
    assert_eq!((e.layers_offloaded, e.layers_model), (33, 33));
    assert!(e.fully_loaded());
    assert_eq!(e.cpu_percent(), 0);
    assert_eq!(ps_size(e.total), "8.2 GB");
}

#[test]
fn parallel_four_holds_four_contexts() {
    let one = estimate_gpu_layers(&dense(), &run(2048, 1), &[Some(24 * 1024 * MIB)]);
    let four = estimate_gpu_layers(&dense(), &run(2048, 4), &[Some(24 * 1024 * MIB)]);
    // num_ctx × 4 = 8192 tokens: 32 MiB of KV a layer; the graph at context 8192:
    // 4·512·(1 + 16384 + 8192·33) = 587 204 608.
    assert_eq!(four.kv, 4 * one.kv);
    assert_eq!(four.graph, 587_204_608);
    let by_hand = 457 * MIB + 232 * MIB + 32 * 232 * MIB + 300 * MIB + 587_204_608;
    assert_eq!(four.total, by_hand);
    assert_eq!(ps_size(four.total), "9.4 GB");
}

#[test]
fn a_split_over_two_cards() {
    let free = Some(24 * 1024 * MIB);
    let e = estimate_gpu_layers(&no_case(), &run(8192, 1), &[free, free]);
    // KV 8192 × 256 × 8 × 2 = 32 MiB a layer, 2 GiB in all; the fallback graph
    // GQA 8 × 2 GiB / 6 = 2 863 311 530 on each card (several cards: the partial graph).
    assert_eq!(e.kv, 2 * 1024 * MIB);
    assert_eq!(e.graph, 2_863_311_530);
    // Round robin: 32 layers of 432 MiB each; the output layer (600 MiB) on card 0 (65 % 2).
    let layer = 432 * MIB;
    let card0 = MINIMUM_MEMORY_BYTES + layer + 32 * layer + 600 * MIB + e.graph;
    let card1 = MINIMUM_MEMORY_BYTES + layer + 32 * layer + e.graph;
    assert_eq!(e.per_card, vec![card0, card1]);
    assert_eq!(e.total, 37_211_166_036);
    assert!(e.fully_loaded());
    assert_eq!(ps_size(e.total), "37 GB");
}

#[test]
fn a_model_that_spills_to_the_cpu() {
    let e = estimate_gpu_layers(&no_case(), &run(8192, 1), &[Some(24 * 1024 * MIB)]);
    // On one 24 GiB card: 457 + 432 (spare) + n × 432 + the 2730.7 MiB graph + the next layer
    // must stay under 24576 MiB: 48 layers; 16 layers and the output overflow.
    assert_eq!((e.layers_offloaded, e.layers_model), (48, 65));
    assert!(!e.fully_loaded());
    let layer = 432 * MIB;
    let vram = MINIMUM_MEMORY_BYTES + layer + 48 * layer + e.graph;
    assert_eq!(e.vram, vram);
    assert_eq!(e.total, vram + 16 * layer + 600 * MIB);
    assert_eq!(e.total, 33_415_670_442);
    // `ollama ps`: "33 GB 23%/77% CPU/GPU".
    assert_eq!(e.cpu_percent(), 23);
    assert_eq!(ps_size(e.total), "33 GB");
    // More free memory, no spill.
    let roomy = estimate_gpu_layers(&no_case(), &run(8192, 1), &[Some(48 * 1024 * MIB)]);
    assert!(roomy.fully_loaded());
}

#[test]
fn a_vision_projector_sits_on_the_first_card() {
    let mut m = dense();
    m.projector_bytes = 600 * MIB;
    let free = Some(24 * 1024 * MIB);
    let plain = estimate_gpu_layers(&dense(), &run(2048, 1), &[free]);
    let with = estimate_gpu_layers(&m, &run(2048, 1), &[free]);
    assert_eq!(with.total - plain.total, 600 * MIB);
    // Over two cards, only the first holds it.
    let two = estimate_gpu_layers(&m, &run(2048, 1), &[free, free]);
    let two_plain = estimate_gpu_layers(&dense(), &run(2048, 1), &[free, free]);
    assert_eq!(two.per_card[0] - two_plain.per_card[0], 600 * MIB);
    assert_eq!(two.per_card[1], two_plain.per_card[1]);
    // A card too small for projector + graph + minimum + two layers takes no layers at all.
    let tiny = estimate_gpu_layers(&m, &run(2048, 1), &[Some(1500 * MIB)]);
    assert_eq!(tiny.layers_offloaded, 0);
    assert_eq!(tiny.vram, 0);
}

fn ollama_report(
    model: &str,
    quant: Quant,
    ctx: u32,
    cards: u32,
    gpu: Option<&str>,
) -> bot_core::vram::FitReport {
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    req.engine = bot_core::vram::Engine::Llamacpp;
    req.context = ctx;
    req.cards = cards;
    req.gpu = gpu.map(|g| c.gpu(g).unwrap());
    let opts = FitOptions {
        ollama: true,
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

const GIB: f64 = (1u64 << 30) as f64;

#[test]
fn checked_on_three_ollama_logs() {
    // Not cases of our own: the Go structure reproduced against what Ollama itself logged.
    // Qwen3-32B Q6_K at 32k on 3 x 3090 (ollama#10740): "total required memory of 67.3 GiB",
    // all layers on the cards.
    let r = ollama_report("qwen3-32b", Quant::Q6K, 32768, 3, Some("rtx-3090"));
    let o = r.ollama.unwrap();
    assert!(
        (o.total as f64 / GIB - 67.3).abs() < 0.1,
        "{}",
        o.total as f64 / GIB
    );
    assert!(o.fully_loaded());
    // Qwen3-235B-A22B Q4_K_M at 4096 on 5 x 3090 (ollama#10810): kv 752 MiB, graph 2.0 GiB,
    // `layers.offload=65 layers.split=13,13,13,13,13` of 95.
    let r = ollama_report("qwen3-235b-a22b", Quant::Q4KM, 4096, 5, Some("rtx-3090"));
    let o = r.ollama.unwrap();
    assert_eq!(o.kv, 752 * MIB);
    assert!((o.graph as f64 / GIB - 1.96).abs() < 0.01);
    assert_eq!((o.layers_offloaded, o.layers_model), (65, 95));
    // gpt-oss-120b at 8192 over 4 cards on 0.11.3 (ollama#11702): `ollama ps` 86 GB. The
    // release is stated: gpt-oss's graph halved in 0.11.5 (session 28, mem_ca).
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("gpt-oss-120b").unwrap()),
        Quant::Mxfp4,
        Task::Infer,
    );
    req.engine = bot_core::vram::Engine::Llamacpp;
    req.context = 8192;
    req.cards = 4;
    req.ollama_release = bot_core::vram::ollama::OllamaRelease::parse("0.11.3");
    let opts = FitOptions {
        ollama: true,
        ..FitOptions::default()
    };
    let r = estimate_with(&c, &req, &opts).unwrap();
    assert_eq!(ps_size(r.ollama.unwrap().total), "86 GB");
}

#[test]
fn catalog_models_of_our_own() {
    // Qwen2.5-14B Q4_K_M at Ollama's default 2048 on an RTX 4090: all on the card.
    let r = ollama_report("qwen2.5-14b", Quant::Q4KM, 2048, 1, Some("rtx-4090"));
    let o = r.ollama.clone().unwrap();
    assert!(o.fully_loaded());
    assert_eq!(o.vram, o.total);
    assert_eq!(o.cpu_percent(), 0);
    assert_eq!(r.context, 2048);
    // Qwen2.5-72B Q4_K_M at 32k over 2 x 4090: Ollama leaves layers on the CPU.
    let r = ollama_report("qwen2.5-72b", Quant::Q4KM, 32768, 2, Some("rtx-4090"));
    let o = r.ollama.unwrap();
    assert!(!o.fully_loaded());
    assert_eq!(o.layers_model, 81);
    assert!(o.cpu_percent() > 0 && o.cpu_percent() < 100);
    // Each card's share stays under its free memory.
    let free = Catalog::embedded()
        .unwrap()
        .gpu("rtx-4090")
        .unwrap()
        .usable_gib()
        * GIB;
    assert!(o.per_card.iter().all(|b| (*b as f64) < free));
    // The same on one card at 2048: more layers on the CPU than over two cards at 2048.
    let one = ollama_report("qwen2.5-72b", Quant::Q4KM, 2048, 1, Some("rtx-4090"))
        .ollama
        .unwrap();
    let two = ollama_report("qwen2.5-72b", Quant::Q4KM, 2048, 2, Some("rtx-4090"))
        .ollama
        .unwrap();
    assert!(one.layers_offloaded < two.layers_offloaded);
    // A vision model at 1024 tokens: Ollama raises the context to 2048 for its projector.
    let small = ollama_report("qwen3-vl-8b", Quant::Q4KM, 1024, 1, None)
        .ollama
        .unwrap();
    let at2k = ollama_report("qwen3-vl-8b", Quant::Q4KM, 2048, 1, None)
        .ollama
        .unwrap();
    assert_eq!(small.kv, at2k.kv);
}

#[test]
fn only_under_ollama_and_only_where_modelled() {
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-14b").unwrap()),
        Quant::Q4KM,
        Task::Infer,
    );
    req.engine = bot_core::vram::Engine::Llamacpp;
    // llama.cpp itself: no Ollama figure.
    let r = estimate_with(&c, &req, &FitOptions::default()).unwrap();
    assert!(r.ollama.is_none());
    assert!(
        !r.warning_ids
            .iter()
            .any(|w| w.starts_with("fit-warn-ollama"))
    );
    // An architecture whose GraphSize case is not modelled (mllama): said, no figure.
    let r = ollama_report(
        "llama-3.2-11b-vision",
        Quant::Q4KM,
        4096,
        1,
        Some("rtx-4090"),
    );
    assert!(r.ollama.is_none());
    assert!(r.warning_ids.iter().any(|w| w == "fit-warn-ollama-unknown"));
}

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

#[test]
fn the_answer_says_what_ollama_ps_shows_in_both_locales() {
    let line = "/fit qwen2.5-72b q4_k_m ctx=32k 2x4090 ollama";
    let en = ask("en", line);
    assert!(en.contains("`ollama ps`"), "{en}");
    assert!(en.contains("CPU/GPU"), "{en}");
    assert!(en.contains("layers on the CPU"), "{en}");
    assert!(en.contains("of 81 layers"), "{en}");
    let zh = ask("zh", line);
    assert!(zh.contains("Ollama 自己的估算"), "{zh}");
    assert!(zh.contains("81 层中的"), "{zh}");
    // engine=ollama is the same word.
    let en2 = ask("en", "/fit qwen2.5-72b q4_k_m ctx=32k 2x4090 engine=ollama");
    assert!(en2.contains("of 81 layers"), "{en2}");
    // A fit: 100% GPU, no CPU line; llama.cpp says nothing of Ollama.
    let fits = ask("en", "/fit qwen2.5-14b q4_k_m 4090 ollama");
    assert!(fits.contains("100% GPU"), "{fits}");
    assert!(fits.contains("num_ctx 2048"), "{fits}");
    assert!(!fits.contains("layers on the CPU"), "{fits}");
    let plain = ask("en", "/fit qwen2.5-14b q4_k_m 4090 llamacpp");
    assert!(!plain.contains("ollama ps"), "{plain}");
}
