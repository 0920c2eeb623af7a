//! Held-out 34's mechanisms (mem_ba, session 25), checked on cases of their own (not the
//! held-out rows): DeepSeek-V4's checkpoint declares FP8 for the whole model and stores its
//! routed experts in FP4 (`vram::declared_quant`), and stores the matrices beside them in FP8.

use bot_core::Catalog;
use bot_core::vram::{Engine, FitReport, FitRequest, ModelRef, Quant, Shape, Task, estimate};

fn fit(c: &Catalog, id: &str, quant: Quant, cards: u32) -> FitReport {
    let m = c.model(id).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = 8192;
    req.cards = cards;
    estimate(c, &req).unwrap()
}

fn has_note(r: &FitReport) -> bool {
    r.warnings.iter().any(|w| w.id == "fit-note-declared-quant")
}

/// `fp8` typed for DeepSeek-V4 is the published checkpoint: the same weights as its stored
/// format, well under one byte a parameter, and the answer says which format it sized.
#[test]
fn deepseek_v4_fp8_is_the_published_checkpoint() {
    let c = Catalog::embedded().unwrap();
    for (id, cards) in [("deepseek-v4-flash", 4), ("deepseek-v4-pro", 8)] {
        let typed = fit(&c, id, Quant::Fp8, cards);
        let stored = fit(&c, id, Quant::Mxfp4, cards);
        assert_eq!(typed.weights_gib, stored.weights_gib, "{id}");
        assert!(has_note(&typed), "{id}: {:?}", typed.warnings);
        assert!(!has_note(&stored), "{id}");
        // FP4 experts: near 4.25 bits for nearly every parameter, not 8.
        let params = c.model(id).unwrap().params_b * 1e9;
        let bytes = typed.weights_gib * (1u64 << 30) as f64;
        assert!(
            bytes < 0.7 * params,
            "{id}: {bytes:.3e} bytes for {params:.3e}"
        );
    }
}

/// Other models keep the word typed: FP8 of an FP8-published model, FP8 of gpt-oss (whose
/// config.json declares what it stores, mxfp4), BF16 of DeepSeek-V4.
#[test]
fn other_words_and_models_are_sized_as_typed() {
    let c = Catalog::embedded().unwrap();
    for (id, q) in [
        ("gpt-oss-120b", Quant::Fp8),
        ("deepseek-v3", Quant::Fp8),
        ("deepseek-v4-flash", Quant::Bf16),
    ] {
        let r = fit(&c, id, q, 8);
        assert!(!has_note(&r), "{id} {q}");
    }
    // BF16 of V4 is about twice its FP8 parameters' bytes, far above the published checkpoint.
    let bf16 = fit(&c, "deepseek-v4-flash", Quant::Bf16, 8).weights_gib;
    let fp8 = fit(&c, "deepseek-v4-flash", Quant::Fp8, 8).weights_gib;
    assert!(bf16 > 3.0 * fp8, "bf16 {bf16} vs published {fp8}");
}

/// Beside the FP4 experts DeepSeek-V4 stores its attention and shared expert in FP8, so the
/// non-expert decoder matrices weigh one byte a parameter; gpt-oss's stay 16-bit.
#[test]
fn deepseek_v4_keeps_the_rest_in_fp8_and_gpt_oss_in_16_bit() {
    let c = Catalog::embedded().unwrap();
    let gib = (1u64 << 30) as f64;
    for (id, rest_bytes) in [("deepseek-v4-flash", 1.0), ("gpt-oss-120b", 2.0)] {
        let s = Shape::from_model(c.model(id).unwrap()).unwrap();
        let p = &s.params;
        let experts = s.expert_params().min(p.linear);
        let expected = experts * (4.0 + 8.0 / 32.0) / 8.0
            + (p.linear - experts) * rest_bytes
            + (p.embed + p.lm_head + p.other) * 2.0;
        // One card under Transformers: no tensor-parallel padding of the experts.
        let m = c.model(id).unwrap();
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Mxfp4, Task::Infer);
        req.engine = Engine::Transformers;
        req.gpu = c.gpu("b200").ok();
        let got = estimate(&c, &req).unwrap().weights_gib * gib;
        assert!(
            (got / expected - 1.0).abs() < 0.01,
            "{id}: {got:.4e} vs {expected:.4e}"
        );
    }
}
