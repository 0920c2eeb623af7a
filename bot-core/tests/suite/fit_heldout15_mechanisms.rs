//! Held-out 15's mechanism, tested on a model and cards of no table: DeepSpeed's optimizer step
//! holds the fp32 gradient of its partition while the trainer's AdamW takes its multi-tensor
//! square root beside it (`vram::train::deepspeed_step_bytes`).

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitRequest, GIB, ModelRef, Optimizer, Quant, Task, Zero,
    deepspeed_step_bytes_per_element, estimate_with,
};

/// Per-card activations (the transient peak) and trainable parameters of a full fine-tuning
/// of Yi-1.5-9B at 256 tokens, so that the optimizer step outweighs the activations.
fn step(cards: u32, gpu: &str, zero: Zero, optimizer: Optimizer) -> (f64, f64, f64) {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("yi-1.5-9b").unwrap()),
        Quant::Bf16,
        Task::Full,
    );
    req.context = 256;
    req.cards = cards;
    req.grad_checkpointing = true;
    req.gpu = Some(catalog.gpu(gpu).unwrap());
    let opts = FitOptions {
        zero: Some(zero),
        optimizer,
        ..FitOptions::default()
    };
    let r = estimate_with(&catalog, &req, &opts).unwrap();
    (
        r.per_gpu.activations_gib,
        r.trainable_params_b * 1e9,
        r.per_gpu_gib,
    )
}

#[test]
fn deepspeeds_step_holds_the_fp32_gradient_beside_adamws_square_root() {
    // ZeRO-2 over four A40s: the whole partition at once, 8 bytes an element with AdamW.
    let (adamw, params, total) = step(4, "a40", Zero::Two, Optimizer::AdamW);
    let partition = params / 4.0;
    let want = partition * deepspeed_step_bytes_per_element(Optimizer::AdamW) / GIB;
    assert!(
        (adamw - want).abs() < 0.02,
        "AdamW step {adamw:.2}, want {want:.2}"
    );
    // An 8-bit Adam steps in place: only the cast (6 bytes), 2 bytes an element less.
    let (eight, _, _) = step(4, "a40", Zero::Two, Optimizer::Adam8bit);
    let diff = partition * 2.0 / GIB;
    assert!(
        (adamw - eight - diff).abs() < 0.02,
        "AdamW {adamw:.2} vs 8-bit {eight:.2}: want {diff:.2} apart"
    );
    // The step is part of the per-card total the verdict reads.
    assert!(total > adamw + partition * 12.0 / GIB, "{total:.2}");
    // ZeRO-3 over sixteen L40s: the partition is below a 1e9-element sub-group, all of it.
    let (z3, params, _) = step(16, "l40", Zero::Three, Optimizer::AdamW);
    let part16 = params / 16.0;
    assert!(part16 < 1e9, "{part16}");
    let want16 = part16 * 8.0 / GIB;
    assert!(
        (z3 - want16).abs() < 0.02,
        "ZeRO-3 step {z3:.2}, want {want16:.2}"
    );
}
