//! The Ollama engine's measured layout for Qwen2.5-VL (`qwen25vl`), v0.11.11 through v0.13.5:
//! from v0.11.11 (eb10390de, new memory estimates on by default) Ollama no longer sizes an
//! Ollama-engine model with `GraphSize`; the runner reserves its worst-case graphs on the
//! backend and reports what ggml asked for, and `ollama ps` SIZE is the sum (`llm/server.go`
//! @ v0.13.3 `TotalSize`: input weights + the CPU's and every card's weights, cache and graph).
//! Read at ollama/ollama v0.13.3 and v0.13.4 (and checked unchanged from v0.11.11 to v0.13.5):
//!
//! - `runner/ollamarunner/runner.go` `reserveWorstCaseGraph`: the vision graph is reserved by
//!   encoding one 2048 x 2048 image; the text graph with a full batch (`num_batch` 512).
//! - `ml/backend/ggml/ggml.go` `Context.Reserve`: "Reserve may get called multiple times for
//!   different graphs - we just want the last run, which will contain the max allocations": one
//!   compute buffer, the larger of the two graphs.
//! - `model/models/qwen25vl/process_image.go` `SmartResize`: the image is scaled to at most
//!   `maxPixels` on a 28-pixel grid (`floor(side / beta / 28) x 28`, `beta = sqrt(h x w /
//!   maxPixels)`); `maxPixels` 28 x 28 x 1280 ("1MP limit") until v0.13.3, `2<<20` ("2M limit")
//!   from v0.13.4 (971d62595 "fix: qwen2.5 vl rope", "qwen25vl: bump max pixels").
//! - `model/models/qwen25vl/model_vision.go` `VisionSelfAttention.Forward`: every vision block
//!   attends over all of the image's patches (`key.MulmatFullPrec(ctx, query)`: an fp32
//!   `patches x patches x heads` score tensor; windows are a block-diagonal `patches x patches`
//!   fp32 mask added to it, `blockDiagonalMask`), softmax in place.
//! - `fs/ggml/ggml.go` `FlashAttention` @ v0.13.5: qwen25vl is not among the architectures with
//!   flash attention on by default, so the text graph holds `kv x batch x heads` fp32 scores
//!   over the whole cache (`num_ctx x num_parallel` cells at reserve).
//!
//! Both graphs are sized by their score tensor and its mask (the tensors that dominate them);
//! the CPU's own small graph is not counted.

use super::OllamaRelease;
use crate::catalog::VisionTower;

/// The first release that reads Qwen2.5-VL images up to `2<<20` pixels (971d62595, v0.13.4).
pub const QWEN25VL_2MP_FROM: OllamaRelease = OllamaRelease {
    minor: 13,
    patch: 4,
};

/// The last release this layout was read at (v0.13.5: the runner, the processor, the vision
/// attention and `Context.Reserve` as in v0.13.4); a later release gets no figure.
pub const MEASURED_READ_THROUGH: OllamaRelease = OllamaRelease {
    minor: 13,
    patch: 5,
};

/// The image side `reserveWorstCaseGraph` encodes.
const WORST_IMAGE_SIDE: u64 = 2048;

/// `maxPixels` of Qwen2.5-VL's image processor under `release` (the GGUF sets no
/// `vision.max_pixels`, so the default decides).
pub fn qwen25vl_max_pixels(release: OllamaRelease) -> u64 {
    if release >= QWEN25VL_2MP_FROM {
        2 << 20
    } else {
        28 * 28 * 1280
    }
}

/// Patches of the worst-case image after `SmartResize` (a square: both sides alike).
pub fn worst_case_patches(v: &VisionTower, max_pixels: u64) -> u64 {
    let patch = u64::from(v.patch.max(1));
    let factor = patch * u64::from(v.merge.max(1));
    let side = WORST_IMAGE_SIDE;
    let rounded = ((side as f64 / factor as f64).round_ties_even() as u64) * factor;
    let resized = if rounded * rounded > max_pixels {
        let beta = ((side * side) as f64 / max_pixels as f64).sqrt();
        ((side as f64 / beta / factor as f64).floor() as u64) * factor
    } else {
        rounded
    };
    (resized / patch).pow(2)
}

/// The vision graph's bytes: the fp32 score tensor over every patch pair and head, and the
/// fp32 mask beside it.
pub fn vision_graph_bytes(v: &VisionTower, release: OllamaRelease) -> u64 {
    let p = worst_case_patches(v, qwen25vl_max_pixels(release));
    p * p * (u64::from(v.heads) + 1) * 4
}

/// The text graph's bytes: fp32 scores of one batch against every cache cell for each head,
/// and the fp32 mask beside them.
pub fn text_graph_bytes(cells: u64, batch: u64, heads: u64) -> u64 {
    cells * batch * (heads + 1) * 4
}

/// Whether `release` is one this layout was read for.
pub fn read_for(release: OllamaRelease) -> bool {
    (super::NEW_ESTIMATES_FROM..=MEASURED_READ_THROUGH).contains(&release)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Qwen2.5-VL's tower as the catalog has it (config.json `vision_config`).
    fn tower() -> VisionTower {
        let c = crate::catalog::Catalog::embedded().unwrap();
        c.model("qwen2.5-vl-7b").unwrap().vision.unwrap()
    }

    #[test]
    fn the_worst_case_image_by_release() {
        let v = tower();
        // 0.13.3: beta = sqrt(2048^2 / 1003520) = 2.044, floor(2048 / 2.044 / 28) = 35: 980 px,
        // 70 x 70 patches. 0.13.4: beta = sqrt(2), floor(51.7) = 51: 1428 px, 102 x 102.
        let old = OllamaRelease::parse("0.13.3").unwrap();
        let new = OllamaRelease::parse("0.13.4").unwrap();
        assert_eq!(worst_case_patches(&v, qwen25vl_max_pixels(old)), 4900);
        assert_eq!(worst_case_patches(&v, qwen25vl_max_pixels(new)), 10404);
        assert_eq!(vision_graph_bytes(&v, old), 4900 * 4900 * 17 * 4);
        assert!(read_for(old) && read_for(new));
        assert!(!read_for(OllamaRelease::parse("0.11.10").unwrap()));
        assert!(!read_for(OllamaRelease::parse("0.14.0").unwrap()));
    }
}
