//! Helper mem_cn (session 29): what a DeepSpeed ZeRO optimizer keeps on the card at ANY card
//! count (`vram::optim_step::deepspeed_zero`, `fp32_master_weights`): fp32 master weights and
//! fp32 Adam moments whatever the model's dtype (deepspeed/runtime/zero/stage_1_and_2.py
//! `single_partition_of_fp32_groups`), on one card as on several, and ZeRO-Offload moving that
//! state to the host on one card too. Tested on models, tasks and cards of no table row:
//! Qwen2.5-3B and Mistral-7B-v0.3 full fine-tuning, Qwen2.5-7B LoRA, ZeRO-1/2 with and without
//! offload, one and two cards.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, Zero, estimate_with,
};

fn run(id: &str, task: Task, cards: u32, zero: Option<Zero>, offload: bool) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), Quant::Bf16, task);
    r.context = 512;
    r.batch = 1;
    r.cards = cards;
    r.grad_checkpointing = true;
    let opts = FitOptions {
        zero,
        offload,
        ..FitOptions::default()
    };
    estimate_with(&c, &r, &opts).unwrap()
}

fn params(id: &str) -> f64 {
    let c = Catalog::embedded().unwrap();
    bot_core::vram::Shape::from_model(c.model(id).unwrap())
        .unwrap()
        .params
        .total
}

#[test]
fn zero_on_one_card_keeps_fp32_masters_and_moments_of_a_bf16_model() {
    for id in ["qwen2.5-3b", "mistral-7b-v0.3"] {
        let p = params(id) / bot_core::vram::GIB;
        let plain = run(id, Task::Full, 1, None, false);
        for z in [Zero::One, Zero::Two] {
            let ds = run(id, Task::Full, 1, Some(z), false);
            // Pure bf16 AdamW: 2 + 2 bytes of moments; DeepSpeed: 4 + 4 + 4 (master, m, v).
            let more = ds.per_gpu.optimizer_gib - plain.per_gpu.optimizer_gib;
            assert!(
                (more - 8.0 * p).abs() < 0.02 * 8.0 * p,
                "{id} zero {z:?}: +{more:.2} GiB of state, want {:.2}",
                8.0 * p
            );
            assert!(ds.per_gpu_required_gib > plain.per_gpu_required_gib + 8.0 * p);
        }
        // The same state as two cards hold together (ZeRO-2 shards it in halves).
        let one = run(id, Task::Full, 1, Some(Zero::Two), false)
            .per_gpu
            .optimizer_gib;
        let two = run(id, Task::Full, 2, Some(Zero::Two), false)
            .per_gpu
            .optimizer_gib;
        assert!(
            one > 1.9 * two && one < 2.1 * two,
            "{id}: {one:.2} vs 2 x {two:.2}"
        );
    }
}

#[test]
fn zero_offload_moves_the_optimizer_to_the_host_on_one_card() {
    for (id, task) in [
        ("qwen2.5-3b", Task::Full),
        ("mistral-7b-v0.3", Task::Full),
        ("qwen2.5-7b", Task::Lora),
    ] {
        let on = run(id, task, 1, Some(Zero::Two), false);
        let off = run(id, task, 1, Some(Zero::Two), true);
        assert!(off.per_gpu.optimizer_gib < 0.01, "{id}: {:?}", off.per_gpu);
        assert!(off.per_gpu_required_gib < on.per_gpu_required_gib, "{id}");
        // The 16-bit weights stay on the card (ZeRO-1/2 offload the optimizer only).
        assert!(
            (off.per_gpu.weights_gib - on.per_gpu.weights_gib).abs() < 1e-6,
            "{id}"
        );
        // Full fine-tuning: below pure bf16 AdamW on the card.
        if task == Task::Full {
            let plain = run(id, task, 1, None, false);
            assert!(
                off.per_gpu_required_gib < plain.per_gpu_required_gib,
                "{id}"
            );
        }
    }
}

#[test]
fn no_stage_on_one_card_is_plain_training_and_a_lora_barely_moves() {
    // No --zero on one card: unchanged (no DeepSpeed); a LoRA's fp32 adapter state is small
    // either way, so ZeRO-2 on one card adds its gradient bucket only (< 1.5 GiB).
    let plain = run("qwen2.5-7b", Task::Lora, 1, None, false);
    let z2 = run("qwen2.5-7b", Task::Lora, 1, Some(Zero::Two), false);
    assert_eq!(plain.parallelism, "none");
    let d = z2.per_gpu_required_gib - plain.per_gpu_required_gib;
    assert!(
        (0.0..1.5).contains(&d),
        "LoRA under ZeRO-2 on one card: +{d:.2} GiB"
    );
}

fn lora(id: &str, tuner: Option<bot_core::vram::Tuner>, rank: u32) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.context = 1024;
    r.batch = 2;
    r.cards = 1;
    r.grad_checkpointing = true;
    r.tuner = tuner;
    let opts = FitOptions {
        lora_rank: rank,
        ..FitOptions::default()
    };
    estimate_with(&c, &r, &opts).unwrap()
}

#[test]
fn peft_tuners_train_few_parameters_over_the_frozen_base_as_lora_does() {
    use bot_core::vram::{GIB, Tuner};
    let c = Catalog::embedded().unwrap();
    for id in ["mistral-7b-v0.3", "llama-3.1-8b", "qwen2.5-3b"] {
        let s = bot_core::vram::Shape::from_model(c.model(id).unwrap()).unwrap();
        let base = lora(id, None, 8);
        // AdaLoRA at init_r 12 trains 1.5 x a rank-8 LoRA (+ its r-vector E).
        let ada = bot_core::vram::tuners::trainable_params(&s, Tuner::AdaLora);
        let r8 = s.lora_params_on(8, bot_core::vram::LoraTargets::AllLinear, false);
        assert!(ada > 1.5 * r8 && ada < 1.55 * r8, "{id}: {ada} vs {r8}");
        for t in [Tuner::AdaLora, Tuner::Adapter, Tuner::Boft, Tuner::Bone] {
            let got = lora(id, Some(t), 8);
            // The same frozen 16-bit base: the weights differ by the adapters' own copies only.
            let own = bot_core::vram::tuners::trainable_params(&s, t);
            let dw = got.per_gpu.weights_gib - base.per_gpu.weights_gib;
            assert!(dw.abs() <= 4.0 * (own + r8) / GIB, "{id} {t:?}: {dw:+.3}");
            let d = got.per_gpu_required_gib - base.per_gpu_required_gib;
            // BOFT also builds dense in x in rotations on every forward (mem_du,
            // `vram::tuners::boft_rotation_bytes`): with checkpointing, the recomputed layer's
            // (3 x 2 bytes an element on each Linear) and the widest Linear's working set (4).
            let rotations = if t == Tuner::Boft {
                let (h, i) = (f64::from(s.hidden), f64::from(s.intermediate));
                let o = f64::from(s.heads * s.head_dim);
                (6.0 * (5.0 * h * h + o * o + i * i) + 4.0 * i.max(h).powi(2)) / GIB
            } else {
                0.0
            };
            assert!(
                d.abs() < 1.0 + rotations,
                "{id} {t:?}: {d:+.2} GiB beside LoRA r8"
            );
            assert!(bot_core::vram::tuners::trainable_params(&s, t) < 0.02 * s.params.total);
        }
        // AdaLoRA's rank allocator (three fp32 tensors a parameter) beyond a rank-12 LoRA.
        let l12 = lora(id, None, 12).per_gpu.optimizer_gib;
        assert!(lora(id, Some(Tuner::AdaLora), 8).per_gpu.optimizer_gib > l12);
    }
}

#[test]
fn llama_pro_adds_decoder_blocks_trained_in_full_in_sixteen_bit() {
    use bot_core::vram::{GIB, Tuner};
    let c = Catalog::embedded().unwrap();
    for (id, n) in [
        ("mistral-7b-v0.3", 4),
        ("llama-3.1-8b", 8),
        ("qwen2.5-3b", 2),
    ] {
        let s = bot_core::vram::Shape::from_model(c.model(id).unwrap()).unwrap();
        let block = s.params.linear / f64::from(s.layers);
        let trained = bot_core::vram::tuners::trainable_params(&s, Tuner::LlamaPro(n));
        assert!((trained - f64::from(n) * block).abs() < 1.0);
        let base = lora(id, None, 8);
        let pro = lora(id, Some(Tuner::LlamaPro(n)), 8);
        // The new blocks join the 16-bit weights (and LoRA's adapters are gone) ...
        let r8 = s.lora_params_on(8, bot_core::vram::LoraTargets::AllLinear, false);
        let w = pro.per_gpu.weights_gib - base.per_gpu.weights_gib;
        let want = 2.0 * (trained - r8) / GIB;
        assert!(
            (w - want).abs() < 0.01 * want,
            "{id}: +{w:.3} GiB of weights, want {want:.3}"
        );
        // ... and train with 16-bit gradients and AdamW moments: 2 + 4 bytes a parameter at least.
        assert!(
            pro.per_gpu.optimizer_gib > 6.0 * trained / GIB * 0.95,
            "{id}"
        );
        assert!(
            pro.per_gpu.optimizer_gib < 8.0 * trained / GIB,
            "{id}: no fp32 master"
        );
        assert_eq!(
            Tuner::from_key(&Tuner::LlamaPro(n).key()),
            Some(Tuner::LlamaPro(n))
        );
    }
    assert_eq!(Tuner::from_key("llamapro"), Some(Tuner::LlamaPro(4)));
    assert_eq!(Tuner::from_key("lora"), None);
}

#[test]
fn the_chat_names_the_tuner_in_both_locales_and_sizes_it() {
    use super::chat::{say, world};
    let w = world();
    let en = say(&w, "en", "/fit qwen2.5-3b lora ctx=1k tuner=llamapro:2");
    assert!(en.contains("LLaMA-Pro: 2 new decoder blocks"), "{en}");
    let zh = say(&w, "zh", "/fit qwen2.5-3b lora ctx=1k tuner=boft");
    assert!(zh.contains("PEFT 微调方式 boft"), "{zh}");
    let bad = say(&w, "en", "/fit qwen2.5-3b lora ctx=1k tuner=nonesuch");
    assert!(
        !bad.contains("LLaMA-Pro") && !bad.contains("PEFT tuner"),
        "{bad}"
    );
}
