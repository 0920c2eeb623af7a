//! The load stage: what bitsandbytes leaves on the card together before any offload hook runs.
//! Its own stage because offload lowers every other stage's peak but not this one, so a 4-bit
//! pipeline with offload can peak while loading.

use super::{DiffusionRequest, Precision};

/// The weights that are on the card together when `from_pretrained` returns, before any offload
/// hook runs: the components quantized with bitsandbytes. diffusers' `BnB4BitDiffusersQuantizer`
/// (and the 8-bit one) sets `device_map = {"": f"cuda:{torch.cuda.current_device()}"}` when none
/// is given (`quantizers/bitsandbytes/bnb_quantizer.py` @ 5a6e3864), and transformers'
/// `Bnb4BitHfQuantizer` does so for a bnb text encoder: they are quantized on the card as they
/// load. Only then does `enable_model_cpu_offload()` move them off (`pipeline_utils.py` @
/// 5a6e3864: `self.to("cpu")`, then accelerate's `cpu_offload_with_hook`), and
/// `enable_sequential_cpu_offload()` likewise. fp8 layerwise casting and GGUF load on the CPU,
/// and so do bitsandbytes components given `device_map="cpu"` (`load=cpu`: BFL's FLUX.2-dev
/// guide loads its 4-bit transformer and text encoder so, docs/flux2_dev_hf.md @ ab7cca68).
pub(super) fn bnb_loaded_gib(r: &DiffusionRequest, denoiser_gib: f64, text_gib: f64) -> f64 {
    if r.load_on_cpu {
        return 0.0;
    }
    let denoiser = if r.denoiser_precision() == Precision::Nf4 {
        denoiser_gib
    } else {
        0.0
    };
    let text = if r.text_precision == Some(Precision::Nf4) && !r.text_on_cpu {
        text_gib
    } else {
        0.0
    };
    denoiser + text
}
