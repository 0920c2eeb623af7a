//! The decode stage's cut: how much the VAE decode works on at once and what it keeps (video
//! decoded in chunks of latent frames, earlier chunks' output waiting beside the last), in the
//! VAE's own dtype. Apart from the stage arithmetic because it reads the pipeline's decode
//! data (`decode_latent_frames`, `decode_latent_stride`, `vae_time`), one VAE class at a time.

use super::{DiffusionRequest, Precision};
use crate::diffusion::{Kind, Pipeline, Role};

/// How much the decode of `r` works on and keeps, its VAE stored in `vae_bits`.
pub(super) fn decode_cut(
    r: &DiffusionRequest,
    vae_bits: f64,
) -> crate::diffusion::decode::DecodeSize {
    let p = r.pipeline;
    // generate.py's causal VAE, sized from its decoder's shapes (`causal_decode`): the working
    // tensors and caches of a chunk, and the earlier chunks' frames kept beside them.
    if let Some(v) = r.wan().and_then(|w| w.causal_vae.as_ref()) {
        let d = crate::diffusion::causal_decode::size(v, r.width, r.height, r.frames, p.vae_time);
        return crate::diffusion::decode::DecodeSize {
            working_gib: d.total_gib - d.earlier_gib,
            kept_gib: d.earlier_gib,
            mode: crate::diffusion::decode::DecodeMode::Causal,
        };
    }
    // diffusers decodes in the VAE's own dtype (WanPipeline, QwenImagePipeline:
    // `latents.to(self.vae.dtype)` before `vae.decode`), so an fp32 VAE's feature maps are
    // twice the 16-bit figure `decode_bytes_per_px` holds (unless that figure is fp32's).
    let decode_scale = if r.vae_fp32 && r.wan().is_none() && !p.decode_fp32 {
        Precision::Fp32.bits() / r.published(Role::Vae).bits()
    } else {
        1.0
    };
    let (chunk_frames, earlier_frames) = match p.kind {
        Kind::Image => (1.0, 0.0),
        Kind::Video => decode_chunks(p, r.frames.max(1)),
    };
    let mut d = crate::diffusion::decode::size(
        r,
        p.decode_bytes_per_px * decode_scale,
        vae_bits / 8.0,
        chunk_frames,
        earlier_frames,
    );
    // PyTorch 2.9's unfolded input of the widest 3-D convolution: one plain tensor beside the
    // feature maps, not the 2-D decodes' reserve ratio (`conv3d_columns`).
    d.kept_gib += super::conv3d_columns::columns_gib(r);
    d
}

/// Output frames the untiled decode of a `frames` clip works on at once, and the decoded frames
/// of earlier chunks waiting beside the last full one. Without `decode_latent_frames`, the
/// pipeline's `vae_time` (Wan's causal cache: one latent frame at a time, each appended to the
/// output as it comes). With it, diffusers' `_temporal_tiled_decode` (HunyuanVideo): a latent
/// longer than `decode_latent_frames - 1` is decoded `z[:, :, i : i + n]` every `stride`, each
/// chunk's whole output kept in `row` until `torch.cat`; a shorter one whole.
pub fn decode_chunks(p: &Pipeline, frames: u32) -> (f64, f64) {
    let out = |latent: u32| ((latent.max(1) - 1) * p.vae_time + 1) as f64;
    let (n, stride) = (p.decode_latent_frames, p.decode_latent_stride);
    if n == 0 {
        return (p.vae_time.min(frames) as f64, 0.0);
    }
    let latent = (frames - 1) / p.vae_time + 1;
    if latent < n {
        return (frames as f64, 0.0);
    }
    let all: f64 = (0..latent)
        .step_by(stride.max(1) as usize)
        .map(|i| out(n.min(latent - i)))
        .sum();
    (out(n), all - out(n))
}
