//! mem_en (session 39, issue 24): the wrong verdicts' diffusers bucket. PyTorch 2.9 turns cuDNN
//! off for 16-bit 3-D convolutions whose kernel is not 1 (pytorch/pytorch PR 163581, for cuDNN
//! 9.8+, the 2.9 wheels' 9.10.2 / 9.13; 2.9.1 keeps it off unless cuDNN 9.15+ is installed, PR
//! 166480; 2.10 ships 9.15.1). Such a convolution then runs ATen's `slow_conv_dilated3d`
//! (`aten/src/ATen/native/cuda/NaiveDilatedConvolution.cu`), which unfolds its input into a
//! `columns` buffer of `in_channels × kernel volume × output voxels` elements in the input's
//! dtype, one batch element at a time. A causal video VAE decodes with such convolutions at full
//! resolution: Qwen-Image's `AutoencoderKLQwenImage` (diffusers
//! `autoencoder_kl_qwenimage.py`: `QwenImageCausalConv3d(96, 96, 3)` in the last up block and
//! `conv_out`), so its decode holds `96 × 27 × W × H` 16-bit elements more on PyTorch 2.9.
//! pytorch/pytorch#177406's log ("Tried to allocate 5.06 GiB", Qwen-Image's VAE on 2.9.1) is that
//! buffer at 1024 × 1024 exactly.
//!
//! Cases of our own, at sizes and cards of no table row, through the chat path, each asserting
//! what the source implies. Before the engine change (main 00bfc01a) every case failed: the
//! word `torch=2.9` was refused ("I can't read \"torch=2.9\" in a /fit for an image or video
//! model").

const GIB: f64 = (1u64 << 30) as f64;

fn ask(locale: &str, line: &str) -> String {
    super::chat::ask_fresh(locale, line)
}

/// The first GiB figure after `label` in `reply`.
fn figure(reply: &str, label: &str) -> f64 {
    let at = reply
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in:\n{reply}"));
    let rest = &reply[at + label.len()..];
    let num: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    num.parse()
        .unwrap_or_else(|_| panic!("no figure after {label:?} in:\n{reply}"))
}

fn decode(line: &str) -> f64 {
    figure(&ask("en", line), "VAE decode:")
}

/// `slow_conv_dilated3d`'s buffer for Qwen-Image's widest 3-D conv (96 channels in, 3 × 3 × 3,
/// one output frame) at `w × h`, 16-bit, GiB.
fn columns(w: u32, h: u32) -> f64 {
    96.0 * 27.0 * w as f64 * h as f64 * 2.0 / GIB
}

#[test]
fn torch_29_decodes_the_causal_vae_through_vol2col_columns() {
    let base = decode("/fit qwen-image res=1024 offload=model");
    let old = decode("/fit qwen-image res=1024 offload=model torch=2.9");
    // pytorch#177406: "Tried to allocate 5.06 GiB" on 2.9.1 at 1024 x 1024.
    assert!((columns(1024, 1024) - 5.0625).abs() < 1e-9);
    assert!(
        (old - base - columns(1024, 1024)).abs() < 0.1,
        "{old} - {base} vs {}",
        columns(1024, 1024)
    );
}

#[test]
fn the_columns_follow_the_pixels_not_the_batch() {
    // One batch element at a time through the same buffer (`for elt < batchSize`).
    for batch in [1, 2] {
        let base = decode(&format!(
            "/fit qwen-image res=1280x768 batch={batch} offload=model"
        ));
        let old = decode(&format!(
            "/fit qwen-image res=1280x768 batch={batch} offload=model torch=2.9.1"
        ));
        assert!(
            (old - base - columns(1280, 768)).abs() < 0.1,
            "batch {batch}: {old} - {base} vs {}",
            columns(1280, 768)
        );
    }
}

#[test]
fn other_releases_an_fp32_vae_and_2d_vaes_keep_cudnn() {
    let base = ask("en", "/fit qwen-image res=1024 offload=model");
    for words in ["torch=2.8", "torch=2.10", "torch=2.9 vae=fp32"] {
        let r = ask(
            "en",
            &format!("/fit qwen-image res=1024 offload=model {words}"),
        );
        let want = if words.contains("fp32") {
            figure(
                &ask("en", "/fit qwen-image res=1024 offload=model vae=fp32"),
                "VAE decode:",
            )
        } else {
            figure(&base, "VAE decode:")
        };
        assert!(
            (figure(&r, "VAE decode:") - want).abs() < 0.05,
            "{words}:\n{r}"
        );
        assert!(!r.contains("vol2col"), "{words}:\n{r}");
    }
    // FLUX.1's AutoencoderKL is 2-D: the release changes nothing, and the word is read.
    let flux = ask("en", "/fit flux.1-dev res=1024 torch=2.9");
    let flux_base = ask("en", "/fit flux.1-dev res=1024");
    assert!(!flux.contains("can't read"), "{flux}");
    assert!(
        (figure(&flux, "VAE decode:") - figure(&flux_base, "VAE decode:")).abs() < 0.05,
        "{flux}"
    );
}

#[test]
fn a_tiled_decode_unfolds_one_tile_at_a_time() {
    // enable_tiling(): 256-pixel tiles, each decoded on its own.
    let base = decode("/fit qwen-image res=2048 offload=model vae=tiled");
    let old = decode("/fit qwen-image res=2048 offload=model vae=tiled torch=2.9");
    assert!(
        (old - base - columns(256, 256)).abs() < 0.1,
        "{old} - {base} vs {}",
        columns(256, 256)
    );
}

#[test]
fn the_verdict_counts_it_and_offers_the_release_that_keeps_cudnn() {
    let today = ask("en", "/fit qwen-image res=1792 offload=none h100-sxm");
    assert!(today.contains("⚠️ Tight"), "{today}");
    let old = ask(
        "en",
        "/fit qwen-image res=1792 offload=none h100-sxm torch=2.9",
    );
    assert!(old.contains("❌"), "{old}");
    let offered = old
        .lines()
        .find(|l| l.starts_with("• torch=2.10 →"))
        .unwrap_or_else(|| panic!("no torch=2.10 fix:\n{old}"));
    assert!(offered.contains("tight"), "{offered}");
}

#[test]
fn the_answer_says_why_in_both_languages() {
    let en = ask("en", "/fit qwen-image res=1024 offload=model torch=2.9");
    for part in ["PyTorch 2.9", "cuDNN", "vol2col", "5.1 GiB", "2.10"] {
        assert!(en.contains(part), "{part} missing:\n{en}");
    }
    let zh = ask("zh", "/fit qwen-image res=1024 offload=model torch=2.9");
    for part in ["PyTorch 2.9", "cuDNN", "vol2col", "5.1 GiB", "2.10"] {
        assert!(zh.contains(part), "{part} missing:\n{zh}");
    }
    assert!(!zh.contains("columns buffer"), "{zh}");
}

/// Wan2.1's VAE in diffusers (`AutoencoderKLWan`, `is_residual` false) has Qwen-Image's decoder:
/// `WanDecoder3d`'s last up block runs `WanCausalConv3d(96, 96, 3)` at full size, and `_decode`
/// feeds it one latent frame a chunk, which after the two temporal upsamples is 4 output frames
/// (1 for the first chunk). Added after the Qwen-Image commit; before the Wan data went in the
/// word changed nothing for Wan (failed).
#[test]
fn wan21_vae_in_diffusers_unfolds_four_frames_a_chunk() {
    let base = decode("/fit wan2.1-t2v-1.3b res=640x368 frames=33 offload=model");
    let old = decode("/fit wan2.1-t2v-1.3b res=640x368 frames=33 offload=model torch=2.9");
    let want = 4.0 * columns(640, 368);
    assert!((old - base - want).abs() < 0.1, "{old} - {base} vs {want}");
    // A one-frame clip is one chunk of one frame.
    let one = decode("/fit wan2.1-t2v-1.3b res=640x368 frames=1 offload=model torch=2.9");
    let one_base = decode("/fit wan2.1-t2v-1.3b res=640x368 frames=1 offload=model");
    assert!(
        (one - one_base - columns(640, 368)).abs() < 0.1,
        "{one} - {one_base}"
    );
}

#[test]
fn generate_py_and_the_wan22_vae_are_left_as_they_were() {
    // generate.py decodes in fp32 (cuDNN); Wan2.2-TI2V-5B's residual VAE was not read.
    for line in [
        "/fit wan2.1-t2v-1.3b generate.py res=640x368 frames=33 offload=model",
        "/fit wan2.2-ti2v-5b res=640x352 frames=33 offload=model",
    ] {
        let a = decode(line);
        let b = decode(&format!("{line} torch=2.9"));
        assert!((a - b).abs() < 0.05, "{line}: {a} vs {b}");
    }
}
