//! A causal video VAE's decode as Wan's own `generate.py` runs it, sized from the decoder's
//! shapes (`[pipeline.wan_generate.causal_vae]`), not from a per-pixel figure of 2-D VAEs.
//!
//! Read at Wan-Video/Wan2.2@42bf4cfa `wan/modules/vae2_2.py`:
//! - `Wan2_2_VAE(dtype=torch.float)` decodes under `amp.autocast(dtype=torch.float)`: every
//!   tensor fp32.
//! - `WanVAE_.decode` runs `Decoder3d` one latent frame at a time. Each `CausalConv3d` with a
//!   temporal kernel keeps `CACHE_T = 2` frames of its input in `feat_cache` for the next
//!   chunk, so every such conv's cache is alive through every chunk; the decoded chunks wait in
//!   `out` (`torch.cat([out, out_], 2)`) until `unpatchify`.
//! - `Decoder3d`: widths `dec_dim` x [m_last] + reversed `dim_mult`; per stage an
//!   `Up_ResidualBlock` that clones its input (`x_main = x.clone()`), runs `num_res_blocks + 1`
//!   `ResidualBlock`s (1x1 shortcut when the width changes, then RMS_norm, SiLU, causal conv,
//!   twice) and, except the last, a `Resample` (x2 spatial; x2 temporal with a cached
//!   `time_conv` where `temperal_upsample`) with a `DupUp3D` shortcut added to it.
//! - A first chunk has no cache yet (the "Rep" path leaves its frames undoubled); every later
//!   chunk of one latent frame grows to 4 frames through the two temporal stages.
//!
//! Wan2.1's `WanVAE` (Wan-Video/Wan2.1@f1f7c882 `wan/modules/vae.py`; Wan2.2's `vae2_1.py`, the
//! A14B pipelines' VAE) is the same causal decode with another structure: its decoder is one
//! flat list of blocks (no clone of a stage's input, no `DupUp3D`), its `Resample` conv halves
//! the channels (`Conv2d(dim, dim // 2)`, so stages 1-3 read `in_dim // 2`), no patchify, 3
//! output channels (`stage_clone`, `resample_halves`).
//!
//! The widest moment is a stage's first causal conv: the stage's input and its clone, the
//! shortcut's output, the SiLU output, the new cache slice, the `torch.cat` of the old cache
//! with the input, and its `F.pad` (one pixel each side) - all alive when the pad is
//! allocated (the Wan2.2 3090 report's failed "2.60 GiB" at 1280x704 is exactly that pad:
//! 512 x 6 x 354 x 642 x 4 bytes). At the end of a stage with an upsample, the input, the
//! main path's output, the `DupUp3D` shortcut and their sum are the other candidate; and the
//! `torch.cat` growing `out` (old, new chunk, result) after each chunk the third.
//!
//! `textimage2video.py` empties the cache before `vae.decode`, and every later chunk allocates
//! the same sizes, so the blocks are reused chunk after chunk: the decode keeps the allocator's
//! ordinary share ([`super::estimate::ALLOCATOR_RESERVE`]), not the 1.56 ratio InvokeAI measured
//! on whole 2-D decodes ([`super::decode`]). What the allocator fragments beyond that (the 3090
//! report: 4.03 GiB reserved but unallocated) is why a 24 GiB card is only "tight" for it.

use super::CausalVae;

const GIB: f64 = (1u64 << 30) as f64;

/// What one decode holds at its peak, GiB (the VAE's weights apart).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CausalDecodeSize {
    /// The working tensors of the widest moment in a chunk.
    pub transient_gib: f64,
    /// Every causal conv's cached frames from the chunk before.
    pub caches_gib: f64,
    /// The decoded frames of earlier chunks waiting in `out`.
    pub earlier_gib: f64,
    /// All of it at the decode's peak (the largest of the three moments).
    pub total_gib: f64,
    /// The widest stage: its input channels and its size (before `unpatchify`).
    pub widest: (u32, u32, u32),
}

/// The decode of a `width` x `height` clip of `frames` output frames (`vae_time` output frames
/// a latent frame) by `v`.
pub fn size(
    v: &CausalVae,
    width: u32,
    height: u32,
    frames: u32,
    vae_time: u32,
) -> CausalDecodeSize {
    let n = v.dim_mult.len();
    let last = *v.dim_mult.last().unwrap_or(&1);
    let dims: Vec<f64> = std::iter::once(last)
        .chain(v.dim_mult.iter().rev().copied())
        .map(|m| (v.dec_dim * m) as f64)
        .collect();
    // The latent's size: the output over the patch and the spatial x2 of every stage but the
    // last (integer division, as generate.py sizes its latents).
    let ups = (n - 1) as u32;
    let (lw, lh) = ((width / v.patch) >> ups, (height / v.patch) >> ups);
    let px = |i: u32| {
        (
            (lw << i) as f64 * (lh << i) as f64,
            ((lw << i) + 2) as f64 * ((lh << i) + 2) as f64,
        )
    };
    let latent_frames = (frames.max(1) - 1) / vae_time.max(1) + 1;
    let later = latent_frames > 1;
    let c = v.cache_frames as f64;
    let (p0, _) = px(0);
    // conv1 on the latent, the middle's two residual blocks.
    let mut caches = c * (v.z_dim as f64 + 4.0 * dims[0]) * p0;
    let mut t = 1.0;
    let mut widest = (0.0, (0u32, 0u32, 0u32));
    for i in 0..n {
        let cin = if v.resample_halves && i > 0 {
            dims[i] / 2.0
        } else {
            dims[i]
        };
        let cout = dims[i + 1];
        let (p, padded) = px(i as u32);
        let spatial = i + 1 < n;
        let temporal = later && v.temporal_up.get(i).copied().unwrap_or(false);
        // The first block's two convs, then two a block at the stage's width; the time_conv.
        caches += c * p * (cin + cout + 2.0 * (v.res_blocks as f64 - 1.0) * cout);
        if temporal {
            caches += c * p * cout;
        }
        let shortcut = if cin != cout { cout * t * p } else { 0.0 };
        let cat = if later { cin * (t + c) * p } else { 0.0 };
        // The stage's input (and its clone where the stage makes one), the SiLU output.
        let inputs = if v.stage_clone { 3.0 } else { 2.0 };
        let at_conv = inputs * cin * t * p + shortcut + cin * c * p + cat + cin * (t + c) * padded;
        let t_out = if temporal { 2.0 * t } else { t };
        let at_add = if spatial && v.stage_clone {
            let (p_next, _) = px(i as u32 + 1);
            cin * t * p + 3.0 * cout * t_out * p_next
        } else {
            0.0
        };
        let moment = at_conv.max(at_add);
        if moment > widest.0 {
            widest = (moment, (cin as u32, lw << i, lh << i));
        }
        t = t_out;
    }
    let (p_out, _) = px(ups);
    caches += c * p_out * dims[n];
    let out_frames = ((latent_frames - 1) * vae_time + 1) as f64;
    let chunk = if later { vae_time as f64 } else { 1.0 };
    let out_ch = v.out_channels as f64;
    let earlier = out_ch * p_out * (out_frames - chunk);
    // After the last chunk: the old `out`, the chunk and the concatenation.
    let at_cat = out_ch * p_out * (2.0 * out_frames);
    let b = v.bytes / GIB;
    let total = (caches + earlier + widest.0).max(caches + at_cat);
    CausalDecodeSize {
        transient_gib: widest.0 * b,
        caches_gib: caches * b,
        earlier_gib: earlier * b,
        total_gib: total * b,
        widest: widest.1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wan22() -> CausalVae {
        CausalVae {
            class: "Wan2_2_VAE".into(),
            z_dim: 48,
            dec_dim: 256,
            dim_mult: vec![1, 2, 4, 4],
            res_blocks: 3,
            temporal_up: vec![true, true, false],
            out_channels: 12,
            patch: 2,
            cache_frames: 2,
            stage_clone: true,
            resample_halves: false,
            bytes: 4.0,
            basis: "test".into(),
            source: "test".into(),
            as_of: "2026-12-06".into(),
        }
    }

    #[test]
    fn the_widest_pad_is_the_one_the_3090_report_failed_to_allocate() {
        // "Tried to allocate 2.60 GiB" at 1280x704: the pad of 512 channels x 6 frames at
        // 642 x 354, fp32.
        let d = size(&wan22(), 1280, 704, 121, 4);
        assert_eq!(d.widest, (512, 640, 352));
        let pad = 512.0 * 6.0 * 642.0 * 354.0 * 4.0 / GIB;
        assert!((pad - 2.60).abs() < 0.01, "{pad}");
        assert!(d.transient_gib > pad * 4.0 && d.transient_gib < pad * 5.0);
    }

    #[test]
    fn one_latent_frame_has_no_cache_to_concatenate_and_nothing_earlier() {
        let one = size(&wan22(), 1280, 704, 1, 4);
        let many = size(&wan22(), 1280, 704, 121, 4);
        assert_eq!(one.earlier_gib, 0.0);
        assert!(one.transient_gib < many.transient_gib);
        assert!((one.caches_gib - many.caches_gib).abs() / many.caches_gib < 0.2);
    }
}
