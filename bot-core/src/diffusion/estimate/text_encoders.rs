//! The text encoders' weights in the storage a request asks for (`te=fp8`, `te=nf4`, as
//! published): apart from the stages because a bitsandbytes encoder is not a cast of every
//! weight (transformers keeps some modules in fp32 and converts only the linears), which the
//! catalog states per component and this reads.

use super::{DiffusionRequest, Precision, gib};
use crate::diffusion::Role;
use crate::diffusion::casting::{Cast, stored_gib};

/// The text encoders' weights in the storage `r` asks for. A bitsandbytes 4-bit encoder is a
/// transformers model whose quantizer keeps `_keep_in_fp32_modules` in fp32 and converts only
/// `nn.Linear` layers (each component's `bnb_fp32_b` / `bnb_16bit_b`); fp8 and GGUF cast every
/// weight.
pub(super) fn text_weights_gib(r: &DiffusionRequest) -> f64 {
    r.pipeline
        .component
        .iter()
        .filter(|c| c.role == Role::TextEncoder)
        .map(|c| match r.text_precision {
            Some(Precision::Nf4) => stored_gib(c, Precision::Nf4.bits(), Cast::Bnb4bit),
            Some(q) => stored_gib(c, q.bits(), Cast::All),
            None => gib(
                c.params_b,
                Precision::parse(&c.precision).map_or(16.0, Precision::bits),
            ),
        })
        .sum()
}
