//! Image and video generation (issue 24, item 8): `/fit flux.1-dev 4090` answers like an LLM
//! fit (breakdown, verdict, what makes it fit, the cards that hold it, sources) in both
//! languages, and the estimate is checked against public measurements.

use bot_core::Catalog;
use bot_core::diffusion::{self, DiffusionRequest, Offload, Precision, estimate};

/// What a measurement covered.
#[derive(Clone, Copy)]
enum Scope {
    /// The denoiser alone, one forward (`torch.cuda.max_memory_allocated`).
    Denoiser,
    /// The whole pipeline, what the card showed.
    Pipeline,
}

/// (pipeline, denoiser precision, offload, scope, measured GiB, allowed error, calibration
/// row?, source and basis).
type Row = (
    &'static str,
    Precision,
    Offload,
    Scope,
    f64,
    f64,
    bool,
    &'static str,
);

const MEASURED: &[Row] = &[
    (
        "flux.1-dev",
        Precision::Bf16,
        Offload::None,
        Scope::Denoiser,
        22.64,
        0.05,
        true,
        "huggingface.co/datasets/diffusers/benchmarks collated_results.csv: FLUX.1-dev-bf16 \
         FluxTransformer2DModel mem_plain_GB 22.64 (max allocated, one forward, default shapes); \
         the step's activations are calibrated on this row",
    ),
    (
        "flux.1-dev",
        Precision::Nf4,
        Offload::None,
        Scope::Denoiser,
        6.72,
        0.05,
        false,
        "same dataset: FLUX.1-dev-bnb-nf4, mem_plain_GB 6.72 (not used to calibrate)",
    ),
    (
        "flux.1-dev",
        Precision::Bf16,
        Offload::Sequential,
        Scope::Denoiser,
        0.56,
        0.15,
        false,
        "same dataset: FLUX.1-dev-group-offload-leaf, mem_plain_GB 0.56 (leaf-level offload: \
         one module's weights on the card at a time)",
    ),
    (
        "sdxl",
        Precision::Fp16,
        Offload::None,
        Scope::Denoiser,
        5.05,
        0.05,
        true,
        "same dataset: stable-diffusion-xl-base-1.0-bf16 UNet2DConditionModel mem_plain_GB 5.05; \
         calibration row for SDXL's step",
    ),
    (
        "flux.1-dev",
        Precision::Fp8,
        Offload::Model,
        Scope::Pipeline,
        14.0,
        0.20,
        false,
        "gigagpu.com/rtx-4090-24gb-flux-dev-benchmark: RTX 4090, diffusers 0.30, torchao fp8 \
         transformer, T5 bf16, 1024x1024: '14 GB' peak (unit and offload not stated; T5 said \
         not to stay on the card with the transformer, read as model offload)",
    ),
    (
        "flux.1-dev",
        Precision::Bf16,
        Offload::Model,
        Scope::Pipeline,
        22.0,
        0.20,
        false,
        "same page: FP16 dev 'just fits with 22 GB peak VRAM' on the 4090 (same reading)",
    ),
];

fn predicted(r: &DiffusionRequest, scope: Scope) -> f64 {
    let e = estimate(r);
    // The benchmark runs one forward of one latent: a step under batched CFG is two.
    let one_forward = e.step_gib / if r.pipeline.cfg { 2.0 } else { 1.0 };
    match scope {
        // Allocated, one denoiser forward: no reserve, no encoders, no decode.
        Scope::Denoiser => match r.offload {
            Offload::None => e.denoiser_gib + one_forward,
            _ => e.denoise_weights_gib + one_forward,
        },
        Scope::Pipeline => e.peak_gib,
    }
}

#[test]
fn estimates_agree_with_public_measurements() {
    let mut independent = 0;
    for (id, precision, offload, scope, measured, tol, calibration, source) in MEASURED {
        let p = diffusion::find(id).unwrap();
        let mut r = DiffusionRequest::new(p);
        r.precision = Some(*precision);
        r.offload = *offload;
        let got = predicted(&r, *scope);
        let err = (got - measured) / measured;
        println!(
            "{id} {} {:?}: {got:.2} vs {measured} ({:+.1}%)",
            precision.key(),
            offload,
            err * 100.0
        );
        assert!(
            err.abs() <= *tol,
            "{id}: {got:.2} GiB vs measured {measured} ({source})"
        );
        if !calibration {
            independent += 1;
        }
    }
    assert!(independent >= 3);
}

#[test]
fn memory_grows_with_resolution_batch_and_frames() {
    let flux = diffusion::find("flux.1-dev").unwrap();
    let base = estimate(&DiffusionRequest::new(flux));
    let mut big = DiffusionRequest::new(flux);
    (big.width, big.height) = (2048, 2048);
    let mut batch = DiffusionRequest::new(flux);
    batch.batch = 4;
    assert!(estimate(&big).step_gib > 3.5 * base.step_gib);
    assert!(estimate(&batch).step_gib > 3.5 * base.step_gib);
    let wan = diffusion::find("wan2.1-t2v-14b").unwrap();
    let mut short = DiffusionRequest::new(wan);
    short.frames = 33;
    assert!(estimate(&short).step_gib < estimate(&DiffusionRequest::new(wan)).step_gib / 2.0);
    // fp8 halves the denoiser's cast weights; FLUX's modulation layers (3.25 B of 11.9 B,
    // `diffusion::casting`) stay 16-bit, so it keeps well over half; the encoders stay as
    // published unless te=fp8.
    let mut fp8 = DiffusionRequest::new(flux);
    fp8.precision = Some(Precision::Fp8);
    let e = estimate(&fp8);
    let kept = 3.25e9 * 2.0 / (1u64 << 30) as f64;
    assert!((e.denoiser_gib * 2.0 - (base.denoiser_gib + kept)).abs() < 0.05);
    assert_eq!(e.text_gib, base.text_gib);
    // A UNet with no adaLN modulation halves.
    let sdxl = diffusion::find("sdxl").unwrap();
    let mut unet = DiffusionRequest::new(sdxl);
    unet.precision = Some(Precision::Fp8);
    let half = estimate(&DiffusionRequest::new(sdxl)).denoiser_gib / 2.0;
    assert!((estimate(&unet).denoiser_gib - half).abs() < 0.01);
}

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

#[test]
fn fit_flux_on_a_4090_answers_like_an_llm_fit_in_both_languages() {
    let en = ask("en", "/fit flux.1-dev 4090");
    for part in [
        "Weights: denoiser 22.2 GiB",
        "text encoders 9.1 GiB",
        "Does not fit",
        "fp8",
        "offload=model",
        "Single cards that hold it",
        "Sources: https://huggingface.co/",
    ] {
        assert!(en.contains(part), "{part} missing:\n{en}");
    }
    let zh = ask("zh", "/fit flux.1-dev 4090");
    for part in [
        "权重：去噪模型 22.2 GiB",
        "放不下",
        "offload=model",
        "来源：",
    ] {
        assert!(zh.contains(part), "{part} missing:\n{zh}");
    }
    // What it suggests really fits: ask again with the first suggestion's words.
    let fix = en
        .lines()
        .find_map(|l| l.strip_prefix("• "))
        .and_then(|l| l.split(" → ").next())
        .unwrap()
        .to_string();
    let again = ask("en", &format!("/fit flux.1-dev {fix} 4090"));
    assert!(
        again.contains("✅") || again.contains("⚠️"),
        "{fix}:\n{again}"
    );
}

#[test]
fn video_models_and_options_are_read_and_bad_words_refused() {
    let out = ask(
        "en",
        "/fit wan2.1 4090 fp8 offload=model res=480p frames=49",
    );
    assert!(
        out.contains("Wan2.1-T2V-14B · denoiser FP8 · 832×480×49f"),
        "{out}"
    );
    let out = ask("zh", "/fit sdxl 3060 batch=4 res=1024x768");
    assert!(out.contains("1024×768") && out.contains("批量 4"), "{out}");
    for bad in [
        "/fit flux.1-dev 4090 offload=maybe",
        "/fit flux.1-dev nosuchcard",
        "/fit sdxl frames=81",
        "/fit flux.1-dev res=99999",
    ] {
        let out = ask("en", bad);
        assert!(out.contains("I can't read"), "{bad}: {out}");
    }
    // An LLM /fit is untouched.
    assert!(ask("en", "/fit qwen2.5-7b 4090").contains("KV cache"));
}

#[test]
fn a_plain_question_about_an_image_model_is_read_as_its_fit() {
    let zh = ask("zh", "4090能跑flux吗");
    assert!(
        zh.contains("/fit flux.1-dev") && zh.contains("FLUX.1-dev"),
        "{zh}"
    );
    assert!(zh.contains("放不下") || zh.contains("放得下"), "{zh}");
    let en = ask("en", "can a 4090 run sdxl?");
    assert!(
        en.contains("Stable Diffusion XL 1.0") && en.contains("✅"),
        "{en}"
    );
}

/// `te=cpu` (Wan's `--t5_cpu`, a diffusers pipeline that leaves `text_encoder` on the CPU):
/// the encoders' weights are still reported, but the card never holds them, whatever the
/// offload mode; the chat and the CLI read the word, in both languages.
#[test]
fn text_encoders_on_the_cpu_never_take_the_card() {
    for id in [
        "flux.1-dev",
        "sd3.5-large",
        "wan2.1-t2v-14b",
        "wan2.1-t2v-1.3b",
    ] {
        let p = diffusion::find(id).unwrap();
        for offload in [Offload::None, Offload::Model] {
            let mut r = DiffusionRequest::new(p);
            r.offload = offload;
            let on_card = estimate(&r);
            r.text_on_cpu = true;
            let off = estimate(&r);
            assert_eq!(off.text_gib, on_card.text_gib, "{id}");
            // Lower where the encoders set the peak (or share the card), never higher.
            assert!(off.peak_gib <= on_card.peak_gib, "{id} {offload:?}");
            if on_card.stage == diffusion::Stage::Text || offload == Offload::None {
                assert!(off.peak_gib < on_card.peak_gib, "{id} {offload:?}");
            }
            assert_ne!(off.stage, diffusion::Stage::Text, "{id} {offload:?}");
            if offload == Offload::None {
                // Everything else stays: the saving is the encoders and their reserve.
                let saved = on_card.peak_gib - off.peak_gib;
                let want = on_card.text_gib * (1.0 + diffusion::estimate::ALLOCATOR_RESERVE);
                assert!((saved - want).abs() < 0.01, "{id}: {saved} vs {want}");
            }
        }
    }
    let en = ask(
        "en",
        "/fit wan2.1-1.3b 4090 offload=model te=cpu res=832x480",
    );
    assert!(en.contains("(on the CPU, never on the card)"), "{en}");
    let zh = ask(
        "zh",
        "/fit wan2.1-1.3b 4090 offload=model te=cpu res=832x480",
    );
    assert!(zh.contains("在 CPU 上运行"), "{zh}");
    let plain = ask("en", "/fit wan2.1-1.3b 4090 offload=model res=832x480");
    assert!(!plain.contains("on the CPU"), "{plain}");
}

/// A suggestion or a card that holds the job only inside the estimate's margin is said to be
/// tight, never offered as a plain fit: each suggestion not marked tight comes back ✅ when
/// asked, each marked one ⚠️, and a card in the plain list is never one the same job on it
/// calls tight (the 24 GiB cards under FLUX.1-dev with offload=model had been listed as
/// holding a 24.0 GiB peak).
#[test]
fn a_fit_inside_the_margin_is_tight_in_suggestions_and_card_lists() {
    let (mut tight_seen, mut plain_seen) = (0, 0);
    for (model, gpu) in [
        ("flux.1-dev", "4090"),
        ("flux.1-dev", "3090"),
        ("sdxl", "3060"),
        ("flux.1-dev offload=model", "a10"),
        ("wan2.1-t2v-14b", "4090"),
    ] {
        let en = ask("en", &format!("/fit {model} {gpu}"));
        for line in en.lines().filter_map(|l| l.strip_prefix("• ")) {
            let words = line.split(" → ").next().unwrap();
            let again = ask("en", &format!("/fit {model} {words} {gpu}"));
            let want = if line.contains("(tight:") {
                "⚠️"
            } else {
                "✅"
            };
            *(if want == "⚠️" {
                &mut tight_seen
            } else {
                &mut plain_seen
            }) += 1;
            assert!(
                again.contains(want),
                "{model} {words} {gpu}: {line}\n{again}"
            );
        }
        let listed = |head: &str| -> Vec<String> {
            en.lines()
                .find_map(|l| l.strip_prefix(head))
                .and_then(|l| l.split("): ").nth(1))
                .map(|l| {
                    l.split(" GiB), ")
                        .map(|c| c.rsplit_once(" (").unwrap().0.to_string())
                })
                .map(|c| c.collect())
                .unwrap_or_default()
        };
        let catalog = Catalog::embedded().unwrap();
        let id = |name: &str| {
            let g = catalog.gpus.iter().find(|g| g.display_name(false) == name);
            g.map(|g| g.id.clone()).unwrap_or_else(|| panic!("{name}"))
        };
        for (head, want) in [
            ("Single cards that hold it as asked (", "✅"),
            ("Cards that hold it only tightly (", "⚠️"),
        ] {
            for name in listed(head).iter().take(3) {
                *(if want == "⚠️" {
                    &mut tight_seen
                } else {
                    &mut plain_seen
                }) += 1;
                let again = ask("en", &format!("/fit {model} {}", id(name)));
                assert!(
                    again.contains(want),
                    "{model} on {name}: want {want}\n{again}"
                );
            }
        }
    }
    assert!(
        tight_seen >= 3 && plain_seen >= 6,
        "{tight_seen} {plain_seen}"
    );
}
