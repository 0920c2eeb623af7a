//! The VAE's tiled and sliced decodes (mem_ar): diffusers' `vae.enable_tiling()` decodes
//! overlapping tiles of the VAE class's default size and keeps every decoded tile until it
//! blends them; `vae.enable_slicing()` decodes one batch element at a time; without either the
//! whole batch decodes at once at full resolution. Tested on sizes and batches of no table row.

use bot_core::Catalog;
use bot_core::answer::fit_diffusion::read;
use bot_core::diffusion::decode::{DecodeMode, tiled_extent};
use bot_core::diffusion::{self, DiffusionRequest, Offload, estimate};

fn find(name: &str) -> &'static diffusion::Pipeline {
    diffusion::find(name).unwrap_or_else(|| panic!("{name}"))
}

fn sized(name: &str, w: u32, h: u32, frames: u32, batch: u32) -> DiffusionRequest<'static> {
    let mut r = DiffusionRequest::new(find(name));
    (r.width, r.height, r.batch) = (w, h, batch);
    if frames > 0 {
        r.frames = frames;
    }
    r
}

#[test]
fn a_tiled_decode_works_on_one_tile_and_keeps_the_decoded_tiles() {
    // FLUX.1-dev at 2048x2048: AutoencoderKL's tile is its config's sample_size (1024 px),
    // every 768 px: 3 x 3 tiles, each decoded alone.
    let whole = sized("flux.1-dev", 2048, 2048, 0, 1);
    let mut tiled = whole;
    tiled.vae_tiled = true;
    let (a, b) = (estimate(&whole), estimate(&tiled));
    assert_eq!(a.decode_mode, DecodeMode::Whole);
    assert_eq!(b.decode_mode, DecodeMode::Tiled);
    // One 1024² tile is a quarter of the 2048² output's working memory; the kept tiles (3
    // values a pixel in bf16 over 2560 x 2560 px) and the output add a little.
    let kept = (2560.0 * 2560.0 + 2048.0 * 2048.0) * 3.0 * 2.0 / (1u64 << 30) as f64;
    let quarter = a.decode_gib / 4.0;
    assert!(
        (b.decode_gib - quarter - kept).abs() < 1e-9,
        "{} vs {quarter} + {kept}",
        b.decode_gib
    );
    assert!(b.peak_gib < a.peak_gib);
    assert_eq!(a.step_gib, b.step_gib);
}

#[test]
fn an_output_no_larger_than_one_tile_decodes_whole() {
    // diffusers tiles only a latent wider or taller than one tile: FLUX at 1024² and a 256²
    // Wan clip are decoded whole with or without the word.
    for (name, w, h, f) in [
        ("flux.1-dev", 1024, 1024, 0),
        ("wan2.1-t2v-1.3b", 256, 256, 33),
    ] {
        let whole = sized(name, w, h, f, 1);
        let mut tiled = whole;
        tiled.vae_tiled = true;
        let (a, b) = (estimate(&whole), estimate(&tiled));
        assert_eq!(b.decode_mode, DecodeMode::Whole, "{name}");
        assert_eq!(a.peak_gib, b.peak_gib, "{name}");
    }
}

#[test]
fn a_tiled_video_decode_grows_with_frames_only_through_what_it_keeps() {
    // Wan2.1-1.3B at 1280x720: each 256² tile decodes one latent frame (4 output frames) at
    // a time through the causal cache, so its working memory is the same at 33 and 81 frames;
    // the decoded tiles it keeps grow with the clip.
    let p = find("wan2.1-t2v-1.3b");
    let t = p.vae_tiling.as_ref().expect("Wan's tiling is sourced");
    assert_eq!((t.tile_px, t.stride_px), (256, 192));
    let at = |frames| {
        let mut r = sized("wan2.1-t2v-1.3b", 1280, 720, frames, 1);
        r.vae_tiled = true;
        estimate(&r).decode_gib
    };
    let tiles_px = (tiled_extent(1280, 256, 192) * tiled_extent(720, 256, 192)) as f64;
    let per_frame = (tiles_px + 1280.0 * 720.0) * 3.0 * 2.0 / (1u64 << 30) as f64;
    assert!((at(81) - at(33) - 48.0 * per_frame).abs() < 1e-9);
    // And far below the whole decode of 1280x720 four frames at a time.
    let mut whole = sized("wan2.1-t2v-1.3b", 1280, 720, 81, 1);
    whole.offload = Offload::Model;
    let mut tiled = whole;
    tiled.vae_tiled = true;
    assert!(at(81) < estimate(&whole).decode_gib / 3.0);
    // Under model offload the 1.3B's peak is the decode: tiling lowers what the card needs.
    assert!(estimate(&tiled).peak_gib < estimate(&whole).peak_gib);
}

#[test]
fn hunyuanvideo_tiles_decode_seventeen_frames_at_a_time() {
    // AutoencoderKLHunyuanVideo decodes frame-wise by default: 16 / 4 + 1 = 5 latent frames,
    // 17 output frames, per chunk; tiled, each chunk is cut into 256² tiles.
    let p = find("hunyuanvideo");
    let t = p
        .vae_tiling
        .as_ref()
        .expect("HunyuanVideo's tiling is sourced");
    assert_eq!(t.tile_frames, 17);
    let tiled = |frames| {
        let mut r = sized("hunyuanvideo", 1280, 720, frames, 1);
        r.vae_tiled = true;
        r
    };
    // 9 frames: the chunk is the clip's 9; 61 frames: 17.
    let kept = |frames: f64| {
        (tiled_extent(1280, 256, 192) * tiled_extent(720, 256, 192)) as f64 + 1280.0 * 720.0
    } * frames
        * 3.0
        * 2.0
        / (1u64 << 30) as f64;
    let working = |r: &DiffusionRequest| estimate(r).decode_gib - kept(r.frames as f64);
    let (short, long) = (tiled(9), tiled(61));
    assert!((working(&long) / working(&short) - 17.0 / 9.0).abs() < 1e-9);
}

#[test]
fn slicing_decodes_one_batch_element_at_a_time() {
    // Qwen-Image, four 1328² images: without slicing AutoencoderKLQwenImage decodes the four
    // at once (`_decode(z)` on the batch); sliced, one, with the finished ones beside it.
    let whole = sized("qwen-image", 1328, 1328, 0, 4);
    let mut sliced = whole;
    sliced.vae_sliced = true;
    let (a, b) = (estimate(&whole), estimate(&sliced));
    assert_eq!(b.decode_mode, DecodeMode::Sliced);
    let outputs = 1328.0 * 1328.0 * 3.0 * 2.0 * 4.0 / (1u64 << 30) as f64;
    assert!((b.decode_gib - a.decode_gib / 4.0 - outputs).abs() < 1e-9);
    // At batch 1 slicing changes nothing.
    let one = sized("qwen-image", 1328, 1328, 0, 1);
    let mut one_sliced = one;
    one_sliced.vae_sliced = true;
    assert_eq!(estimate(&one).peak_gib, estimate(&one_sliced).peak_gib);
    // Both at once: each batch element's tiles, one at a time.
    let mut both = sliced;
    both.vae_tiled = true;
    let mut tiled = whole;
    tiled.vae_tiled = true;
    assert!(estimate(&both).decode_gib < estimate(&tiled).decode_gib);
    assert!(estimate(&both).decode_gib < b.decode_gib);
}

#[test]
fn an_fp32_vae_still_doubles_a_tiled_decode() {
    let mut half = sized("wan2.1-t2v-14b", 1280, 720, 81, 1);
    (half.vae_tiled, half.offload) = (true, Offload::Sequential);
    let mut full = half;
    full.vae_fp32 = true;
    let (a, b) = (estimate(&half), estimate(&full));
    assert!((b.decode_gib / a.decode_gib - 2.0).abs() < 1e-9);
}

#[test]
fn a_vae_without_a_sourced_tile_is_sized_whole() {
    // SD1.5's VAE tile (its config's sample_size) is not in the catalog: the word is read and
    // the decode sized whole, an upper bound.
    let p = find("sd1.5");
    assert!(p.vae_tiling.is_none());
    let whole = sized("sd1.5", 2048, 2048, 0, 1);
    let mut tiled = whole;
    tiled.vae_tiled = true;
    assert_eq!(estimate(&whole).peak_gib, estimate(&tiled).peak_gib);
}

#[test]
fn the_words_reach_the_request_from_fit() {
    let catalog = Catalog::embedded().unwrap();
    let req = |line: &str| match read(&catalog, line) {
        Some(Ok(l)) => l.req,
        _ => panic!("read {line}"),
    };
    let r = req("qwen-image batch=2 vae=tiled+sliced");
    assert!(r.vae_tiled && r.vae_sliced && !r.vae_fp32);
    let r = req("wan2.1-t2v-14b vae=fp32 vae=tiled");
    assert!(r.vae_tiled && r.vae_fp32 && !r.vae_sliced);
    let r = req("wan2.1-t2v-14b vae=fp32");
    assert!(r.vae_fp32 && !r.vae_tiled);
    assert!(matches!(
        read(&catalog, "qwen-image vae=mosaic"),
        Some(Err(_))
    ));
}
