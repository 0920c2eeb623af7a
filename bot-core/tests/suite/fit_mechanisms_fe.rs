//! mem_fe (session 43, issue 24): cases of our own, on models and settings of no held-out row.
//!
//! A quantized checkpoint loaded with fp32 as the model's dtype keeps what the format leaves
//! unquantized in fp32, and its KV cache too. LitGPT at 982abcbc (`generate/base.py`): with
//! `--quantize gptq.int4` the model is built under `fabric.init_module(empty_init=True)` at the
//! Fabric precision, so under `--precision 32-true` the embedding (`transformer.wte`) and the
//! norms are fp32 parameters, and `ColBlockQuantizedLinear` (`quantize/gptq.py`) holds every
//! Linear, the head included, as `uint8` `quant_weight` with per-column `scales` / `zeros`.
//! Transformers does the same with `torch_dtype=torch.float32` for a GPTQ / AWQ / bitsandbytes
//! checkpoint: the modules the quantizer skips (embedding, norms, `lm_head`) load in the dtype.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelLayout, ModelRef, Quant, Task, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// Inference of `id` in `quant` at 2048 tokens, batch 1, in Transformers' layout or LitGPT's.
fn report(id: &str, quant: Quant, layout: ModelLayout, fp32: bool) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = Engine::Transformers;
    r.layout = layout;
    r.context = 2048;
    r.batch = 1;
    r.unquantized_fp32 = fp32;
    estimate_with(&c, &r, &FitOptions::default()).unwrap()
}

/// Llama-3.1-8B (config.json: vocabulary 128,256, hidden 4096, 32 layers, untied head): in
/// Transformers a GPTQ / AWQ / NF4 checkpoint keeps embedding, head and norms unquantized, so
/// fp32 adds 2 bytes to each of 2 x 128,256 x 4096 + 2 x 32 x 4096 + 4096 = 1,050,939,392
/// parameters: 1.958 GiB of weights, whatever the 4-bit format.
#[test]
fn fp32_adds_two_bytes_to_every_unquantized_parameter() {
    let rest = (2.0 * 128_256.0 * 4096.0 + 2.0 * 32.0 * 4096.0 + 4096.0) * 2.0 / GIB;
    for q in [Quant::GptqInt4, Quant::Awq, Quant::Nf4] {
        let w = |fp32| {
            report("llama-3.1-8b", q, ModelLayout::Transformers, fp32)
                .per_gpu
                .weights_gib
        };
        let rise = w(true) - w(false);
        assert!(
            (rise - rest).abs() < 0.01 * rest,
            "{q:?}: weights rise {rise:.3} GiB, the unquantized rest is {rest:.3}"
        );
    }
}

/// LitGPT's `gptq.int4` packs the head with the other Linears: only the embedding and the norms
/// (Mistral-7B: 32,000 x 4096 + 65 x 4096 parameters) take the 2 more bytes.
#[test]
fn litgpt_holds_its_packed_head_as_it_was() {
    let rest = (32_000.0 * 4096.0 + 65.0 * 4096.0) * 2.0 / GIB;
    let w = |fp32| {
        report(
            "mistral-7b-v0.1",
            Quant::GptqInt4,
            ModelLayout::LitGpt,
            fp32,
        )
        .per_gpu
        .weights_gib
    };
    let rise = w(true) - w(false);
    assert!(
        (rise - rest).abs() < 0.02 * rest,
        "LitGPT GPTQ: weights rise {rise:.3} GiB, embedding and norms {rest:.3}"
    );
}

/// The KV cache is kept in the model's dtype: twice the 16-bit cache.
#[test]
fn the_cache_is_fp32_too() {
    let kv = |fp32| {
        report(
            "llama-3.1-8b",
            Quant::GptqInt4,
            ModelLayout::Transformers,
            fp32,
        )
        .per_gpu
        .kv_cache_gib
    };
    assert!(
        (kv(true) - 2.0 * kv(false)).abs() < 1e-6,
        "{} vs 2 x {}",
        kv(true),
        kv(false)
    );
}

/// A 16-bit checkpoint (whose dtype the word does not name) and a GGUF file under llama.cpp
/// (which takes no torch dtype) are sized as before.
#[test]
fn nothing_moves_where_no_quantized_checkpoint_takes_a_torch_dtype() {
    let total = |q, fp32| report("qwen2.5-7b", q, ModelLayout::Transformers, fp32).per_gpu_gib;
    assert_eq!(total(Quant::Bf16, true), total(Quant::Bf16, false));
    let c = Catalog::embedded().unwrap();
    let gguf = |fp32| {
        let mut r = FitRequest::new(
            ModelRef::Known(c.model("qwen2.5-7b").unwrap()),
            Quant::Q4KM,
            Task::Infer,
        );
        r.engine = Engine::Llamacpp;
        r.context = 4096;
        r.unquantized_fp32 = fp32;
        estimate_with(&c, &r, &FitOptions::default())
            .unwrap()
            .per_gpu_gib
    };
    assert_eq!(gguf(true), gguf(false));
}

/// The answer says what the fp32 load adds, in both languages; without the word it says nothing.
#[test]
fn the_answer_names_the_fp32_rest() {
    let w = crate::chat::world();
    let q = "/fit llama-3.1-8b gptq fp32rest=on ctx=2048";
    let en = crate::chat::say(&w, "en", q);
    assert!(en.contains("held in fp32 (+1.96 GiB"), "{en}");
    let zh = crate::chat::say(&w, "zh", q);
    assert!(zh.contains("以 fp32 存放（比 16 位多 1.96 GiB"), "{zh}");
    let plain = crate::chat::say(&w, "en", "/fit llama-3.1-8b gptq ctx=2048");
    assert!(!plain.contains("held in fp32"), "{plain}");
}
