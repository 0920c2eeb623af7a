//! The `/fit` line for what PyTorch FSDP holds whole on every card (`vram::fsdp_unsharded_gib`):
//! its root unit (embedding and output head) and, in full fine-tuning, a unit's gradients
//! before they are reduce-scattered. Kept apart from `fit_render` for its length.

use crate::reply::{Msg, Reply};
use crate::vram::{FitOptions, FitRequest};

/// States the term with its size when FSDP shards the training and the term is visible.
pub(super) fn push_fsdp_unsharded(r: &mut Reply, req: &FitRequest<'_>, opts: &FitOptions) {
    let gib = crate::vram::fsdp_unsharded_gib(req, opts);
    if gib >= 0.05 {
        r.push(Msg::new("advice-assume-fsdp-root").arg("gib", format!("{gib:.1}")));
    }
}
