//! How many patches one attention call of a Qwen2-VL / Qwen2.5-VL vision tower covers in
//! Transformers, by release (mem_cf, session 29): the size of the score matrices an eager or
//! math-path attention materializes in the tower.
//!
//! - Before 4.53 the tower's attention was one call over every patch of the batch's images:
//!   the eager `VisionAttention.forward` builds a `[1, n, n]` mask over all patches
//!   (block-diagonal by `cu_seqlens`, one block per image; Qwen2.5-VL's window blocks use
//!   `cu_window_seqlens` the same way) and `torch.matmul(q, k.transpose(1, 2))` scores all
//!   `[heads, n, n]` at once; the SDPA classes pass the same mask (3-D before 4.51,
//!   `vram::vision_sdpa3d`; 4-D from 4.51). `batch` prompts of `images` images each put
//!   `(batch × images × patches)²` scores in one tensor.
//! - From 4.53 (`modeling_qwen2_vl.py` @ 00b676f8, `VisionAttention.forward`: "Other
//!   implementations: Process each chunk separately") every implementation but flash
//!   attention splits q, k and v by `cu_seqlens` and calls the attention once per chunk with no
//!   mask, keeping only each call's output (`[0]`): one image's scores at a time in a
//!   full-attention block (all of Qwen2-VL's, `fullatt_block_indexes` of Qwen2.5-VL's), one
//!   window's in a window block, whatever the batch. Flash attention (`flash_attn_varlen_func`
//!   on `cu_seqlens`) never holds scores.
//! - A prompt without an image does not run the tower (`pixel_values` is `None`): a text-only
//!   question (`images_per_prompt` 0) pays for its weights only.
//!
//! With no release said the answer is today's Transformers (chunked), as elsewhere.

use super::vision_tower::{capped, eager_scores_bytes, image_tokens};
use super::{Engine, FitRequest, GIB, ModelRef, TransformersRelease, round2};
use crate::catalog::VisionTower;
use crate::reply::Msg;

/// The first release whose Qwen-VL tower splits its attention per image / window (4.53).
pub const CHUNKED_FROM: TransformersRelease = TransformersRelease {
    major: 4,
    minor: 53,
};

/// Images one prompt carries to the tower: the request's `images_per_prompt`, 1 unless said;
/// 0 is a text-only question.
pub fn images(req: &FitRequest) -> u64 {
    req.images_per_prompt.map_or(1, u64::from)
}

/// Whether the request's release runs the tower's attention as one call over the whole batch's
/// patches (a release said, older than [`CHUNKED_FROM`]).
pub fn one_call(req: &FitRequest) -> bool {
    req.transformers_release.is_some_and(|r| r < CHUNKED_FROM)
}

/// Merged image tokens in the tower's largest attention call: one image (the processor's
/// largest as capped, no more than the sequence) in a chunked release; every image of every
/// prompt in the batch (each prompt's images no more than its sequence) before 4.53; none for a
/// text-only question.
pub fn call_tokens(v: &VisionTower, req: &FitRequest) -> u64 {
    let image = image_tokens(&capped(v, req.max_pixels));
    let n = images(req);
    if n == 0 {
        return 0;
    }
    let context = u64::from(req.context);
    if one_call(req) {
        (image * n).min(context) * u64::from(req.batch.max(1))
    } else {
        image.min(context)
    }
}

/// Bytes of the tower's largest score call at `per_score` bytes per element and head (plus the
/// mask, `vision_tower::scores_bytes`); 0 for a model with no untiled tower or no image.
pub fn call_scores_bytes(req: &FitRequest, per_score: f64) -> f64 {
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Some(v) = m.vision.as_ref() else {
        return 0.0;
    };
    match call_tokens(v, req) {
        0 => 0.0,
        t => super::vision_tower::scores_bytes(v, t, per_score).unwrap_or(0.0),
    }
}

/// The answer's note on the tower's eager scores (Transformers, an attention that materializes
/// them): the tokens of the largest call and its bytes; none for a text-only prompt or a tiled
/// tower.
pub(super) fn notes(req: &FitRequest) -> Vec<Msg> {
    let ModelRef::Known(m) = req.model else {
        return Vec::new();
    };
    let Some(v) = m.vision.as_ref() else {
        return Vec::new();
    };
    if req.task.is_training()
        || req.engine != Engine::Transformers
        || !req.attention().materializes_scores()
    {
        return Vec::new();
    }
    let tokens = call_tokens(v, req);
    match eager_scores_bytes(v, tokens).filter(|_| tokens > 0) {
        Some(b) => vec![
            Msg::new("fit-warn-vision-eager")
                .arg("tokens", tokens as f64)
                .arg("gib", round2(b / GIB)),
        ],
        None => Vec::new(),
    }
}
