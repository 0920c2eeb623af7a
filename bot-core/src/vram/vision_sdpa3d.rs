//! Qwen2-VL / Qwen2.5-VL's vision tower under Transformers' default attention (`sdpa`) in the
//! releases whose `VisionSdpaAttention` called SDPA on 3-D tensors (mem_bs, held-out 22).
//!
//! - Transformers 4.45.0 – 4.50.3 (read in the wheels: `models/qwen2_vl/modeling_qwen2_vl.py`
//!   `VisionSdpaAttention.forward`, and `models/qwen2_5_vl/modeling_qwen2_5_vl.py`, which copies
//!   it) build a `[1, n, n]` bool mask over every patch of the batch's images (block-diagonal by
//!   `cu_seqlens`) and call `F.scaled_dot_product_attention(q, k, v, attention_mask)` with
//!   `q = q.transpose(0, 1)`: `[heads, n, head_dim]`, three dimensions. PyTorch's fused kernels
//!   take 4-D inputs only (`check_tensor_shapes` in `aten/src/ATen/native/transformers/
//!   sdp_utils_cpp.h`: "Both fused kernels requires query, key and value to be 4 dimensional"),
//!   so every card runs the math path, which materializes `[heads, n, n]` scores.
//! - 4.51.0 calls it on `q.unsqueeze(0)` (4-D, the memory-efficient kernel takes the mask) and
//!   4.53 splits the call per image (`cu_seqlens`) with no mask: no score matrix. The default
//!   (no release said) is today's Transformers.
//! - Only `sdpa` (said or the default) is moved: `eager` is sized on its own
//!   (`vision_tower::eager_scores_bytes`), `flash` runs `flash_attn_varlen_func`.
//!
//! Checked: qwen#297 (Qwen2-VL-7B-GPTQ-Int8, September 2024, a 3090): "Tried to allocate
//! 6.10 GiB" with 17.05 GiB allocated = one fp16 `[16, 14 308, 14 308]` tensor (Qwen's demo.jpeg)
//! held while the next is asked for. transformers#37363 (Qwen2.5-VL-7B bf16 on an A100, one
//! 1000 × 2530 image, 12 960 patches): peak allocated 36 930 MB with `sdpa` against 16 295 MB
//! with flash attention, 20.15 GiB more, where [`tower_bytes`] gives 20.5.

use super::{Attention, Engine, FitRequest, ModelRef};

/// A Transformers release as its tags number it: major and minor (`4.45`, `v4.46.3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TransformersRelease {
    pub major: u8,
    pub minor: u8,
}

impl TransformersRelease {
    /// `4.45`, `v4.46.3` (the patch number is checked, then ignored). Majors outside 4–9 are
    /// refused (Transformers 4 is the first with these models).
    pub fn parse(s: &str) -> Option<Self> {
        let (major, minor) = super::releases::major_minor(s, 4..=9)?;
        Some(Self { major, minor })
    }

    /// As the answer writes it: `4.46`.
    pub fn label(self) -> String {
        format!("{}.{}", self.major, self.minor)
    }
}

/// The first release whose Qwen-VL tower calls SDPA on 4-D tensors (4.51.0's wheel).
pub const SDPA_4D_FROM: TransformersRelease = TransformersRelease {
    major: 4,
    minor: 51,
};

/// The families whose tower is Transformers' `qwen2_vl` `VisionSdpaAttention` (Qwen2.5-VL's
/// modular file copies it); Qwen3-VL came in 4.57, after the change.
const FAMILIES: [&str; 2] = ["qwen2-vl", "qwen2.5-vl"];

/// Bytes per score element and head the math path holds at its peak: the scores and the
/// softmax output, both fp32 once PyTorch (2.5 on) upcasts 16-bit inputs there
/// (transformers#37363's 20.15 GiB at 12 960 patches and 16 heads: 8.1). An older PyTorch keeps
/// them in the model's dtype (4; qwen#297's two fp16 tensors); the release of PyTorch is not
/// asked, and the larger is the one that does not under-state.
pub const MATH_BYTES_PER_SCORE: f64 = 8.0;

/// Bytes per element of the mask, once for all heads: the bool `[1, n, n]` Transformers builds
/// and the additive 16-bit copy PyTorch makes of it (`convert_boolean_attn_mask`).
const MASK_BYTES: f64 = 3.0;

/// Whether this request's vision tower runs the 3-D SDPA call: Transformers, `sdpa`, a release
/// said and older than [`SDPA_4D_FROM`], a Qwen2-VL / Qwen2.5-VL model.
pub fn applies(req: &FitRequest) -> bool {
    let ModelRef::Known(m) = req.model else {
        return false;
    };
    req.engine == Engine::Transformers
        && req.attention() == Attention::Sdpa
        && req.transformers_release.is_some_and(|r| r < SDPA_4D_FROM)
        && m.vision
            .as_ref()
            .is_some_and(|v| v.tiles == 0 && v.heads > 0)
        && FAMILIES.contains(&m.family.as_str())
}

/// Patches of the batch's images in the one call: every image's patches go into one sequence
/// (`cu_seqlens` separates them only through the mask), so `batch` prompts of `images` images
/// of `n` patches make `(batch × images × n)²` scores (`vision_calls::call_tokens`). The image
/// is the processor's largest as capped, a prompt's images no more than its sequence.
pub fn patches(req: &FitRequest) -> f64 {
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Some(v) = m.vision.as_ref() else {
        return 0.0;
    };
    // The whole batch's images in one call (`vram::vision_calls`: before 4.53; none without one).
    super::vision_calls::call_tokens(v, req) as f64 * (v.merge as f64).powi(2)
}

/// Bytes of one tower block's math-path attention over the whole batch's patches; 0 where the
/// call is not 3-D ([`applies`]).
pub fn tower_bytes(req: &FitRequest) -> f64 {
    if !applies(req) {
        return 0.0;
    }
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let heads = m.vision.as_ref().map_or(0, |v| v.heads) as f64;
    let n = patches(req);
    n * n * (MATH_BYTES_PER_SCORE * heads + MASK_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_words() {
        let a = TransformersRelease::parse("4.45").unwrap();
        let b = TransformersRelease::parse("v4.50.3").unwrap();
        let c = TransformersRelease::parse("4.51.0").unwrap();
        assert!(a < b && b < SDPA_4D_FROM && c >= SDPA_4D_FROM);
        assert_eq!(b.label(), "4.50");
        for bad in ["", "4", "3.0", "4.x", "4.45.1.2", "10.1"] {
            assert_eq!(TransformersRelease::parse(bad), None, "{bad}");
        }
    }
}
