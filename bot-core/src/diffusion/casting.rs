//! What a denoiser's weights take in each storage precision, with the layers a method leaves
//! in 16-bit.
//!
//! diffusers' fp8 layerwise casting (`enable_layerwise_casting`, `DEFAULT_SKIP_MODULES_PATTERN`
//! = pos_embed, patch_embed, norm, proj_in, proj_out) stores every other Linear in fp8 but keeps
//! the modules whose name matches in 16-bit; in an adaLN transformer the "norm" modules hold
//! the modulation Linears, a quarter or more of the weights (FLUX.1-dev: 3.25 of 11.9 B, which
//! is why its fp8 transformer is 14.4 GiB, not 11.1). A component states that share as
//! `fp8_kept_b`; 0 where every large weight is cast.

use super::Component;

const GIB: f64 = (1u64 << 30) as f64;

/// How a storage precision treats the layers a method may skip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cast {
    /// Every large weight in the storage precision (16-bit, GGUF, NF4).
    All,
    /// fp8 layerwise casting: the component's `fp8_kept_b` stays 16-bit.
    Fp8Layerwise,
    /// A transformers model loaded in bitsandbytes 4-bit: `bnb_fp32_b` stays fp32 and
    /// `bnb_16bit_b` 16-bit (T5's `wo` and its embedding).
    Bnb4bit,
}

/// GiB of `c`'s weights stored at `bits` per weight under `cast`.
pub fn stored_gib(c: &Component, bits: f64, cast: Cast) -> f64 {
    let (kept16, kept32) = match cast {
        Cast::Fp8Layerwise => (c.fp8_kept_b.clamp(0.0, c.params_b), 0.0),
        Cast::Bnb4bit => (c.bnb_16bit_b, c.bnb_fp32_b),
        Cast::All => (0.0, 0.0),
    };
    ((c.params_b - kept16 - kept32) * bits + kept16 * 16.0 + kept32 * 32.0) * 1e9 / 8.0 / GIB
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diffusion::{Role, find};

    fn denoiser(id: &str) -> &'static Component {
        let p = find(id).unwrap();
        p.component
            .iter()
            .find(|c| c.role == Role::Denoiser)
            .unwrap()
    }

    #[test]
    fn fp8_keeps_the_modulation_layers_in_16_bit() {
        let flux = denoiser("flux.1-dev");
        let bf16 = stored_gib(flux, 16.0, Cast::All);
        let fp8 = stored_gib(flux, 8.0, Cast::Fp8Layerwise);
        // Half of bf16 plus half of what stays 16-bit (3.25 B params ≈ 3.0 GiB).
        assert!(
            (fp8 - (bf16 / 2.0 + 3.25e9 / GIB)).abs() < 0.1,
            "{fp8} vs {bf16}"
        );
        // diffusers' quantization-backends blog (FLUX.1-dev on an H100): the pipeline after
        // loading is 31.447 GiB in bf16 and 23.682 with an fp8 transformer; the rest (T5,
        // CLIP, VAE) is the same, so the transformer's saving is 7.77 GiB.
        assert!(((bf16 - fp8) - 7.77).abs() / 7.77 < 0.10, "{}", bf16 - fp8);
        // GGUF and 4-bit cast every large weight: no kept share there.
        let q8 = stored_gib(flux, 8.5, Cast::All);
        assert!((q8 - flux.params_b * 1e9 * 8.5 / 8.0 / GIB).abs() < 1e-9);
    }

    #[test]
    fn a_unet_without_modulation_halves() {
        let unet = denoiser("sdxl");
        let half = stored_gib(unet, 16.0, Cast::All) / 2.0;
        assert!((stored_gib(unet, 8.0, Cast::Fp8Layerwise) - half).abs() < 1e-9);
    }
}
