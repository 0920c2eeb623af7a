//! Helper mem_dg (session 31, issue 24, held-out 55): two mechanisms of image and video
//! generation, tested on models, sizes and settings of no table row.
//!
//! 1. HunyuanVideo's VAE decodes frames in temporal chunks even with tiling off. diffusers
//!    `autoencoder_kl_hunyuan_video.py` @ 58eb52c0: `use_framewise_decoding = True`,
//!    `tile_sample_min_num_frames = 16`, `tile_sample_stride_num_frames = 12`; `_decode` sends a
//!    latent longer than 16 / 4 = 4 frames to `_temporal_tiled_decode`, which runs
//!    `self.decoder(z[:, :, i : i + 4 + 1])` every 3 latent frames: 5 latent frames = 17 output
//!    frames through the whole decoder at full resolution at once (a shorter clip whole), and
//!    keeps each chunk's decoded frames in `row` until `torch.cat`. Wan's VAE decodes one latent
//!    frame (4 output frames) at a time through its causal cache (`autoencoder_kl_wan.py`
//!    `_decode`: `for i in range(num_frame)`), whatever the clip's length.
//! 2. A text encoder loaded in bitsandbytes 4-bit (diffusers `PipelineQuantizationConfig(...,
//!    components_to_quantize=[..., "text_encoder_2"])`, the chat's `te=nf4`) is a transformers
//!    model: `Bnb4BitHfQuantizer.use_keep_in_fp32_modules = True` keeps the modules of
//!    `_keep_in_fp32_modules` out of the 4-bit conversion and in fp32 - T5's `["wo"]`, the FFN
//!    output projections, 24 x 10240 x 4096 = 1.007 B parameters of T5-XXL v1.1 - and only
//!    `nn.Linear` layers are converted (the 32128 x 4096 embedding stays 16-bit).

use super::chat::ask_fresh as ask;
use bot_core::diffusion::{self, DiffusionRequest, Offload, Precision, estimate};

const GIB: f64 = (1u64 << 30) as f64;

fn hunyuan(w: u32, h: u32, frames: u32, tiled: bool) -> diffusion::DiffusionReport {
    let mut r = DiffusionRequest::new(diffusion::find("hunyuanvideo").unwrap());
    (r.width, r.height, r.frames, r.vae_tiled) = (w, h, frames, tiled);
    r.offload = Offload::Model;
    estimate(&r)
}

#[test]
fn hunyuanvideo_decodes_17_frames_at_once_without_tiling() {
    // Clips of 65 and 129 frames both decode in chunks of 17: the decode's working set is the
    // same, only the decoded frames kept beside it grow (3 values a pixel per frame in 16-bit).
    let (a, b) = (hunyuan(960, 544, 65, false), hunyuan(960, 544, 129, false));
    let kept_growth = 960.0 * 544.0 * 3.0 * 2.0 * (129.0 - 65.0) / GIB;
    assert!(
        b.decode_gib > a.decode_gib,
        "{} {}",
        a.decode_gib,
        b.decode_gib
    );
    assert!(
        b.decode_gib - a.decode_gib < 3.0 * kept_growth,
        "{} -> {}",
        a.decode_gib,
        b.decode_gib
    );
    // A 13-frame clip (4 latent frames, not over the 16-frame threshold) decodes whole: 13 of
    // the 17 frames' working set.
    let short = hunyuan(960, 544, 13, false);
    let ratio = short.decode_gib / a.decode_gib;
    assert!((ratio - 13.0 / 17.0).abs() < 0.08, "{ratio}");
    // Tiling cuts the 17 frames into 256 px tiles: at 960x544 it saves most of the decode
    // (the blog's 16.5 GiB at 768x512 x 121 is the same mechanism).
    let tiled = hunyuan(960, 544, 65, true);
    assert!(
        a.decode_gib > 2.5 * tiled.decode_gib,
        "{} {}",
        a.decode_gib,
        tiled.decode_gib
    );
    // Working set in proportion to the frame's pixels at a fixed chunk.
    let (small, big) = (hunyuan(640, 360, 65, false), hunyuan(1280, 720, 65, false));
    let px = (1280.0 * 720.0) / (640.0 * 360.0);
    assert!(
        (big.decode_gib / small.decode_gib - px).abs() < 0.2,
        "{}",
        big.decode_gib / small.decode_gib
    );
}

#[test]
fn wans_causal_decode_does_not_grow_with_the_clip() {
    let p = diffusion::find("wan2.1-t2v-1.3b").unwrap();
    let decode = |frames: u32| {
        let mut r = DiffusionRequest::new(p);
        (r.width, r.height, r.frames, r.offload) = (832, 480, frames, Offload::Model);
        estimate(&r).decode_gib
    };
    // One latent frame at a time: 33 and 81 frames hold the same working set.
    assert!((decode(33) - decode(81)).abs() < 1e-9);
}

fn text_gib(id: &str, te: Option<Precision>) -> f64 {
    let mut r = DiffusionRequest::new(diffusion::find(id).unwrap());
    r.text_precision = te;
    estimate(&r).text_gib
}

#[test]
fn a_4bit_t5_keeps_its_wo_layers_in_fp32() {
    // SD3.5 Large carries the same T5-XXL v1.1 encoder beside CLIP-L and CLIP-G.
    for id in ["sd3.5-large", "flux.1-dev"] {
        let p = diffusion::find(id).unwrap();
        let all_b = p.weights_b(diffusion::Role::TextEncoder);
        let published = text_gib(id, None);
        let nf4 = text_gib(id, Some(Precision::Nf4));
        let naive = all_b * 1e9 * 4.5 / 8.0 / GIB;
        // wo: 1.007 B parameters at 4 bytes instead of 0.56: at least 3 GiB over a 4-bit
        // count of every weight, and still well under the published 16-bit encoders.
        assert!(nf4 - naive > 3.0, "{id}: {nf4} vs {naive}");
        assert!(nf4 < published - 2.0, "{id}: {nf4} vs {published}");
        // fp8 (ComfyUI's t5xxl_fp8_e4m3fn) and GGUF cast every weight: no fp32 share.
        let fp8 = text_gib(id, Some(Precision::Fp8));
        assert!((fp8 - all_b * 1e9 / GIB).abs() < 1e-6, "{id}: {fp8}");
        let q4 = text_gib(id, Some(Precision::Q4_0));
        assert!((q4 - naive).abs() < 1e-6, "{id}: {q4}");
    }
    // An encoder without a `_keep_in_fp32_modules` list on file (Wan's umT5) is 4-bit through.
    let wan = diffusion::find("wan2.1-t2v-14b").unwrap();
    let naive = wan.weights_b(diffusion::Role::TextEncoder) * 1e9 * 4.5 / 8.0 / GIB;
    assert!(text_gib("wan2.1-t2v-14b", Some(Precision::Nf4)) >= naive - 1e-9);
}

#[test]
fn the_chat_reads_a_text_encoders_precision_in_both_languages() {
    // `te=nf4` was read and dropped (only fp8 counted): the encoders must now shrink.
    let plain = ask("en", "/fit sd3.5-large 4090 offload=model");
    let nf4 = ask("en", "/fit sd3.5-large 4090 offload=model te=nf4");
    assert_ne!(plain, nf4);
    assert!(nf4.contains("(nf4)"), "{nf4}");
    let zh = ask("zh", "/fit sd3.5-large 4090 offload=model te=nf4");
    assert!(zh.contains("（nf4）"), "{zh}");
    let fp8 = ask("en", "/fit sd3.5-large 4090 offload=model te=fp8");
    assert!(fp8.contains("(fp8)"), "{fp8}");
    assert!(
        !plain.contains("(nf4)") && !plain.contains("(fp8)"),
        "{plain}"
    );
}
