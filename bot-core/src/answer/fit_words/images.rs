//! Images and video frames a prompt or a training sample carries, as `/fit` words.

use crate::reply::Reply;
use crate::vram::{FitError, FitRequest};

use super::usage_err;

/// The most images a prompt is sized with: vLLM's own examples go to tens, not thousands.
const MAX_IMAGES: u32 = 256;

/// The most video frames a sample is sized with (qwen-vl-utils' `FPS_MAX_FRAMES` default, 768).
const MAX_FRAMES: u32 = 768;

/// Images a prompt may carry (`images_per_prompt=10`, vLLM's `limit_mm_per_prompt=image=10`):
/// what V0's start-up profile encodes per dummy sequence (`FitRequest::images_per_prompt`). Not
/// `images=`, which an image model's batch may mean. `false` for another key.
pub(super) fn images_option(
    req: &mut FitRequest<'_>,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    // Frames of the video a training sample carries (ms-swift's `FPS_MAX_FRAMES`):
    // the vision tower's patches (`vram::vision_train`).
    if matches!(k, "video_frames" | "fps_max_frames" | "视频帧数") {
        match v.parse::<u32>() {
            Ok(n) if (1..=MAX_FRAMES).contains(&n) => req.vit.video_frames = Some(n),
            _ => return Err(usage_err(FitError::BadValue(w.into()))),
        }
        return Ok(true);
    }
    // Videos a prompt may carry (vLLM's `--limit-mm-per-prompt video=0`): V1's dummy video
    // (`vram::vllm_video_profile`).
    if matches!(k, "videos" | "videos_per_prompt" | "每条请求视频数") {
        match v.parse::<u32>() {
            Ok(n) if n <= MAX_IMAGES => req.videos_per_prompt = Some(n),
            _ => return Err(usage_err(FitError::BadValue(w.into()))),
        }
        return Ok(true);
    }
    // vLLM's `--mm-encoder-tp-mode`: `data` replicates the tower on every rank.
    if matches!(k, "mm_encoder_tp_mode" | "encoder_tp_mode") {
        match v {
            "data" | "dp" => req.mm_encoder_dp = true,
            "weights" | "tp" => req.mm_encoder_dp = false,
            _ => return Err(usage_err(FitError::BadValue(w.into()))),
        }
        return Ok(true);
    }
    if !matches!(
        k,
        "images_per_prompt" | "limit_mm_per_prompt" | "limit_mm" | "每条请求图片数"
    ) {
        return Ok(false);
    }
    // `image=1,video=0` as vLLM writes the limits, each modality its own; a bare number is images.
    for part in v.split(',') {
        let (modality, n) = part.split_once(['=', ':']).unwrap_or(("image", part));
        match (modality.trim(), n.trim().parse::<u32>()) {
            ("image", Ok(n)) if (1..=MAX_IMAGES).contains(&n) => req.images_per_prompt = Some(n),
            ("video", Ok(n)) if n <= MAX_IMAGES => req.videos_per_prompt = Some(n),
            _ => return Err(usage_err(FitError::BadValue(w.into()))),
        }
    }
    Ok(true)
}
