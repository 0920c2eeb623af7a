//! EXL2 as a `/fit` word (`exl2-4.65bpw`, `4.65bpw`; CLI `--quant exl2 --bpw 4.65`) under the
//! ExLlamaV2 engine (`vram::exl2`, read in turboderp-org/exllamav2 @ da07facd): the decoder
//! layers' matrices at the stated bits, the head at ~6.3, the embedding in system RAM, and the
//! cache modes FP16 / Q8 / Q6 / Q4 held for the whole context at load. On a model and contexts
//! of no measured table (held-out 35's two EXL2 rows are scored in `fit_reference`).

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitError, FitOptions, FitReport, FitRequest, KvDtype, ModelRef, Quant, Task,
    estimate_with,
};

fn exl2(bits: &str) -> Quant {
    bits.parse().unwrap()
}

fn sized(q: Quant, ctx: u32, kv: KvDtype) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("llama-3-8b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), q, Task::Infer);
    req.engine = Engine::Exllamav2;
    req.context = ctx;
    let opts = FitOptions {
        kv_cache: kv,
        ..FitOptions::default()
    };
    estimate_with(&catalog, &req, &opts).unwrap()
}

#[test]
fn one_grammar_names_an_exl2_file_by_its_bits() {
    for (typed, bits) in [
        ("exl2-4.65bpw", 4.65),
        ("EXL2_4.0bpw", 4.0),
        ("4.65bpw", 4.65),
        ("6bpw", 6.0),
        ("exl2 3.5", 3.5),
        ("2.65bpw-h6-exl2", 2.65),
        ("8.0bpw-h8", 8.0),
    ] {
        let q = exl2(typed);
        let b = q.exl2_bpw().unwrap_or_else(|| panic!("{typed}: {q:?}"));
        assert!((b.bits() - bits).abs() < 1e-9, "{typed}");
        assert_eq!(q.key(), "exl2");
        // What the answer writes reads back as the same format.
        assert_eq!(q.to_string().parse::<Quant>().unwrap(), q, "{typed}");
        assert!(!q.is_gguf());
    }
    assert_eq!(exl2("exl2-4.65bpw").to_string(), "exl2-4.65bpw");
    // The bits are the format: a bare `exl2` is asked back, not guessed.
    assert_eq!("exl2".parse::<Quant>(), Err(FitError::Exl2NeedsBpw));
    // Outside the converter's range, or a word with other parts, is not EXL2.
    assert!("12bpw".parse::<Quant>().is_err());
    assert!("1bpw".parse::<Quant>().is_err());
    assert!("exl2-fast".parse::<Quant>().is_err());
    // The fixed formats read as before.
    assert_eq!("q4_k_m".parse::<Quant>().unwrap(), Quant::Q4KM);
    assert_eq!("4bit".parse::<Quant>().unwrap(), Quant::Int4);
    assert_eq!("tabbyapi".parse::<Engine>().unwrap(), Engine::Exllamav2);
}

#[test]
fn layers_at_the_stated_bits_head_at_six_point_three_embedding_off_the_card() {
    // Llama-3-8B from its config: 32 layers of q/o 4096², k/v 4096 x 1024, gate/up/down
    // 4096 x 14336; an untied 128256 x 4096 head; the embedding (another 0.525 B) not on the card.
    let linear = 32.0 * (2.0 * 4096.0 * 4096.0 + 2.0 * 4096.0 * 1024.0 + 3.0 * 4096.0 * 14336.0);
    let head = 128_256.0 * 4096.0;
    let gib = (1u64 << 30) as f64;
    for bits in [2.5_f64, 4.0, 6.0, 8.0] {
        let r = sized(exl2(&format!("exl2-{bits}bpw")), 4096, KvDtype::Fp16);
        let want = (linear * bits / 8.0 + head * 6.3 / 8.0) / gib;
        let got = r.per_gpu.weights_gib;
        assert!(
            (got - want).abs() < 0.02,
            "{bits} bpw: {got} GiB vs {want} GiB"
        );
    }
    // The same layers in AWQ (4.156 bits) with a 16-bit head and embedding weigh more than EXL2
    // at 4.0: the head and embedding are what EXL2 saves at equal bits.
    let awq = {
        let catalog = Catalog::embedded().unwrap();
        let m = catalog.model("llama-3-8b").unwrap();
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Awq, Task::Infer);
        req.engine = Engine::Transformers;
        estimate_with(&catalog, &req, &FitOptions::default()).unwrap()
    };
    let at4 = sized(exl2("4.0bpw"), 4096, KvDtype::Fp16);
    assert!(awq.per_gpu.weights_gib > at4.per_gpu.weights_gib + 1.0);
}

#[test]
fn the_cache_mode_sets_bytes_per_value_and_a_quantized_one_adds_one_fp16_layer() {
    // Llama-3-8B: 32 layers x 8 KV heads x 128 x (K + V) = 128 KiB a token in FP16; 32k
    // tokens = 4 GiB. Q4 = 0.5 + 1/16 bytes, Q6 = (1 + 0.5) / 2 + 1/16, Q8 = 1 + 1/16, each
    // with one layer's FP16 K and V (4 GiB / 32) to dequantize into.
    let q = exl2("4.0bpw");
    let fp16 = sized(q, 32_768, KvDtype::Fp16).per_gpu.kv_cache_gib;
    assert!((fp16 - 4.0).abs() < 0.01, "{fp16}");
    let layer = 4.0 / 32.0;
    for (kv, bytes) in [
        (KvDtype::Exl2Q4, 0.5625),
        (KvDtype::Exl2Q6, 0.8125),
        (KvDtype::Exl2Q8, 1.0625),
        // llama.cpp's words run as ExLlamaV2's own modes on this engine.
        (KvDtype::Q4_0, 0.5625),
        (KvDtype::Q8_0, 1.0625),
    ] {
        let got = sized(q, 32_768, kv).per_gpu.kv_cache_gib;
        let want = 4.0 * bytes / 2.0 + layer;
        assert!((got - want).abs() < 0.01, "{kv:?}: {got} vs {want}");
    }
    // The whole context is held at load, so twice the context is twice the cache.
    let half = sized(q, 16_384, KvDtype::Exl2Q4).per_gpu.kv_cache_gib;
    let full = sized(q, 32_768, KvDtype::Exl2Q4).per_gpu.kv_cache_gib;
    assert!((full - 2.0 * half).abs() < 0.02, "{half} {full}");
}

#[test]
fn exl2_is_exllamav2_inference_and_says_its_basis() {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("llama-3-8b").unwrap();
    let q = exl2("4.65bpw");
    for (task, engine) in [
        (Task::Infer, Engine::Vllm),
        (Task::Infer, Engine::Llamacpp),
        (Task::Lora, Engine::Exllamav2),
    ] {
        let mut req = FitRequest::new(ModelRef::Known(m), q, task);
        req.engine = engine;
        let e = estimate_with(&catalog, &req, &FitOptions::default());
        assert!(
            matches!(e, Err(FitError::Exl2Scope(_))),
            "{task:?} {engine:?}"
        );
    }
    // ExLlamaV2 also loads 16-bit models.
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    req.engine = Engine::Exllamav2;
    assert!(estimate_with(&catalog, &req, &FitOptions::default()).is_ok());
    let r = sized(q, 8192, KvDtype::Exl2Q6);
    assert!(
        r.warnings.iter().any(|w| w.id == "fit-warn-exl2"),
        "{:?}",
        r.warnings
    );
}

#[test]
fn scratch_is_one_chunk_whatever_the_context() {
    // ExLlamaV2 runs a prompt in chunks of 2048 tokens: beyond that the context adds cache,
    // not workspace.
    let q = exl2("5.0bpw");
    let a8 = sized(q, 8192, KvDtype::Fp16).per_gpu.activations_gib;
    let a64 = sized(q, 65_536, KvDtype::Fp16).per_gpu.activations_gib;
    assert!((a8 - a64).abs() < 0.02, "{a8} {a64}");
    assert!(a8 > 0.1 && a8 < 1.5, "{a8}");
}
