//! The loader and checkpoint mechanisms found in public measurements (docs/fit-reference.md),
//! each on cases of its own beyond the rows it was found on.

use bot_core::Catalog;
use bot_core::vram::{
    AwqFused, Engine, FitRequest, ModelRef, Quant, Shape, Task, estimate, weight_bytes,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

const GIB: f64 = 1_073_741_824.0;

fn infer<'a>(c: &'a Catalog, id: &str, quant: Quant, context: u32, batch: u32) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.context = context;
    r.batch = batch;
    r
}

/// AutoAWQ's static cache holds `cache_tokens` whatever the context, and the fused prefill's
/// fp32-softmax scores grow with the prompt squared; before 0.2.0 a short job peaks at load with
/// every layer's q, k and v twice (Qwen2.5-7B: 28 layers x 3584 x (28 + 2 x 4) heads x 128 =
/// 462M parameters at 4.156 bits).
#[test]
fn autoawq_fused_sizes_its_static_cache_scores_and_load_copy() {
    let c = cat();
    let mut short = infer(&c, "qwen2.5-7b", Quant::Awq, 64, 1);
    let fused = AwqFused {
        cache_tokens: 4096,
        keeps_unfused_qkv: false,
        prefill: Default::default(),
    };
    short.autoawq_fused = Some(fused);
    let kv_short = estimate(&c, &short).unwrap().per_gpu.kv_cache_gib;
    let mut long = short.clone();
    long.context = 4096;
    let kv_long = estimate(&c, &long).unwrap().per_gpu.kv_cache_gib;
    assert_eq!(
        kv_short, kv_long,
        "the static cache does not follow the context"
    );
    // Doubling the prompt (within the cache) at least triples the prefill workspace: the
    // s^2 scores dominate at 2k tokens.
    let mut p1 = short.clone();
    p1.context = 1024;
    let mut p2 = short.clone();
    p2.context = 2048;
    let a1 = estimate(&c, &p1).unwrap().per_gpu.activations_gib;
    let a2 = estimate(&c, &p2).unwrap().per_gpu.activations_gib;
    assert!(a2 > 3.0 * a1, "{a1} -> {a2}");
    // The 0.1.x load copy at a 64-token job: q, k and v once more in AWQ bits.
    let mut old = short.clone();
    old.autoawq_fused = Some(AwqFused {
        keeps_unfused_qkv: true,
        ..fused
    });
    let copy = estimate(&c, &old).unwrap().per_gpu.activations_gib;
    let qkv = 28.0 * 3584.0 * (28.0 + 8.0) * 128.0 * (4.0 + 20.0 / 128.0) / 8.0 / GIB;
    assert!((copy - qkv).abs() < 0.01, "load copy {copy} vs {qkv}");
}

/// Generating grows Transformers' dynamic cache step by step and leaves outgrown blocks in the
/// allocator at batch > 1; one forward pass (scoring, a prefill benchmark) does not.
#[test]
fn one_forward_pass_keeps_no_outgrown_cache() {
    let c = cat();
    let generating = infer(&c, "llama-3.1-8b", Quant::Bf16, 2048, 8);
    let mut scoring = generating.clone();
    scoring.new_tokens = Some(1);
    let g = estimate(&c, &generating).unwrap();
    let s = estimate(&c, &scoring).unwrap();
    assert_eq!(g.per_gpu.kv_cache_gib, s.per_gpu.kv_cache_gib);
    let reserve = g.per_gpu_gib - s.per_gpu_gib;
    assert!(
        (reserve - g.per_gpu.kv_cache_gib).abs() < 0.02,
        "one KV cache more while generating: {reserve}"
    );
    // What must be allocated (the verdict's figure) is the same: the reserve is releasable.
    assert!((g.per_gpu_required_gib - s.per_gpu_required_gib).abs() < 0.02);
    // At batch 1 nothing is outgrown either way.
    let one = infer(&c, "llama-3.1-8b", Quant::Bf16, 2048, 1);
    let mut one_pass = one.clone();
    one_pass.new_tokens = Some(1);
    assert_eq!(
        estimate(&c, &one).unwrap().per_gpu_gib,
        estimate(&c, &one_pass).unwrap().per_gpu_gib
    );
}

/// Meta's Llama-3.1-405B FP8 keeps attention and the first and last layers in bf16; other
/// models' `fp8` quantizes every decoder matrix.
#[test]
fn a_publishers_fp8_scope_keeps_its_16_bit_matrices() {
    let c = cat();
    let s405 = Shape::from_model(c.model("llama-3.1-405b").unwrap()).unwrap();
    // 126 layers x (2 x 16384^2 + 2 x 16384 x 1024) + 2 x 3 x 16384 x 53248 in bf16.
    let kept =
        126.0 * (2.0 * 16384.0f64.powi(2) + 2.0 * 16384.0 * 1024.0) + 2.0 * 3.0 * 16384.0 * 53248.0;
    let all_fp8 =
        s405.params.linear + 2.0 * (s405.params.embed + s405.params.lm_head + s405.params.other);
    let w = weight_bytes(&s405, Quant::Fp8);
    assert!(
        (w - (all_fp8 + kept)).abs() < 1e6,
        "{w} vs {}",
        all_fp8 + kept
    );
    // Llama-3.1-70B names no scope: every matrix at one byte.
    let s70 = Shape::from_model(c.model("llama-3.1-70b").unwrap()).unwrap();
    let w70 = weight_bytes(&s70, Quant::Fp8);
    let expect =
        s70.params.linear + 2.0 * (s70.params.embed + s70.params.lm_head + s70.params.other);
    assert!((w70 - expect).abs() < 1e6);
    // And the vLLM answer for 405B FP8 on 8 cards carries the bf16 attention.
    let mut r = infer(&c, "llama-3.1-405b", Quant::Fp8, 4096, 1);
    r.engine = Engine::Vllm;
    r.cards = 8;
    let per_card = estimate(&c, &r).unwrap().per_gpu.weights_gib;
    assert!((54.0..60.0).contains(&per_card), "{per_card} GiB per card");
}

/// A bitsandbytes 4-bit base is allocated once at load and never freed, so the allocator's
/// Q-LoRA reserve follows what churns (activations, adapters, their gradients and optimizer
/// state), not the base: a 70B and a 7B model at the same tokens differ in reserve by far less
/// than a share of their bases' difference. So is a GPTQ base on auto_gptq's PyTorch path
/// (mem_eu, `vram::gptq_train`): what churns there is its dequantized copies.
/// On one 48 GB card (L40S, 44.99 GiB as the driver reports it) a 4-bit Llama-2-70B Q-LoRA at
/// 512 tokens with gradient checkpointing is then within reach, as the QLoRA paper (arXiv:2305.14314) reports for 65B;
/// sized with the share on its 35 GiB of frozen weights it needed about 9 GiB more.
#[test]
fn a_bitsandbytes_base_adds_no_allocator_reserve() {
    use bot_core::vram::{CUDA_CONTEXT_GIB, TRAINING_RESERVE_QUANTIZED};
    let c = cat();
    let qlora = |id: &str, quant: Quant| {
        let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Qlora);
        r.context = 512;
        r.batch = 1;
        r.grad_checkpointing = true;
        // The churn's share alone: not the loader's warm-up block of a checkpoint quantized
        // at load, which does grow with the base (`vram::bnb_load`, fit_heldout10_mechanisms).
        r.load_warmup = false;
        estimate(&c, &r).unwrap()
    };
    let reserve = |r: &bot_core::vram::FitReport| r.per_gpu_gib - r.per_gpu_required_gib;
    let big = qlora("llama-2-70b", Quant::Nf4);
    let small = qlora("llama-2-7b", Quant::Nf4);
    let base_gap = big.per_gpu.weights_gib - small.per_gpu.weights_gib;
    assert!(base_gap > 25.0, "{base_gap}");
    let reserve_gap = reserve(&big) - reserve(&small);
    assert!(
        reserve_gap < 0.25 * TRAINING_RESERVE_QUANTIZED * base_gap,
        "reserve grows {reserve_gap:.2} GiB with {base_gap:.1} GiB of frozen base"
    );
    // What churns still carries the share.
    let churn = big.per_gpu_required_gib - CUDA_CONTEXT_GIB - big.per_gpu.weights_gib;
    assert!(reserve(&big) >= TRAINING_RESERVE_QUANTIZED * churn - 1e-6);
    // A GPTQ base is allocated once too (mem_eu): the share follows its dequantized copies, in
    // the activations, not its weights. (Before, it kept the share on its weights; ms-swift's
    // first-run GPTQ cells read 13-23 % over with it, docs/fit-reference.md pass 131.)
    let gptq = qlora("llama-2-70b", Quant::GptqInt4);
    assert!(reserve(&gptq) < TRAINING_RESERVE_QUANTIZED * gptq.per_gpu.weights_gib);
    let l40s = c.gpu("l40s").unwrap().vram_gib();
    assert!(big.per_gpu_gib < l40s, "{} GiB on {l40s}", big.per_gpu_gib);
}
