//! The dummy video of vLLM V1's start-up profile (mem_do, session 33).
//!
//! V1's `profile_run` (`v1/worker/gpu_model_runner.py`) encodes one dummy item of the modality
//! with the most tokens per item (`max(max_tokens_by_modality.items(), key=lambda item: item[1])`
//! over `get_max_tokens_per_item_by_nonzero_modality`: every modality whose
//! `--limit-mm-per-prompt` is not 0, read at `seq_len = max_model_len`), as many as the encoder
//! budget `max(max_num_batched_tokens, tokens of one item)` holds: one. For Qwen2-VL and
//! Qwen2.5-VL (`model_executor/models/qwen2_vl.py`, `Qwen2VLProcessingInfo`, which Qwen2.5-VL
//! reuses; vllm-project/vllm @ 002d181a) the video's tokens grow with `max_model_len`:
//! `get_max_video_tokens(seq_len)` is the tokens of `get_num_frames_with_most_features` frames
//! of the largest image (`get_image_size_with_most_features`, the processor's `max_pixels`, so
//! `mm_processor_kwargs` caps it too), the frames as many as fit `seq_len` (`_get_max_video_frames`
//! from one frame; frames padded to the temporal patch, `num_frames + num_frames %
//! temporal_patch_size`), divided by the video limit and capped at `_MAX_FRAMES_PER_VIDEO = 14`.
//! At the checkpoints' own 128000 tokens that is 14 frames, 7 temporal groups: 114688 tokens and
//! 458752 patches through the tower, 7 times the image's, and the usual reason a Qwen-VL server
//! started without `--max-model-len` finds "no available memory for the cache blocks".
//! Not modelled: Qwen3-VL (its video processor's own size limits and two-frame start were not
//! read), V0 (its profile is `infer::profile_images`'s) and the other servers.

use super::Engine;
use super::request::{FitRequest, ModelRef};
use crate::catalog::VisionTower;

/// `_MAX_FRAMES_PER_VIDEO` in vLLM's `qwen2_vl.py` ("For profile run").
pub const MAX_FRAMES_PER_VIDEO: u32 = 14;

/// Catalog families whose processor is vLLM's `Qwen2VLProcessingInfo` (video read as above).
const VIDEO_FAMILIES: &[&str] = &["qwen2-vl", "qwen2.5-vl"];

/// The dummy video that sets V1's encoder profile in place of the image.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DummyVideo {
    pub frames: u32,
    /// Patches through the tower (temporal groups x the largest image's patches).
    pub patches: f64,
    /// Language-model tokens (patches / merge²).
    pub tokens: f64,
}

/// The largest image's patches and tokens (`v` already capped by `max_pixels=`).
pub(super) fn image_patches_tokens(v: &VisionTower) -> (f64, f64) {
    let patches = (v.max_pixels as f64 / (v.patch as f64).powi(2)).floor();
    let tokens = (patches / (v.merge as f64).powi(2)).floor().max(1.0);
    (patches, tokens)
}

/// Temporal groups of `frames` frames: padded to the temporal patch, at least one.
fn groups(v: &VisionTower, frames: u32) -> f64 {
    let t = v.temporal_patch.max(1);
    let padded = frames + frames % t;
    f64::from((padded / t).max(1))
}

/// vLLM's `get_num_frames_with_most_features(seq_len, {video: videos})`.
pub fn frames(v: &VisionTower, seq_len: u32, videos: u32) -> u32 {
    let (_, tokens) = image_patches_tokens(v);
    // `_get_max_video_frames`: add a frame while the video's tokens stay within `seq_len`.
    let mut n = 1u32;
    while n < 4096 && groups(v, n + 1) * tokens <= f64::from(seq_len) {
        n += 1;
    }
    (n / videos.max(1)).clamp(1, MAX_FRAMES_PER_VIDEO)
}

/// The dummy video of the request's V1 profile, when it holds more tokens than the image;
/// `None` for V0, another engine, training, a processor without video or `videos=0`.
pub fn dummy_video(req: &FitRequest, v: &VisionTower) -> Option<DummyVideo> {
    let ModelRef::Known(m) = req.model else {
        return None;
    };
    let videos = req.videos_per_prompt.unwrap_or(1);
    let applies = req.engine == Engine::Vllm
        && !req.vllm_v0
        && !req.task.is_training()
        && videos > 0
        && VIDEO_FAMILIES.contains(&m.family.as_str());
    if !applies {
        return None;
    }
    let (patches, tokens) = image_patches_tokens(v);
    let f = frames(v, req.context, videos);
    let g = groups(v, f);
    // `max()` keeps the first of equal items: the image, listed first.
    (g * tokens > tokens).then_some(DummyVideo {
        frames: f,
        patches: g * patches,
        tokens: g * tokens,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Qwen2.5-VL's tower as the catalog has it (config.json `vision_config`).
    fn qwen25vl() -> VisionTower {
        let c = crate::catalog::Catalog::embedded().unwrap();
        c.model("qwen2.5-vl-7b").unwrap().vision.unwrap()
    }

    #[test]
    fn frames_fill_the_context_to_the_cap() {
        let v = qwen25vl();
        // One group is the image's 16384 tokens; two frames pad to one group.
        assert_eq!(frames(&v, 16384, 1), 2);
        // 32768: four frames (two groups); five would pad to three groups (49152).
        assert_eq!(frames(&v, 32768, 1), 4);
        // 128000: fourteen (seven groups, 114688); fifteen pads to eight (131072).
        assert_eq!(frames(&v, 128_000, 1), 14);
        assert_eq!(frames(&v, 1_000_000, 1), MAX_FRAMES_PER_VIDEO);
        // Two videos share the frames.
        assert_eq!(frames(&v, 128_000, 2), 7);
        // Below one image's tokens: still one frame.
        assert_eq!(frames(&v, 4096, 1), 1);
    }
}
