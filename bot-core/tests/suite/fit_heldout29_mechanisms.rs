//! Held-out 29's fixes, tested on models, sizes and cards of no table row: a VAE loaded in fp32
//! decodes in fp32 (diffusers casts the latents to `vae.dtype`), which the word `vae=fp32` sizes
//! for the pipelines whose decode figure is 16-bit's and leaves SDXL's (already fp32) alone; and
//! SD3 Medium, added from its published config, read from `/fit` as SD3.5 Medium's neighbour.

use bot_core::Catalog;
use bot_core::answer::fit_diffusion::read;
use bot_core::diffusion::{self, DiffusionRequest, Offload, Role, estimate};

fn find(name: &str) -> &'static diffusion::Pipeline {
    diffusion::find(name).unwrap_or_else(|| panic!("{name}"))
}

#[test]
fn an_fp32_vae_doubles_the_decode_and_its_weights_but_not_the_denoising_step() {
    // Wan2.1-1.3B at 1280x720 x 33 frames and Qwen-Image at 768x1344: sizes of no table row.
    for (name, w, h, frames) in [
        ("wan2.1-t2v-1.3b", 1280, 720, 33),
        ("qwen-image", 768, 1344, 1),
    ] {
        let mut half = DiffusionRequest::new(find(name));
        (half.width, half.height, half.frames) = (w, h, frames);
        half.offload = Offload::Model;
        let mut full = half;
        full.vae_fp32 = true;
        let (a, b) = (estimate(&half), estimate(&full));
        assert!((b.decode_gib / a.decode_gib - 2.0).abs() < 1e-9, "{name}");
        assert!((b.vae_gib / a.vae_gib - 2.0).abs() < 1e-9, "{name}");
        assert_eq!(a.step_gib, b.step_gib, "{name}");
        // Under model offload the card holds the larger stage: the 1.3B's decode outgrows its
        // denoiser, Qwen-Image's 38 GiB transformer still dominates.
        if name == "wan2.1-t2v-1.3b" {
            assert!(b.peak_gib > a.peak_gib, "{name}");
        } else {
            assert_eq!(a.peak_gib, b.peak_gib, "{name}");
        }
    }
}

#[test]
fn sdxl_decode_is_already_fp32_so_the_word_adds_only_weights() {
    // StableDiffusionXLPipeline upcasts its VAE before decoding (force_upcast): the figure the
    // catalog holds is the fp32 decode's.
    let sdxl = find("sdxl");
    assert!(sdxl.decode_fp32);
    let mut a = DiffusionRequest::new(sdxl);
    (a.width, a.height, a.batch) = (896, 1152, 3);
    let mut b = a;
    b.vae_fp32 = true;
    let (ea, eb) = (estimate(&a), estimate(&b));
    assert_eq!(ea.decode_gib, eb.decode_gib);
    assert!(eb.vae_gib > ea.vae_gib);
}

#[test]
fn the_word_reaches_the_request_from_fit() {
    let catalog = Catalog::embedded().unwrap();
    let line = match read(&catalog, "wan2.1-t2v-14b offload=seq vae=fp32 res=1280x720") {
        Some(Ok(l)) => l,
        _ => panic!("read"),
    };
    assert!(line.req.vae_fp32);
    let plain = match read(&catalog, "wan2.1-t2v-14b offload=seq res=1280x720") {
        Some(Ok(l)) => l,
        _ => panic!("read"),
    };
    assert!(!plain.req.vae_fp32);
    assert!(estimate(&line.req).peak_gib > estimate(&plain.req).peak_gib);
}

#[test]
fn sd3_medium_is_its_own_2b_mmdit_with_sd35s_encoders_and_vae() {
    let (sd3, sd35) = (
        find("stabilityai/stable-diffusion-3-medium-diffusers"),
        find("sd3.5-medium"),
    );
    assert_eq!(sd3.id, "sd3-medium");
    assert_eq!(find("sd3 medium").id, "sd3-medium");
    // The same T5-XXL, CLIP-G and CLIP-L, and the same VAE; a smaller denoiser of the same width.
    for role in [Role::TextEncoder, Role::Vae] {
        assert!((sd3.weights_b(role) - sd35.weights_b(role)).abs() < 1e-9);
    }
    assert!(sd3.weights_b(Role::Denoiser) < sd35.weights_b(Role::Denoiser));
    assert_eq!((sd3.hidden, sd3.blocks), (sd35.hidden, sd35.blocks));
    // At 1536x640, model offload: the T5 stage or the denoiser's, whichever is larger, never
    // every weight at once.
    let mut r = DiffusionRequest::new(sd3);
    (r.width, r.height) = (1536, 640);
    let all = estimate(&r);
    r.offload = Offload::Model;
    let off = estimate(&r);
    assert!(off.peak_gib < all.peak_gib);
    assert!(off.peak_gib > off.text_gib);
}
