//! What the VAE decode holds, split into its tensors and the caching allocator's blocks.
//!
//! A pipeline's `decode_bytes_per_px` is what the decode adds to the memory the allocator has
//! reserved (the diffusers quantization-backends blog's peak minus its after-loading figure,
//! 3950 bytes per output pixel for a 16-bit AutoencoderKL; doubled for SDXL, whose VAE
//! diffusers upcasts to fp32). Only part of that is tensors: InvokeAI's VAE investigation
//! (invoke-ai/InvokeAI#8414, RTX 4090, SD1.5 / SDXL / FLUX VAEs at 512² to 2048², fp16 / bf16
//! / fp32) measured the decode's reserved memory at 1.55 (SD1.5), 1.56 (SDXL) and 1.80 (FLUX)
//! times its allocated memory: the convolutions' full-resolution feature maps come in sizes
//! the allocator cannot reuse for each other. So `max_memory_allocated` over a decode holds
//! 1/1.56 of the figure, and the rest is reserve that nvidia-smi and `max_memory_reserved`
//! show. Found on held-out 6: SDXL at 1024² in fp16 (diffusers' loading guide,
//! `max_memory_allocated` 10.47 GiB) was 35 % over with the whole figure counted as tensors.

/// The decode's reserved memory over its allocated memory (InvokeAI#8414, SDXL's VAE; SD1.5's
/// 1.55, FLUX's 1.80).
pub const DECODE_RESERVED_OVER_ALLOCATED: f64 = 1.56;

/// GiB the decode adds, as (tensors, the allocator's blocks beside them), from what it adds to
/// the reserved memory.
pub fn split(reserved_gib: f64) -> (f64, f64) {
    let tensors = reserved_gib / DECODE_RESERVED_OVER_ALLOCATED;
    (tensors, reserved_gib - tensors)
}

/// How the decode is cut (the chat's `vae=tiled` / `vae=sliced`, diffusers'
/// `vae.enable_tiling()` / `vae.enable_slicing()`; neither is on by default: every VAE class
/// sets `use_tiling = False` and `use_slicing = False`, and no pipeline the catalog names
/// turns them on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecodeMode {
    /// The whole batch at once at full resolution (`vae.decode(latents)` on the batch).
    Whole,
    /// One batch element at a time (`z.split(1)`), each whole.
    Sliced,
    /// Overlapping tiles of `tile_px` (and `tile_frames`), every decoded tile kept until
    /// they are blended (and each tile one batch element at a time when also sliced).
    Tiled,
    /// A causal video VAE one latent frame at a time, sized from its shapes
    /// ([`super::causal_decode`]; Wan's own `generate.py`).
    Causal,
}

/// The decode's pieces, GiB: the working memory of the largest piece decoded at once (as
/// the reserved memory it adds, split by [`split`] later) and the decoded pixels kept
/// beside it (plain tensors).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecodeSize {
    pub working_gib: f64,
    pub kept_gib: f64,
    pub mode: DecodeMode,
}

/// Pixels one axis of `len` covers in tiles of `tile` every `stride` (diffusers' tiled
/// decodes: `for i in range(0, len, stride)`, each tile `[i : i + tile]`, all kept in `rows`).
pub fn tiled_extent(len: u32, tile: u32, stride: u32) -> u64 {
    (0..len)
        .step_by(stride.max(1) as usize)
        .map(|i| tile.min(len - i) as u64)
        .sum()
}

/// What decoding `r` holds. `bytes_per_px` is the pipeline's decode figure in the VAE's dtype
/// (per pixel of a frame of the chunk decoded at once); `out_bytes` one output value (the
/// VAE's dtype); `chunk_frames` the frames the untiled decode works on at once and
/// `earlier_frames` the decoded frames of earlier chunks kept beside it
/// ([`super::estimate::decode_chunks`]).
pub fn size(
    r: &super::DiffusionRequest,
    bytes_per_px: f64,
    out_bytes: f64,
    chunk_frames: f64,
    earlier_frames: f64,
) -> DecodeSize {
    const GIB: f64 = (1u64 << 30) as f64;
    let batch = r.batch.max(1) as f64;
    let at_once = if r.vae_sliced { 1.0 } else { batch };
    let frames = r.frames.max(1) as f64;
    // The decoded output: 3 channels per pixel of each frame.
    let output = r.width as f64 * r.height as f64 * frames * 3.0 * out_bytes * batch / GIB;
    let tiling = r.pipeline.vae_tiling.as_ref().filter(|_| r.vae_tiled);
    // diffusers tiles only an output larger than one tile (`width > tile_latent_min_width or
    // height > ...`); a smaller one decodes whole.
    if let Some(t) = tiling.filter(|t| r.width > t.tile_px || r.height > t.tile_px) {
        let chunk = if t.tile_frames > 0 {
            (t.tile_frames as f64).min(frames)
        } else {
            chunk_frames
        };
        let tile_px = t.tile_px.min(r.width) as f64 * t.tile_px.min(r.height) as f64;
        let tiles_px = tiled_extent(r.width, t.tile_px, t.stride_px) as f64
            * tiled_extent(r.height, t.tile_px, t.stride_px) as f64;
        // Every decoded tile (3 values a pixel, every frame) waits in `rows` until blending;
        // the blended rows and the output are cut from them (`torch.cat`).
        let tiles = tiles_px * frames * 3.0 * out_bytes * batch / GIB;
        return DecodeSize {
            working_gib: tile_px * chunk * bytes_per_px * at_once / GIB,
            kept_gib: tiles + output,
            mode: DecodeMode::Tiled,
        };
    }
    let px = r.width as f64 * r.height as f64;
    let working_gib = px * chunk_frames * bytes_per_px * at_once / GIB;
    if r.vae_sliced && batch > 1.0 {
        // The finished slices wait for `torch.cat(decoded_slices)`.
        return DecodeSize {
            working_gib,
            kept_gib: output,
            mode: DecodeMode::Sliced,
        };
    }
    // A whole decode's output is inside the measured figure; earlier temporal chunks are not.
    let earlier = px * earlier_frames * 3.0 * out_bytes * at_once / GIB;
    DecodeSize {
        working_gib,
        kept_gib: earlier,
        mode: DecodeMode::Whole,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_cover_an_axis_as_diffusers_steps_them() {
        // AutoencoderKL at 1024 px tiles, stride 768: 2048 px = tiles at 0, 768, 1536 of
        // 1024, 1024 and 512 px.
        assert_eq!(tiled_extent(2048, 1024, 768), 2560);
        // Wan's 256 / 192 over 480 px: tiles at 0, 192, 384 of 256, 256, 96.
        assert_eq!(tiled_extent(480, 256, 192), 608);
        // A sliver past the last stride is a tile of its own (0..200 every 192: 200 + 8).
        assert_eq!(tiled_extent(200, 256, 192), 208);
        assert_eq!(tiled_extent(192, 256, 192), 192);
    }

    #[test]
    fn the_split_adds_up_and_keeps_the_measured_ratio() {
        for g in [0.5, 3.86, 7.7] {
            let (t, r) = split(g);
            assert!((t + r - g).abs() < 1e-12);
            assert!(((t + r) / t - DECODE_RESERVED_OVER_ALLOCATED).abs() < 1e-12);
        }
    }
}
