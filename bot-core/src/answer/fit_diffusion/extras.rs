//! Lines for what a generation holds beyond its denoiser, encoders and VAE: the scores of eager
//! attention (`attn=eager`), the safety checker diffusers' SD1.5 pipeline loads, and PyTorch
//! 2.9's unfolded 3-D convolution in a causal VAE's decode (`torch=2.9`).

use super::gib;
use crate::diffusion::estimate::{conv3d_columns_gib, eager_scores_gib};
use crate::diffusion::{DiffusionReport, DiffusionRequest};
use crate::reply::{Msg, Reply};

/// The eager-attention line (or that it is not sized) and the safety checker's, where they apply.
pub(super) fn explain(reply: &mut Reply, r: &DiffusionRequest, e: &DiffusionReport) {
    if r.eager_attention {
        reply.push(match eager_scores_gib(r) {
            0.0 => Msg::new("diff-eager-unsized"),
            g => Msg::new("diff-eager").arg("scores", gib(g)),
        });
    }
    if e.checker_gib > 0.0 {
        reply.push(Msg::new("diff-safety-checker").arg("checker", gib(e.checker_gib)));
    }
}

/// Under offload, what the sizing assumed about the pipeline's place before the offload call,
/// and the word that changes it; with `to_cuda=first`, what nvidia-smi shows beside the need.
pub(super) fn offload_basis(reply: &mut Reply, r: &DiffusionRequest, e: &DiffusionReport) {
    if r.offload == crate::diffusion::Offload::None || r.train.is_some() || r.wan().is_some() {
        return;
    }
    reply.push(if r.cuda_first {
        Msg::new("diff-cuda-first")
            .arg("shown", gib(e.shown_gib))
            .arg("peak", gib(e.peak_gib))
    } else {
        Msg::new("diff-cuda-default")
    });
}

/// Under PyTorch 2.9, the buffer its 3-D convolution without cuDNN unfolds in the VAE decode,
/// which convolution, and the releases that run it on cuDNN.
pub(super) fn conv3d_columns(reply: &mut Reply, r: &DiffusionRequest) {
    let (g, Some(c), Some(t)) = (conv3d_columns_gib(r), &r.pipeline.conv3d, r.torch) else {
        return;
    };
    if g > 0.0 {
        reply.push(
            Msg::new("diff-conv3d-columns")
                .arg("torch", t.key())
                .arg("columns", gib(g))
                .arg("class", c.class.as_str())
                .arg("channels", c.in_channels)
                .arg(
                    "fixed",
                    crate::diffusion::torch_conv3d::TorchRelease::CUDNN_CONV3D_BACK.key(),
                ),
        );
    }
}
