//! The text encoders trained beside the denoiser (kohya sd-scripts' `text_encoder_lr`, the
//! chat's `te=train`; session 35, mem_dx). Apart from [`super::train`] because it reads each
//! encoder's own shape, not the denoiser's blocks.
//!
//! What the card holds for them, from kohya-ss/sd-scripts @ 48d368fa (2026-02-16):
//! - a LoRA on every linear of each encoder's attention and MLP (`networks/lora.py`:
//!   `TEXT_ENCODER_TARGET_REPLACE_MODULE = ["CLIPAttention", "CLIPSdpaAttention", "CLIPMLP"]`):
//!   q, k, v, out (width × width) and fc1, fc2 (width × 4·width), 18 × width per layer per unit of
//!   rank, in fp32 with its gradient and the optimizer's state, as the denoiser's LoRA;
//! - with gradient checkpointing, the gradients of the embeddings it unfreezes so that the
//!   checkpointed encoder has an input that requires grad (`train_network.py`
//!   `prepare_text_encoder_grad_ckpt_workaround`: `text_model.embeddings.requires_grad_(True)`).
//!   They are in no optimizer's groups, so nothing clears them: one gradient of the token and
//!   position embeddings in the encoders' 16-bit dtype (`t_enc.to(dtype=te_weight_dtype)`);
//! - the encoders' activations over their 77 tokens (`--max_token_length` unset: 75 + 2) per
//!   sample, kept for the backward pass: with checkpointing (`t_enc.gradient_checkpointing_enable()`
//!   for a trained encoder) each layer's 16-bit input and one layer recomputed, else every
//!   layer's (Korthikanti et al. 2022, as [`super::block_act::BLOCK_ACT_PER_WIDTH`]).
//!
//! A full fine-tune that trains them (sdxl_train.py's `--train_text_encoder`) trains every
//! encoder weight: 16-bit gradients and the optimizer's state, as the denoiser's.

use super::block_act::BLOCK_ACT_PER_WIDTH;
use super::train_words::Train;
use super::{Component, Role};
use crate::diffusion::DiffusionRequest;

const GIB: f64 = (1u64 << 30) as f64;

/// Tokens a CLIP text encoder runs per sample in kohya's scripts (75 + BOS + EOS).
pub const TEXT_TOKENS: f64 = 77.0;

/// LoRA parameters per layer per unit of rank: four width × width linears (2 × width each) and
/// the MLP's two width × 4·width ones (5 × width each).
const LORA_PER_LAYER_WIDTH: f64 = 18.0;

/// What training the text encoders of `r` adds to the step, GiB: 0 when they are frozen, `None`
/// when an encoder's shape is not on file (the answer then says that part is not sized).
pub fn trained_text_gib(r: &DiffusionRequest, t: &Train) -> Option<f64> {
    if !t.train_text {
        return Some(0.0);
    }
    let encoders: Vec<&Component> = r
        .pipeline
        .component
        .iter()
        .filter(|c| c.role == Role::TextEncoder)
        .collect();
    if encoders.iter().any(|c| c.layers == 0) {
        return None;
    }
    let state = t.optimizer.state_bytes();
    let trained = match t.rank {
        Some(rank) => {
            let per_rank: f64 = encoders
                .iter()
                .map(|c| LORA_PER_LAYER_WIDTH * c.width as f64 * c.layers as f64)
                .sum();
            rank as f64 * per_rank * (8.0 + state)
        }
        None => encoders.iter().map(|c| c.params_b * 1e9).sum::<f64>() * (2.0 + state),
    };
    // A full fine-tune's embeddings are trained weights, already counted above.
    let embeddings = if t.grad_ckpt && t.rank.is_some() {
        encoders.iter().map(|c| c.embeddings_b * 1e9).sum::<f64>() * 2.0
    } else {
        0.0
    };
    let per_token: f64 = if t.grad_ckpt {
        let inputs: f64 = encoders
            .iter()
            .map(|c| 2.0 * c.width as f64 * c.layers as f64)
            .sum();
        let widest = encoders.iter().map(|c| c.width).max().unwrap_or(0) as f64;
        inputs + BLOCK_ACT_PER_WIDTH * widest
    } else {
        encoders
            .iter()
            .map(|c| BLOCK_ACT_PER_WIDTH * c.width as f64 * c.layers as f64)
            .sum()
    };
    let activations = TEXT_TOKENS * r.batch.max(1) as f64 * per_token;
    Some((trained + embeddings + activations) / GIB)
}
