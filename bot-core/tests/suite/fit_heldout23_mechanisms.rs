//! Held-out 23's session (mem_ac): llama.cpp's expert offload (`--cpu-moe`, `--n-cpu-moe N`,
//! `vram::expert_offload`) and its micro-batch (`-ub`). Tested on models and cards of no table
//! row: Qwen3-30B-A3B and GLM-4.5-Air in Q4_K_M, DeepSeek-V3 (leading dense layers),
//! Llama-3.1-8B (dense), an RTX 3060 12GB and an RTX 4080; and MXFP4 on the card that runs it
//! (`vram::mxfp4_card`): gpt-oss-20b / -120b on a T4, L40S, V100, A10 and RTX 3060.

use bot_core::Catalog;
use bot_core::vram::expert_offload::{self, ALL_LAYERS};
use bot_core::vram::{Engine, FitError, FitRequest, GIB, ModelRef, Quant, Shape, Task, estimate};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

/// Weights on the card, KV and activations (GiB) of a llama.cpp run of `id`.
fn run(
    c: &Catalog,
    id: &str,
    quant: Quant,
    ctx: u32,
    cpu_moe: Option<u32>,
    ubatch: Option<u32>,
) -> (f64, f64, f64) {
    let mut req = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    req.engine = Engine::Llamacpp;
    req.context = ctx;
    req.cpu_moe = cpu_moe;
    req.ubatch = ubatch;
    let r = estimate(c, &req).unwrap();
    (r.weights_gib, r.kv_cache_gib, r.activations_gib)
}

#[test]
fn cpu_moe_takes_the_routed_experts_off_the_card_and_nothing_else() {
    let c = Catalog::embedded().unwrap();
    let shape = Shape::from_model(c.model("qwen3-30b-a3b").unwrap()).unwrap();
    let (w0, kv0, _) = run(&c, "qwen3-30b-a3b", Quant::Q4KM, 32768, None, None);
    let (w1, kv1, _) = run(
        &c,
        "qwen3-30b-a3b",
        Quant::Q4KM,
        32768,
        Some(ALL_LAYERS),
        None,
    );
    // 48 layers x 128 experts x 3 x 2048 x 768 at Q4_K_M's 4.89 bits: about 15.7 GiB leave.
    let experts = 48.0 * 128.0 * 3.0 * 2048.0 * 768.0 * Quant::Q4KM.gguf_bpw().unwrap() / 8.0;
    assert!(((w0 - w1) - experts / GIB).abs() < 0.05, "{w0} -> {w1}");
    assert_eq!(
        expert_offload::bytes_in_ram(&shape, Quant::Q4KM, ALL_LAYERS),
        experts
    );
    // Attention, router, norms and the head stay: well above zero, below 2 GiB.
    assert!(w1 > 0.5 && w1 < 2.0, "{w1}");
    // The KV cache stays on the card whole.
    assert_eq!(kv0, kv1);
    // `--n-cpu-moe N` moves N of them; N past the layer count is every layer.
    let (w12, _, _) = run(&c, "qwen3-30b-a3b", Quant::Q4KM, 32768, Some(12), None);
    assert!(((w0 - w12) - (w0 - w1) / 4.0).abs() < 0.05);
    let (w99, _, _) = run(&c, "qwen3-30b-a3b", Quant::Q4KM, 32768, Some(99), None);
    assert!((w99 - w1).abs() < 0.01);
}

#[test]
fn the_layer_index_counts_leading_dense_layers() {
    // DeepSeek-V3's first three layers are dense (`first_k_dense_replace`): `--n-cpu-moe 3`
    // matches no expert tensor, the fourth index moves one MoE layer.
    let c = Catalog::embedded().unwrap();
    let shape = Shape::from_model(c.model("deepseek-v3").unwrap()).unwrap();
    assert_eq!(expert_offload::offloaded_moe_layers(&shape, 3), 0);
    assert_eq!(expert_offload::offloaded_moe_layers(&shape, 4), 1);
    let (w0, _, _) = run(&c, "deepseek-v3", Quant::Q2K, 8192, None, None);
    let (w3, _, _) = run(&c, "deepseek-v3", Quant::Q2K, 8192, Some(3), None);
    let (w4, _, _) = run(&c, "deepseek-v3", Quant::Q2K, 8192, Some(4), None);
    assert!((w0 - w3).abs() < 0.01);
    let one = expert_offload::expert_bytes_per_layer(&shape, Quant::Q2K) / GIB;
    assert!(((w0 - w4) - one).abs() < 0.05, "{w0} {w4} {one}");
    // A dense model has no routed experts: nothing moves.
    let (d0, _, _) = run(&c, "llama-3.1-8b", Quant::Q4KM, 8192, None, None);
    let (d1, _, _) = run(
        &c,
        "llama-3.1-8b",
        Quant::Q4KM,
        8192,
        Some(ALL_LAYERS),
        None,
    );
    assert_eq!(d0, d1);
}

#[test]
fn a_prompt_batch_copies_one_expert_tensor_into_the_compute_buffer() {
    let c = Catalog::embedded().unwrap();
    let shape = Shape::from_model(c.model("glm-4.5-air").unwrap()).unwrap();
    let (_, _, a0) = run(&c, "glm-4.5-air", Quant::Q4KM, 16384, None, None);
    let (_, _, a1) = run(
        &c,
        "glm-4.5-air",
        Quant::Q4KM,
        16384,
        Some(ALL_LAYERS),
        None,
    );
    let tensor = expert_offload::expert_bytes_per_layer(&shape, Quant::Q4KM) / 3.0 / GIB;
    assert!(((a1 - a0) - tensor).abs() < 0.02, "{a0} {a1} {tensor}");
    // Fewer than 32 tokens in the batch: the op stays on the CPU, nothing is copied.
    let (_, _, s0) = run(&c, "glm-4.5-air", Quant::Q4KM, 16, None, None);
    let (_, _, s1) = run(&c, "glm-4.5-air", Quant::Q4KM, 16, Some(ALL_LAYERS), None);
    assert!((s1 - s0).abs() < 0.01);
}

#[test]
fn the_micro_batch_sizes_the_compute_buffer() {
    // `-ub 2048` holds four times the 512-token buffer: per token 12 x FFN + 16 x hidden + 4 x
    // vocab bytes (Llama-3.1-8B: 128256 entries, 4096 wide, 14336 FFN).
    let c = Catalog::embedded().unwrap();
    let (_, _, a512) = run(&c, "llama-3.1-8b", Quant::Q4KM, 8192, None, None);
    let (_, _, a2048) = run(&c, "llama-3.1-8b", Quant::Q4KM, 8192, None, Some(2048));
    let per_token = (12.0 * 14336.0 + 16.0 * 4096.0 + 4.0 * 128256.0) / GIB;
    assert!(((a2048 - a512) - 1536.0 * per_token).abs() < 0.02);
    // A micro-batch larger than the context holds the context.
    let (_, _, short) = run(&c, "llama-3.1-8b", Quant::Q4KM, 1024, None, Some(4096));
    let (_, _, short_default) = run(&c, "llama-3.1-8b", Quant::Q4KM, 1024, None, Some(1024));
    assert_eq!(short, short_default);
}

#[test]
fn cpu_moe_outside_llama_cpp_inference_is_refused_by_name() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen3-30b-a3b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Awq, Task::Infer);
    req.engine = Engine::Vllm;
    req.cpu_moe = Some(ALL_LAYERS);
    assert!(matches!(estimate(&c, &req), Err(FitError::CpuMoeScope(_))));
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
    req.engine = Engine::Llamacpp;
    req.cpu_moe = Some(4);
    assert!(matches!(estimate(&c, &req), Err(FitError::CpuMoeScope(_))));
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Q4KM, Task::Infer);
    req.engine = Engine::Llamacpp;
    req.ubatch = Some(0);
    assert!(matches!(estimate(&c, &req), Err(FitError::BadValue(_))));
    // `-ub` is llama.cpp's: beside vLLM it is answered, not dropped.
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Awq, Task::Infer);
    req.engine = Engine::Vllm;
    req.ubatch = Some(1024);
    assert!(matches!(estimate(&c, &req), Err(FitError::BadValue(_))));
    let said = ask("en", "/fit qwen3-30b-a3b q4_k_m ub=1024 ctx=8k rtx-4080");
    assert!(said.contains("llamacpp"), "{said}");
}

#[test]
fn the_chat_reads_cpu_moe_and_says_what_stays_in_ram_in_both_languages() {
    // GLM-4.5-Air Q4_K_M on a 12 GB card at 16k: about 68 GiB of weights, so not on the
    // card; with every expert in RAM it fits and the answer says so.
    let without = ask("en", "/fit glm-4.5-air q4_k_m llamacpp ctx=16k rtx-3060");
    assert!(!without.contains("Expert offload"), "{without}");
    let en = ask("en", "/fit glm-4.5-air q4_k_m cpu-moe ctx=16k rtx-3060");
    assert!(en.contains("llamacpp"), "{en}");
    assert!(en.contains("Expert offload"), "{en}");
    assert!(en.contains("stay in system RAM"), "{en}");
    assert!(en.contains("Speed: not estimated"), "{en}");
    assert!(!en.contains("tokens/s for one stream"), "{en}");
    // Not "every parameter must be in memory on the card": the experts are in RAM.
    assert!(!en.contains("must be in memory"), "{en}");
    assert!(without.contains("must be in memory"), "{without}");
    let zh = ask("zh", "/fit glm-4.5-air q4_k_m cpu-moe ctx=16k rtx-3060");
    assert!(zh.contains("专家卸载"), "{zh}");
    assert!(zh.contains("系统内存"), "{zh}");
    assert!(!zh.contains("都要放进显存"), "{zh}");
    // `ncmoe=N` moves N layers: fewer GiB in RAM than every layer.
    let some = ask("en", "/fit glm-4.5-air q4_k_m ncmoe=20 ctx=16k rtx-4080");
    assert!(some.contains("of 19 MoE layers"), "{some}");
    // The engine said beside it decides: vLLM has no such option.
    let vllm = ask("en", "/fit glm-4.5-air awq cpu-moe vllm rtx-4080");
    assert!(vllm.contains("does not apply"), "{vllm}");
}

#[test]
fn transformers_keeps_mxfp4_from_compute_capability_7_5_and_dequantizes_below() {
    // gpt-oss-120b on cards of three generations: MXFP4 stays packed on a T4 (7.5) and an L40S
    // (8.9); a V100 (7.0) gets its experts as bf16, about 3.6 times the MXFP4 weights.
    let c = Catalog::embedded().unwrap();
    let m = c.model("gpt-oss-120b").unwrap();
    let weights = |gpu: &str| {
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Mxfp4, Task::Infer);
        req.engine = Engine::Transformers;
        req.context = 2048;
        req.gpu = Some(c.gpu(gpu).unwrap());
        estimate(&c, &req).unwrap().weights_gib
    };
    let (t4, l40s, v100) = (weights("t4"), weights("l40s"), weights("v100-32g"));
    assert!((t4 - l40s).abs() < 0.01, "{t4} {l40s}");
    assert!(v100 > 3.0 * t4 && v100 < 4.0 * t4, "{t4} {v100}");
    // The bf16 figure is the model's 16-bit size (116.8B parameters x 2 bytes).
    assert!((v100 - 116.8e9 * 2.0 / GIB).abs() / v100 < 0.03, "{v100}");
    // llama.cpp runs the MXFP4 GGUF on the V100: no dequantization there (the card holds the
    // T4's weights less the bf16 token embedding, which llama.cpp keeps in system RAM).
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Mxfp4, Task::Infer);
    req.engine = Engine::Llamacpp;
    req.context = 2048;
    req.gpu = Some(c.gpu("v100-32g").unwrap());
    let embed = bot_core::vram::Shape::from_model(m).unwrap().params.embed * 2.0 / GIB;
    assert!((estimate(&c, &req).unwrap().weights_gib - (t4 - embed)).abs() < 0.01);
}

#[test]
fn vllm_refuses_mxfp4_below_compute_capability_8_and_says_what_runs() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("gpt-oss-20b").unwrap();
    let run = |gpu: &str| {
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Mxfp4, Task::Infer);
        req.engine = Engine::Vllm;
        req.context = 8192;
        req.gpu = Some(c.gpu(gpu).unwrap());
        estimate(&c, &req)
    };
    assert!(matches!(run("t4"), Err(FitError::Mxfp4Card(..))));
    assert!(matches!(run("v100-32g"), Err(FitError::Mxfp4Card(..))));
    assert!(run("a10").is_ok() && run("rtx-3060").is_ok());
    let en = ask("en", "/fit gpt-oss-20b mxfp4 vllm ctx=8k t4");
    assert!(
        en.contains("does not load MXFP4") && en.contains("7.5"),
        "{en}"
    );
    let zh = ask("zh", "/fit gpt-oss-20b mxfp4 vllm ctx=8k t4");
    assert!(zh.contains("不能") && zh.contains("MXFP4"), "{zh}");
    // Transformers on the V100 answers with the dequantization said.
    let v = ask("en", "/fit gpt-oss-20b mxfp4 transformers ctx=4k v100-32g");
    assert!(v.contains("loads these experts as bf16"), "{v}");
    let vz = ask("zh", "/fit gpt-oss-20b mxfp4 transformers ctx=4k v100-32g");
    assert!(vz.contains("按 bf16 加载"), "{vz}");
}

#[test]
fn cards_listed_for_an_offloaded_moe_carry_no_speed() {
    // The card list's tok/s comes from the card's bandwidth; with experts in RAM it is unknown.
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen3-30b-a3b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Q4KM, Task::Infer);
    req.engine = Engine::Llamacpp;
    req.context = 16384;
    let plain = estimate(&c, &req).unwrap();
    assert!(plain.options.iter().any(|o| o.decode_tok_s.is_some()));
    req.cpu_moe = Some(ALL_LAYERS);
    let offloaded = estimate(&c, &req).unwrap();
    assert!(!offloaded.options.is_empty());
    assert!(offloaded.options.iter().all(|o| o.decode_tok_s.is_none()));
    // Fewer GiB a card, so cards too small before hold it now.
    assert!(offloaded.options.len() >= plain.options.len());
}

#[test]
fn a_sentence_asking_for_expert_offload_is_read_with_it() {
    // Said in a question, not typed as a word: the reading carries it, negation drops it.
    let en = ask(
        "en",
        "can glm-4.5-air q4_k_m run on a 3060 with the experts in ram?",
    );
    assert!(en.contains("cpu-moe=all"), "{en}");
    assert!(en.contains("Expert offload"), "{en}");
    let zh = ask("zh", "gpt-oss-120b 一张3060能跑吗，专家放内存");
    assert!(
        zh.contains("cpu-moe=all") && zh.contains("专家卸载"),
        "{zh}"
    );
    let not = ask(
        "en",
        "can glm-4.5-air q4_k_m run on a 3060 without cpu-moe?",
    );
    assert!(!not.contains("Expert offload"), "{not}");
}
