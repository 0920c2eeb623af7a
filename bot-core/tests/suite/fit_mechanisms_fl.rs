//! mem_fl (session 44, issue 24): cases of our own for the cache blocks a Transformers `generate`
//! before 4.42 outgrows (held-out 76's group B; docs/misses/mem_fl.md).
//!
//! Each decode step of 4.35's tuple cache makes every layer's K and V anew, one token longer
//! (`torch.cat`), beside the step before's. Once a tensor is 10 MiB or more PyTorch's caching
//! allocator gives it a segment of its own size rounded up to 2 MiB; each 2 MiB boundary the
//! cache crosses leaves two sets of smaller segments that no later K or V fits: what nvidia-smi
//! shows grows with the sum of the sizes passed, not the last one. The need (two caches) is
//! unchanged: PyTorch frees whole free segments before it fails an allocation.
//! Measured: optimum-benchmark@09886e96 running-vicunas (nvml `used` after generate, A100 80GB).

use bot_core::Catalog;
use bot_core::vram::{
    Attention, Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task,
    TransformersRelease, estimate_with,
};

/// Held-out 76's settings: prompt 128 + 256 generated, eager attention, the prompt's logits,
/// on the given release.
fn report(id: &str, quant: Quant, batch: u32, release: &str, lens: (u32, u32)) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = Engine::Transformers;
    r.context = lens.0 + lens.1;
    r.new_tokens = Some(lens.1);
    r.prompt_logits = Some(lens.0);
    r.batch = batch;
    r.attention = Some(Attention::Eager);
    r.double_quant = false;
    r.transformers_release = Some(TransformersRelease::parse(release).unwrap());
    estimate_with(&c, &r, &FitOptions::default()).unwrap()
}

fn vicuna(quant: Quant, batch: u32) -> FitReport {
    report("llama-2-7b", quant, batch, "4.35", (128, 256))
}

fn within(est: f64, measured: f64, pct: f64) -> bool {
    (est / measured - 1.0).abs() * 100.0 <= pct
}

/// fp16 at batch 8: nvml 22.86 GiB; before this pass the estimate showed 17.78 (-22 %).
#[test]
fn fp16_batch_8_shows_the_outgrown_blocks() {
    let r = vicuna(Quant::Fp16, 8);
    assert!(
        within(r.per_gpu_gib, 22.86, 15.0),
        "shown {:.2}, measured 22.86",
        r.per_gpu_gib
    );
}

/// fp16 at batch 16: nvml 46.25 GiB, before 22.29 (-52 %). The shown figure must not be under;
/// the need stays two caches beside the weights (under 21 GiB: 12.6 weights, 6 of cache, the
/// prefill's workspace), and the difference is said releasable.
#[test]
fn fp16_batch_16_is_not_under_and_the_need_is_unchanged() {
    let r = vicuna(Quant::Fp16, 16);
    assert!(r.per_gpu_gib >= 46.25 * 0.85, "shown {:.2}", r.per_gpu_gib);
    assert!(
        r.per_gpu_required_gib < 21.0,
        "need {:.2}",
        r.per_gpu_required_gib
    );
}

/// bitsandbytes 4-bit dequantizes every weight to 16-bit at each step when batch > 1, and
/// those freed blocks host the growing K and V: it grows least. nvml 18.87 at batch 16, before
/// 13.64 (-28 %).
#[test]
fn bnb_batch_16_grows_less_than_fp16() {
    let r = vicuna(Quant::Fp4, 16);
    assert!(
        within(r.per_gpu_gib, 18.87, 15.0),
        "shown {:.2}, measured 18.87",
        r.per_gpu_gib
    );
}

/// Under 10 MiB a tensor shares a 20 MiB segment that is split and merged again: nothing is
/// outgrown at batch 4 (fp16 15.74 measured, 15.52 before; it must stay within).
#[test]
fn batch_4_is_left_as_it_was() {
    let r = vicuna(Quant::Fp16, 4);
    assert!(within(r.per_gpu_gib, 15.74, 15.0), "{:.2}", r.per_gpu_gib);
}

/// From 4.42 the cache is one `DynamicCache` updated in place: no outgrown sets beyond the one
/// KV cache the engine already shows. The same job on 4.45 shows far less than on 4.35.
#[test]
fn dynamic_cache_releases_show_no_churn() {
    let old = vicuna(Quant::Fp16, 16).per_gpu_gib;
    let new = report("llama-2-7b", Quant::Fp16, 16, "4.45", (128, 256)).per_gpu_gib;
    assert!(
        new < 25.0 && old > new + 15.0,
        "4.35 {old:.2}, 4.45 {new:.2}"
    );
}

/// A GQA model (Mistral-7B, 8 KV heads) copies K and V to every query head each step
/// (`repeat_kv`); those freed copies, four times the cache's size, host the next steps' K and V.
/// Held-out 71 (B): 512 + 1000 at batch 16 reads 22.72 GiB; the estimate was within before
/// (it must stay within).
#[test]
fn gqa_repeat_copies_absorb_the_growth() {
    let r = report("mistral-7b-v0.1", Quant::Fp16, 16, "4.35", (512, 1000));
    assert!(within(r.per_gpu_gib, 22.72, 15.0), "{:.2}", r.per_gpu_gib);
}

/// The answer names the outgrown blocks where they go beyond the one cache already shown, and
/// not where the cache is updated in place or nothing is outgrown (batch 4).
#[test]
fn the_answer_names_the_outgrown_blocks() {
    let says = |r: &FitReport| r.warnings.iter().any(|m| m.id == "fit-warn-tuple-cache");
    assert!(says(&vicuna(Quant::Fp16, 16)));
    assert!(!says(&vicuna(Quant::Fp16, 4)));
    assert!(!says(&report(
        "llama-2-7b",
        Quant::Fp16,
        16,
        "4.45",
        (128, 256)
    )));
}
