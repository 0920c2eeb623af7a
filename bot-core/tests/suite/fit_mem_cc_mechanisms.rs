//! Helper mem_cc (session 28): the vision tower in training (`vram::vision_train`). Tested on
//! models, images and batches of no table row: Qwen2.5-VL-3B and -32B, Qwen2-VL-2B (an ungated
//! tower), Qwen3-VL-8B, images of 1024² and 448², several images a sample, short videos, and
//! a text-only model and inference as what the term leaves alone.

use bot_core::Catalog;
use bot_core::vram::vision_train::{block_bytes_per_patch, tower_params_trained};
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Task, Zero, estimate_with,
};

/// A bf16 `task` of `id` at `ctx` tokens, `batch` samples of one image of `pixels`, on `cards`
/// cards (ZeRO-2 above one), the language model checkpointed; `set` adjusts the request.
fn run(
    c: &Catalog,
    id: &str,
    task: Task,
    (ctx, batch, cards): (u32, u32, u32),
    pixels: u64,
    set: impl Fn(&mut FitRequest),
) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), Quant::Bf16, task);
    r.engine = Engine::Transformers;
    r.context = ctx;
    r.batch = batch;
    r.cards = cards;
    r.grad_checkpointing = true;
    r.max_pixels = Some(pixels);
    set(&mut r);
    let opts = FitOptions {
        zero: (cards > 1).then_some(Zero::Two),
        ..FitOptions::default()
    };
    estimate_with(c, &r, &opts).unwrap()
}

fn act(r: &FitReport) -> f64 {
    r.per_gpu.activations_gib
}

/// Patches of one image of `side`² pixels in patches of 14 merged 2 × 2, as the processor's
/// largest image counts them (its pixels over 14², whole merged tokens).
fn patches(side: u64) -> f64 {
    (side * side / 196 / 4 * 4) as f64
}

#[test]
fn a_trained_tower_without_its_checkpointing_keeps_every_blocks_tensors() {
    let c = Catalog::embedded().unwrap();
    let v = c.model("qwen2.5-vl-3b").unwrap().vision.unwrap();
    // 44h + 8I for the gated MLP: 44 x 1280 + 8 x 3420 bytes a patch and block.
    assert_eq!(block_bytes_per_patch(&v), 44.0 * 1280.0 + 8.0 * 3420.0);
    let (side, batch) = (1024, 3);
    let on = run(
        &c,
        "qwen2.5-vl-3b",
        Task::Full,
        (4096, batch, 2),
        side * side,
        |r| {
            r.vit.trained = true;
        },
    );
    let off = run(
        &c,
        "qwen2.5-vl-3b",
        Task::Full,
        (4096, batch, 2),
        side * side,
        |r| {
            r.vit.trained = true;
            r.vit.grad_checkpointing = Some(false);
        },
    );
    let n = patches(side) * batch as f64;
    let want = 32.0 * (block_bytes_per_patch(&v) - 2.0 * 1280.0) * n / GIB;
    assert!(
        (act(&off) - act(&on) - want).abs() < 0.02,
        "{} {want}",
        act(&off) - act(&on)
    );
    assert!(off.per_gpu_required_gib > on.per_gpu_required_gib + want * 0.9);
}

#[test]
fn the_towers_checkpointing_follows_the_language_models_unless_said() {
    let c = Catalog::embedded().unwrap();
    let px = 448 * 448;
    let said = |gc: Option<bool>| {
        run(
            &c,
            "qwen2.5-vl-32b",
            Task::Lora,
            (2048, 2, 4),
            px,
            move |r| {
                r.vit.trained = true;
                r.vit.grad_checkpointing = gc;
            },
        )
    };
    let default = said(None);
    assert!((act(&default) - act(&said(Some(true)))).abs() < 1e-9);
    assert!(act(&said(Some(false))) > act(&default) + 0.1);
}

#[test]
fn a_frozen_tower_keeps_block_inputs_only_under_checkpointing_and_not_under_axolotl() {
    let c = Catalog::embedded().unwrap();
    let px = 1024 * 1024;
    let frozen = |gc: Option<bool>, axolotl: bool| {
        run(&c, "qwen2-vl-2b", Task::Lora, (2048, 4, 1), px, move |r| {
            r.vit.grad_checkpointing = gc;
            r.axolotl = axolotl;
        })
    };
    let text_only = act(&frozen(Some(false), false));
    // ms-swift's hook on the tower's input: each of 32 blocks keeps its 16-bit input.
    let want = 32.0 * 2.0 * 1280.0 * patches(1024) * 4.0 / GIB;
    let hooked = act(&frozen(None, false)) - text_only;
    assert!((hooked - want).abs() < 0.02, "{hooked} {want}");
    // Trained or frozen, checkpointed blocks keep the same inputs.
    let trained = run(&c, "qwen2-vl-2b", Task::Lora, (2048, 4, 1), px, |r| {
        r.vit.trained = true;
    });
    assert!((act(&trained) - text_only - want).abs() < 0.02);
    // axolotl hooks the language model's embeddings alone: nothing kept by a frozen tower.
    assert!(act(&frozen(None, true)) < act(&frozen(Some(false), true)) + 1e-9);
}

#[test]
fn the_ungated_tower_keeps_less_per_block_than_the_gated_one() {
    let c = Catalog::embedded().unwrap();
    let gated = c.model("qwen2.5-vl-7b").unwrap().vision.unwrap();
    let plain = c.model("qwen2-vl-7b").unwrap().vision.unwrap();
    assert!(gated.gated && !plain.gated);
    assert_eq!(block_bytes_per_patch(&plain), 44.0 * 1280.0 + 6.0 * 5120.0);
}

#[test]
fn patches_scale_with_images_and_frames_and_stop_at_the_sequence() {
    let c = Catalog::embedded().unwrap();
    let px = 448 * 448; // 256 tokens, 1024 patches an image
    let with = |images: Option<u32>, frames: Option<u32>, ctx: u32| {
        let r = run(&c, "qwen3-vl-8b", Task::Lora, (ctx, 1, 2), px, move |r| {
            r.vit.trained = true;
            r.vit.grad_checkpointing = Some(false);
            r.images_per_prompt = images;
            r.vit.video_frames = frames;
        });
        let base = run(&c, "qwen3-vl-8b", Task::Lora, (ctx, 1, 2), px, |r| {
            r.vit.grad_checkpointing = Some(false);
        });
        act(&r) - act(&base)
    };
    let one = with(None, None, 8192);
    assert!(one > 0.05);
    // Qwen3-VL's patches are 16 px: 448² is 784 patches, 196 tokens; three images thrice.
    // (The report rounds to 0.01 GiB.)
    assert!(
        (with(Some(3), None, 8192) - 3.0 * one).abs() < 0.03,
        "{one}"
    );
    // Eight frames are four patches in time: four images' worth; seven round up to four.
    assert!((with(None, Some(8), 8192) - 4.0 * one).abs() < 0.04);
    assert!((with(None, Some(7), 8192) - 4.0 * one).abs() < 0.04);
    // No more visual tokens than the sequence: 10 images in 1024 tokens are 1024 tokens' patches.
    let capped = with(Some(10), None, 1024);
    let per_token = one / 196.0;
    assert!((capped - 1024.0 * per_token).abs() < 0.06, "{capped}");
}

#[test]
fn a_lora_beside_a_fully_trained_tower_pays_its_gradients_and_optimizer_state() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen2.5-vl-3b").unwrap();
    let frozen = run(
        &c,
        "qwen2.5-vl-3b",
        Task::Lora,
        (1024, 1, 4),
        448 * 448,
        |_| {},
    );
    let trained = run(
        &c,
        "qwen2.5-vl-3b",
        Task::Lora,
        (1024, 1, 4),
        448 * 448,
        |r| {
            r.vit.full = true;
        },
    );
    // A LoRA of the tower's own (`--train-vit` alone): no full gradients or optimizer state.
    let own = run(
        &c,
        "qwen2.5-vl-3b",
        Task::Lora,
        (1024, 1, 4),
        448 * 448,
        |r| {
            r.vit.trained = true;
        },
    );
    assert!((own.per_gpu.optimizer_gib - frozen.per_gpu.optimizer_gib).abs() < 1e-6);
    let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    r.vit.full = true;
    let shape = bot_core::vram::shape::Shape::from_model(m).unwrap();
    let p = tower_params_trained(&shape, &r);
    // ~0.67B: blocks and merger.
    assert!((0.6e9..0.75e9).contains(&p), "{p}");
    // Gradients and Adam's fp32 state under ZeRO-2 over 4 cards, not the weights again.
    let extra = trained.per_gpu.optimizer_gib - frozen.per_gpu.optimizer_gib;
    assert!(extra > p * 12.0 / 4.0 / GIB * 0.9, "{extra}");
    assert!((trained.per_gpu.weights_gib - frozen.per_gpu.weights_gib).abs() < 1e-6);
    // Full fine-tuning counts the tower already.
    let mut f = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Full);
    f.vit.full = true;
    assert_eq!(tower_params_trained(&shape, &f), 0.0);
}

#[test]
fn inference_and_text_models_are_left_alone() {
    let c = Catalog::embedded().unwrap();
    let infer = |trained: bool| {
        run(
            &c,
            "qwen2.5-vl-3b",
            Task::Infer,
            (4096, 1, 1),
            1024 * 1024,
            move |r| {
                r.vit.trained = trained;
                r.vit.grad_checkpointing = Some(false);
            },
        )
        .per_gpu_required_gib
    };
    assert_eq!(infer(true), infer(false));
    let text = |trained: bool| {
        run(
            &c,
            "qwen2.5-3b",
            Task::Full,
            (4096, 2, 2),
            1024 * 1024,
            move |r| {
                r.vit.trained = trained;
                r.vit.grad_checkpointing = Some(false);
            },
        )
        .per_gpu_required_gib
    };
    assert_eq!(text(true), text(false));
}

#[test]
fn the_chat_words_set_the_tower_and_the_answer_says_what_it_sized() {
    let line = "/fit qwen2.5-vl-3b full bf16 ctx=2048 batch=2 gpus=2 train_vit=on vit_gc=off \
                video_frames=16 max_pixels=200704";
    // 16 frames are 8 patches in time of 200704 / 196 = 1024 patches: 8192 a sample.
    let en = super::chat::ask_fresh("en", line);
    assert!(en.contains("8192 patches a sample"), "{en}");
    assert!(
        en.contains("trained (train_vit=on)") && en.contains("checkpointing off"),
        "{en}"
    );
    let zh = super::chat::ask_fresh("zh", line);
    assert!(
        zh.contains("每个样本 8192 个图块") && zh.contains("视觉塔参与训练"),
        "{zh}"
    );
    // Frozen (freeze_vit=on) and checkpointed with the language model: said so.
    let frozen =
        super::chat::ask_fresh("en", "/fit qwen2.5-vl-3b lora bf16 ctx=1024 freeze_vit=on");
    assert!(frozen.contains("frozen (the default") && frozen.contains("checkpointing on"));
    // A model without a tower: nothing said.
    let text = super::chat::ask_fresh("en", "/fit qwen2.5-3b lora bf16 ctx=1024 train_vit=on");
    assert!(!text.contains("Vision tower in training"));
}
