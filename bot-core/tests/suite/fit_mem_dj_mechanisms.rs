//! Helper mem_dj (session 31, issue 24, held-out 55): what model CPU offload leaves on the card
//! when components are quantized with bitsandbytes, tested on models and settings of no table row.
//!
//! A bitsandbytes model is quantized on the accelerator as it loads: diffusers'
//! `BnB4BitDiffusersQuantizer.update_device_map` (and the 8-bit one) sets
//! `device_map = {"": f"cuda:{torch.cuda.current_device()}"}` when none is given
//! (`src/diffusers/quantizers/bitsandbytes/bnb_quantizer.py` @ 5a6e3864, the commit that added
//! the speed-memory-optims table), and transformers' `Bnb4BitHfQuantizer` does the same for a
//! bnb text encoder. So every bnb component is on the card together when `from_pretrained`
//! returns; only then does `enable_model_cpu_offload()` (`pipeline_utils.py` @ 5a6e3864:
//! `self.to("cpu")`, then accelerate's `cpu_offload_with_hook`, whose `CpuOffload.pre_forward`
//! moves the previous model off) keep one model at a time. The card must hold the bnb
//! components at once, whatever the offload mode. fp8 layerwise casting and GGUF load on the
//! CPU (GGUF's quantizer sets no device map), so offload alone decides where they are.

use bot_core::diffusion::{self, DiffusionReport, DiffusionRequest, Offload, Precision, estimate};

fn run(
    id: &str,
    denoiser: Precision,
    te: Option<Precision>,
    offload: Offload,
) -> (DiffusionRequest<'static>, DiffusionReport) {
    let mut r = DiffusionRequest::new(diffusion::find(id).unwrap());
    r.precision = Some(denoiser);
    r.text_precision = te;
    r.offload = offload;
    let e = estimate(&r);
    (r, e)
}

/// What tensors hold at the peak (no CUDA context, no allocator reserve).
fn held(e: &DiffusionReport) -> f64 {
    e.peak_gib - e.context_gib - e.reserve_gib
}

#[test]
fn sd35_large_nf4_transformer_and_t5_share_the_card_at_load_under_model_offload() {
    // Both in nf4: they are on the card together before offload moves either, so the peak holds
    // both, more than the denoising step (one model plus its activations) alone.
    let (_, both) = run(
        "sd3.5-large",
        Precision::Nf4,
        Some(Precision::Nf4),
        Offload::Model,
    );
    assert!(
        held(&both) >= both.denoiser_gib + both.text_gib - 1e-9,
        "{both:?}"
    );
    assert_eq!(both.stage, diffusion::Stage::Load);
    // Only the transformer in nf4: the bf16 text encoders load on the CPU and the hooks bring
    // them one at a time, so the peak is one model's stage, below transformer + encoders.
    let (_, one) = run("sd3.5-large", Precision::Nf4, None, Offload::Model);
    assert!(held(&one) < one.denoiser_gib + one.text_gib, "{one:?}");
    assert_ne!(one.stage, diffusion::Stage::Load);
}

#[test]
fn flux_with_only_the_t5_in_nf4_peaks_in_the_bf16_transformer_stage() {
    // The nf4 T5 alone on the card at load (about 5.9 GiB) is less than the bf16 transformer's
    // denoising stage (22 GiB), which offload reaches after moving the T5 off.
    let (_, e) = run(
        "flux.1-dev",
        Precision::Bf16,
        Some(Precision::Nf4),
        Offload::Model,
    );
    assert_eq!(e.stage, diffusion::Stage::Denoise);
    assert!(held(&e) < e.denoiser_gib + e.text_gib, "{e:?}");
    assert!(held(&e) > e.denoiser_gib, "{e:?}");
}

#[test]
fn fp8_and_gguf_components_are_moved_by_offload() {
    // Neither loads on the card by itself: model offload holds the largest stage, never the sum.
    for (den, te) in [
        (Precision::Fp8, Precision::Fp8),
        (Precision::Q8_0, Precision::Q8_0),
        (Precision::Q4_0, Precision::Q4_0),
    ] {
        for id in ["flux.1-dev", "sd3.5-large"] {
            let (_, e) = run(id, den, Some(te), Offload::Model);
            assert_ne!(e.stage, diffusion::Stage::Load, "{id} {den:?}");
            assert!(held(&e) < e.denoiser_gib + e.text_gib, "{id} {den:?} {e:?}");
        }
    }
}

#[test]
fn sequential_offload_cannot_stream_what_loaded_on_the_card() {
    // Streaming starts after loading too: nf4 transformer + nf4 T5 need both at once.
    let (_, seq) = run(
        "flux.1-dev",
        Precision::Nf4,
        Some(Precision::Nf4),
        Offload::Sequential,
    );
    assert!(
        held(&seq) >= seq.denoiser_gib + seq.text_gib - 1e-9,
        "{seq:?}"
    );
    // Without offload everything stays anyway: the denoising step or the decode is the peak.
    let (_, none) = run(
        "flux.1-dev",
        Precision::Nf4,
        Some(Precision::Nf4),
        Offload::None,
    );
    assert_ne!(none.stage, diffusion::Stage::Load);
    assert!(none.peak_gib > seq.peak_gib, "{none:?} {seq:?}");
}

#[test]
fn text_encoders_kept_on_the_cpu_never_load_on_the_card() {
    let mut r = DiffusionRequest::new(diffusion::find("sd3.5-large").unwrap());
    r.precision = Some(Precision::Nf4);
    r.text_precision = Some(Precision::Nf4);
    r.offload = Offload::Model;
    r.text_on_cpu = true;
    let e = estimate(&r);
    assert!(held(&e) < e.denoiser_gib + e.text_gib, "{e:?}");
}
