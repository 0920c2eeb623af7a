//! Three transient or out-of-allocator memories found on held-out 4 (session 9), each checked
//! on models and settings of its own: PEFT's adapters keep their own copy of each adapted
//! input even without dropout, PyTorch's AdamW step holds one more copy of the moments once
//! the activations are freed, NCCL's buffers sit beside the allocator on every card of a
//! multi-card training, and plain DDP keeps a copy of every gradient in its buckets.

use bot_core::Catalog;
use bot_core::catalog::Model;
use bot_core::vram::{
    FitOptions, FitRequest, GIB, LoraTargets, ModelLayout, ModelRef, Optimizer, Quant, Shape, Task,
    Zero, estimate_with, foreach_step_gib, nccl_buffers_gib, outside_allocator_gib,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn lora<'a>(c: &'a Catalog, id: &str, ctx: u32, batch: u32) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.context = ctx;
    r.batch = batch;
    r.grad_checkpointing = false;
    r
}

fn act(c: &Catalog, r: &FitRequest) -> f64 {
    estimate_with(c, r, &FitOptions::default())
        .unwrap()
        .per_gpu
        .activations_gib
}

/// Input elements per token and layer of the adapted matrices: q, k and v read the hidden
/// state each (one copy per adapter), o reads the attention output, gate and up the hidden
/// state, down the FFN width.
fn adapted_inputs(m: &Model, targets: LoraTargets) -> f64 {
    let h = m.hidden as f64;
    match targets {
        LoraTargets::QueryValue => 2.0 * h,
        LoraTargets::Attention => 4.0 * h,
        LoraTargets::AllLinear => 6.0 * h + m.intermediate as f64,
        LoraTargets::Mlp => 2.0 * h + m.intermediate as f64,
        LoraTargets::Modules(p) => [h, h, h, h, h, h, m.intermediate as f64]
            .iter()
            .zip(p)
            .filter(|(_, on)| *on)
            .map(|(w, _)| w)
            .sum(),
    }
}

/// Without checkpointing every layer keeps its adapters' input copies: 2 bytes per element
/// under autocast (the bf16 cast of the fp32 input), 4 without (the fp32 cast itself), one
/// more for the dropout mask. LitGPT's bf16 adapters read the layer's own input: nothing.
#[test]
fn peft_adapters_keep_a_copy_of_each_input_even_without_dropout() {
    let c = cat();
    for (id, targets, ctx, batch) in [
        ("llama-3.1-8b", LoraTargets::AllLinear, 1024, 2),
        ("qwen2.5-1.5b", LoraTargets::QueryValue, 700, 8),
        ("mistral-7b-v0.3", LoraTargets::Attention, 3000, 1),
    ] {
        let m = c.model(id).unwrap();
        let per_byte = adapted_inputs(m, targets) * m.layers as f64 * (ctx * batch) as f64 / GIB;
        let mut r = lora(&c, id, ctx, batch);
        r.lora_targets = targets;
        let autocast = act(&c, &r);
        r.autocast = false;
        let own_loop = act(&c, &r);
        r.lora_dropout = true;
        let own_loop_dropout = act(&c, &r);
        r.autocast = true;
        let autocast_dropout = act(&c, &r);
        for (what, got, want) in [
            ("fp32 copy over bf16 copy", own_loop - autocast, 2.0),
            (
                "dropout mask, no autocast",
                own_loop_dropout - own_loop,
                1.0,
            ),
            (
                "dropout mask under autocast",
                autocast_dropout - autocast,
                1.0,
            ),
        ] {
            assert!(
                (got - want * per_byte).abs() < 0.01 + 0.01 * want * per_byte,
                "{id} {targets:?} {what}: {got:.3} GiB, want {:.3}",
                want * per_byte
            );
        }
        // LitGPT: the dropout copy and mask only (3 bytes), nothing without dropout.
        let mut lit = lora(&c, id, ctx, batch);
        lit.lora_targets = targets;
        lit.layout = ModelLayout::LitGpt;
        let dry = act(&c, &lit);
        lit.lora_dropout = true;
        assert!(act(&c, &lit) > dry, "{id}");
    }
}

/// PyTorch's AdamW (foreach) holds one more copy of the moments in its step: for full
/// fine-tuning with little activation memory that step is the transient peak; 8-bit Adam
/// and DeepSpeed's fused Adam hold none, FSDP's is sharded, plain data parallel's is whole.
#[test]
fn adamw_step_outgrows_small_activations_in_full_fine_tuning() {
    let c = cat();
    for id in ["qwen2.5-1.5b", "gemma-2-9b", "llama-3.2-3b"] {
        let m = c.model(id).unwrap();
        let p = Shape::from_model(m).unwrap().params.total;
        let run = |amp: bool, cards: u32, opts: &FitOptions| {
            let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Full);
            r.context = 64;
            r.grad_checkpointing = true;
            r.mixed_precision = amp;
            r.cards = cards;
            let rep = estimate_with(&c, &r, opts).unwrap();
            (rep.per_gpu.activations_gib, foreach_step_gib(&r, opts))
        };
        let adamw = FitOptions::default();
        // bf16 moments: 2 bytes per parameter; amp's fp32 moments: 4.
        for (amp, bytes) in [(false, 2.0), (true, 4.0)] {
            let (a, step) = run(amp, 1, &adamw);
            let want = p * bytes / GIB;
            assert!(
                (step - want).abs() < 0.01 * want,
                "{id} amp={amp}: {step:.2}"
            );
            assert!((a - want).abs() < 0.01 * want, "{id} amp={amp}: {a:.2}");
        }
        let eight = FitOptions {
            optimizer: Optimizer::Adam8bit,
            ..FitOptions::default()
        };
        let (a8, step8) = run(false, 1, &eight);
        assert!(step8 == 0.0 && a8 < 0.2 * p * 2.0 / GIB, "{id}: {a8:.2}");
        // DeepSpeed ZeRO-3 over 4 cards: its own Adam, nothing.
        let (_, ds) = run(false, 4, &adamw);
        assert_eq!(ds, 0.0, "{id}");
        // FSDP over 4 cards: a quarter each; plain DDP over 2: the whole copy on each.
        let fsdp = FitOptions {
            zero: Some(Zero::Three),
            fsdp: true,
            ..FitOptions::default()
        };
        let (af, sf) = run(false, 4, &fsdp);
        assert!(
            (sf - p * 2.0 / 4.0 / GIB).abs() < 0.01 * sf,
            "{id}: {sf:.2}"
        );
        assert!(af >= sf - 0.01, "{id}");
        let ddp = FitOptions {
            zero: Some(Zero::Off),
            ..FitOptions::default()
        };
        let (_, sd) = run(false, 2, &ddp);
        assert!((sd - p * 2.0 / GIB).abs() < 0.01 * sd, "{id}: {sd:.2}");
    }
    // Long sequences: the activations are the larger, and the step changes nothing.
    let m = c.model("llama-3.1-8b").unwrap();
    let long = |optimizer: Optimizer| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Full);
        r.context = 32768;
        r.batch = 4;
        let opts = FitOptions {
            optimizer,
            ..FitOptions::default()
        };
        estimate_with(&c, &r, &opts)
            .unwrap()
            .per_gpu
            .activations_gib
    };
    assert_eq!(long(Optimizer::AdamW), long(Optimizer::Adam8bit));
}

/// The answer states the step's copy with its size, in both languages, for full fine-tuning
/// with PyTorch's AdamW only.
#[test]
fn the_answer_states_the_adamw_step_copy() {
    let w = crate::chat::world();
    let say = |lang: &str, q: &str| crate::chat::say(&w, lang, q);
    let en = say("en", "/fit llama-3.2-1b full bf16 ctx=512 a100");
    assert!(en.contains("foreach") && en.contains("adamw8bit"), "{en}");
    let zh = say("zh", "/fit llama-3.2-1b full bf16 ctx=512 a100");
    assert!(
        zh.contains("一起更新") && zh.contains("激活已经释放"),
        "{zh}"
    );
    let eight = say("en", "/fit llama-3.2-1b full bf16 ctx=512 a100 adamw8bit");
    assert!(!eight.contains("foreach"), "{eight}");
    let lora = say("en", "/fit llama-3.2-1b lora ctx=512 a100");
    assert!(!lora.contains("foreach"), "{lora}");
}

/// NCCL's buffers: on each card of a multi-card training (one process per card), beside the
/// allocator; nothing for one card or for inference (one process, or vLLM's own accounting).
#[test]
fn nccl_buffers_sit_beside_the_allocator_on_multi_card_training() {
    let c = cat();
    let m = c.model("qwen2.5-14b").unwrap();
    let overhead = |task: Task, cards: u32| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, task);
        r.cards = cards;
        r.context = 1024;
        let rep = estimate_with(&c, &r, &FitOptions::default()).unwrap();
        (
            rep.per_gpu.overhead_gib,
            rep.per_gpu_required_gib,
            rep.per_gpu_gib,
        )
    };
    assert_eq!(nccl_buffers_gib(true, 1), 0.0);
    assert_eq!(nccl_buffers_gib(false, 8), 0.0);
    assert!(
        nccl_buffers_gib(true, 2) > 0.5 && nccl_buffers_gib(true, 8) > nccl_buffers_gib(true, 2)
    );
    for cards in [2u32, 4, 8] {
        let (ovh, need, shown) = overhead(Task::Lora, cards);
        // The overhead holds the context and NCCL, and neither is given back: `need` (what
        // must be allocated) keeps them.
        assert!(
            ovh >= outside_allocator_gib(true, cards) - 0.01,
            "x{cards}: {ovh}"
        );
        assert!(
            need <= shown && need >= outside_allocator_gib(true, cards),
            "x{cards}"
        );
    }
    let (infer_ovh, _, _) = overhead(Task::Infer, 2);
    assert!(infer_ovh < outside_allocator_gib(true, 2), "{infer_ovh}");
}

/// Plain DDP (`zero=0`) copies the gradients into its all-reduce buckets: one card's
/// gradients and optimizer plus one more gradient copy, for LoRA (fp32 adapters' bf16-sized
/// count) and full fine-tuning alike; ZeRO-2 shards the gradients instead.
#[test]
fn ddp_keeps_a_bucket_copy_of_every_gradient() {
    let c = cat();
    for (id, task) in [("qwen2.5-3b", Task::Full), ("llama-3.1-8b", Task::Lora)] {
        let m = c.model(id).unwrap();
        let run = |cards: u32, zero: Option<Zero>| {
            let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, task);
            r.cards = cards;
            let opts = FitOptions {
                zero,
                fsdp: true,
                ..FitOptions::default()
            };
            let rep = estimate_with(&c, &r, &opts).unwrap();
            (rep.per_gpu.optimizer_gib, rep.trainable_params_b * 1e9)
        };
        let (one, params) = run(1, None);
        let (ddp, _) = run(2, Some(Zero::Off));
        let want = params * 2.0 / GIB;
        assert!(
            // Parts are rounded to 0.01 GiB.
            ((ddp - one) - want).abs() < 0.01 * want + 0.011,
            "{id} {task:?}: {ddp:.3} - {one:.3} vs {want:.3}"
        );
        let (zero2, _) = run(2, Some(Zero::Two));
        assert!(zero2 < one, "{id} {task:?}");
    }
}

/// `autocast=off` (CLI `--no-autocast`) sizes a LoRA loop of its own: fp32 input copies, more
/// than the Trainer's bf16 ones; a word that is neither on nor off is refused.
#[test]
fn autocast_off_is_a_word_that_sizes_fp32_copies() {
    let w = crate::chat::world();
    let total = |q: &str| {
        let a = crate::chat::say(&w, "en", q);
        let at = a.find("= total").unwrap_or_else(|| panic!("{a}"));
        a[at + 8..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    let base = "/fit qwen2.5-1.5b lora ctx=1k batch=4 gc=off";
    assert!(total(&format!("{base} autocast=off")) > total(base));
    assert_eq!(total(&format!("{base} autocast=on")), total(base));
    let zh = crate::chat::say(&w, "zh", &format!("{base} autocast=关"));
    assert!(zh.contains("GiB"), "{zh}");
}
