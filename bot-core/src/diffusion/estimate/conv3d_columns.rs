//! The `columns` buffer of PyTorch 2.9's `slow_conv_dilated3d` in a causal VAE's decode
//! ([`crate::diffusion::torch_conv3d`] says why it runs there). ATen sizes it
//! `nInputPlane × kernel volume` by the output's voxels, in the input's dtype, and fills it one
//! batch element at a time (`for elt < batchSize`), so it grows with the pixels one convolution
//! writes, never with the batch (pytorch/pytorch `aten/src/ATen/native/cuda/
//! NaiveDilatedConvolution.cu`). It is allocated beside the decoder's feature maps at their
//! widest, the last up block's convolutions at full resolution, and freed after the GEMM.

use super::{DiffusionRequest, Precision};
use crate::diffusion::Role;
use crate::diffusion::torch_conv3d::TorchRelease;

const GIB: f64 = (1u64 << 30) as f64;

/// GiB of the buffer the decode of `r` allocates at its widest 3-D convolution; 0 where cuDNN
/// runs it (another release, no 3-D convolution in the data, or a VAE decoding in fp32, which
/// PR 163581 left on cuDNN).
pub fn columns_gib(r: &DiffusionRequest) -> f64 {
    let p = r.pipeline;
    let (Some(c), Some(t)) = (&p.conv3d, r.torch) else {
        return 0.0;
    };
    let vae = r.published(Role::Vae);
    let sixteen_bit = matches!(vae, Precision::Bf16 | Precision::Fp16);
    if !t.conv3d_without_cudnn() || !sixteen_bit || r.vae_fp32 || p.decode_fp32 || r.wan().is_some()
    {
        return 0.0;
    }
    // A tiled decode runs the decoder on one tile of at most `tile_px` a side at a time.
    let side = |len: u32| match p.vae_tiling.as_ref().filter(|_| r.vae_tiled) {
        Some(tl) => len.min(tl.tile_px),
        None => len,
    };
    // A chunk writes `out_frames` at full size, never more than the clip has.
    let frames = c.out_frames.min(r.frames.max(1));
    let voxels = side(r.width) as f64 * side(r.height) as f64 * frames as f64;
    c.in_channels as f64 * c.kernel as f64 * voxels * vae.bits() / 8.0 / GIB
}

/// `r` on the first release whose wheels run 3-D convolutions on cuDNN again, where `r` names
/// one that does not: the change the answer offers.
pub fn with_cudnn<'a>(mut r: DiffusionRequest<'a>) -> DiffusionRequest<'a> {
    if columns_gib(&r) > 0.0 {
        r.torch = Some(TorchRelease::CUDNN_CONV3D_BACK);
    }
    r
}
