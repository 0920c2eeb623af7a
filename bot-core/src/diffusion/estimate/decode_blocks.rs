//! The 2-D VAE decode's cached blocks that the caching allocator hands back before it fails
//! (session 46, mem_fq; held-out 79's SDXL batches on an L4).
//!
//! `decode_bytes_per_px` is the decode's reserved memory; [`crate::diffusion::decode::split`]
//! cuts it into tensors and the allocator's blocks (reserved over allocated 1.56,
//! invoke-ai/InvokeAI#8414). In a 2-D `AutoencoderKL`-family decoder those blocks are left behind
//! by a growing decode: `Decoder.forward` runs the mid block and then the up blocks
//! (huggingface/diffusers v0.26.3 `src/diffusers/models/autoencoders/vae.py` lines 333-338),
//! each upsampling doubling both sides (64 -> 128 -> 256 -> 512 px for a 512 px image), so the
//! feature maps of one stage are about four times the last stage's and the last stage's freed
//! segments cannot hold them. Those segments are wholly free once their stage ends: PyTorch's
//! caching allocator releases such unsplit cached blocks and retries before it raises out of
//! memory (`release_cached_blocks` in pytorch/pytorch `c10/cuda/CUDACachingAllocator.cpp`), the
//! rule the language-model verdicts already follow (docs/fit-reference.md, eighty-third pass).
//! nvidia-smi shows them while the card has room; the run does not need them.
//!
//! A causal 3-D decoder (Wan's, Qwen-Image's `AutoencoderKLQwenImage`, HunyuanVideo's) runs one
//! latent frame or chunk after another through the same shapes, so its blocks are reused, not
//! left behind: they stay in the need. The catalog marks such a decoder by its kind (video) or
//! by its `conv3d` block (an image pipeline on a 3-D VAE).

use super::{ALLOCATOR_RESERVE, DiffusionRequest, Stage};
use crate::diffusion::Kind;
use crate::diffusion::decode::DecodeMode;

/// GiB of the decode's blocks (`blocks_gib`, beside `working_gib` of tensors) that the
/// allocator hands back before an out-of-memory error: all but the ordinary share on the
/// tensors for a 2-D decoder, none for a causal 3-D one.
pub(super) fn released_gib(
    r: &DiffusionRequest,
    mode: DecodeMode,
    working_gib: f64,
    blocks_gib: f64,
) -> f64 {
    let p = r.pipeline;
    let two_d = p.kind == Kind::Image && p.conv3d.is_none() && mode != DecodeMode::Causal;
    if two_d {
        (blocks_gib - working_gib * ALLOCATOR_RESERVE).max(0.0)
    } else {
        0.0
    }
}

/// What the decode stage holds among `stages` (0 where there is none), for what the card shows.
pub(super) fn held(stages: &[(Stage, f64)]) -> f64 {
    stages
        .iter()
        .find(|s| s.0 == Stage::Decode)
        .map_or(0.0, |s| s.1)
}
