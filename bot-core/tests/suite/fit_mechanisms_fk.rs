//! mem_fk (session 44, issue 24 §8, held-out 75's SDXL full fine-tunes: diffusers#6230 on a V100
//! answered 20.6 GiB "fits", diffusers#7146's `--use_ema` not stated): cases of our own on a
//! pipeline and cards of no table row (SD3.5 Medium; RTX 5090, L40S).
//!
//! What a full fine-tune of fp32 trained weights holds, each a rule of the code:
//! - a gradient has its parameter's dtype (PyTorch's `AccumulateGrad`), so diffusers'
//!   `train_text_to_image_sdxl.py`, which keeps the trained UNet in fp32 under
//!   `--mixed_precision` and casts only the frozen models, holds 4-byte gradients;
//! - autocast caches the 16-bit cast of every fp32 leaf that requires grad until the outermost
//!   autocast region exits (`aten/src/ATen/autocast_mode.cpp` `cached_cast`): a 2-byte copy of
//!   each trained weight at the end of the forward;
//! - `--use_ema`: `EMAModel` clones every trained parameter (`training_utils.py`
//!   `shadow_params`), on the card since diffusers PR #7048 (v0.27.0).

use bot_core::Catalog;
use bot_core::answer::fit_diffusion::fits_card;
use bot_core::diffusion::estimate::ALLOCATOR_RESERVE;
use bot_core::diffusion::train::{self, OptimizerKind, Train, lora_params};
use bot_core::diffusion::{self, DiffusionRequest, Precision, Role, estimate};

const GIB: f64 = (1u64 << 30) as f64;

/// SD3.5 Medium trained at `precision` with AdamW8bit, checkpointing, cached inputs.
fn run(precision: Precision, rank: Option<u32>, ema: bool) -> (DiffusionRequest<'static>, Train) {
    let p = diffusion::find("sd3.5-medium").expect("sd3.5-medium");
    let t = Train {
        rank,
        optimizer: OptimizerKind::AdamW8bit,
        ema,
        ..Train::lora()
    };
    let mut r = DiffusionRequest::new(p);
    r.precision = Some(precision);
    r.train = Some(t);
    (r, t)
}

fn params(r: &DiffusionRequest) -> f64 {
    r.pipeline.weights_b(Role::Denoiser) * 1e9
}

#[test]
fn a_full_fine_tune_keeps_gradients_in_the_trained_weights_dtype() {
    let (r, t) = run(Precision::Fp32, None, false);
    let b = params(&r);
    // Before mem_fk: 2-byte gradients whatever the weights (9.31 GiB with the 8-bit state).
    let fp32 = train::trained_gib(&r, &t);
    assert!((fp32 - b * (4.0 + 2.0) / GIB).abs() < 0.01, "{fp32}");
    // A bf16 base (kohya's --full_bf16) keeps 2-byte gradients, as before.
    let (r16, t16) = run(Precision::Bf16, None, false);
    let bf16 = train::trained_gib(&r16, &t16);
    assert!((bf16 - b * (2.0 + 2.0) / GIB).abs() < 0.01, "{bf16}");
    // An fp8 base is trained through 16-bit weights: never fewer than 2 bytes.
    let (r8, t8) = run(Precision::Fp8, None, false);
    assert!((train::trained_gib(&r8, &t8) - bf16).abs() < 1e-9);
}

#[test]
fn autocast_copies_fp32_trained_weights_only() {
    let (r, t) = run(Precision::Fp32, None, false);
    let b = params(&r);
    assert!((train::autocast_copies_gib(&r, &t) - b * 2.0 / GIB).abs() < 0.01);
    // A bf16 base needs no cast; a LoRA's frozen fp32 base does not require grad.
    let (r16, t16) = run(Precision::Bf16, None, false);
    assert_eq!(train::autocast_copies_gib(&r16, &t16), 0.0);
    let (rl, tl) = run(Precision::Fp32, Some(16), false);
    assert_eq!(train::autocast_copies_gib(&rl, &tl), 0.0);
    // The peak moves by the weights' two extra bytes, the gradients' two and the copy's two.
    let grow = estimate(&r).peak_gib - estimate(&r16).peak_gib;
    let want = b * 6.0 / GIB * (1.0 + ALLOCATOR_RESERVE);
    assert!((grow - want).abs() < 0.05, "{grow} vs {want}");
}

#[test]
fn ema_holds_a_copy_of_every_trained_parameter_in_its_dtype() {
    let b = params(&run(Precision::Fp32, None, false).0);
    for (precision, bytes) in [(Precision::Fp32, 4.0), (Precision::Bf16, 2.0)] {
        let (off, _) = run(precision, None, false);
        let (on, t) = run(precision, None, true);
        let ema = train::ema_gib(&on, &t);
        assert!((ema - b * bytes / GIB).abs() < 0.01, "{precision:?}: {ema}");
        let grow = estimate(&on).peak_gib - estimate(&off).peak_gib;
        assert!((grow - ema * (1.0 + ALLOCATOR_RESERVE)).abs() < 0.01);
    }
    // A LoRA's moving average covers its fp32 adapters only.
    let (on, t) = run(Precision::Bf16, Some(32), true);
    let p = on.pipeline;
    let adapters = lora_params(p.weights_b(Role::Denoiser), p.hidden, 32) * 4.0 / GIB;
    assert!((train::ema_gib(&on, &t) - adapters).abs() < 1e-6);
    let (off, toff) = run(Precision::Bf16, Some(32), false);
    assert_eq!(train::ema_gib(&off, &toff), 0.0);
}

#[test]
fn the_ema_word_decides_a_verdict_and_is_said() {
    let catalog = Catalog::embedded().unwrap();
    let g5090 = catalog.gpu("rtx-5090").unwrap();
    let l40s = catalog.gpu("l40s").unwrap();
    let (off, _) = run(Precision::Fp32, None, false);
    let (on, _) = run(Precision::Fp32, None, true);
    // Before mem_fk the fp32 full fine-tune peaked near 21 GiB; now about 30.6: still on a 5090.
    assert!(
        fits_card(&estimate(&off), g5090),
        "{}",
        estimate(&off).peak_gib
    );
    // With the EMA's fp32 copy (9.3 GiB) it is over the 5090 (about 39.5 GiB), on the L40S.
    assert!(
        !fits_card(&estimate(&on), g5090),
        "{}",
        estimate(&on).peak_gib
    );
    assert!(
        fits_card(&estimate(&on), l40s),
        "{}",
        estimate(&on).peak_gib
    );
    // The chat's word (bare or `ema=on`) is read, and the answer names the copy in both
    // locales; before mem_fk it was "I can't read".
    let line = "/fit sd3.5-medium full fp32 opt=adamw8bit 5090";
    let en = super::chat::ask_fresh("en-US", &format!("{line} ema=on"));
    assert!(!en.contains("I can't read"), "{en}");
    assert!(en.contains("EMA: ") && en.contains("--use_ema"), "{en}");
    assert!(
        en.contains("16-bit copies of the fp32 trained weights"),
        "{en}"
    );
    let bare = super::chat::ask_fresh("en-US", &format!("{line} ema"));
    assert_eq!(en, bare);
    let zh = super::chat::ask_fresh("zh-CN", &format!("{line} ema=on"));
    assert!(zh.contains("EMA：") && zh.contains("16 位副本"), "{zh}");
    let none = super::chat::ask_fresh("en-US", line);
    assert!(!none.contains("EMA: "), "{none}");
    // A bf16 base has no autocast copies to name.
    let bf16 = super::chat::ask_fresh("en-US", "/fit sd3.5-medium full bf16 ema=on l40s");
    assert!(bf16.contains("EMA: "), "{bf16}");
    assert!(!bf16.contains("16-bit copies"), "{bf16}");
}
