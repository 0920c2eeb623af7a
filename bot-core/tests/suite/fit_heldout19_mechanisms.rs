//! Held-out 19's fixes, tested on models, cards and sizes of no table row: an editing pipeline's
//! reference image in the denoiser's sequence (FLUX.1-Kontext-dev, Qwen-Image-Edit), and the
//! pipelines added from their published configs (Qwen-Image, HunyuanVideo), read the same from a
//! plain question as from `/fit`.

use bot_core::Catalog;
use bot_core::answer::fit_diffusion::fits_card;
use bot_core::diffusion::estimate::reference_tokens;
use bot_core::diffusion::{
    self, DiffusionRequest, EMBEDDED_DIFFUSION, Offload, Precision, Role, estimate, what_fits,
};

const GIB: f64 = (1u64 << 30) as f64;

fn find(name: &str) -> &'static diffusion::Pipeline {
    diffusion::find(name).unwrap_or_else(|| panic!("{name}"))
}

#[test]
fn an_edit_runs_its_reference_image_in_the_sequence_whatever_the_output_size() {
    let (kontext, dev) = (find("flux kontext"), find("flux.1-dev"));
    assert_eq!(kontext.id, "flux.1-kontext-dev");
    // The same 12B transformer, encoders and VAE: only the sequence differs.
    for role in [Role::Denoiser, Role::TextEncoder, Role::Vae] {
        assert_eq!(kontext.weights_b(role), dev.weights_b(role));
    }
    // The input is resized to about 1024² whatever is asked: 64 x 64 patches of 16 pixels.
    assert_eq!(reference_tokens(kontext), 4096.0);
    for (w, h) in [(512, 512), (768, 1344), (1280, 720)] {
        let mut k = DiffusionRequest::new(kontext);
        let mut d = DiffusionRequest::new(dev);
        (k.width, k.height, d.width, d.height) = (w, h, w, h);
        let (ek, ed) = (estimate(&k), estimate(&d));
        assert_eq!(ek.tokens - ed.tokens, 4096.0, "{w}x{h}");
        let extra = 4096.0 * dev.act_bytes_per_token / GIB;
        assert!((ek.step_gib - ed.step_gib - extra).abs() < 1e-9, "{w}x{h}");
    }
    // Qwen-Image-Edit: Qwen-Image's weights, one reference image; a batch repeats it.
    let (edit, base) = (find("Qwen/Qwen-Image-Edit-2509"), find("qwen-image"));
    assert_eq!(edit.id, "qwen-image-edit");
    assert_eq!(
        edit.weights_b(Role::Denoiser),
        base.weights_b(Role::Denoiser)
    );
    assert_eq!(reference_tokens(edit), 4096.0);
    // Its output defaults to the input's calculated size, not Qwen-Image's 1328².
    let one = DiffusionRequest::new(edit);
    assert_eq!((one.width, one.height), (1024, 1024));
    assert_eq!(DiffusionRequest::new(base).width, 1328);
    let mut two = one;
    two.batch = 2;
    assert_eq!(
        estimate(&two).tokens,
        2.0 * estimate(&one).tokens,
        "each output carries its own reference"
    );
    // Text-to-image and text-to-video pipelines carry none.
    for id in [
        "flux.1-dev",
        "flux.1-schnell",
        "qwen-image",
        "sdxl",
        "sd3.5-medium",
        "hunyuanvideo",
        "wan2.2-ti2v-5b",
    ] {
        assert_eq!(reference_tokens(find(id)), 0.0, "{id}");
    }
}

#[test]
fn the_reference_tokens_decide_an_offloaded_edit_on_a_24_gib_card() {
    let catalog = Catalog::embedded().unwrap();
    let card = catalog.gpu("rtx-a5000").unwrap();
    let mut dev = DiffusionRequest::new(find("flux.1-dev"));
    let mut kontext = DiffusionRequest::new(find("flux.1-kontext-dev"));
    dev.offload = Offload::Model;
    kontext.offload = Offload::Model;
    let (ed, ek) = (estimate(&dev), estimate(&kontext));
    // One model at a time: the transformer's step is the peak for both, the edit's is higher.
    assert_eq!(ek.stage, diffusion::Stage::Denoise);
    assert!(ek.peak_gib > ed.peak_gib + 0.4, "{ek:?} {ed:?}");
    // The text-to-image job just fits a 24 GiB card offloaded; the edit does not, and the
    // changes the answer offers for it do.
    assert!(fits_card(&ed, card), "{ed:?}");
    assert!(!fits_card(&ek, card), "{ek:?}");
    let fixes = what_fits(&kontext, card.usable_gib(), 3);
    assert!(!fixes.is_empty());
    for (r, e) in &fixes {
        assert!(fits_card(e, card), "{:?} {e:?}", r.precision);
    }
    kontext.precision = Some(Precision::Fp8);
    assert!(fits_card(&estimate(&kontext), card));
}

#[test]
fn qwen_image_and_hunyuanvideo_are_sized_from_their_configs() {
    let catalog = Catalog::embedded().unwrap();
    let q = find("qwen image");
    // 20.4B bf16 transformer, Qwen2.5-VL-7B (8.29B) as the encoder.
    let e = estimate(&DiffusionRequest::new(q));
    assert!((e.denoiser_gib - 20.4e9 * 2.0 / GIB).abs() < 0.01, "{e:?}");
    assert!((e.text_gib - 8.29e9 * 2.0 / GIB).abs() < 0.01, "{e:?}");
    // 1328² by default: 83 x 83 patches and at most 512 prompt tokens.
    assert_eq!(e.tokens, 83.0 * 83.0 + 512.0);
    // An L40S holds it one model at a time, not all at once.
    let l40s = catalog.gpu("l40s").unwrap();
    assert!(!fits_card(&e, l40s));
    let mut off = DiffusionRequest::new(q);
    off.offload = Offload::Model;
    assert!(fits_card(&estimate(&off), l40s));

    let h = find("tencent/HunyuanVideo");
    assert_eq!(h.id, "hunyuanvideo");
    let mut r = DiffusionRequest::new(h);
    (r.width, r.height, r.frames) = (848, 480, 61);
    // (61 - 1) / 4 + 1 = 16 latent frames of 53 x 30 patches, and the prompt's 256 tokens.
    let e = estimate(&r);
    assert_eq!(e.tokens, 16.0 * 53.0 * 30.0 + 256.0);
    // Guidance-distilled: no doubled batch; the encoders are an 8B LLM and CLIP-L in fp16.
    assert!(!h.cfg);
    assert!((e.text_gib - 8.153e9 * 2.0 / GIB).abs() < 0.01, "{e:?}");
    // Longer clips cost more, linearly in latent frames.
    let mut long = r;
    long.frames = 121;
    assert!(estimate(&long).step_gib > 1.8 * e.step_gib);
}

#[test]
fn an_edit_entry_without_its_reference_basis_is_refused() {
    let broken = EMBEDDED_DIFFUSION.replacen(
        "ref_image_side = 1024\nref_basis = \"diffusers pipeline_flux_kontext.py",
        "ref_basis = \"diffusers pipeline_flux_kontext.py",
        1,
    );
    assert_ne!(broken, EMBEDDED_DIFFUSION);
    let err = diffusion::parse(&broken).unwrap_err();
    assert!(err.contains("flux.1-kontext-dev"), "{err}");
}

/// A plain question reaches the `/fit` it reads as: the same answer after "I read this as".
#[test]
fn plain_questions_about_the_new_pipelines_answer_as_their_fit() {
    for (lang, question, command) in [
        (
            "en",
            "flux kontext on a 3080?",
            "/fit flux.1-kontext-dev rtx-3080",
        ),
        (
            "zh",
            "a6000能跑hunyuan video吗",
            "/fit hunyuanvideo rtx-a6000",
        ),
        (
            "en",
            "can qwen image edit run on an l40s",
            "/fit qwen-image-edit l40s",
        ),
    ] {
        let read = super::chat::ask_fresh(lang, question);
        assert!(read.contains(command), "{question}:\n{read}");
        let fit = super::chat::ask_fresh(lang, command);
        let body = |s: &str| {
            s.lines()
                .skip_while(|l| !(l.contains("Memory estimate") || l.contains("显存估算")))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(!body(&fit).is_empty(), "{fit}");
        assert_eq!(body(&read), body(&fit), "{question}");
    }
}
