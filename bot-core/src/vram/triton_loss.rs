//! A request's Triton loss head (`LossHead::Triton`): the bytes per logit entry it holds, which
//! depend on the request's trainer (PEFT's fp32 cast, `train_weights`) as well as on the head
//! (`loss_head`). Apart from `loss_head` because `FitRequest` carries a `LossHead`: the head's
//! words and constants sit below the request, this reading of a whole request above it.

use super::FitRequest;
use super::loss_head::{TRITON_FP32_BYTES, triton_bytes_per_vocab};
use super::train_weights::peft_fp32_cast;

/// Bytes per logit entry the request's Triton head holds at its peak: its fp32 tensors alone
/// when PEFT's k-bit preparation made the output head fp32 (`.float()` then returns the
/// head's own output), else as `triton_bytes_per_vocab` of the request's release.
pub fn triton_loss_bytes(req: &FitRequest) -> f64 {
    if peft_fp32_cast(req) {
        TRITON_FP32_BYTES
    } else {
        triton_bytes_per_vocab(req.transformers_release)
    }
}

/// `triton_loss_bytes` as the answer writes it ("8", "10").
pub fn triton_loss_bytes_label(req: &FitRequest) -> String {
    format!("{}", triton_loss_bytes(req))
}
