//! The text encoders' weights in the storage a request asks for (`te=fp8`, `te=nf4`, as
//! published): apart from the stages because a transformers encoder is not a cast of every
//! weight (transformers keeps some modules in fp32 and a bitsandbytes load converts only the
//! linears), which the catalog states per component and this reads.

use super::{DiffusionRequest, Precision, gib};
use crate::diffusion::Role;
use crate::diffusion::casting::{Cast, stored_gib};

/// The text encoders' weights in the storage `r` asks for. A bitsandbytes 4-bit encoder is a
/// transformers model whose quantizer keeps `_keep_in_fp32_modules` in fp32 and converts only
/// `nn.Linear` layers (each component's `bnb_fp32_b` / `bnb_16bit_b`); fp8 and GGUF cast every
/// weight. A 16-bit encoder loaded in float16 keeps the same `_keep_in_fp32_modules` in fp32
/// (T5's `wo`: [`keeps_fp32_modules`]).
pub(super) fn text_weights_gib(r: &DiffusionRequest) -> f64 {
    let fp16_load = keeps_fp32_modules(r);
    r.pipeline
        .component
        .iter()
        .filter(|c| c.role == Role::TextEncoder && !(r.drop_optional_text && c.optional))
        .map(|c| match r.text_precision {
            Some(Precision::Nf4) => stored_gib(c, Precision::Nf4.bits(), Cast::Bnb4bit),
            Some(q) => stored_gib(c, q.bits(), Cast::All) + fp32_kept_extra_gib(c, fp16_load),
            None => {
                gib(
                    c.params_b,
                    Precision::parse(&c.precision).map_or(16.0, Precision::bits),
                ) + fp32_kept_extra_gib(c, fp16_load)
            }
        })
        .sum()
}

/// Whether the text encoders are loaded with `torch_dtype=torch.float16`, where transformers
/// keeps a model's `_keep_in_fp32_modules` in fp32 (huggingface/transformers@040ba146
/// `src/transformers/modeling_utils.py` `from_pretrained`: `use_keep_in_fp32_modules =
/// (cls._keep_in_fp32_modules is not None) and ((torch_dtype == torch.float16) or
/// hasattr(hf_quantizer, "use_keep_in_fp32_modules"))`; not at bfloat16). A diffusers
/// pipeline passes its one `torch_dtype` to every transformers component: the encoders are
/// in fp16 when `te=fp16` is asked, or, as published, when the pipeline runs the denoiser in
/// fp16 (asked, or its published 16-bit precision under a quantized denoiser).
fn keeps_fp32_modules(r: &DiffusionRequest) -> bool {
    match r.text_precision {
        Some(q) => q == Precision::Fp16,
        None => {
            let dtype = match r.precision {
                Some(p @ (Precision::Fp16 | Precision::Bf16 | Precision::Fp32)) => p,
                _ => r.published(Role::Denoiser),
            };
            dtype == Precision::Fp16
        }
    }
}

/// GiB a component's `_keep_in_fp32_modules` (the catalog's `bnb_fp32_b`: T5's 24 `wo`
/// projections, 1.007 B) add beyond 16 bits when loaded in float16.
fn fp32_kept_extra_gib(c: &crate::diffusion::Component, fp16_load: bool) -> f64 {
    if fp16_load {
        gib(c.bnb_fp32_b.max(0.0), 16.0)
    } else {
        0.0
    }
}
