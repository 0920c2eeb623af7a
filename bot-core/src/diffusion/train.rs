//! Training an image or video model: a LoRA on the frozen denoiser, or every denoiser weight.
//!
//! What the card holds while training (kohya sd-scripts / musubi-tuner / diffusers' dreambooth
//! scripts, as their READMEs describe their words):
//! - the denoiser's weights in the base precision (`--fp8_base` stores them in fp8), less the
//!   blocks `blocks_to_swap` keeps on the CPU (the offloader keeps `blocks - N` on the card);
//! - the trained parameters in fp32 with their gradients and the optimizer's state
//!   ([`OptimizerKind::state_bytes`]); a full fine-tune's gradients in the base precision;
//! - the activations the backward pass needs, per token of the latent sequence
//!   ([`act_bytes_per_token`]);
//! - the text encoders and the VAE, unless their outputs were cached before training (kohya and
//!   musubi cache latents and text-encoder outputs, then move the models off the card: an
//!   assumption the answer states);
//! - trained text encoders' LoRA, embeddings' gradients and activations ([`super::train_text`]).
//!
//! - a full fine-tune's gradients in the trained weights' own dtype (PyTorch gives `param.grad`
//!   its parameter's dtype: an fp32 UNet's are 4 bytes), and, on fp32 trained weights, the
//!   16-bit copy of each that autocast caches through the forward ([`autocast_copies_gib`]);
//! - with `ema`, the moving average's copy of every trained parameter ([`ema_gib`]).
//!
//! Not counted: sample images generated during training and the allocator's fragmentation
//! beyond its usual reserve.

pub use super::block_act::BLOCK_ACT_PER_WIDTH;
use super::casting::{Cast, stored_gib};
use super::estimate::{ALLOCATOR_RESERVE, DiffusionReport, DiffusionRequest, Precision, Stage};
pub use super::train_words::{OptimizerKind, Train};
use super::{Pipeline, Role};
use crate::vram::CUDA_CONTEXT_GIB;

const GIB: f64 = (1u64 << 30) as f64;

/// Whether the pipeline's data lets a training run be sized (its block count is stated).
pub fn sizable(p: &Pipeline) -> bool {
    p.blocks > 0
}

/// LoRA parameters of rank `rank` on every linear of a denoiser of `params_b` billion weights
/// and width `hidden`: each linear of `in × out` adds `rank × (in + out)`; the linears of a
/// transformer block run from `h × h` (in + out = 2h) to `h × 4h` (5h), so about 1.5 / h of
/// their weights per unit of rank.
pub fn lora_params(params_b: f64, hidden: u32, rank: u32) -> f64 {
    rank as f64 * 1.5 * params_b * 1e9 / hidden as f64
}

/// Activation bytes per token kept for the backward pass: every block's activations
/// ([`BLOCK_ACT_PER_WIDTH`] × width) without gradient checkpointing; with it, each block's
/// 16-bit input plus one block recomputed during the backward pass.
pub fn act_bytes_per_token(p: &Pipeline, grad_ckpt: bool) -> f64 {
    let h = p.hidden as f64;
    if grad_ckpt {
        p.blocks as f64 * 2.0 * h + BLOCK_ACT_PER_WIDTH * h
    } else {
        p.blocks as f64 * BLOCK_ACT_PER_WIDTH * h
    }
}

/// Tokens of one training forward: no classifier-free guidance batch, the text in a joint
/// sequence, times the batch.
fn train_tokens(r: &DiffusionRequest) -> f64 {
    super::estimate::sample_tokens(r) * r.batch.max(1) as f64
}

/// The share of the denoiser's weights left on the card by `blocks_to_swap` (blocks taken as
/// equal in size; the swap never takes the last block).
pub fn kept_share(p: &Pipeline, swap: u32) -> f64 {
    if p.blocks == 0 {
        return 1.0;
    }
    let swap = swap.min(p.blocks.saturating_sub(1));
    (p.blocks - swap) as f64 / p.blocks as f64
}

/// The peak of one training step of `r` with `t`.
pub fn estimate(r: &DiffusionRequest, t: &Train) -> DiffusionReport {
    let p = r.pipeline;
    let precision = r.denoiser_precision();
    // kohya's OFT casts the base whole (`Module.to(dtype)`, [`super::kohya_oft`]).
    let oft = super::kohya_oft::applies(r, t);
    let cast = match precision {
        Precision::Fp8 if oft.is_none() => Cast::Fp8Layerwise,
        _ => Cast::All,
    };
    let denoiser_gib: f64 = p
        .component
        .iter()
        .filter(|c| c.role == Role::Denoiser)
        .map(|c| stored_gib(c, precision.bits(), cast))
        .sum();
    let tokens = train_tokens(r);
    // kohya's split mode: one half on the card at a time, every weight cast
    // ([`super::split_mode`]); the larger half's stage is the step's.
    let split = super::split_mode::applies(r, t);
    let (denoiser_gib, weights_on_card, step_gib) = match split {
        Some(s) => {
            let (upper, lower) = super::split_mode::halves_gib(r, s);
            let (up, low) = super::split_mode::stages_gib(r, t, s, tokens);
            let (w, held) = if up > low { (upper, up) } else { (lower, low) };
            (upper + lower, w, held - w)
        }
        None => (
            denoiser_gib,
            denoiser_gib * kept_share(p, t.blocks_to_swap),
            tokens * act_bytes_per_token(p, t.grad_ckpt) / GIB
                + oft.map_or(0.0, |(o, at)| {
                    super::kohya_oft::kept_gib(o, at, t.grad_ckpt)
                }),
        ),
    };
    let trained_gib = trained_gib(r, t);
    let text_gib = p.weights_b(Role::TextEncoder) * 1e9 * 2.0 / GIB;
    let vae_gib = p.weights_b(Role::Vae) * 1e9 * 2.0 / GIB;
    let text_on_card = if t.cache_text && !t.train_text {
        0.0
    } else {
        text_gib
    };
    let vae_on_card = if t.cache_latents { 0.0 } else { vae_gib };
    // Trained text encoders' LoRA, embeddings' gradients and activations
    // ([`super::train_text`]); an encoder without a shape on file adds nothing and is said.
    let text_train_gib = super::train_text::trained_text_gib(r, t).unwrap_or(0.0);
    let copies = ema_gib(r, t) + autocast_copies_gib(r, t);
    let weights = weights_on_card + trained_gib + copies + text_on_card + vae_on_card;
    let held = weights + step_gib + text_train_gib;
    let reserve_gib = held * ALLOCATOR_RESERVE;
    let peak_gib = held + reserve_gib + CUDA_CONTEXT_GIB;
    DiffusionReport {
        denoiser_gib,
        text_gib,
        vae_gib,
        checker_gib: 0.0,
        step_gib,
        text_train_gib,
        denoise_weights_gib: weights,
        decode_gib: 0.0,
        decode_mode: super::decode::DecodeMode::Whole,
        reserve_gib,
        released_gib: 0.0,
        context_gib: CUDA_CONTEXT_GIB,
        peak_gib,
        shown_gib: peak_gib,
        stage: Stage::Denoise,
        tokens,
    }
}

/// The denoiser's weights on the card at the step's peak, GiB (the answer's breakdown): the
/// blocks `blocks_to_swap` leaves, or in split mode the half whose stage is the peak.
pub fn denoiser_on_card_gib(r: &DiffusionRequest, t: &Train, e: &DiffusionReport) -> f64 {
    match super::split_mode::applies(r, t) {
        Some(s) => {
            let (upper, lower) = super::split_mode::halves_gib(r, s);
            let (up, low) = super::split_mode::stages_gib(r, t, s, e.tokens);
            if up > low { upper } else { lower }
        }
        None => e.denoiser_gib * kept_share(r.pipeline, t.blocks_to_swap),
    }
}

/// The trained parameters' share of the peak, GiB (for the answer's breakdown).
pub fn trained_gib(r: &DiffusionRequest, t: &Train) -> f64 {
    let p = r.pipeline;
    // OFT's rotations are a few MiB with their state (`super::kohya_oft`): not a full fine-tune.
    if super::kohya_oft::applies(r, t).is_some() {
        return 0.0;
    }
    match t.rank {
        // In kohya's split mode the LoRA sits on the lower half alone (`train_blocks=single`).
        Some(rank) => {
            let base_b = super::split_mode::applies(r, t)
                .map_or_else(|| p.weights_b(Role::Denoiser), |s| s.lower_b);
            lora_params(base_b, p.hidden, rank) * (8.0 + t.optimizer.state_bytes()) / GIB
        }
        // Gradients in the base precision (kohya `--full_bf16`) and the state of the blocks on
        // the card. With `--fused_backward_pass` none is held: sd-scripts' flux_train.py
        // (@ 48d368fa) registers `register_post_accumulate_grad_hook` on every trained parameter,
        // whose hook runs `optimizer.step_param(tensor, p_group)` then `tensor.grad = None`. Block
        // swap in kohya's fine-tune needs that fused backward (sd-scripts README, FLUX
        // fine-tuning), so a swap implies it.
        None => {
            let params_b = p.weights_b(Role::Denoiser);
            let grads = if t.fused_backward || t.blocks_to_swap > 0 {
                0.0
            } else {
                params_b * 1e9 * full_param_bytes(r) / GIB
            };
            grads
                + params_b * 1e9 * t.optimizer.state_bytes() / GIB * kept_share(p, t.blocks_to_swap)
        }
    }
}

/// Bytes of one trained denoiser weight in a full fine-tune: its storage precision, 16-bit at
/// the least (an fp8 or quantized base is trained through 16-bit weights). A gradient has its
/// parameter's dtype (PyTorch's `AccumulateGrad`), so diffusers' `train_text_to_image_sdxl.py`,
/// which keeps the trained UNet in fp32 under `--mixed_precision` ("we cast all non-trainable
/// weights to half-precision", v0.24.0 line 678), holds 4-byte gradients; kohya's
/// `--full_bf16` 2-byte ones.
fn full_param_bytes(r: &DiffusionRequest) -> f64 {
    (r.denoiser_precision().bits() / 8.0).max(2.0)
}

/// The 16-bit copies autocast keeps of fp32 trained weights, GiB: under mixed precision
/// (`--mixed_precision fp16|bf16`, accelerate's `autocast` around the forward) PyTorch caches
/// the lower-precision cast of every fp32 leaf tensor that requires grad until the outermost
/// autocast region exits (`aten/src/ATen/autocast_mode.cpp` `cached_cast`: `arg.requires_grad()
/// && arg.is_leaf()`), so at the end of the forward each trained fp32 weight has a 2-byte copy
/// beside it (the language-model side's `autocast_weight_copies`). A full fine-tune on fp32
/// weights only: a LoRA's frozen base does not require grad and is cast op by op.
pub fn autocast_copies_gib(r: &DiffusionRequest, t: &Train) -> f64 {
    if t.rank.is_none() && t.oft.is_none() && r.denoiser_precision() == Precision::Fp32 {
        r.pipeline.weights_b(Role::Denoiser) * 1e9 * 2.0 / GIB
            * kept_share(r.pipeline, t.blocks_to_swap)
    } else {
        0.0
    }
}

/// The moving average's copy of the trained parameters, GiB (`ema`): diffusers' `EMAModel`
/// keeps `shadow_params = [p.clone().detach() for p in parameters]` (`training_utils.py`), one
/// copy in each parameter's dtype, moved to the card with `ema_unet.to(accelerator.device)`
/// (train_text_to_image_sdxl.py from v0.27.0, PR #7048). A LoRA's adapters are fp32.
pub fn ema_gib(r: &DiffusionRequest, t: &Train) -> f64 {
    if !t.ema || t.oft.is_some() {
        return 0.0;
    }
    let p = r.pipeline;
    match t.rank {
        Some(rank) => lora_params(p.weights_b(Role::Denoiser), p.hidden, rank) * 4.0 / GIB,
        None => p.weights_b(Role::Denoiser) * 1e9 * full_param_bytes(r) / GIB,
    }
}

/// Changes that bring a training run under `target` GiB, each with the request it makes: the
/// base in fp8, an 8-bit optimizer, fp8 and an 8-bit optimizer together, then the fewest blocks
/// swapped to the CPU (with the changes before it that were not enough). Only those that fit.
pub fn fixes<'a>(r: &DiffusionRequest<'a>, target: f64) -> Vec<DiffusionRequest<'a>> {
    let Some(t) = r.train else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let fits = |x: &DiffusionRequest| super::estimate(x).peak_gib <= target;
    let lighter_base = r.denoiser_precision().bits() > 8.0;
    let heavy_opt = t.optimizer.state_bytes() > OptimizerKind::AdamW8bit.state_bytes();
    let mut fp8 = *r;
    if lighter_base {
        fp8.precision = Some(Precision::Fp8);
        if fits(&fp8) {
            out.push(fp8);
        }
    }
    let mut both = fp8;
    if heavy_opt {
        let mut opt = *r;
        opt.train = Some(Train {
            optimizer: OptimizerKind::AdamW8bit,
            ..t
        });
        if fits(&opt) {
            out.push(opt);
        }
        both.train = opt.train;
        if lighter_base && out.is_empty() && fits(&both) {
            out.push(both);
        }
    }
    if out.is_empty() {
        // The fewest blocks swapped on top of both changes.
        let most = r.pipeline.blocks.saturating_sub(1);
        for n in 1..=most {
            let mut s = both;
            s.train = both.train.map(|x| Train {
                blocks_to_swap: n,
                ..x
            });
            if fits(&s) {
                out.push(s);
                break;
            }
        }
    }
    out
}
