//! mem_du (session 34, issue 24, held-out 59's misses). Cases of our own, each asserting what
//! the libraries' source or the configs imply:
//! - PEFT's BOFT (huggingface/peft@5d602fdb `src/peft/tuners/boft/layer.py`, `Linear.forward`)
//!   builds dense `in x in` matrices for every adapted Linear on every forward: the
//!   permutation buffer copied to the input's dtype, the identity and the rotation stay saved
//!   for the backward pass (3 of them, 2 bytes an element in bf16), every layer's without
//!   gradient checkpointing, the recomputed layer's with it; the widest Linear's working set
//!   (5 of them while it runs) sits beside them. Which Linears: the run's targets.
//! - Mistral-Small-Instruct-2409 (22B) and Codestral-22B-v0.1 share one shape (config.json:
//!   56 layers, hidden 6144, 48 / 8 heads of 128, FFN 16384, vocabulary 32768): one entry and
//!   an alias-variant, reached by their Hugging Face ids.
//! - An unknown Hugging Face id with no size in its name is not sized: the answer says it
//!   does not know the model.

use super::chat::ask_fresh as ask;
use super::fit_mem_dl_mechanisms::resolves_by_id_hf_id_and_a_common_name;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, LoraTargets, ModelRef, Quant, Shape, Task, Tuner,
    estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn tuned(model: &str, tuner: Tuner, targets: LoraTargets, gc: bool) -> FitReport {
    let c = cat();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    req.context = 512;
    req.batch = 4;
    req.grad_checkpointing = gc;
    req.tuner = Some(tuner);
    req.lora_targets = targets;
    // The run's own targets (mem_dw: a tuner takes targets only where they are said).
    req.targets_said = true;
    estimate_with(&c, &req, &FitOptions::default()).unwrap()
}

/// Activation GiB BOFT holds beyond Bone's on the same run: Bone's trained parameters are as
/// small, and neither has per-token tensors of its own, so the difference is BOFT's rotations.
fn boft_over_bone(model: &str, targets: LoraTargets, gc: bool) -> f64 {
    let boft = tuned(model, Tuner::Boft, targets, gc)
        .per_gpu
        .activations_gib;
    let bone = tuned(model, Tuner::Bone, targets, gc)
        .per_gpu
        .activations_gib;
    boft - bone
}

/// (the adapted Linears' input widths, layers) from the catalog's config.
fn widths(model: &str, targets: LoraTargets) -> (Vec<f64>, f64) {
    let c = cat();
    let s = Shape::from_model(c.model(model).unwrap()).unwrap();
    let h = f64::from(s.hidden);
    let o = f64::from(s.heads * s.head_dim);
    let i = f64::from(s.intermediate);
    let w = match targets {
        LoraTargets::QueryValue => vec![h, h],
        LoraTargets::Attention => vec![h, h, h, o],
        LoraTargets::Mlp => vec![h, h, i],
        LoraTargets::AllLinear => vec![h, h, h, o, h, h, i],
        LoraTargets::Modules(p) => [h, h, h, o, h, h, i]
            .into_iter()
            .zip(p)
            .filter(|(_, on)| *on)
            .map(|(w, _)| w)
            .collect(),
    };
    (w, f64::from(s.layers))
}

#[test]
fn boft_keeps_every_layers_rotations_without_checkpointing() {
    // Llama-3.2-3B, BOFT on q and v (PEFT's MetaMathQA experiment): 3 x 3072^2 x 2 bytes a
    // Linear, 2 a layer, 28 layers, plus q's working set of 2 more while it runs.
    let (w, layers) = widths("llama-3.2-3b", LoraTargets::QueryValue);
    let kept: f64 = w.iter().map(|i| 6.0 * i * i).sum::<f64>() * layers;
    let widest = w.iter().cloned().fold(0.0, f64::max);
    let expect = (kept + 4.0 * widest * widest) / GIB;
    let got = boft_over_bone("llama-3.2-3b", LoraTargets::QueryValue, false);
    println!("BOFT over Bone, no checkpointing: {got:.2} GiB (expect {expect:.2})");
    assert!(expect > 2.5, "{expect}");
    assert!((got - expect).abs() < 0.05 * expect, "{got} vs {expect}");
}

#[test]
fn boft_with_checkpointing_keeps_one_layers_rotations() {
    // With checkpointing only the recomputed layer's rotations are kept: the layers' count
    // divides out. The recompute and the loss head's backward are not live together (the
    // engine's rule for every layer), so the one layer's rotations show in full where they
    // outweigh the loss: Qwen2.5-7B on all seven Linears (down_proj is 18944 wide) at a short
    // sequence.
    for (model, targets) in [
        ("llama-3.2-3b", LoraTargets::QueryValue),
        ("qwen2.5-7b", LoraTargets::AllLinear),
    ] {
        let (w, _) = widths(model, targets);
        let one: f64 = w.iter().map(|i| 6.0 * i * i).sum();
        let widest = w.iter().cloned().fold(0.0, f64::max);
        let expect = (one + 4.0 * widest * widest) / GIB;
        let got = boft_over_bone(model, targets, true);
        println!("{model}: BOFT over Bone with checkpointing: {got:.2} GiB (at most {expect:.2})");
        assert!(
            got > 0.0 && got <= expect + 0.005,
            "{model}: {got} vs {expect}"
        );
        // Far less than every layer's.
        assert!(got < boft_over_bone(model, targets, false) / 4.0, "{model}");
    }
    let (w, _) = widths("qwen2.5-7b", LoraTargets::AllLinear);
    let one: f64 = w.iter().map(|i| 6.0 * i * i).sum();
    let widest = w.iter().cloned().fold(0.0, f64::max);
    let expect = (one + 4.0 * widest * widest) / GIB;
    let at = |tuner| {
        let c = cat();
        let m = c.model("qwen2.5-7b").unwrap();
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
        req.context = 64;
        req.batch = 1;
        req.grad_checkpointing = true;
        req.tuner = Some(tuner);
        estimate_with(&c, &req, &FitOptions::default())
            .unwrap()
            .per_gpu
            .activations_gib
    };
    let got = at(Tuner::Boft) - at(Tuner::Bone);
    assert!(expect > 3.0, "{expect}");
    assert!((got - expect).abs() < 0.05 * expect, "{got} vs {expect}");
}

#[test]
fn boft_rotations_follow_the_targets() {
    // All seven Linears cost more than q and v alone, the FFN's down projection most.
    let qv = boft_over_bone("qwen2.5-7b", LoraTargets::QueryValue, false);
    let all = boft_over_bone("qwen2.5-7b", LoraTargets::AllLinear, false);
    let mlp = boft_over_bone("qwen2.5-7b", LoraTargets::Mlp, false);
    assert!(qv > 0.0 && all > mlp && mlp > qv, "{qv} {mlp} {all}");
    // Other tuners keep no rotations: LoRA's activations equal Bone's.
    let c = cat();
    let m = c.model("qwen2.5-7b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    req.context = 512;
    req.batch = 4;
    req.grad_checkpointing = false;
    let lora = estimate_with(&c, &req, &FitOptions::default())
        .unwrap()
        .per_gpu
        .activations_gib;
    let bone = tuned("qwen2.5-7b", Tuner::Bone, LoraTargets::AllLinear, false)
        .per_gpu
        .activations_gib;
    assert!((lora - bone).abs() < 0.01, "{lora} vs {bone}");
}

#[test]
fn mistral_small_2409_and_codestral_22b_resolve_to_one_shape() {
    resolves_by_id_hf_id_and_a_common_name(&[
        (
            "mistral-small-22b-2409",
            "unsloth/Mistral-Small-Instruct-2409",
            "mistral small 22b",
        ),
        ("codestral-22b", "mistralai/Codestral-22B-v0.1", "codestral"),
    ]);
    let c = cat();
    let m = c
        .find_model("mistralai/Mistral-Small-Instruct-2409")
        .unwrap();
    assert_eq!(
        (m.layers, m.hidden, m.heads, m.kv_heads, m.head_dim),
        (56, 6144, 48, 8, 128)
    );
    assert_eq!(
        (m.intermediate, m.vocab, m.max_context),
        (16384, 32768, 32768)
    );
    // The card's "22B parameters", counted from the shape.
    let p = Shape::from_model(m).unwrap().count(None, None);
    let counted = (p.embed + p.lm_head + p.linear + p.other) / 1e9;
    assert!((counted - 22.0).abs() / 22.0 < 0.03, "{counted}");
    assert!(
        ((m.params_b - counted) / counted).abs() < 0.01,
        "{}",
        m.params_b
    );
    // Codestral is the same shape, written once.
    let v = c.find_model("codestral-22b").unwrap();
    assert_eq!(
        (
            v.layers,
            v.hidden,
            v.heads,
            v.kv_heads,
            v.intermediate,
            v.vocab
        ),
        (
            m.layers,
            m.hidden,
            m.heads,
            m.kv_heads,
            m.intermediate,
            m.vocab
        )
    );
    assert_ne!(v.source, m.source);
    assert!(v.source_note.as_deref().unwrap().contains(&m.id));
}

#[test]
fn an_unknown_hf_id_without_a_size_is_not_sized() {
    // Neither the catalog nor the name states a size: the answer says so, in both languages,
    // and prints no figure.
    let name = "acme-lab/Zeta-Instruct-2409";
    assert!(cat().find_model(name).is_none());
    let en = ask("en", &format!("/fit {name} nf4 t4"));
    assert!(en.contains("I don't know a model called"), "{en}");
    assert!(!en.contains("GiB"), "{en}");
    let zh = ask("zh", &format!("/fit {name} nf4 t4"));
    assert!(zh.contains("找不到名为"), "{zh}");
    assert!(!zh.contains("GiB"), "{zh}");
}
