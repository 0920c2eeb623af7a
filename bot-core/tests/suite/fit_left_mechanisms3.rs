//! Session 16's mechanisms for the older held-out tables' last misses (docs/fit-reference.md,
//! "Eighteenth pass, second part"), each on models and cards of no table: a compressed-tensors
//! checkpoint run by Transformers keeps each quantized layer's 16-bit weights beside the packed
//! ones (`vram::ct_decompress`), and on a named card nvidia-smi shows vLLM's whole budget
//! (`vram::vllm_grant`).

use super::chat::ask_fresh as ask;
use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Shape, Task, estimate_with,
};

const GIB: f64 = 1_073_741_824.0;

fn job<'a>(c: &'a Catalog, model: &str, quant: Quant, task: Task) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, task);
    r.context = 2048;
    r
}

fn run(c: &Catalog, r: &FitRequest) -> FitReport {
    estimate_with(c, r, &FitOptions::default()).unwrap()
}

/// The 16-bit copy is every quantized matrix at 2 bytes (recomputed here from the shape), in
/// training and in Transformers inference alike, on a dense model and an MoE.
#[test]
fn a_compressed_tensors_checkpoint_keeps_a_16bit_copy_of_each_quantized_matrix() {
    let c = Catalog::embedded().unwrap();
    for (model, task, quant) in [
        ("yi-1.5-9b", Task::Lora, Quant::Awq),
        ("qwen3-coder-30b-a3b", Task::Qlora, Quant::GptqInt4),
        ("qwq-32b", Task::Infer, Quant::Awq),
        ("deepseek-r1-distill-qwen-32b", Task::Infer, Quant::GptqInt8),
    ] {
        let linear = Shape::from_model(c.model(model).unwrap())
            .unwrap()
            .params
            .linear;
        let plain = run(&c, &job(&c, model, quant, task));
        let mut ct = job(&c, model, quant, task);
        ct.compressed_tensors = true;
        let ct = run(&c, &ct);
        let added = ct.weights_gib - plain.weights_gib;
        let want = linear * 2.0 / GIB;
        assert!((added - want).abs() < 0.02, "{model}: {added} vs {want}");
        assert!(ct.per_gpu_required_gib > plain.per_gpu_required_gib + want - 0.05);
        assert!(
            ct.warning_ids
                .iter()
                .any(|w| w == "fit-assume-compressed-tensors")
        );
    }
}

/// Only where Transformers runs the compressed-tensors modules: vLLM serves the packed weights,
/// and bitsandbytes NF4 or 16-bit weights are no compressed-tensors format.
#[test]
fn the_copy_is_transformers_own() {
    let c = Catalog::embedded().unwrap();
    for (engine, quant) in [
        (Engine::Vllm, Quant::Awq),
        (Engine::Transformers, Quant::Nf4),
        (Engine::Transformers, Quant::Bf16),
    ] {
        let mut a = job(&c, "qwq-32b", quant, Task::Infer);
        a.engine = engine;
        let mut b = a.clone();
        b.compressed_tensors = true;
        let (a, b) = (run(&c, &a), run(&c, &b));
        assert_eq!(a.weights_gib, b.weights_gib, "{engine:?} {quant:?}");
        assert!(
            !b.warning_ids
                .iter()
                .any(|w| w.contains("compressed-tensors"))
        );
    }
}

/// A LoRA on a 4-bit AWQ base that clearly fits a 12 GB card as AutoAWQ's format does not in
/// compressed-tensors' (the first forward pass leaves every layer in 16-bit too), and the answer
/// says why in both languages; without the word a training answer names it.
#[test]
fn the_answer_says_what_compressed_tensors_keeps() {
    let c = Catalog::embedded().unwrap();
    let mut r = job(&c, "yi-1.5-9b", Quant::Awq, Task::Lora);
    r.gpu = Some(c.gpu("rtx-3080-ti").unwrap());
    r.grad_checkpointing = true;
    let autoawq = run(&c, &r);
    r.compressed_tensors = true;
    let ct = run(&c, &r);
    assert_eq!(autoawq.verdict.as_deref(), Some("fits"), "{autoawq:?}");
    assert_eq!(ct.verdict.as_deref(), Some("no"), "{ct:?}");
    let en = ask(
        "en-US",
        "/fit yi-1.5-9b awq lora ctx=2048 rtx-3080-ti format=compressed-tensors",
    );
    assert!(
        en.contains("decompresses each quantized layer to 16-bit"),
        "{en}"
    );
    let zh = ask(
        "zh-CN",
        "/fit yi-1.5-9b awq lora ctx=2048 rtx-3080-ti llm-compressor",
    );
    assert!(zh.contains("逐层") || zh.contains("解压成 16 位"), "{zh}");
    let hint = ask("en-US", "/fit yi-1.5-9b awq lora ctx=2048 rtx-3080-ti");
    assert!(
        hint.contains("the word compressed-tensors sizes that"),
        "{hint}"
    );
    let off = ask(
        "en-US",
        "/fit yi-1.5-9b awq lora ctx=2048 rtx-3080-ti format=autoawq",
    );
    assert!(!off.contains("decompresses each quantized layer"), "{off}");
}

fn served<'a>(c: &'a Catalog, model: &str, quant: Quant, gpu: Option<&str>) -> FitRequest<'a> {
    let mut r = job(c, model, quant, Task::Infer);
    r.engine = Engine::Vllm;
    r.context = 8192;
    r.gpu = gpu.map(|g| c.gpu(g).unwrap());
    r
}

/// On a named card the server shows its budget (the share of CUDA's total, the graphs beside it,
/// at most the card), whatever the model; what it needs, and so the verdict, does not move.
#[test]
fn vllm_on_a_named_card_shows_its_budget_and_is_judged_on_its_need() {
    let c = Catalog::embedded().unwrap();
    for (model, quant, gpu) in [
        ("qwen2.5-coder-7b", Quant::Awq, "l20"),
        ("deepseek-r1-distill-llama-8b", Quant::Awq, "rtx-a5000"),
        ("gemma-2-27b", Quant::Awq, "a40"),
    ] {
        let g = c.gpu(gpu).unwrap();
        for util in [0.8, 0.9, 0.95] {
            let opts = FitOptions {
                vllm_utilization: util,
                ..FitOptions::default()
            };
            let named = estimate_with(&c, &served(&c, model, quant, Some(gpu)), &opts).unwrap();
            let bare = estimate_with(&c, &served(&c, model, quant, None), &opts).unwrap();
            let budget = (util * g.usable_gib() + 0.5).min(g.usable_gib());
            assert!(
                (named.per_gpu_gib - budget).abs() < 0.02,
                "{model} on {gpu} at {util}: {named:?}"
            );
            assert!(named.per_gpu_required_gib < named.per_gpu_gib - 1.0);
            // The need is the engine's own, named card or not (the same card class here).
            assert!((named.per_gpu_required_gib - bare.per_gpu_required_gib).abs() < 0.02);
            assert_eq!(bare.per_gpu_gib, bare.per_gpu_required_gib);
            assert_eq!(named.per_gpu.kv_cache_gib, bare.per_gpu.kv_cache_gib);
            // What the cards together must hold is the need, not the budget.
            assert!((named.total_gib - bare.total_gib).abs() < 0.02, "{named:?}");
            assert_eq!(named.verdict.as_deref(), Some("fits"), "{named:?}");
        }
    }
    // A server that cannot start shows no budget filled: it is sized on what it needs.
    let big = estimate_with(
        &c,
        &served(&c, "qwq-32b", Quant::Bf16, Some("rtx-a5000")),
        &FitOptions::default(),
    )
    .unwrap();
    assert_eq!(big.per_gpu_gib, big.per_gpu_required_gib);
    assert_eq!(big.verdict.as_deref(), Some("no"));
}

/// The answer says that nvidia-smi will show the whole budget and what the job needs of it.
#[test]
fn the_answer_says_vllm_fills_its_budget() {
    let en = ask("en-US", "/fit qwen2.5-coder-7b awq ctx=8192 vllm l20");
    assert!(
        en.contains("vLLM fills its budget with KV cache whatever the job needs"),
        "{en}"
    );
    let zh = ask("zh-CN", "/fit qwen2.5-coder-7b awq ctx=8192 vllm l20");
    assert!(zh.contains("用 KV 缓存占满它的预算"), "{zh}");
    // Transformers keeps the allocator's wording.
    let hf = ask("en-US", "/fit qwen2.5-coder-7b awq ctx=8192 l20");
    assert!(!hf.contains("fills its budget"), "{hf}");
}
