//! FLUX.2-dev, what people rent 48-96 GB cards for and try on a 4090 (issue 24 item 8, helper
//! mem_ec). Its weights come from the reference code (black-forest-labs/flux2 @ ab7cca68
//! src/flux2/model.py: 8 double + 48 single blocks at width 6144, 32.22 B; the text encoder is
//! Mistral-Small-3.2-24B, 24.0 B); what fits where is BFL's own diffusers guide
//! (docs/flux2_dev_hf.md @ ab7cca68):
//! - "Even an H100 can't hold the text-encoder, transformer and VAE at the same time. However, as
//!   they each fit individually, it is a matter of activating the `pipe.enable_model_cpu_offload()`.
//!   For H200, B200 or larger cards, everything fits."
//! - "4-bit transformer and 4-bit text-encoder (~20G of VRAM)": diffusers/FLUX.2-dev-bnb-4bit,
//!   both loaded with `device_map="cpu"`, then `pipe.enable_model_cpu_offload()`;
//!   "4-bit transformer and remote text-encoder (~18G of VRAM)".
//!
//! The mechanism these need beyond the data: bitsandbytes components loaded on the CPU first
//! (`device_map="cpu"`, the word `load=cpu`) are not quantized on the card together, so the
//! load stage that otherwise peaks a 4-bit pipeline with offload is gone.

use super::chat::ask_fresh as ask;
use bot_core::Catalog;
use bot_core::diffusion::{self, DiffusionRequest, Offload, Precision, Role, Stage, estimate};

fn flux2() -> &'static diffusion::Pipeline {
    diffusion::find("black-forest-labs/FLUX.2-dev").expect("FLUX.2-dev is a pipeline")
}

fn usable(card: &str) -> f64 {
    Catalog::embedded().unwrap().find_gpu(card).unwrap().usable_gib()
}

#[test]
fn flux2_dev_resolves_with_the_weights_of_its_published_code() {
    let p = flux2();
    assert_eq!(diffusion::find("flux.2-dev").unwrap().id, p.id);
    assert_eq!(diffusion::find("FLUX.2 dev").unwrap().id, p.id);
    // model_cards/FLUX.2-dev.md: "a 32 billion parameter rectified flow transformer".
    let dit = p.weights_b(Role::Denoiser);
    assert!((dit - 32.0).abs() / 32.0 < 0.03, "{dit}");
    // Mistral-Small-3.2-24B: "24B".
    let te = p.weights_b(Role::TextEncoder);
    assert!((te - 24.0).abs() / 24.0 < 0.03, "{te}");
    // Not the FLUX.1 weights under a new name.
    assert!(dit > 2.0 * diffusion::find("flux.1-dev").unwrap().weights_b(Role::Denoiser));
}

#[test]
fn bfl_guide_cards_for_the_bf16_pipeline() {
    let p = flux2();
    let whole = estimate(&DiffusionRequest::new(p));
    // Everything on one H100 does not fit; on an H200 it does.
    assert!(whole.peak_gib > usable("h100-sxm"), "{whole:?}");
    assert!(whole.peak_gib < usable("h200-sxm"), "{whole:?}");
    // Model offload: each fits an H100 on its own.
    let mut r = DiffusionRequest::new(p);
    r.offload = Offload::Model;
    let off = estimate(&r);
    assert!(off.peak_gib < usable("h100-sxm"), "{off:?}");
    assert_eq!(off.stage, Stage::Denoise);
    // `pipe.to(device)` on a 48 GB card is far from fitting (black-forest-labs/flux2#23's run).
    assert!(whole.peak_gib > 1.5 * usable("rtx-a6000"), "{whole:?}");
}

fn four_bit(p: &'static diffusion::Pipeline) -> DiffusionRequest<'static> {
    let mut r = DiffusionRequest::new(p);
    r.precision = Some(Precision::Nf4);
    r.text_precision = Some(Precision::Nf4);
    r.offload = Offload::Model;
    r
}

#[test]
fn four_bit_loaded_on_the_cpu_with_offload_is_the_guides_twenty_gigabytes() {
    let mut r = four_bit(flux2());
    // Loaded straight to the card, bitsandbytes quantizes both there before offload moves
    // either: more than a 4090 holds.
    let on_card = estimate(&r);
    assert_eq!(on_card.stage, Stage::Load, "{on_card:?}");
    assert!(on_card.peak_gib > usable("rtx-4090"), "{on_card:?}");
    // `device_map="cpu"` first (the guide's recipe): the peak is the 4-bit transformer's step.
    r.load_on_cpu = true;
    let cpu = estimate(&r);
    assert_eq!(cpu.stage, Stage::Denoise, "{cpu:?}");
    // "~20G of VRAM" (decimal or binary, the guide does not say): within 15 %.
    for said in [20.0, 20.0e9 / (1u64 << 30) as f64] {
        assert!(
            (cpu.peak_gib - said).abs() / said < 0.15,
            "{} vs {said}",
            cpu.peak_gib
        );
    }
    assert!(cpu.peak_gib < usable("rtx-4090"));
    // The remote text encoder ("~18G"): the encoder never on the card.
    r.text_on_cpu = true;
    let remote = estimate(&r);
    assert!((remote.peak_gib - 18.0).abs() / 18.0 < 0.15, "{remote:?}");
}

#[test]
fn fit_flux2_on_a_4090_answers_like_an_llm_fit_in_both_languages() {
    let en = ask("en", "/fit flux.2-dev 4090");
    for part in [
        "FLUX.2-dev",
        "Weights: denoiser 60.0 GiB",
        "Does not fit",
        "load=cpu",
        "Sources: https://huggingface.co/black-forest-labs/FLUX.2-dev",
    ] {
        assert!(en.contains(part), "{part} missing:\n{en}");
    }
    let zh = ask("zh", "/fit flux.2-dev 4090");
    for part in ["FLUX.2-dev", "权重：去噪模型 60.0 GiB", "放不下", "load=cpu", "来源："] {
        assert!(zh.contains(part), "{part} missing:\n{zh}");
    }
    // Every suggestion fits when asked again with its words.
    let fixes: Vec<String> = en
        .lines()
        .filter_map(|l| l.strip_prefix("• "))
        .filter_map(|l| l.split(" → ").next())
        .map(str::to_string)
        .collect();
    assert!(!fixes.is_empty(), "{en}");
    for fix in fixes {
        let again = ask("en", &format!("/fit flux.2-dev {fix} 4090"));
        assert!(
            again.contains("✅") || again.contains("⚠️"),
            "{fix}:\n{again}"
        );
    }
    // The A6000 of flux2#23, everything moved to the card: does not fit.
    let a6000 = ask("en", "/fit flux.2-dev offload=none rtx-a6000");
    assert!(a6000.contains("Does not fit"), "{a6000}");
}
