//! kohya sd-scripts' OFT for FLUX.1 (`--network_module networks.oft_flux`; the chat's
//! `oft=attn` / `oft=all`, CLI `--oft attn|all`), sized as its code runs it
//! (sd-scripts@793999d1 `networks/oft_flux.py`):
//!
//! - `OFTModule.forward` replaces each target Linear's forward: `W = org_module.weight.to(
//!   torch.float32)`, then per split (`split_dims`: a double block's qkv 3 x 3072, a single
//!   block's `linear1` 3 x 3072 + 12288) `RW_1 = einsum("k n m, k n p -> k m p", R, W_reshaped)`
//!   and `F.linear(x, RW_1.to(org_dtype), B1)`. Autograd keeps einsum's fp32 operand (4 bytes a
//!   weight) and linear's 16-bit weight (2 bytes) of every adapted Linear until the backward:
//!   [`KEPT_BYTES`]. Under gradient checkpointing that is inside the block being recomputed only.
//! - Targets: without `enable_all_linear` the `SelfAttention` modules, which only the double
//!   blocks have (`img_attn` / `txt_attn`: qkv and proj); with it every Linear of
//!   `DoubleStreamBlock` and `SingleStreamBlock` (`FLUX_TARGET_REPLACE_MODULE_ALL_LINEAR`).
//! - OFT's own parameters are `dim x (split / dim)^2` a split (73.7 K for 3072 at the README's
//!   `--network_dim 128`): a few MiB with their state, not counted (said).
//! - The base is cast whole by `Module.to(dtype)` (`train_network.py` line 570 under
//!   `--fp8_base`): no layer left in 16-bit.

use super::estimate::DiffusionRequest;
use super::train_words::{OftTargets, Train};
use super::{Pipeline, Role};
use serde::{Deserialize, Serialize};

const GIB: f64 = (1u64 << 30) as f64;

/// Bytes autograd keeps per adapted weight: its fp32 copy and the 16-bit rotated weight.
pub const KEPT_BYTES: f64 = 6.0;

/// The weights OFT adapts in each block kind (catalog `[pipeline.kohya_oft]`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KohyaOft {
    pub double_blocks: u32,
    pub single_blocks: u32,
    /// Weights of one double block's attention Linears (img and txt qkv and proj), billions.
    pub attn_double_b: f64,
    /// Weights of every Linear of one double block, billions.
    pub all_double_b: f64,
    /// Weights of every Linear of one single block, billions.
    pub all_single_b: f64,
    pub basis: String,
    pub source: String,
    pub as_of: String,
}

impl KohyaOft {
    /// The catalog's own check: the blocks add up to the pipeline's and stay inside its
    /// denoiser, with provenance.
    pub fn check(&self, p: &Pipeline) -> Result<(), String> {
        let all = self.double_blocks as f64 * self.all_double_b
            + self.single_blocks as f64 * self.all_single_b;
        let ok = self.double_blocks + self.single_blocks == p.blocks
            && self.attn_double_b > 0.0
            && self.attn_double_b < self.all_double_b
            && self.all_single_b > 0.0
            && all <= p.weights_b(Role::Denoiser)
            && super::cited(&self.basis, &self.source, &self.as_of);
        if ok {
            Ok(())
        } else {
            Err(format!(
                "diffusion.toml: `{}`: kohya_oft needs blocks adding up to `blocks`, 0 < \
                 attn_double_b < all_double_b, the blocks inside the denoiser, basis, source, as_of",
                p.id
            ))
        }
    }
}

/// The OFT data a run `t` of `r` is sized by: OFT asked where the targets are on file.
pub fn applies<'a>(r: &DiffusionRequest<'a>, t: &Train) -> Option<(&'a KohyaOft, OftTargets)> {
    let targets = t.oft?;
    r.pipeline.kohya_oft.as_ref().map(|o| (o, targets))
}

/// What autograd keeps beside the block activations, GiB: each adapted weight's two copies,
/// for the largest block recomputed under checkpointing, for every block without it.
pub fn kept_gib(o: &KohyaOft, targets: OftTargets, grad_ckpt: bool) -> f64 {
    let (double, single) = match targets {
        OftTargets::Attention => (o.attn_double_b, 0.0),
        OftTargets::AllLinear => (o.all_double_b, o.all_single_b),
    };
    let weights_b = if grad_ckpt {
        double.max(single)
    } else {
        o.double_blocks as f64 * double + o.single_blocks as f64 * single
    };
    weights_b * 1e9 * KEPT_BYTES / GIB
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diffusion::find;

    #[test]
    fn the_targets_are_flux_blocks() {
        let o = find("flux.1-dev").unwrap().kohya_oft.as_ref().unwrap();
        // Attention only: one double block's 75.5 M weights, 6 bytes each, under checkpointing.
        let attn = kept_gib(o, OftTargets::Attention, true);
        assert!((attn - 75.5e6 * 6.0 / GIB).abs() < 0.01, "{attn}");
        // Every linear: the double block (339.7 M) is the larger block.
        let all = kept_gib(o, OftTargets::AllLinear, true);
        assert!((all - 339.7e6 * 6.0 / GIB).abs() < 0.01, "{all}");
        // Without checkpointing, every block's: 19 x 339.7 + 38 x 141.6 M.
        let off = kept_gib(o, OftTargets::AllLinear, false);
        assert!((off - (19.0 * 339.7e6 + 38.0 * 141.6e6) * 6.0 / GIB).abs() < 0.1);
        assert!(find("sdxl").unwrap().kohya_oft.is_none());
    }
}
