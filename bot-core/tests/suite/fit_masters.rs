//! Two trainer facts found on held-out 4 (tests/data/measured_memory_heldout4.tsv), checked on
//! cases of our own: DeepSpeed ZeRO keeps fp32 master weights and fp32 Adam moments of a
//! model loaded in bf16 (PyTorch FSDP and plain data parallel keep the load dtype), and
//! Liger Kernel's fused linear cross-entropy holds no full-vocabulary logits.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitRequest, LossHead, ModelRef, Quant, Shape, Task, Zero, estimate_with,
    fp32_master_weights,
};

const GIB: f64 = (1u64 << 30) as f64;

/// Gradients + optimizer on the busiest card, GiB, for full fine-tuning of a bf16 model.
fn optimizer_per_card(catalog: &Catalog, model: &str, cards: u32, opts: &FitOptions) -> f64 {
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Full);
    req.cards = cards;
    req.context = 2048;
    estimate_with(catalog, &req, opts)
        .unwrap()
        .per_gpu
        .optimizer_gib
}

#[test]
fn deepspeed_zero_keeps_fp32_masters_fsdp_and_ddp_keep_bf16() {
    let catalog = Catalog::embedded().unwrap();
    for model in ["qwen2.5-7b", "llama-3.1-8b", "qwen3-14b", "gemma-2-9b"] {
        let m = catalog.model(model).unwrap();
        let p = Shape::from_model(m).unwrap().params.total;
        for cards in [2u32, 4, 8] {
            let n = cards as f64;
            // (sharding, FSDP?, gradient bytes per card, optimizer bytes per card), per
            // parameter: bf16 gradients (2), fp32 masters + two fp32 moments (12) under
            // DeepSpeed, two bf16 moments (4) otherwise.
            let cases = [
                (Some(Zero::One), false, 2.0, 12.0 / n),
                (Some(Zero::Two), false, 2.0 / n, 12.0 / n),
                (Some(Zero::Three), false, 2.0 / n, 12.0 / n),
                (None, false, 2.0 / n, 12.0 / n),
                (Some(Zero::Three), true, 2.0 / n, 4.0 / n),
                // Plain DDP: the gradients and their copy in the all-reduce buckets.
                (Some(Zero::Off), false, 4.0, 4.0),
            ];
            for (zero, fsdp, grads, optim) in cases {
                let opts = FitOptions {
                    zero,
                    fsdp,
                    ..FitOptions::default()
                };
                let got = optimizer_per_card(&catalog, model, cards, &opts);
                let want = p * (grads + optim) / GIB;
                assert!(
                    (got - want).abs() < 0.01 * want,
                    "{model} x{cards} zero={zero:?} fsdp={fsdp}: {got:.2} GiB, want {want:.2}"
                );
            }
        }
        // Under DeepSpeed `amp` adds nothing: the masters are there either way (Qwen v1's
        // README rows, DeepSpeed ZeRO-3 full fine-tuning on 2 A100s, carry `mixed_precision`
        // in fit_reference.toml for that reason and stay within 15 %).
        let mut ds = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Full);
        ds.cards = 2;
        let plain = estimate_with(&catalog, &ds, &FitOptions::default()).unwrap();
        ds.mixed_precision = true;
        let amp = estimate_with(&catalog, &ds, &FitOptions::default()).unwrap();
        assert!(
            (plain.per_gpu_gib - amp.per_gpu_gib).abs() < 1e-9,
            "{model} amp"
        );
        // One card trains without DeepSpeed: bf16 moments, unless amp is asked for.
        let one = optimizer_per_card(&catalog, model, 1, &FitOptions::default());
        assert!(
            (one - p * 6.0 / GIB).abs() < 0.01 * one,
            "{model} x1: {one:.2}"
        );
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Full);
        req.mixed_precision = true;
        assert!(fp32_master_weights(&req, &FitOptions::default()));
        // LoRA keeps its fp32 adapters whatever the sharding: DeepSpeed and FSDP read alike.
        let mut lora = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
        lora.cards = 4;
        let ds = estimate_with(&catalog, &lora, &FitOptions::default()).unwrap();
        let fsdp = FitOptions {
            zero: Some(Zero::Three),
            fsdp: true,
            ..FitOptions::default()
        };
        let fs = estimate_with(&catalog, &lora, &fsdp).unwrap();
        // (FSDP's root unit, embedding and head gathered whole, is weights: `fit_fsdp`.)
        assert!(
            (ds.per_gpu.optimizer_gib - fs.per_gpu.optimizer_gib).abs() < 1e-9,
            "{model} lora"
        );
    }
}

#[test]
fn the_answer_names_deepspeed_masters_and_fsdp_keeps_bf16() {
    let w = crate::chat::world();
    let say = |l: &str, line: &str| crate::chat::say(&w, l, line);
    let ds = say("en", "/fit qwen2.5-7b full 4xa100 zero3 ctx=4k");
    assert!(ds.contains("DeepSpeed ZeRO"), "{ds}");
    assert!(ds.contains("fp32 master weights"), "{ds}");
    assert!(ds.contains("about 14 bytes per parameter"), "{ds}");
    let fsdp = say("en", "/fit qwen2.5-7b full 4xa100 fsdp ctx=4k");
    assert!(!fsdp.contains("DeepSpeed ZeRO (assumed"), "{fsdp}");
    assert!(fsdp.contains("about 6 bytes per parameter"), "{fsdp}");
    assert_ne!(fsdp, ds);
    // Nothing typed on several cards: DeepSpeed ZeRO-3, said so.
    let plain = say("en", "/fit qwen2.5-7b full 4xa100 ctx=4k");
    assert!(plain.contains("DeepSpeed ZeRO (assumed"), "{plain}");
    let zh = say("zh", "/fit qwen2.5-7b full 4xa100 zero3 ctx=4k");
    assert!(zh.contains("fp32 主权重"), "{zh}");
    assert!(zh.contains("FSDP 则和权重一样保持 bf16"), "{zh}");
    // One card: the bf16 model's own moments, as before.
    let one = say("en", "/fit qwen2.5-3b full a100 ctx=2k");
    assert!(!one.contains("DeepSpeed ZeRO (assumed"), "{one}");
}

/// The precision line names the 16-bit dtype the model was loaded in, as typed: an fp16 model
/// was said to be "loaded in bf16" (held-out 72's Llama-2 fp16 full fine-tune), the same bytes
/// under the wrong name.
#[test]
fn the_precision_line_names_the_dtype_typed() {
    let w = crate::chat::world();
    let say = |l: &str, line: &str| crate::chat::say(&w, l, line);
    for (line, many) in [
        ("/fit qwen2.5-3b full {q} a100 ctx=2k", false),
        ("/fit qwen2.5-7b full {q} 4xa100 zero3 ctx=4k", true),
        ("/fit qwen2.5-3b full {q} amp a100 ctx=2k", false),
    ] {
        for (q, other) in [("fp16", "bf16"), ("bf16", "fp16")] {
            let line = line.replace("{q}", q);
            let en = say("en", &line);
            let zh = say("zh", &line);
            let (en_said, zh_said) = if many {
                (
                    format!("model loaded in {q}"),
                    format!("即使模型以 {q} 加载"),
                )
            } else if line.contains("amp") {
                (format!("beside the {q} model"), format!("{q} 模型之外"))
            } else {
                (format!("Model loaded in {q}"), format!("模型以 {q} 加载"))
            };
            assert!(en.contains(&en_said), "{line}: {en}");
            assert!(zh.contains(&zh_said), "{line}: {zh}");
            assert!(!en.contains(&format!("loaded in {other}")), "{line}: {en}");
        }
    }
}

/// Activations of one training step, GiB, with the given loss head. With 8-bit Adam, whose
/// step holds no intermediate that could outgrow the activations (`vram::foreach_step_gib`).
fn activations(catalog: &Catalog, model: &str, task: Task, gc: bool, loss: LossHead) -> f64 {
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, task);
    req.context = 8192;
    req.grad_checkpointing = gc;
    req.loss = loss;
    let opts = FitOptions {
        optimizer: bot_core::vram::Optimizer::Adam8bit,
        ..FitOptions::default()
    };
    estimate_with(catalog, &req, &opts)
        .unwrap()
        .per_gpu
        .activations_gib
}

#[test]
fn liger_holds_no_vocabulary_wide_logits() {
    let catalog = Catalog::embedded().unwrap();
    for model in [
        "qwen2.5-3b",
        "llama-3.1-8b",
        "gemma-2-9b",
        "mistral-7b-v0.3",
    ] {
        let s = Shape::from_model(catalog.model(model).unwrap()).unwrap();
        let (h, v) = (s.hidden as f64, s.vocab as f64);
        for task in [Task::Lora, Task::Full] {
            // Without checkpointing the loss head adds to every layer's activations: the fused
            // head replaces 8 bytes per vocabulary entry (bf16 loss) by 6 per hidden unit.
            let half = activations(&catalog, model, task, false, LossHead::Half);
            let fused = activations(&catalog, model, task, false, LossHead::Fused);
            // Gemma 2's soft-capped head keeps its bf16 tanh output for the backward, 2 bytes
            // more per vocabulary entry, which Liger's fused head caps inside its kernel
            // (`vram::loss_head::SOFT_CAPPED_FAMILIES`, pass 132).
            let capped = if catalog.model(model).unwrap().family == "gemma2" {
                2.0
            } else {
                0.0
            };
            let want = 8192.0 * ((8.0 + capped) * v - 6.0 * h) / GIB;
            assert!(
                ((half - fused) - want).abs() < 0.02 * want,
                "{model} {task:?}: {half:.2} - {fused:.2} vs {want:.2}"
            );
            // With checkpointing the peak is the checkpoints plus one recomputed layer: no
            // term grows with the vocabulary, so the fused head is below both others.
            let fp32 = activations(&catalog, model, task, true, LossHead::Fp32);
            let fused_gc = activations(&catalog, model, task, true, LossHead::Fused);
            let checkpoints = s.layers as f64 * 2.0 * h * 8192.0 / GIB;
            assert!(
                fused_gc < fp32 && fused_gc > checkpoints,
                "{model} {task:?}"
            );
            assert!(
                fused_gc < checkpoints * 4.0,
                "{model} {task:?}: {fused_gc:.2}"
            );
        }
    }
}

#[test]
fn liger_is_a_word_in_both_languages() {
    let w = crate::chat::world();
    for lang in ["en", "zh"] {
        let say = |line: &str| crate::chat::say(&w, lang, line);
        let base = say("/fit llama-3.1-8b lora a100 ctx=8k");
        let liger = say("/fit llama-3.1-8b lora a100 ctx=8k liger");
        assert_ne!(base, liger, "{lang}");
        let said = if lang == "en" {
            "Liger's fused linear cross-entropy"
        } else {
            "Liger 的融合线性交叉熵"
        };
        assert!(
            liger.contains(said) && !base.contains(said),
            "{lang}: {liger}"
        );
        for same in ["use_liger_kernel", "loss=fused", "loss=liger"] {
            assert_eq!(
                say(&format!("/fit llama-3.1-8b lora a100 ctx=8k {same}")),
                liger,
                "{lang} {same}"
            );
        }
    }
}
