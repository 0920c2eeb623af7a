//! Mechanisms of held-out 47's misses (session 29, mem_cl): the safety checker diffusers'
//! StableDiffusionPipeline loads and moves to the card with the rest of the pipeline.

use bot_core::diffusion::{self, DiffusionRequest, Offload, Role, estimate};

/// SD1.5 without offload holds the checker's fp16 weights beside the UNet, the text encoder and
/// the VAE: the peak exceeds the same pipeline's without it by exactly those weights.
#[test]
fn sd15_on_the_card_holds_its_safety_checker() {
    let sd = diffusion::find("sd1.5").unwrap();
    let with = estimate(&DiffusionRequest::new(sd));
    let mut bare = sd.clone();
    bare.component.retain(|c| c.role != Role::SafetyChecker);
    let without = estimate(&DiffusionRequest::new(&bare));
    // CLIP ViT-L/14's vision tower in fp16: over half a GiB.
    assert!(
        with.checker_gib > 0.5 && with.checker_gib < 0.65,
        "{with:?}"
    );
    assert!(without.checker_gib == 0.0);
    let grew = with.peak_gib - without.peak_gib;
    // The checker and its share of the allocator's reserve, nothing else.
    assert!(
        grew >= with.checker_gib && grew < with.checker_gib * 1.05,
        "{grew} vs {}",
        with.checker_gib
    );
    assert!(with.denoise_weights_gib - without.denoise_weights_gib >= with.checker_gib - 1e-9);
}

/// Offloaded, the checker takes its own turn after the decode (model offload) or is streamed
/// (sequential): the peak does not carry it; at batch 4 it still counts once.
#[test]
fn the_checker_is_off_the_peak_when_offloaded_and_counted_once() {
    let sd = diffusion::find("sd1.5").unwrap();
    let mut bare = sd.clone();
    bare.component.retain(|c| c.role != Role::SafetyChecker);
    for o in [Offload::Model, Offload::Sequential] {
        let mut a = DiffusionRequest::new(sd);
        a.offload = o;
        let mut b = DiffusionRequest::new(&bare);
        b.offload = o;
        assert!(
            (estimate(&a).peak_gib - estimate(&b).peak_gib).abs() < 1e-9,
            "{o:?}"
        );
    }
    let mut four = DiffusionRequest::new(sd);
    four.batch = 4;
    let mut four_bare = DiffusionRequest::new(&bare);
    four_bare.batch = 4;
    let e = estimate(&four);
    let grew = e.peak_gib - estimate(&four_bare).peak_gib;
    assert!(grew < e.checker_gib * 1.05, "{grew}");
}

/// Pipelines whose diffusers class loads no safety checker (SDXL, FLUX.1, Wan) carry none.
#[test]
fn pipelines_without_a_checker_carry_none() {
    for id in ["sdxl", "flux.1-dev", "wan2.2-ti2v-5b", "sd3.5-large"] {
        let p = diffusion::find(id).unwrap();
        assert_eq!(estimate(&DiffusionRequest::new(p)).checker_gib, 0.0, "{id}");
    }
}

/// kohya's `--fused_backward_pass` (sd-scripts flux_train.py: a post-accumulate-grad hook steps
/// each parameter and sets `tensor.grad = None`): a full fine-tune holds no gradient buffer. On
/// FLUX.1-dev and SDXL the peak falls by the bf16 gradients (2 bytes a parameter) and its
/// reserve; a LoRA, whose gradients are its own small fp32 ones, does not move.
#[test]
fn fused_backward_frees_a_full_fine_tunes_gradients() {
    use bot_core::diffusion::train::{OptimizerKind, Train};
    for id in ["flux.1-dev", "sdxl"] {
        let p = diffusion::find(id).unwrap();
        let mut r = DiffusionRequest::new(p);
        r.train = Some(Train::full());
        let held = estimate(&r);
        r.train = r.train.map(|t| Train {
            fused_backward: true,
            ..t
        });
        let fused = estimate(&r);
        let grads = p.weights_b(Role::Denoiser) * 1e9 * 2.0 / (1u64 << 30) as f64;
        let saved = held.peak_gib - fused.peak_gib;
        assert!(
            saved >= grads && saved < grads * 1.05,
            "{id}: {saved} vs {grads}"
        );
        let mut lora = DiffusionRequest::new(p);
        lora.train = Some(Train {
            optimizer: OptimizerKind::Adafactor,
            ..Train::lora()
        });
        let before = estimate(&lora).peak_gib;
        lora.train = lora.train.map(|t| Train {
            fused_backward: true,
            ..t
        });
        assert_eq!(estimate(&lora).peak_gib, before, "{id}");
    }
}

/// The chat's `fused=on` (the CLI's `--fused-backward-pass`) reaches the request, and alone makes
/// the line a full fine-tune.
#[test]
fn the_fused_word_is_read() {
    use bot_core::answer::fit_diffusion::read;
    let catalog = bot_core::Catalog::embedded().unwrap();
    let line = read(&catalog, "flux.1-dev fused=on").unwrap().ok().unwrap();
    let t = line.req.train.expect("a training line");
    assert!(t.fused_backward && t.rank.is_none());
    let off = read(&catalog, "flux.1-dev full fused=off")
        .unwrap()
        .ok()
        .unwrap();
    assert!(!off.req.train.unwrap().fused_backward);
}

/// Eager attention (diffusers before 0.13 or torch < 2.0: `baddbmm` scores and their softmax,
/// two `b·heads × s × s` 16-bit tensors): SD1.5 at 512² with CFG holds 2 × 2 × 8 × 4096² × 2
/// bytes = 1 GiB more in its step; the term grows with the square of the sequence (768²: 9216
/// tokens); FLUX.1-dev's 24 heads attend over its 4608 joint tokens; SDXL's first attention runs
/// at a quarter of the latent's pixels; a pipeline without heads on file adds nothing.
#[test]
fn eager_attention_holds_the_scores_and_their_softmax() {
    use bot_core::diffusion::estimate::eager_scores_gib;
    let gib = (1u64 << 30) as f64;
    let step = |id: &str, side: u32, eager: bool| {
        let mut r = DiffusionRequest::new(diffusion::find(id).unwrap());
        (r.width, r.height) = (side, side);
        r.eager_attention = eager;
        (estimate(&r).step_gib, eager_scores_gib(&r))
    };
    let (sdpa, _) = step("sd1.5", 512, false);
    let (eager, scores) = step("sd1.5", 512, true);
    let want = 2.0 * 2.0 * 8.0 * 4096f64.powi(2) * 2.0 / gib;
    assert!((scores - want).abs() < 1e-9 && (eager - sdpa - want).abs() < 1e-9);
    let (_, big) = step("sd1.5", 768, true);
    assert!((big / scores - (9216.0f64 / 4096.0).powi(2)).abs() < 1e-9);
    let (_, flux) = step("flux.1-dev", 1024, true);
    assert!((flux - 2.0 * 24.0 * 4608f64.powi(2) * 2.0 / gib).abs() < 1e-9);
    let (_, sdxl) = step("sdxl", 1024, true);
    assert!((sdxl - 2.0 * 2.0 * 10.0 * 4096f64.powi(2) * 2.0 / gib).abs() < 1e-9);
    let (w_sdpa, w) = step("wan2.2-ti2v-5b", 704, true);
    assert_eq!(w, 0.0);
    assert_eq!(w_sdpa, step("wan2.2-ti2v-5b", 704, false).0);
}

/// `attn=eager` (the CLI's `--attention eager`) is read; `attn=sdpa` and `attn=flash` are not
/// eager; the answer names the term, or says it is not sized where the heads are not on file.
#[test]
fn the_attention_word_is_read_and_said() {
    use bot_core::answer::fit_diffusion::{read, render};
    use bot_core::i18n::{Lang, Localizer};
    let catalog = bot_core::Catalog::embedded().unwrap();
    let eager = |q: &str| read(&catalog, q).unwrap().ok().unwrap();
    assert!(eager("sd1.5 attn=eager").req.eager_attention);
    assert!(!eager("sd1.5 attn=sdpa").req.eager_attention);
    assert!(!eager("sd1.5 attn=flash").req.eager_attention);
    let said = |q: &str, lang| Localizer::get().render_plain(lang, &render(&catalog, &eager(q)));
    assert!(said("sd1.5 attn=eager", Lang::En).contains("Eager attention"));
    assert!(said("sd1.5 attn=eager", Lang::Zh).contains("朴素注意力"));
    assert!(!said("sd1.5", Lang::En).contains("Eager attention"));
    assert!(said("wan2.2-ti2v-5b attn=eager", Lang::En).contains("not sized"));
}
