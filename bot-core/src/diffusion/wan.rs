//! Wan's own `generate.py` (Wan-Video/Wan2.1, Wan-Video/Wan2.2), sized as its code runs: the
//! word `generate.py` (chat `runner=wan`, CLI `--wan-generate`). ComfyUI and diffusers run the
//! same weights differently; without the word the pipeline's figures stand.
//!
//! **The DiT's storage.** `WanModel` is a diffusers `ModelMixin`, and `generate.py` builds it
//! with `WanModel.from_pretrained(checkpoint_dir)` and no `torch_dtype`. diffusers then builds
//! the model in the default dtype (fp32) and loads each tensor as `param.to(old_param.dtype)`
//! (`src/diffusers/models/model_loading_utils.py`, `load_model_dict_into_meta`: "if dtype is
//! None"), so the parameters are fp32: four bytes each, twice the bf16 checkpoint. Wan2.1 has
//! no other way; Wan2.2 added `--convert_model_dtype` ("Convert DiT model parameters dtype to
//! 'config.param_dtype'", bf16), which the word `bf16` stands for. Sampling runs under
//! `autocast(bf16)`, so only the weights double.
//!
//! **The VAE.** `WanVAE` / `Wan2_1_VAE` / `Wan2_2_VAE` default to `dtype=torch.float` and
//! build the model `.to(device)` when the pipeline is made; `offload_model` moves the DiT, T5 and
//! CLIP off the card, never the VAE. So it is fp32 and on the card at every stage.
//!
//! **One expert at a time.** Wan2.2's A14B pipelines hold two DiTs (high- and low-noise); on a
//! single card `init_on_cpu` is true, and `_prepare_model_for_timestep` moves the expert not
//! needed to the CPU "if offload_model or self.init_on_cpu": one expert on the card even with
//! `--offload_model False`.
//!
//! **Activations per token** (`wan/modules/model.py`, `WanAttentionBlock.forward`), in units of
//! the width d (bytes per token = units × d). The residual stream is fp32 (`x = x + y * e[2]`
//! under fp32 autocast): 4. The self-attention's input `norm1(x).float() * (1 + e[1]) + e[0]`:
//! 4. `q` and `k` leave `WanRMSNorm` as fp32 (`type_as(x) * self.weight`, an fp32 weight
//! promotes): 4 + 4; `v` bf16: 2. `rope_apply` works in complex128: the float64 copy, the
//! product with the frequencies, the `cat` and the `stack` are 8 each, two at a time (16), and
//! while `k` is rotated the rotated `q` (fp32, 4) waits for `flash_attention`. At that moment:
//! 4 + 4 + 4 + 4 + 2 + 4 + 16 = 38 units, the block's peak (its FFN holds less: the widest
//! hidden is 13824 bf16 against 5120 width). Wan2.1 modulates per sample: `e0` is negligible.
//!
//! Wan2.2's `WanModel.forward` expands the timestep to every token (`t.expand(t.size(0),
//! seq_len)`; the 5B's `textimage2video.py` passes a per-token `temp_ts` itself), so the time
//! embedding `e` (fp32, 4) and its projection `e0` (6 × d fp32, 24) are per token for the whole
//! pass, and each block adds `self.modulation + e` (another 24): 52 units more, 90 in all.
//!
//! Checked against the READMEs' single-GPU tables (held-out 8): Wan2.2-A14B bf16 at 480P /
//! 720P, 32760 / 75600 tokens, reads 41.3 / 59.8 GB; 26.2 GiB of weights plus 90 × 5120 bytes a
//! token gives 40.3 / 58.7 GiB before the allocator's reserve. Wan2.1-T2V-14B at 720P reads
//! 69.1 GB: 52.4 GiB of fp32 weights plus 38 × 5120 bytes a token, 66.1 GiB.

/// Bytes per token per unit of width the block holds at its peak, Wan2.1's forward.
pub const UNITS_PER_SAMPLE_TIMESTEP: f64 = 38.0;

/// What Wan2.2's per-token timestep adds: `e` (4), `e0` (24), the block's sum (24).
pub const UNITS_PER_TOKEN_TIMESTEP: f64 = 52.0;

/// Activation bytes per token of one denoiser forward under `generate.py`.
pub fn act_bytes_per_token(hidden: u32, per_token_timestep: bool) -> f64 {
    let units = UNITS_PER_SAMPLE_TIMESTEP
        + if per_token_timestep {
            UNITS_PER_TOKEN_TIMESTEP
        } else {
            0.0
        };
    units * hidden as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_per_token_timestep_more_than_doubles_a_token() {
        let wan21 = act_bytes_per_token(5120, false);
        let wan22 = act_bytes_per_token(5120, true);
        assert_eq!(wan21, 38.0 * 5120.0);
        assert_eq!(wan22, 90.0 * 5120.0);
        // Scales with the width alone (the 1.3B's 1536, the 5B's 3072).
        assert_eq!(act_bytes_per_token(1536, false) / wan21, 1536.0 / 5120.0);
    }
}
