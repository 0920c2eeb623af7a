//! mem_fq (session 46, held-out 79's SDXL rows on an L4): a 2-D VAE decode's cached blocks are
//! not the run's need. diffusers decodes the whole batch at once through `Decoder.forward`'s mid
//! block and up blocks (v0.26.3 `models/autoencoders/vae.py` 333-338), each stage's feature maps
//! about four times the last's, so the earlier stages' freed segments are too small for the next
//! maps and sit wholly free in PyTorch's cache: nvidia-smi shows them (the decode's reserved over
//! allocated 1.56, InvokeAI#8414), but the caching allocator hands them back before it raises
//! out of memory (`release_cached_blocks`, the house's verdict rule, fit-reference pass 83). A
//! causal 3-D decode (Wan's, Qwen-Image's VAE) repeats one frame's block sizes: its blocks are
//! reused, not left behind, and stay counted.

use bot_core::answer::fit_diffusion::{fits_card, read, render};
use bot_core::diffusion::{DiffusionReport, estimate};
use bot_core::i18n::{Lang, Localizer};

fn sized(q: &str) -> (DiffusionReport, Option<bot_core::catalog::Gpu>) {
    let catalog = bot_core::Catalog::embedded().unwrap();
    let line = read(&catalog, q).unwrap().ok().unwrap();
    (estimate(&line.req), line.gpu.cloned())
}

fn said(q: &str, lang: Lang) -> String {
    let catalog = bot_core::Catalog::embedded().unwrap();
    let line = read(&catalog, q).unwrap().ok().unwrap();
    Localizer::get().render_plain(lang, &render(&catalog, &line))
}

/// Held-out 79: SDXL-Turbo, 16 images of 512 x 512 under model offload, ran on an L4 (nvidia-smi
/// class 21.2 GiB). Before mem_fq: peak 31.67 GiB on 22.49, "does not fit" (the decode's 19.8
/// GiB of tensors and its 11.1 GiB of blocks both counted as need).
#[test]
fn a_batch_decode_fits_on_its_tensors_and_shows_its_blocks() {
    let (e, g) = sized("sdxl-turbo offload=model batch=16 l4");
    let g = g.expect("the L4 is read");
    assert!(fits_card(&e, &g), "{e:?}");
    // The need holds the decode's tensors, the fp32 VAE and the CUDA context.
    assert!(e.peak_gib > e.decode_gib + e.context_gib, "{e:?}");
    // What nvidia-smi would show with room: the blocks on top, above the L4.
    assert!(
        e.shown_gib > g.vram_gib() && e.shown_gib > e.peak_gib + e.decode_gib * 0.5,
        "{e:?}"
    );
    // Twice the batch needs twice the decode: still no.
    let (twice, _) = sized("sdxl-turbo offload=model batch=32 l4");
    assert!(!fits_card(&twice, &g), "{twice:?}");
}

/// Our own case (no table row): SD3.5 Medium, four 1024² images under model offload, on an RTX
/// 4080 (16 GiB). The decode's 15.4 GiB of reserved memory is 9.9 of tensors; the need is those,
/// the VAE and the context (about 11 GiB), and nvidia-smi would show about 16.5 with room.
#[test]
fn sd3_batch_decode_needs_its_tensors_not_its_blocks() {
    let (e, g) = sized("sd3.5-medium offload=model batch=4 res=1024x1024 4080");
    let g = g.expect("the 4080 is read");
    assert!(fits_card(&e, &g), "{e:?}");
    assert!(e.peak_gib < 12.5 && e.shown_gib > 15.5, "{e:?}");
    // One image: the same rule, a quarter of the blocks.
    let (one, _) = sized("sd3.5-medium offload=model batch=1 res=1024x1024 4080");
    let (blocks, one_blocks) = (e.released_gib, one.released_gib);
    // Without its blocks the decode is no more than the need (here the text encoders' stage).
    assert!(e.shown_gib - blocks <= e.peak_gib + 1e-9, "{e:?}");
    assert!(
        one_blocks > 0.0 && (blocks / one_blocks - 4.0).abs() < 0.05,
        "{blocks} {one_blocks}"
    );
}

/// A causal 3-D decode keeps its blocks in the need: Qwen-Image at 2048² on an A100 80GB and
/// Wan2.2-T2V-A14B at 1280x720x81 (held-out 19's OOM rows) still do not fit, and what the card
/// shows is the need.
#[test]
fn causal_decodes_keep_their_blocks() {
    for q in [
        "qwen-image res=2048x2048 torch=2.9 a100-80g-sxm",
        "wan2.2-t2v-a14b res=1280x720 frames=81 a100-80g-sxm",
    ] {
        let (e, g) = sized(q);
        assert!(!fits_card(&e, &g.expect("card")), "{q}: {e:?}");
        assert_eq!(e.shown_gib, e.peak_gib, "{q}");
    }
}

/// The answer names the released blocks and what nvidia-smi shows, in both locales.
#[test]
fn the_answer_names_the_blocks_handed_back() {
    let q = "sdxl-turbo offload=model batch=16 l4";
    let en = said(q, Lang::En);
    assert!(en.contains("✅") || en.contains("⚠️"), "{en}");
    assert!(
        en.contains("handed back") && en.contains("nvidia-smi"),
        "{en}"
    );
    let zh = said(q, Lang::Zh);
    assert!(zh.contains("nvidia-smi") && zh.contains("归还"), "{zh}");
    // A causal decode says nothing of it.
    let wan = said(
        "wan2.2-t2v-a14b res=1280x720 frames=81 a100-80g-sxm",
        Lang::En,
    );
    assert!(!wan.contains("handed back"), "{wan}");
}
