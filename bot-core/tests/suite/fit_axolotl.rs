//! axolotl's load round trip (`vram::axolotl`, session 10): embedding and head cast to fp32 and
//! back to 16-bit; the step sees 16-bit tensors, PyTorch's cache keeps the fp32 copies beyond
//! what the step's transients reuse of them, and the verdict (what must be allocated) does not
//! count them. Cases of our own, on models no table measured.

use bot_core::Catalog;
use bot_core::vram::{
    CUDA_CONTEXT_GIB, FitOptions, FitReport, FitRequest, GIB, LossHead, ModelRef, Quant, Shape,
    Task, Zero, axolotl_fp32_copies_gib, estimate_with,
};

fn run(c: &Catalog, id: &str, q: Quant, f: impl Fn(&mut FitRequest, &mut FitOptions)) -> FitReport {
    let task = if q == Quant::Nf4 {
        Task::Qlora
    } else {
        Task::Lora
    };
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), q, task);
    r.context = 2048;
    r.grad_checkpointing = true;
    // Cut Cross Entropy, as axolotl's recipes run it: no full-vocabulary logits.
    r.loss = LossHead::Fused;
    let mut o = FitOptions::default();
    f(&mut r, &mut o);
    estimate_with(c, &r, &o).unwrap()
}

#[test]
fn axolotl_keeps_the_fp32_copies_cached_beyond_the_steps_transients() {
    let c = Catalog::embedded().unwrap();
    for (id, q) in [
        ("qwen2.5-14b", Quant::Nf4),
        ("gemma-2-9b", Quant::Nf4),
        ("llama-3.1-8b", Quant::Bf16),
        ("mistral-7b-v0.3", Quant::Nf4),
    ] {
        let m = c.model(id).unwrap();
        let pc = Shape::from_model(m).unwrap().params;
        // Same tensors without the round trip: 16-bit norms, embedding and head.
        // PEFT without the fp32 cast, loaded from a checkpoint saved in 4-bit: axolotl's round
        // trip alone differs (the loader's warm-up block is `vram::bnb_load`'s, not axolotl's).
        let plain = run(&c, id, q, |r, _| {
            r.kbit_upcast = false;
            r.load_warmup = false;
        });
        let ax = run(&c, id, q, |r, _| r.axolotl = true);
        assert!(
            (ax.per_gpu.weights_gib - plain.per_gpu.weights_gib).abs() < 1e-9,
            "{id}"
        );
        assert!((ax.per_gpu.activations_gib - plain.per_gpu.activations_gib).abs() < 1e-9);
        let copies = (pc.embed + pc.lm_head) * 4.0 / GIB;
        let transients =
            plain.per_gpu.activations_gib + plain.per_gpu.overhead_gib - CUDA_CONTEXT_GIB;
        let want = (copies - transients).max(0.0);
        let got = ax.per_gpu.overhead_gib - plain.per_gpu.overhead_gib;
        assert!(
            (got - want).abs() < 0.01,
            "{id}: cached {got:.2}, want {want:.2}"
        );
        // A 150k-word vocabulary's copies outgrow a fused-loss 2k step's transients; Mistral's
        // 32k words' (1 GiB) do not: nothing shows.
        if copies > 3.0 {
            assert!(
                want > 0.5,
                "{id}: {copies:.2} GiB of copies, {want:.2} shown"
            );
        }
        // Releasable: what must be allocated is the same.
        assert!(
            (ax.per_gpu_required_gib - plain.per_gpu_required_gib).abs() < 0.01,
            "{id}: the verdict's figure"
        );
        // PEFT's preparation kept as it is (fp32 embedding, head and stream) is another job.
        if q == Quant::Nf4 {
            let peft = run(&c, id, q, |_, _| {});
            assert!(peft.per_gpu.weights_gib > ax.per_gpu.weights_gib, "{id}");
        }
    }
}

#[test]
fn no_round_trip_under_fsdp_zero3_unsloth_or_full_fine_tuning() {
    let c = Catalog::embedded().unwrap();
    let id = "qwen2.5-7b";
    let req = |task: Task, cards: u32, unsloth: bool| {
        let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), Quant::Bf16, task);
        r.cards = cards;
        r.axolotl = true;
        r.unsloth = unsloth;
        r
    };
    let fsdp = FitOptions {
        zero: Some(Zero::Three),
        fsdp: true,
        ..FitOptions::default()
    };
    let d = FitOptions::default();
    assert_eq!(
        axolotl_fp32_copies_gib(&req(Task::Lora, 2, false), &fsdp),
        0.0
    );
    assert_eq!(axolotl_fp32_copies_gib(&req(Task::Lora, 2, false), &d), 0.0);
    assert_eq!(axolotl_fp32_copies_gib(&req(Task::Lora, 1, true), &d), 0.0);
    assert_eq!(axolotl_fp32_copies_gib(&req(Task::Full, 1, false), &d), 0.0);
    let zero2 = FitOptions {
        zero: Some(Zero::Two),
        ..FitOptions::default()
    };
    // 152k x 3584, untied: embedding and head, 4 bytes each.
    let both = 2.0 * 152064.0 * 3584.0 * 4.0 / GIB;
    let got = axolotl_fp32_copies_gib(&req(Task::Lora, 2, false), &zero2);
    assert!((got - both).abs() < 0.05, "{got:.2} vs {both:.2}");
}

#[test]
fn the_answer_states_axolotls_cached_copies() {
    let w = crate::chat::world();
    let say = |lang: &str, q: &str| crate::chat::say(&w, lang, q);
    let en = say("en", "/fit qwen2.5-14b qlora ctx=2k a100 axolotl");
    assert!(en.contains("axolotl") && en.contains("fp32 copies"), "{en}");
    let zh = say("zh", "/fit qwen2.5-14b qlora ctx=2k a100 trainer=axolotl");
    assert!(zh.contains("fp32 副本") && zh.contains("GiB"), "{zh}");
    let peft = say("en", "/fit qwen2.5-14b qlora ctx=2k a100 trainer=peft");
    assert!(!peft.contains("fp32 copies"), "{peft}");
}
