//! kohya sd-scripts' split mode for FLUX.1 LoRA (`--split_mode` with `--network_args
//! "train_blocks=single"`; the chat's `split=on`, CLI `--split-mode`), sized as its code runs it
//! (sd-scripts@793999d1 `flux_train_network.py`):
//!
//! - `prepare_split_model` (lines 107-142) cuts the model into `FluxUpper` (the embedders and
//!   the 19 double blocks, `library/flux_models.py` line 1127) and `FluxLower` (the 38 single
//!   blocks and the final layer, line 1232) and returns the lower as the trained model; the
//!   script asserts `network.train_blocks == "single"`, so the LoRA sits on the lower's linears.
//! - Each step (`get_noise_pred_and_target`, lines 379-412) moves the lower to the CPU, the
//!   upper to the card, runs it under `torch.no_grad()`, moves it back (`clean_memory_on_device`),
//!   then moves the lower to the card and runs it with gradients: one half on the card at a time.
//! - Every weight of each half is cast with `Module.to(dtype)` (`flux_upper.to(device,
//!   dtype=target_dtype)`, line 127; the lower as the trained model, `train_network.py` line 570
//!   `unet.to(accelerator.device, dtype=unet_weight_dtype)`): under `--fp8_base` no layer stays
//!   16-bit, unlike diffusers' layerwise casting ([`super::casting`]).
//!
//! The peak is the larger of the upper's stage (its weights and one block's activations without
//! a graph) and the lower's (its weights, the LoRA with its gradients and state, the lower
//! blocks' activations for the backward pass), with the LoRA and its state on the card in both.

use super::block_act::BLOCK_ACT_PER_WIDTH;
use super::estimate::DiffusionRequest;
use super::train_words::Train;
use super::{Pipeline, Role};
use serde::{Deserialize, Serialize};

const GIB: f64 = (1u64 << 30) as f64;

/// The halves kohya's split mode cuts a pipeline's denoiser into (catalog `[pipeline.kohya_split]`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KohyaSplit {
    /// Parameters of the trained lower half (single blocks and final layer), billions.
    pub lower_b: f64,
    /// Transformer blocks in the lower half.
    pub lower_blocks: u32,
    pub basis: String,
    pub source: String,
    pub as_of: String,
}

impl KohyaSplit {
    /// The catalog's own check: a lower half inside the denoiser, with its provenance.
    pub fn check(&self, p: &Pipeline) -> Result<(), String> {
        let ok = self.lower_b > 0.0
            && self.lower_b < p.weights_b(Role::Denoiser)
            && self.lower_blocks > 0
            && self.lower_blocks < p.blocks
            && super::cited(&self.basis, &self.source, &self.as_of);
        if ok {
            Ok(())
        } else {
            Err(format!(
                "diffusion.toml: `{}`: kohya_split needs 0 < lower_b < the denoiser, 0 < \
                 lower_blocks < blocks, basis, source, as_of",
                p.id
            ))
        }
    }
}

/// The split a LoRA run `t` of `r` is sized by: split mode asked, on a LoRA, where the halves are
/// on file.
pub fn applies<'a>(r: &DiffusionRequest<'a>, t: &Train) -> Option<&'a KohyaSplit> {
    if !t.split_mode || t.rank.is_none() {
        return None;
    }
    r.pipeline.kohya_split.as_ref()
}

/// The two halves' weights on the card, GiB: (upper, lower), every weight at `bits`.
pub fn halves_gib(r: &DiffusionRequest, s: &KohyaSplit) -> (f64, f64) {
    let bits = r.denoiser_precision().bits();
    let total = r.pipeline.weights_b(Role::Denoiser);
    let at = |b: f64| b * 1e9 * bits / 8.0 / GIB;
    (at(total - s.lower_b), at(s.lower_b))
}

/// What the card holds at each half's stage beside the LoRA and its state, GiB: (upper stage,
/// lower stage) for `tokens` tokens of one step.
pub fn stages_gib(r: &DiffusionRequest, t: &Train, s: &KohyaSplit, tokens: f64) -> (f64, f64) {
    let (upper, lower) = halves_gib(r, s);
    let h = r.pipeline.hidden as f64;
    // Without a graph nothing is kept between blocks: one block's tensors at a time.
    let upper_act = tokens * BLOCK_ACT_PER_WIDTH * h / GIB;
    // The lower blocks' activations for the backward pass, as a whole model's
    // (`train::act_bytes_per_token`) over its own blocks.
    let per_token = if t.grad_ckpt {
        s.lower_blocks as f64 * 2.0 * h + BLOCK_ACT_PER_WIDTH * h
    } else {
        s.lower_blocks as f64 * BLOCK_ACT_PER_WIDTH * h
    };
    (upper + upper_act, lower + tokens * per_token / GIB)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diffusion::find;

    #[test]
    fn the_lower_half_is_flux_single_blocks() {
        let p = find("flux.1-dev").unwrap();
        let s = p.kohya_split.as_ref().unwrap();
        // 38 x 141.6 M + the final layer's 19.1 M.
        assert!((s.lower_b - 5.40).abs() < 0.01);
        assert_eq!(s.lower_blocks, 38);
        let mut r = DiffusionRequest::new(p);
        r.precision = Some(super::super::Precision::Fp8);
        let (upper, lower) = halves_gib(&r, s);
        // Every weight cast: the two halves add up to the whole at one byte a weight.
        assert!((upper + lower - 11.9e9 / GIB).abs() < 1e-9);
        assert!(find("sdxl").unwrap().kohya_split.is_none());
    }
}
