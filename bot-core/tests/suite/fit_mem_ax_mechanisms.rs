//! Mechanisms found on held-out 32's Unsloth QAT misses (session 24, mem_ax, issue 24), each
//! tested on models and settings of no table row.
//!
//! - QAT (`qat=`, Unsloth's `qat_scheme`, torchao fake quantization, `vram::qat`): the output
//!   head's fake-quantized copy and its fp32 work at the loss moment; `int8-int4` unties a tied
//!   head first (a second vocabulary × hidden matrix, trained under full fine-tuning).
//! - A full fine-tune of a model loaded in fp32 (`quant=fp32`) holds fp32 weights, gradients
//!   and moments: the bytes of the `amp` case (`FitRequest::fp32_masters`).

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, GIB, ModelRef, Qat, Quant, Task, estimate_with,
};

/// The report for `model` under `task` / `quant` at 2048 tokens, Unsloth, checkpointing on.
fn fit(model: &str, task: Task, quant: Quant, qat: Option<Qat>, amp: bool) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, task);
    req.context = 2048;
    req.unsloth = true;
    req.grad_checkpointing = true;
    req.qat = qat;
    req.mixed_precision = amp;
    estimate_with(&catalog, &req, &FitOptions::default()).unwrap()
}

fn head_elems(model: &str) -> f64 {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model(model).unwrap();
    m.vocab as f64 * m.hidden as f64
}

#[test]
fn the_schemes_are_unsloths_words() {
    assert_eq!(Qat::parse("int4"), Some(Qat::Int4));
    assert_eq!(Qat::parse("phone-deployment"), Some(Qat::Int8Int4));
    assert_eq!(Qat::parse("INT8_INT4"), Some(Qat::Int8Int4));
    assert_eq!(Qat::parse("fp8-int4"), Some(Qat::Fp8Int4));
    assert_eq!(Qat::parse("nf4"), None);
}

#[test]
fn lora_with_qat_holds_at_least_the_heads_fake_quantized_copy() {
    // Llama-3.1-8B, untied 128k head: 2 bytes an element saved, 12 of fp32 work.
    let plain = fit("llama-3.1-8b", Task::Lora, Quant::Bf16, None, false);
    let qat = fit(
        "llama-3.1-8b",
        Task::Lora,
        Quant::Bf16,
        Some(Qat::Int4),
        false,
    );
    let e = head_elems("llama-3.1-8b");
    let added = qat.per_gpu_required_gib - plain.per_gpu_required_gib;
    assert!(added >= 2.0 * e / GIB - 0.01, "{added}");
    assert!(added <= 14.0 * e / GIB + 0.01, "{added}");
    assert!(qat.warnings.iter().any(|m| m.id == "fit-warn-qat"));
    assert!(!plain.warnings.iter().any(|m| m.id == "fit-warn-qat"));
}

#[test]
fn int8_int4_unties_a_tied_head_and_trains_it_in_full_fine_tuning() {
    // Llama-3.2-1B ties its 128k × 2048 head: int8-int4 adds a trained copy (weights,
    // gradients, optimizer), int4 does not; both fake-quantize the head alike.
    let int4 = fit(
        "llama-3.2-1b",
        Task::Full,
        Quant::Bf16,
        Some(Qat::Int4),
        false,
    );
    let int8 = fit(
        "llama-3.2-1b",
        Task::Full,
        Quant::Bf16,
        Some(Qat::Int8Int4),
        false,
    );
    let e = head_elems("llama-3.2-1b");
    let added = int8.per_gpu_required_gib - int4.per_gpu_required_gib;
    // At least the copy's 16-bit weights and gradients.
    assert!(added >= 4.0 * e / GIB, "{added}");
    // An untied model has nothing to untie: the two schemes are sized alike.
    let a = fit(
        "llama-3.1-8b",
        Task::Full,
        Quant::Bf16,
        Some(Qat::Int4),
        false,
    );
    let b = fit(
        "llama-3.1-8b",
        Task::Full,
        Quant::Bf16,
        Some(Qat::Int8Int4),
        false,
    );
    assert!((a.per_gpu_required_gib - b.per_gpu_required_gib).abs() < 0.01);
}

#[test]
fn qlora_with_qat_is_not_sized_and_says_so() {
    let plain = fit("qwen3-8b", Task::Qlora, Quant::Nf4, None, false);
    let qat = fit("qwen3-8b", Task::Qlora, Quant::Nf4, Some(Qat::Int4), false);
    assert!((plain.per_gpu_required_gib - qat.per_gpu_required_gib).abs() < 0.01);
    assert!(qat.warnings.iter().any(|m| m.id == "fit-warn-qat-unsized"));
}

#[test]
fn a_full_fine_tune_loaded_in_fp32_needs_the_amp_bytes() {
    // Qwen3-1.7B: fp32 weights + fp32 gradients + moments, the same bytes per parameter as
    // a bf16 model with fp32 masters; more than the pure-bf16 default.
    let fp32 = fit("qwen3-1.7b", Task::Full, Quant::Fp32, None, false);
    let amp = fit("qwen3-1.7b", Task::Full, Quant::Bf16, None, true);
    let bf16 = fit("qwen3-1.7b", Task::Full, Quant::Bf16, None, false);
    assert!(
        (fp32.per_gpu_required_gib - amp.per_gpu_required_gib).abs() < 0.05,
        "{} vs {}",
        fp32.per_gpu_required_gib,
        amp.per_gpu_required_gib
    );
    assert!(fp32.per_gpu_required_gib > bf16.per_gpu_required_gib + 1.7e9 * 3.0 / GIB);
}
