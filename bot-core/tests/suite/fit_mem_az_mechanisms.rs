//! Mechanisms found on held-out 33's misses (session 24, mem_az, issue 24), each tested on
//! models and settings of no table row.
//!
//! - A 4-bit GPTQ / AWQ checkpoint stores one 16-bit scale and one 4-bit zero per group: its
//!   group size (`Model::int4_group_size`, the checkpoint's `quantization_config.group_size`)
//!   sets its bits per weight. Gemma-3's QAT checkpoints in AWQ keep Google's groups of 32.
//! - Mistral-Small-3.1 carries its Pixtral tower (`vision`), so vLLM's start-up profile of the
//!   image encoder is sized; Pixtral's MLP is gated (three matrices per block).

use bot_core::Catalog;
use bot_core::vram::vision_tower::encoder_params;
use bot_core::vram::{Engine, FitOptions, FitRequest, GIB, ModelRef, Quant, Task, estimate_with};

/// Weights in GiB of `model` in `quant`, served by vLLM.
fn weights(catalog: &Catalog, model: &str, quant: Quant) -> f64 {
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = 2048;
    estimate_with(catalog, &req, &FitOptions::default())
        .unwrap()
        .weights_gib
}

/// The decoder matrices' parameters of a dense model with a gated MLP.
fn linear_params(m: &bot_core::catalog::Model) -> f64 {
    let h = m.hidden as f64;
    let attn = h * (m.heads * m.head_dim) as f64 * 2.0 + h * (m.kv_heads * m.head_dim) as f64 * 2.0;
    m.layers as f64 * (attn + 3.0 * h * m.intermediate as f64)
}

#[test]
fn a_group_of_32_stores_more_bits_per_weight_than_the_default_128() {
    let catalog = Catalog::embedded().unwrap();
    // The 12B of the converter: no table row.
    let qat = catalog.model("gaunernst/gemma-3-12b-it-int4-awq").unwrap();
    assert_eq!(qat.id, "gaunernst-gemma-3-12b-it-int4-awq");
    assert_eq!(qat.int4_group_size, Some(32));
    let base = catalog.model("gemma-3-12b").unwrap();
    assert_eq!(base.int4_group_size, None);
    let (g32, g128) = (
        weights(&catalog, "gaunernst/gemma-3-12b-it-int4-awq", Quant::Awq),
        weights(&catalog, "gemma-3-12b", Quant::Awq),
    );
    // 4 + 16/32 + 4/32 against 4 + 16/128 + 4/128 bits on every decoder matrix; the
    // embedding, the vision tower and the norms are 16-bit in both.
    let expected = linear_params(base) * (4.625 - 4.15625) / 8.0 / GIB;
    assert!(
        ((g32 - g128) - expected).abs() < 0.01,
        "{g32} - {g128} vs {expected}"
    );
    // GPTQ-Int4 is the same layout; 16-bit and 8-bit weights have no groups.
    let gptq = weights(
        &catalog,
        "gaunernst/gemma-3-12b-it-int4-awq",
        Quant::GptqInt4,
    );
    assert!((gptq - g32).abs() < 1e-9);
    for q in [Quant::Bf16, Quant::Fp8] {
        let a = weights(&catalog, "gaunernst/gemma-3-12b-it-int4-awq", q);
        let b = weights(&catalog, "gemma-3-12b", q);
        assert!((a - b).abs() < 1e-9, "{q:?}");
    }
}

#[test]
fn the_qat_checkpoint_does_not_take_the_plain_models_names() {
    let catalog = Catalog::embedded().unwrap();
    for name in [
        "gemma-3-27b",
        "gemma 3 27b",
        "google/gemma-3-27b-it",
        "gemma3:27b",
    ] {
        assert_eq!(catalog.model(name).unwrap().id, "gemma-3-27b", "{name}");
    }
    // A family and a size name models, not one publisher's checkpoint of one (the reader asks
    // back between Gemma-2 and Gemma-3, never the QAT file).
    match bot_core::understand::read(&catalog, "gemma 27b 3090") {
        bot_core::understand::Reading::Ask(rs) => {
            assert!(!format!("{rs:?}").contains("gaunernst"), "{rs:?}")
        }
        r => assert!(!format!("{r:?}").contains("gaunernst"), "{r:?}"),
    }
    // A plain AWQ checkpoint name of the model keeps AutoAWQ's default group.
    let m = catalog.model("someone/gemma-3-27b-it-AWQ").unwrap();
    assert_eq!(m.int4_group_size, None);
}

/// Per-card need of Mistral-Small-3.1 (or its text-only 2501) AWQ under vLLM V1 on an A10.
fn mistral_small(catalog: &Catalog, model: &str) -> (f64, f64) {
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Awq, Task::Infer);
    req.engine = Engine::Vllm;
    req.context = 8192;
    req.gpu = Some(catalog.gpu("a10").unwrap());
    let r = estimate_with(catalog, &req, &FitOptions::default()).unwrap();
    (r.activations_gib, r.per_gpu_required_gib)
}

#[test]
fn mistral_small_3_1_is_profiled_with_its_pixtral_tower_and_the_2501_is_not() {
    let catalog = Catalog::embedded().unwrap();
    let v = catalog
        .model("mistral-small-3.1-24b")
        .unwrap()
        .vision
        .expect("Pixtral tower");
    // 1540² in patches of 14: 110 × 110 patches, 55 × 55 tokens after the 2 × 2 merge.
    assert_eq!(bot_core::vram::vision_tower::image_tokens(&v), 3025);
    // The 3.2 shares the tower; the 2501 is text only.
    assert!(
        catalog
            .model("mistral-small-3.2-24b")
            .unwrap()
            .vision
            .is_some()
    );
    assert!(
        catalog
            .model("mistral-small-24b-2501")
            .unwrap()
            .vision
            .is_none()
    );
    let (act31, need31) = mistral_small(&catalog, "mistral-small-3.1-24b");
    let (act25, need25) = mistral_small(&catalog, "mistral-small-24b-2501");
    // V1 encodes the image first, then keeps its 3025 output rows (16-bit, the decoder's 5120
    // wide) through the text dummy run of 2048 tokens, whose peak is the larger here: the
    // profile adds the kept rows to it.
    let kept = 3025.0 * 5120.0 * 2.0 / GIB;
    assert!((act31 - act25 - kept).abs() < 0.005, "{act31} vs {act25}");
    assert!(need31 > need25);
}

#[test]
fn a_gated_tower_counts_three_mlp_matrices() {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("mistral-small-3.1-24b").unwrap();
    let v = m.vision.unwrap();
    let mut plain = v;
    plain.gated = false;
    let diff = encoder_params(&v, m.hidden) - encoder_params(&plain, m.hidden);
    assert_eq!(diff, 24.0 * 1024.0 * 4096.0);
    // Pixtral's 24 blocks (4 · 1024² + 3 · 1024 · 4096 each) and the projection: about the
    // 0.44B a meta-device count gives for the tower.
    let p = encoder_params(&v, m.hidden) / 1e9;
    assert!((0.38..0.46).contains(&p), "{p}");
}
