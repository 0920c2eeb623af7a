//! mem_dq (session 33, issue 24): a model trained or run in fp32 holds fp32 tensors. Cases of
//! our own, each asserting what the frameworks' source implies:
//! - Plain PyTorch training of an fp32 model (no autocast, no DeepSpeed): the parameters are
//!   fp32 (4 bytes), `loss.backward()` writes each `.grad` in its parameter's dtype (4), and
//!   `torch.optim.AdamW` allocates `exp_avg` / `exp_avg_sq` with `torch.zeros_like(p)` (4 + 4):
//!   16 bytes a parameter, no separate master copy (the fp32 parameters are the masters).
//! - DeepSpeed ZeRO-1/2 clones its partition of the parameters for the optimizer whatever their
//!   dtype (`stage_1_and_2.py`: `...[partition_id].to(self.device).clone().float().detach()`),
//!   so an fp32 model adds that 4-byte copy: 4 + 4 + 4 + 8 = 20 bytes a parameter, sharded.
//! - Every activation a layer keeps for the backward pass is in the compute dtype: fp32
//!   without autocast, twice a 16-bit model's.
//! - Transformers' KV cache holds the key and value states as the attention computes them, in
//!   the model's dtype: 4 bytes an element in fp32.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, Zero, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn fit(
    model: &str,
    quant: Quant,
    task: Task,
    set: impl Fn(&mut FitRequest, &mut FitOptions),
) -> FitReport {
    let c = cat();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, task);
    req.context = 1024;
    req.grad_checkpointing = false;
    let mut opts = FitOptions::default();
    set(&mut req, &mut opts);
    estimate_with(&c, &req, &opts).unwrap()
}

fn params(model: &str) -> f64 {
    cat().model(model).unwrap().params_b * 1e9
}

#[test]
fn fp32_full_training_holds_fp32_weights() {
    // The weights of an fp32 model are twice those of the same model in bf16.
    for model in ["qwen2.5-1.5b", "llama-2-7b"] {
        let w32 = fit(model, Quant::Fp32, Task::Full, |_, _| {})
            .per_gpu
            .weights_gib;
        let w16 = fit(model, Quant::Bf16, Task::Full, |_, _| {})
            .per_gpu
            .weights_gib;
        let ratio = w32 / w16;
        assert!(
            (ratio - 2.0).abs() < 0.02,
            "{model}: fp32 {w32} vs bf16 {w16}"
        );
    }
}

#[test]
fn fp32_full_training_keeps_fp32_gradients_and_moments_without_masters() {
    // Gradients (4) and AdamW's two moments (4 + 4) in fp32, no master copy: 12 bytes a
    // parameter beside the weights; a bf16 model's pure-bf16 way is 2 + 2 + 2 = 6.
    for model in ["qwen2.5-1.5b", "llama-2-7b"] {
        let n = params(model);
        let o32 = fit(model, Quant::Fp32, Task::Full, |_, _| {})
            .per_gpu
            .optimizer_gib;
        let o16 = fit(model, Quant::Bf16, Task::Full, |_, _| {})
            .per_gpu
            .optimizer_gib;
        let per32 = o32 * GIB / n;
        let per16 = o16 * GIB / n;
        assert!(
            (per32 - 12.0).abs() < 0.4,
            "{model}: fp32 {per32} bytes a parameter"
        );
        assert!(
            (per16 - 6.0).abs() < 0.3,
            "{model}: bf16 {per16} bytes a parameter"
        );
    }
}

#[test]
fn fp32_full_training_under_zero_adds_deepspeeds_partition_clone() {
    // ZeRO-2 on 4 cards: gradients, the cloned fp32 partition and the moments, all sharded
    // (4 + 4 + 8) / 4 = 4 bytes a parameter a card; a bf16 model's (2 + 4 + 8) / 4 = 3.5.
    let model = "llama-2-7b";
    let n = params(model);
    let per_card = |quant| {
        let r = fit(model, quant, Task::Full, |req, opts| {
            req.cards = 4;
            opts.zero = Some(Zero::Two);
        });
        r.per_gpu.optimizer_gib * GIB / n
    };
    let (p32, p16) = (per_card(Quant::Fp32), per_card(Quant::Bf16));
    assert!(
        (p32 - 4.0).abs() < 0.25,
        "fp32 under ZeRO-2: {p32} bytes a parameter a card"
    );
    assert!(p32 > p16 + 0.3, "fp32 {p32} must exceed bf16 {p16}");
}

#[test]
fn fp32_training_activations_are_twice_sixteen_bit() {
    // llama-2-7b's 32k vocabulary keeps the loss head small beside 32 layers' kept tensors at
    // 1024 tokens and batch 4 without checkpointing: fp32 activations are nearly twice bf16's.
    for task in [Task::Full, Task::Lora] {
        let act = |quant| {
            fit("llama-2-7b", quant, task, |req, _| req.batch = 4)
                .per_gpu
                .activations_gib
        };
        let (a32, a16) = (act(Quant::Fp32), act(Quant::Bf16));
        let ratio = a32 / a16;
        assert!(
            ratio > 1.7 && ratio < 2.1,
            "{task:?}: fp32 {a32} vs bf16 {a16}"
        );
    }
}

#[test]
fn fp32_mixed_precision_keeps_sixteen_bit_activations() {
    // Under autocast (`amp`) the matmuls run in 16 bits: the fp32 weights stay, the kept
    // tensors do not double.
    let act = |amp| {
        fit("llama-2-7b", Quant::Fp32, Task::Full, |req, _| {
            req.batch = 4;
            req.mixed_precision = amp;
        })
        .per_gpu
        .activations_gib
    };
    assert!(
        act(true) < 0.75 * act(false),
        "amp {} vs fp32 {}",
        act(true),
        act(false)
    );
}

#[test]
fn fp32_inference_kv_cache_is_four_bytes_an_element() {
    let kv = |quant, context| {
        fit("llama-2-7b", quant, Task::Infer, |req, _| {
            req.context = context
        })
        .per_gpu
        .kv_cache_gib
    };
    let g32 = kv(Quant::Fp32, 8192) - kv(Quant::Fp32, 4096);
    let g16 = kv(Quant::Bf16, 8192) - kv(Quant::Bf16, 4096);
    // llama-2-7b: 2 × 32 layers × 4096 × 2 bytes = 0.5 MiB a token in 16 bits.
    assert!((g16 - 2.0).abs() < 0.1, "bf16 KV growth {g16}");
    assert!(
        (g32 / g16 - 2.0).abs() < 0.02,
        "fp32 KV growth {g32} vs bf16 {g16}"
    );
}
