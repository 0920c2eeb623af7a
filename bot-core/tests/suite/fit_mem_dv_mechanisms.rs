//! Mechanisms of issue 24's image/video misses (session 34, mem_dv): a pipeline moved to the
//! card before diffusers' offload call, on a release that leaves the weights' blocks in
//! PyTorch's cache (before huggingface/diffusers#2543). nvidia-smi shows those blocks; the
//! allocator hands them back before it fails, so the need and the verdict stay the offload's.

use bot_core::answer::fit_diffusion::{read, render};
use bot_core::diffusion::{DiffusionReport, Offload, estimate};
use bot_core::i18n::{Lang, Localizer};

fn sized(
    q: &str,
) -> (
    bot_core::diffusion::DiffusionRequest<'static>,
    DiffusionReport,
) {
    let catalog = Box::leak(Box::new(bot_core::Catalog::embedded().unwrap()));
    let line = read(catalog, q).unwrap().ok().unwrap();
    let e = estimate(&line.req);
    (line.req, e)
}

fn said(q: &str, lang: Lang) -> String {
    let catalog = bot_core::Catalog::embedded().unwrap();
    let line = read(&catalog, q).unwrap().ok().unwrap();
    Localizer::get().render_plain(lang, &render(&catalog, &line))
}

/// SD1.5 moved to the card and then offloaded layer by layer (held-out 47's diffusers 0.11.1
/// rows): what the card shows is every weight the pipeline put there plus the step's tensors,
/// the figure it would show with no offload at all; the need is still the streamed peak.
#[test]
fn to_cuda_first_shows_every_weight_but_needs_the_offloads_peak() {
    let (r, first) = sized("sd1.5 offload=seq attn=eager to_cuda=first");
    assert!(r.cuda_first && r.offload == Offload::Sequential);
    let (_, plain) = sized("sd1.5 offload=seq attn=eager");
    let (_, none) = sized("sd1.5 attn=eager");
    assert!((first.peak_gib - plain.peak_gib).abs() < 1e-9, "{first:?}");
    assert!(
        (first.shown_gib - none.peak_gib).abs() < 1e-9,
        "{first:?} {none:?}"
    );
    // Shown: the UNet, text encoder, VAE and checker (about 2.6 GiB in fp16) over the need.
    let weights = first.denoiser_gib + first.text_gib + first.vae_gib + first.checker_gib;
    assert!(
        first.shown_gib - first.peak_gib > weights * 0.9,
        "{first:?}"
    );
}

/// Model offload drops whole models the same way (accelerate's hook moves each to the CPU),
/// so the word applies to it too; with no offload nothing is dropped, and without the word
/// the card shows the peak, in every mode and for a training run.
#[test]
fn shown_equals_the_peak_unless_weights_were_dropped_into_the_cache() {
    let (_, model) = sized("sdxl offload=model to_cuda=first");
    assert!(
        model.shown_gib > model.peak_gib + model.denoiser_gib * 0.9,
        "{model:?}"
    );
    let (_, model_plain) = sized("sdxl offload=model");
    assert!((model.peak_gib - model_plain.peak_gib).abs() < 1e-9);
    let (_, none) = sized("flux.1-dev to_cuda=first");
    // (mem_fq, session 46: what the card shows may also hold a 2-D decode's blocks the
    // allocator hands back, `released_gib`; the word adds nothing without offload.)
    let (_, none_plain) = sized("flux.1-dev");
    assert_eq!(none.shown_gib, none_plain.shown_gib);
    assert!(none.shown_gib <= none.peak_gib + none.released_gib + 1e-9);
    for q in [
        "flux.1-dev offload=seq",
        "flux.1-dev offload=model",
        "wan2.2-ti2v-5b offload=model",
        "flux.1-dev lora rank=16",
    ] {
        let (_, e) = sized(q);
        assert!(
            e.shown_gib >= e.peak_gib && e.shown_gib <= e.peak_gib + e.released_gib + 1e-9,
            "{q}"
        );
    }
    // The figure grows with what the step holds, like the peak it stands beside.
    let (_, small) = sized("sdxl offload=seq to_cuda=first res=768x768");
    let (_, big) = sized("sdxl offload=seq to_cuda=first res=1024x1024");
    assert!(big.shown_gib > small.shown_gib);
}

/// The answer states the assumption under offload (the offload called on a pipeline still on
/// the CPU) with the word that changes it, and with the word says both figures, in both
/// locales; without offload it says neither.
#[test]
fn the_assumption_and_the_word_are_said_in_both_locales() {
    let en = said("sd1.5 offload=seq", Lang::En);
    assert!(
        en.contains("to_cuda=first") && en.contains("PR #2543"),
        "{en}"
    );
    let zh = said("sd1.5 offload=seq", Lang::Zh);
    assert!(zh.contains("to_cuda=first") && zh.contains("卸载"), "{zh}");
    let (_, e) = sized("sd1.5 offload=seq to_cuda=first");
    let shown = format!("{:.1}", e.shown_gib);
    let en = said("sd1.5 offload=seq to_cuda=first", Lang::En);
    assert!(
        en.contains(&shown) && en.contains("nvidia-smi shows"),
        "{en}"
    );
    let zh = said("sd1.5 offload=seq to_cuda=first", Lang::Zh);
    assert!(zh.contains(&shown) && zh.contains("缓存"), "{zh}");
    assert!(!said("sd1.5", Lang::En).contains("to_cuda=first"));
}
