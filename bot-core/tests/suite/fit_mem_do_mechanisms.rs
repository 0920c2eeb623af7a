//! mem_do (session 33, issue 24): vLLM V1's start-up profile encodes a dummy *video* when the
//! model's processor takes video and the video holds more tokens than the largest image. Cases of
//! our own, each asserting what vLLM's source implies:
//! - V1 `gpu_model_runner.py` `profile_run`: the dummy modality is the one with the most tokens per
//!   item (`max(max_tokens_by_modality.items(), key=...)`), `get_max_tokens_per_item_by_nonzero_modality`
//!   over the modalities whose `--limit-mm-per-prompt` is not 0, read at `seq_len = max_model_len`;
//!   the encoder budget (`max(max_num_batched_tokens, tokens of one item)`) holds one such item.
//! - Qwen2-VL's processing info (`model_executor/models/qwen2_vl.py`, which Qwen2.5-VL reuses):
//!   `get_max_video_tokens(seq_len)` = the tokens of `get_num_frames_with_most_features` frames of
//!   the largest image, where the frames are as many as fit `seq_len` (`_get_max_video_frames`:
//!   frames padded to the temporal patch, 2), divided by the video limit and capped at
//!   `_MAX_FRAMES_PER_VIDEO` (14). At a long `max_model_len` that is 7 temporal groups of the largest
//!   image: 7 x 16384 tokens, 458752 patches through the tower, 7 x the image's.
//! - V0's profile (`vllm_v0`) is built otherwise (`vram::infer`, `profile_images`): untouched.
//! - A processor without video (Gemma-3, Mistral-3.1's Pixtral tower) profiles the image whatever
//!   the context.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, estimate_with,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// One vLLM server of `model` at `ctx` tokens (`max_model_len`) on one `gpu`; `videos`: the
/// `--limit-mm-per-prompt video=` word (None: vLLM's default); `v0`: the V0 engine.
fn serve(
    c: &Catalog,
    model: &str,
    ctx: u32,
    gpu: &str,
    videos: Option<u32>,
    v0: bool,
) -> FitReport {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(model).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.context = ctx;
    r.engine = Engine::Vllm;
    r.gpu = Some(c.gpu(gpu).unwrap());
    r.videos_per_prompt = videos;
    r.vllm_v0 = v0;
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

fn act(c: &Catalog, model: &str, ctx: u32, videos: Option<u32>, v0: bool) -> f64 {
    serve(c, model, ctx, "a100-80g-sxm", videos, v0)
        .per_gpu
        .activations_gib
}

const NOTE: &str = "fit-warn-vision-video";

#[test]
fn the_dummy_video_grows_with_max_model_len_in_temporal_groups() {
    let c = cat();
    let m = "qwen2.5-vl-7b";
    // At 16384 tokens two frames (one temporal group) hold exactly the image's 16384 tokens: the
    // image stays the dummy (not more tokens), as at 8192.
    let short = act(&c, m, 8192, None, false);
    let image = act(&c, m, 16384, None, false);
    assert!((short - image).abs() < 0.01, "{short} vs {image}");
    // 32768: four frames, two groups; 128000: fourteen frames (the cap), seven groups.
    let two = act(&c, m, 32768, None, false);
    let seven = act(&c, m, 128_000, None, false);
    assert!(two > image + 1.0, "{two} vs {image}");
    assert!(seven > two + 5.0, "{seven} vs {two}");
    // The tower's part is linear in the patches: the step from one group to two is a sixth of the
    // step from one to seven (the 16-bit outputs kept, the fp32 pixels and the blocks alike).
    let ratio = (seven - image) / (two - image);
    assert!((ratio - 6.0).abs() < 0.3, "{ratio}");
    // A longer context adds no frame past the cap.
    let longer = act(&c, m, 200_000, None, false);
    assert!((longer - seven).abs() < 0.01, "{longer} vs {seven}");
}

#[test]
fn a_video_limit_of_zero_leaves_the_image() {
    let c = cat();
    let m = "qwen2.5-vl-7b";
    let image = act(&c, m, 16384, None, false);
    let none = act(&c, m, 128_000, Some(0), false);
    assert!((none - image).abs() < 0.01, "{none} vs {image}");
    // Two videos a prompt share the frames: fewer per video (7 each: 4 groups), less than one.
    let one = act(&c, m, 128_000, Some(1), false);
    let two = act(&c, m, 128_000, Some(2), false);
    assert!(two < one && two > image, "{two} between {image} and {one}");
}

#[test]
fn v0_and_processors_without_video_are_untouched() {
    let c = cat();
    // V0's profile is its own: the video word moves nothing there.
    let v0 = act(&c, "qwen2.5-vl-7b", 128_000, None, true);
    let v0_none = act(&c, "qwen2.5-vl-7b", 128_000, Some(0), true);
    assert!((v0 - v0_none).abs() < 0.01, "{v0} vs {v0_none}");
    // Gemma-3 takes images only: the context does not change its encoder profile.
    let g_short = act(&c, "gemma-3-27b", 8192, None, false);
    let g_long = act(&c, "gemma-3-27b", 128_000, None, false);
    assert!((g_short - g_long).abs() < 0.01, "{g_short} vs {g_long}");
    let g = serve(&c, "gemma-3-27b", 128_000, "a100-80g-sxm", None, false);
    assert!(!g.warning_ids.iter().any(|w| w == NOTE));
}

#[test]
fn a_server_at_its_full_context_needs_the_video_and_says_so() {
    let c = cat();
    let m = "qwen2.5-vl-3b";
    // One RTX 4090: at the checkpoint's 128000 tokens the dummy video of 14 frames does not fit
    // vLLM's 0.9 share beside the weights; without video, or at 32768, it does.
    let full = serve(&c, m, 128_000, "rtx-4090", None, false);
    assert_eq!(full.fits, Some(false), "{:?}", full.per_gpu);
    assert!(full.warning_ids.iter().any(|w| w == NOTE));
    let no_video = serve(&c, m, 128_000, "rtx-4090", Some(0), false);
    assert_eq!(no_video.fits, Some(true), "{:?}", no_video.per_gpu);
    assert!(!no_video.warning_ids.iter().any(|w| w == NOTE));
    let shorter = serve(&c, m, 32768, "rtx-4090", None, false);
    assert_eq!(shorter.fits, Some(true), "{:?}", shorter.per_gpu);
}

#[test]
fn the_chat_reads_the_video_limit_in_both_languages() {
    let with = ask("en-US", "/fit qwen2.5-vl-3b vllm ctx=128000 4090");
    assert!(with.contains("video"), "{with}");
    assert!(with.contains("videos=0"), "{with}");
    let without = ask("en-US", "/fit qwen2.5-vl-3b vllm ctx=128000 videos=0 4090");
    assert!(!without.contains("videos=0"), "{without}");
    assert!(without.contains("✅"), "{without}");
    let limit = ask(
        "en-US",
        "/fit qwen2.5-vl-3b vllm ctx=128000 limit_mm_per_prompt=image=1,video=0 4090",
    );
    assert!(limit.contains("✅"), "{limit}");
    let zh = ask("zh-CN", "/fit qwen2.5-vl-3b vllm ctx=128000 4090");
    assert!(zh.contains("视频"), "{zh}");
    assert!(zh.contains("videos=0"), "{zh}");
}

/// vLLM's `--mm-encoder-tp-mode data` (`vision.py` `run_dp_sharded_mrope_vision_model`, models
/// with `supports_encoder_tp_data`): the tower's linear layers are built with `disable_tp`, so
/// every rank holds the whole tower and encodes its own images unsplit; the profile's one dummy
/// item lands on one rank whole, and every rank all-gathers the ranks' outputs padded to the
/// longest. Qwen2.5-VL-7B over 2 x L40S at 32768 tokens (the dummy video of two temporal groups,
/// 131072 patches, sets the profile): the busiest rank's profile grows by the blocks' FFN half no
/// longer split and the gathered outputs; the answer says so.
fn served_dp(c: &Catalog, cards: u32, encoder_dp: bool) -> FitReport {
    let m = c.model("qwen2.5-vl-7b").unwrap();
    let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    r.context = 32768;
    r.engine = Engine::Vllm;
    r.gpu = Some(c.gpu("l40s").unwrap());
    r.cards = cards;
    r.mm_encoder_dp = encoder_dp;
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

#[test]
fn encoder_data_parallel_holds_the_whole_item_on_one_rank() {
    let c = cat();
    let tp = served_dp(&c, 2, false);
    let dp = served_dp(&c, 2, true);
    let v = c.model("qwen2.5-vl-7b").unwrap().vision.unwrap();
    // Two temporal groups of the largest image (the video at 32768 tokens).
    let patches = 2.0 * (v.max_pixels as f64 / f64::from(v.patch * v.patch)).floor();
    // The blocks' FFN part no longer split over 2: half of 6 x intermediate bytes a patch more,
    // and the gathered outputs beside.
    let unsplit = patches * 6.0 * f64::from(v.intermediate) / 2.0 / GIB;
    let grown = dp.per_gpu.activations_gib - tp.per_gpu.activations_gib;
    assert!(grown > unsplit, "{grown} vs {unsplit}");
    assert!(
        dp.warning_ids
            .iter()
            .any(|w| w == "fit-warn-vision-encoder-dp")
    );
    assert!(
        !tp.warning_ids
            .iter()
            .any(|w| w == "fit-warn-vision-encoder-dp")
    );
    // One card has nothing to split: the word changes nothing there, and says nothing.
    let a = served_dp(&c, 1, false);
    let b = served_dp(&c, 1, true);
    assert!((a.per_gpu.activations_gib - b.per_gpu.activations_gib).abs() < 0.01);
    assert!(
        !b.warning_ids
            .iter()
            .any(|w| w == "fit-warn-vision-encoder-dp")
    );
}

#[test]
fn the_encoder_mode_is_a_word_in_chat_and_cli_form() {
    let line = "/fit qwen2.5-vl-7b vllm ctx=32768 2x l40s";
    let tp = ask("en-US", line);
    let dp = ask("en-US", &format!("{line} mm_encoder_tp_mode=data"));
    assert!(!tp.contains("mm-encoder-tp-mode"), "{tp}");
    assert!(dp.contains("mm-encoder-tp-mode data"), "{dp}");
    let zh = ask("zh-CN", &format!("{line} mm_encoder_tp_mode=data"));
    assert!(zh.contains("视觉编码器"), "{zh}");
}

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;
