//! The quantization a model's name states (`vram::name_format`), one reader for the CLI, `/fit`,
//! `/tco`, `/pick` and questions. A repository named `…-AWQ`, `…-GPTQ-Int4`, `…-bnb-4bit`,
//! `…-FP8`, `…-quantized.w4a16`, `…-GGUF:Q5_K_M`, `…-q4_k_m.gguf` or `…-exl2:4.65bpw` holds
//! those weights: Transformers and vLLM read the format from the checkpoint's config.json
//! `quantization_config` (vllm `model_executor/layers/quantization/__init__.py`
//! `get_quantization_config`; transformers `quantizers/auto.py` `AutoHfQuantizer`), so sizing
//! such a name in BF16 counts weights the file does not hold. A bitsandbytes repository is
//! saved quantized (config.json `quantization_config.load_in_4bit`), so it loads without
//! quantize-on-load's 16-bit warm-up (`vram::bnb_load`). MLX (`ml-explore/mlx-lm`) runs on Apple
//! silicon only: said, not sized silently. Cases of our own, on no measured table.

use super::chat::ask_fresh;
use bot_core::Catalog;
use bot_core::vram::name_format::{self, NameFormat};
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, estimate_with,
};

fn parsed(name: &str) -> NameFormat {
    name_format::parse(name).unwrap_or_else(|| panic!("{name}: no format read"))
}

/// Names as publishers write them, the format each holds and the model (catalog id) its stem
/// names: 27 names over every format the vocabulary knows in a name.
const NAMES: &[(&str, &str, &str)] = &[
    ("Qwen/Qwen2.5-7B-Instruct-AWQ", "awq", "qwen2.5-7b"),
    (
        "Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4",
        "gptq-int4",
        "qwen2.5-72b",
    ),
    (
        "Qwen/Qwen2.5-7B-Instruct-GPTQ-Int8",
        "gptq-int8",
        "qwen2.5-7b",
    ),
    ("TheBloke/Llama-2-13B-chat-GPTQ", "gptq-int4", "llama-2-13b"),
    (
        "casperhansen/llama-3-70b-instruct-awq",
        "awq",
        "llama-3-70b",
    ),
    ("unsloth/Qwen3-8B-unsloth-bnb-4bit", "nf4", "qwen3-8b"),
    ("unsloth/llama-3-8b-bnb-4bit", "nf4", "llama-3-8b"),
    ("Qwen/Qwen3-8B-FP8", "fp8", "qwen3-8b"),
    (
        "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8",
        "fp8",
        "llama-3.1-8b",
    ),
    (
        "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8-dynamic",
        "fp8",
        "llama-3.1-8b",
    ),
    (
        "RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w4a16",
        "int4",
        "llama-3.1-8b",
    ),
    (
        "RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w8a8",
        "int8",
        "llama-3.1-8b",
    ),
    ("Qwen/Qwen2.5-7B-Instruct-GGUF", "q4_k_m", "qwen2.5-7b"),
    ("qwen2.5-7b-instruct-q4_k_m.gguf", "q4_k_m", "qwen2.5-7b"),
    (
        "Qwen/Qwen2.5-7B-Instruct-GGUF:Q5_K_M",
        "q5_k_m",
        "qwen2.5-7b",
    ),
    (
        "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF:Q5_K_M",
        "q5_k_m",
        "llama-3.1-8b",
    ),
    (
        "bartowski/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf",
        "q4_k_m",
        "llama-3.1-8b",
    ),
    (
        "bartowski/Meta-Llama-3.1-8B-Instruct-Q6_K-GGUF",
        "q6_k",
        "llama-3.1-8b",
    ),
    (
        "turboderp/Llama-3.1-8B-Instruct-exl2:4.65bpw",
        "exl2-4.65bpw",
        "llama-3.1-8b",
    ),
    (
        "LoneStriker/Llama-3.1-8B-Instruct-6.0bpw-h6-exl2",
        "exl2-6.0bpw",
        "llama-3.1-8b",
    ),
    (
        "mlx-community/Qwen2.5-7B-Instruct-4bit",
        "int4",
        "qwen2.5-7b",
    ),
    ("someone/Qwen2.5-7B-Instruct-MLX-8bit", "int8", "qwen2.5-7b"),
    (
        "hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4",
        "awq",
        "llama-3.1-8b",
    ),
    ("someone/Qwen2.5-7B-Instruct-Int4", "int4", "qwen2.5-7b"),
    ("someone/Qwen2.5-7B-Instruct-4bit", "int4", "qwen2.5-7b"),
    ("someone/Llama-3.1-8B-Instruct-nf4", "nf4", "llama-3.1-8b"),
    ("openai/gpt-oss-20b-mxfp4", "mxfp4", "gpt-oss-20b"),
];

#[test]
fn every_published_name_states_its_format_and_names_its_model() {
    let c = Catalog::embedded().unwrap();
    assert!(NAMES.len() >= 25);
    for (name, quant, model) in NAMES {
        let f = parsed(name);
        assert_eq!(f.quant.to_string(), *quant, "{name}");
        let read = name_format::read(&c, name);
        assert_eq!(read.model.map(|m| m.id.as_str()), Some(*model), "{name}");
    }
}

#[test]
fn only_bitsandbytes_names_are_saved_in_4_bit_and_only_mlx_names_are_mlx() {
    assert!(parsed("unsloth/llama-3-8b-bnb-4bit").saved_4bit);
    assert!(parsed("someone/Llama-3.1-8B-Instruct-nf4").saved_4bit);
    assert!(!parsed("Qwen/Qwen2.5-7B-Instruct-AWQ").saved_4bit);
    assert!(!parsed("someone/Qwen2.5-7B-Instruct-4bit").saved_4bit);
    assert!(parsed("mlx-community/Qwen2.5-7B-Instruct-4bit").mlx);
    assert!(parsed("someone/Qwen2.5-7B-Instruct-MLX-8bit").mlx);
    assert!(!parsed("someone/Qwen2.5-7B-Instruct-4bit").mlx);
    // The words are the name's own, for the answer to quote.
    assert_eq!(parsed("unsloth/llama-3-8b-bnb-4bit").words, "bnb-4bit");
    assert_eq!(
        parsed("Qwen/Qwen2.5-7B-Instruct-GGUF:Q5_K_M").words,
        "Q5_K_M"
    );
}

#[test]
fn names_that_state_no_format_read_none() {
    for name in [
        "qwen2.5-7b-instruct",
        "Qwen/Qwen2.5-7B-Instruct",
        // A size glued to `-it` is no `4bit`.
        "google/gemma-3-4b-it",
        // A name with a digit beside `bit` (BitNet b1.58) states no format.
        "microsoft/bitnet-b1.58-2B-4T",
        "qwen2.5:7b",
        "mistral-7b-v0.3",
        "Mistral-Small-3.1-24B-Instruct-2503",
        "awq",
    ] {
        assert_eq!(name_format::parse(name), None, "{name}");
    }
}

/// The estimate of `name` as the CLI builds it: read, then the name's format applied unless
/// `typed`.
fn by_name(name: &str, typed: Option<Quant>, task: Task, engine: Engine) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let read = name_format::read(&c, name);
    let m = read.model.unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), typed.unwrap_or(Quant::Bf16), task);
    req.engine = engine;
    if let Some(f) = &read.format {
        name_format::apply(&mut req, f, typed.is_some());
    }
    estimate_with(&c, &req, &FitOptions::default()).unwrap()
}

fn by_id(id: &str, quant: Quant, task: Task, engine: Engine) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    req.engine = engine;
    estimate_with(&c, &req, &FitOptions::default()).unwrap()
}

#[test]
fn the_estimates_weights_are_the_named_formats() {
    for (name, quant, model) in NAMES {
        let q: Quant = quant.parse().unwrap();
        let engine = match q {
            q if q.is_gguf() => Engine::Llamacpp,
            Quant::Exl2(_) => Engine::Exllamav2,
            _ => Engine::Vllm,
        };
        let named = by_name(name, None, Task::Infer, engine);
        let typed = by_id(model, q, Task::Infer, engine);
        let bf16 = by_id(model, Quant::Bf16, Task::Infer, engine);
        assert_eq!(named.quant, q.key(), "{name}");
        assert!(
            (named.per_gpu.weights_gib - typed.per_gpu.weights_gib).abs() < 1e-9,
            "{name}: {} vs {}",
            named.per_gpu.weights_gib,
            typed.per_gpu.weights_gib
        );
        // Every named format but gpt-oss's (its experts only) is well under BF16's weights.
        assert!(
            named.per_gpu.weights_gib < 0.75 * bf16.per_gpu.weights_gib,
            "{name}: {} vs bf16 {}",
            named.per_gpu.weights_gib,
            bf16.per_gpu.weights_gib
        );
    }
}

#[test]
fn a_typed_format_wins_and_the_answer_says_the_name_stated_another() {
    let name = "Qwen/Qwen2.5-7B-Instruct-GPTQ-Int4";
    let r = by_name(name, Some(Quant::Fp8), Task::Infer, Engine::Vllm);
    let fp8 = by_id("qwen2.5-7b", Quant::Fp8, Task::Infer, Engine::Vllm);
    assert_eq!(r.quant, "fp8");
    assert!((r.per_gpu.weights_gib - fp8.per_gpu.weights_gib).abs() < 1e-9);
    assert!(
        r.warning_ids
            .iter()
            .any(|w| w == "fit-note-name-overridden")
    );
    let plain = by_name(name, None, Task::Infer, Engine::Vllm);
    assert!(
        plain
            .warning_ids
            .iter()
            .any(|w| w == "fit-note-name-format")
    );
    assert!(
        !plain
            .warning_ids
            .iter()
            .any(|w| w == "fit-note-name-overridden")
    );
}

#[test]
fn a_bnb_4bit_repository_trains_qlora_without_the_16_bit_warm_up() {
    let c = Catalog::embedded().unwrap();
    let name = "unsloth/llama-3-8b-bnb-4bit";
    // LoRA on a checkpoint saved in 4 bits is QLoRA on that base.
    let lora = by_name(name, None, Task::Lora, Engine::Transformers);
    assert_eq!(lora.task, "qlora");
    assert_eq!(lora.quant, "nf4");
    // Quantize-on-load of a 16-bit 32B keeps the warm-up's half-model block (32 GB) reserved
    // beside a short step (nvidia-smi's basis, `per_gpu_gib`); the saved checkpoint does not.
    let saved_name = "unsloth/Qwen2.5-32B-Instruct-bnb-4bit";
    let m = name_format::read(&c, saved_name).model.unwrap();
    let mut on_load = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
    on_load.grad_checkpointing = true;
    on_load.context = 512;
    let mut saved = on_load.clone();
    name_format::apply(&mut saved, &parsed(saved_name), false);
    assert!(!saved.load_warmup && on_load.load_warmup);
    let a = estimate_with(&c, &on_load, &FitOptions::default()).unwrap();
    let b = estimate_with(&c, &saved, &FitOptions::default()).unwrap();
    assert!(
        b.per_gpu_gib < a.per_gpu_gib,
        "{} vs {}",
        b.per_gpu_gib,
        a.per_gpu_gib
    );
}

#[test]
fn a_format_with_no_kernel_on_the_engine_is_said() {
    let mlx = by_name(
        "mlx-community/Qwen2.5-7B-Instruct-4bit",
        None,
        Task::Infer,
        Engine::Vllm,
    );
    assert!(mlx.warning_ids.iter().any(|w| w == "fit-note-name-mlx"));
    let awq_on_llamacpp = by_name(
        "Qwen/Qwen2.5-7B-Instruct-AWQ",
        None,
        Task::Infer,
        Engine::Llamacpp,
    );
    assert!(
        awq_on_llamacpp
            .warning_ids
            .iter()
            .any(|w| w == "fit-note-name-no-kernel")
    );
    // GGUF under vLLM loads (`--quantization gguf`): sized as GGUF, nothing to say.
    let gguf_on_vllm = by_name(
        "Qwen/Qwen2.5-7B-Instruct-GGUF:Q5_K_M",
        None,
        Task::Infer,
        Engine::Vllm,
    );
    assert_eq!(gguf_on_vllm.quant, "q5_k_m");
    assert!(
        !gguf_on_vllm
            .warning_ids
            .iter()
            .any(|w| w == "fit-note-name-no-kernel" || w == "fit-note-name-mlx")
    );
}

/// The weights figure of an answer's breakdown line (`Weights 5.2 GiB` / `权重 5.2 GiB`).
fn weights_line(answer: &str) -> String {
    answer
        .lines()
        .find(|l| l.starts_with("Weights ") || l.starts_with("权重"))
        .unwrap_or_else(|| panic!("no weights line in {answer}"))
        .split(" · ")
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn the_chat_sizes_the_named_format_in_fit_and_in_a_question() {
    for (name, quant, model) in [
        ("Qwen/Qwen2.5-7B-Instruct-AWQ", "awq", "qwen2.5-7b"),
        (
            "Qwen/Qwen2.5-7B-Instruct-GGUF:Q5_K_M",
            "q5_k_m",
            "qwen2.5-7b",
        ),
        (
            "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8-dynamic",
            "fp8",
            "llama-3.1-8b",
        ),
        ("unsloth/Qwen3-8B-unsloth-bnb-4bit", "nf4", "qwen3-8b"),
    ] {
        let named = ask_fresh("en-US", &format!("/fit {name} 4090"));
        let typed = ask_fresh("en-US", &format!("/fit {model} {quant} 4090"));
        assert!(named.contains(&format!("· {quant} ·")), "{name}: {named}");
        assert!(!named.contains("No quantization given"), "{named}");
        assert!(
            named.contains("Format read from the model's name"),
            "{named}"
        );
        assert_eq!(weights_line(&named), weights_line(&typed), "{name}");
    }
    let q = ask_fresh("en-US", "can a 4090 run Qwen/Qwen2.5-7B-Instruct-AWQ?");
    assert!(q.contains("· awq ·"), "{q}");
    let zh = ask_fresh("zh-CN", "/fit Qwen/Qwen2.5-7B-Instruct-AWQ 4090");
    assert!(zh.contains("从模型名读到的格式"), "{zh}");
}

#[test]
fn the_chat_says_a_typed_format_overrode_the_names_in_both_locales() {
    let en = ask_fresh("en-US", "/fit Qwen/Qwen2.5-7B-Instruct-GPTQ-Int4 fp8 4090");
    assert!(en.contains("· fp8 ·"), "{en}");
    assert!(en.contains("The model's name says gptq-int4"), "{en}");
    let zh = ask_fresh("zh-CN", "/fit Qwen/Qwen2.5-7B-Instruct-GPTQ-Int4 fp8 4090");
    assert!(zh.contains("模型名表明是 gptq-int4"), "{zh}");
    // A plain name with no format says neither.
    let plain = ask_fresh("en-US", "/fit qwen2.5-7b-instruct 4090");
    assert!(!plain.contains("model's name"), "{plain}");
}

#[test]
fn tco_sizes_the_named_format() {
    let t = ask_fresh("en-US", "/tco Qwen/Qwen2.5-7B-Instruct-AWQ 4090 20m");
    assert!(t.contains("qwen2.5-7b · awq"), "{t}");
}
