//! What PyTorch FSDP holds whole on every card (`vram::fsdp`, session 10): the root unit's
//! embedding and output head, gathered for the whole step, and in full fine-tuning one
//! unit's gradients before the reduce-scatter, checked on models and card counts of our own
//! against the parameter counts; DeepSpeed ZeRO-3 and one card untouched; the answer states it.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, GIB, ModelRef, Optimizer, Quant, Shape, Task, Zero,
    estimate_with, fsdp_unsharded_gib,
};

/// 8-bit Adam: no AdamW step copy (which FSDP has and DeepSpeed's own Adam has not) to blur
/// the comparison.
fn run(c: &Catalog, id: &str, q: Quant, task: Task, cards: u32, fsdp: bool) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), q, task);
    r.context = 2048;
    r.cards = cards;
    r.grad_checkpointing = true;
    let opts = FitOptions {
        zero: Some(Zero::Three),
        fsdp,
        optimizer: Optimizer::Adam8bit,
        ..FitOptions::default()
    };
    estimate_with(c, &r, &opts).unwrap()
}

/// LoRA and Q-LoRA: the weights on each card grow by the 16-bit embedding and head, less the
/// shard already counted; a tied head is the embedding itself (counted once).
#[test]
fn fsdp_holds_the_root_units_embedding_and_head_whole() {
    let c = Catalog::embedded().unwrap();
    for (id, q, task, cards) in [
        ("qwen2.5-7b", Quant::Bf16, Task::Lora, 2),
        ("llama-3.1-8b", Quant::Nf4, Task::Qlora, 4),
        ("gemma-2-9b", Quant::Bf16, Task::Lora, 8),
        ("qwen2.5-3b", Quant::Bf16, Task::Lora, 4),
    ] {
        let m = c.model(id).unwrap();
        let pc = Shape::from_model(m).unwrap().params;
        let n = cards as f64;
        let want = (pc.embed + pc.lm_head) * 2.0 * (1.0 - 1.0 / n) / GIB;
        let (fs, ds) = (
            run(&c, id, q, task, cards, true),
            run(&c, id, q, task, cards, false),
        );
        let got = fs.per_gpu.weights_gib - ds.per_gpu.weights_gib;
        assert!(
            (got - want).abs() < 0.01 + 0.01 * want,
            "{id} x{cards}: root unit {got:.2} GiB, want {want:.2}"
        );
        if m.tied_embeddings {
            assert_eq!(pc.lm_head, 0.0, "{id}: a tied head is the embedding");
        }
        // Frozen root: no gradients of it.
        assert!((fs.per_gpu.activations_gib - ds.per_gpu.activations_gib).abs() < 1e-9);
        // One card: nothing is sharded, nothing changes.
        let (one_f, one_d) = (
            run(&c, id, q, task, 1, true),
            run(&c, id, q, task, 1, false),
        );
        assert_eq!(one_f.per_gpu_gib, one_d.per_gpu_gib, "{id} x1");
    }
}

/// Full fine-tuning: the root's gradients and one decoder layer's, whole, with the previous
/// layer's reduce-scatter input, in the backward pass's transient (the same figure `fsdp_unsharded_gib` states with the root's weights).
#[test]
fn fsdp_full_fine_tuning_holds_a_units_gradients_whole() {
    let c = Catalog::embedded().unwrap();
    for (id, cards) in [("qwen2.5-7b", 4u32), ("llama-3.1-8b", 8), ("qwen3-14b", 2)] {
        let m = c.model(id).unwrap();
        let s = Shape::from_model(m).unwrap();
        let pc = &s.params;
        let n = cards as f64;
        let root = (pc.embed + pc.lm_head) * 2.0 * (1.0 - 1.0 / n);
        let layer = (pc.total - pc.embed - pc.lm_head) / s.layers as f64 * 2.0;
        let (fs, ds) = (
            run(&c, id, Quant::Bf16, Task::Full, cards, true),
            run(&c, id, Quant::Bf16, Task::Full, cards, false),
        );
        let w = fs.per_gpu.weights_gib - ds.per_gpu.weights_gib;
        assert!((w - root / GIB).abs() < 0.02, "{id}: weights +{w:.2}");
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Full);
        req.cards = cards;
        let opts = FitOptions {
            zero: Some(Zero::Three),
            fsdp: true,
            ..FitOptions::default()
        };
        let stated = fsdp_unsharded_gib(&req, &opts);
        // One layer's gradients whole and the previous layer's reduce-scatter input.
        let want = (2.0 * root + 2.0 * layer) / GIB;
        assert!(
            (stated - want).abs() < 0.02,
            "{id} x{cards}: stated {stated:.2}, want {want:.2}"
        );
        // The gradients are transient: the activations figure grows by them. DeepSpeed's own
        // transient is its step on a gradient sub-group (`train::deepspeed_step_bytes`: at most
        // 1e9 elements; with this 8-bit Adam the bf16 flatten and its fp32 cast, 6 bytes each),
        // which FSDP does not make: without FSDP's gradients the two sizings hold the same
        // activations, or DeepSpeed that step.
        let base = fs.per_gpu.activations_gib - (root + 2.0 * layer) / GIB;
        let cast = (pc.total / n).min(1e9) * 6.0 / GIB;
        let a = ds.per_gpu.activations_gib;
        assert!(
            (a - base.max(cast)).abs() < 0.02,
            "{id}: DeepSpeed {a:.2}, want max({base:.2}, {cast:.2})"
        );
        // ZeRO-2 under the word fsdp is not FSDP's full shard: nothing added.
        let z2 = FitOptions {
            zero: Some(Zero::Two),
            fsdp: true,
            ..FitOptions::default()
        };
        assert_eq!(fsdp_unsharded_gib(&req, &z2), 0.0);
    }
}

/// The answer states the term with its size in both languages, for FSDP only.
#[test]
fn the_answer_states_what_fsdp_keeps_whole() {
    let w = crate::chat::world();
    let say = |lang: &str, q: &str| crate::chat::say(&w, lang, q);
    let en = say("en", "/fit qwen2.5-7b full 4xa100 fsdp ctx=4k");
    assert!(
        en.contains("embedding and the output head") && en.contains("GiB per card beyond"),
        "{en}"
    );
    let zh = say("zh", "/fit qwen2.5-7b full 4xa100 fsdp ctx=4k");
    assert!(zh.contains("词嵌入和输出头") && zh.contains("多占"), "{zh}");
    let ds = say("en", "/fit qwen2.5-7b full 4xa100 zero3 ctx=4k");
    assert!(!ds.contains("embedding and the output head"), "{ds}");
    let lora = say("en", "/fit qwen2.5-7b lora 2xa100 fsdp ctx=2k");
    assert!(lora.contains("embedding and the output head"), "{lora}");
}
