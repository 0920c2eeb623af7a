//! The `/fit` lines for memory held beyond the step's own tensors, each stated with its size:
//! what PyTorch FSDP holds whole on every card (`vram::fsdp_unsharded_gib`: its root unit's
//! embedding and head, and in full fine-tuning a unit's gradients before the reduce-scatter),
//! bitsandbytes' 4-bit quantization constants, which FSDP and ZeRO-3 leave whole on every card
//! (`vram::bnb_constants_whole_gib`), and the fp32 embedding and head copies axolotl's loader leaves in PyTorch's cache
//! (`vram::axolotl_fp32_copies_gib`), and what torchao's `generate.py` allocates for its
//! cache's length (`vram::torchao_generate_gib`), and the gradients held through the forward
//! pass by the trainers' gradient accumulation (`vram::grad_accum`), and DeepSpeed's second
//! reduce bucket under `overlap_comm` (`vram::overlap_comm_gib`). Kept apart from
//! `fit_render` for its length.

use crate::reply::{Msg, Reply};
use crate::vram::{FitOptions, FitRequest};

/// States each term with its size when it applies and is visible.
pub(super) fn push_held(r: &mut Reply, req: &FitRequest<'_>, opts: &FitOptions) {
    let gib = crate::vram::fsdp_unsharded_gib(req, opts);
    if gib >= 0.05 {
        r.push(Msg::new("advice-assume-fsdp-root").arg("gib", format!("{gib:.1}")));
    }
    // bitsandbytes' 4-bit constants: not in what FSDP / ZeRO-3 shard (`vram::bnb_constants_whole_gib`).
    let constants = crate::vram::bnb_constants_whole_gib(req, opts);
    if constants >= 0.05 {
        r.push(Msg::new("advice-assume-bnb-constants").arg("gib", format!("{constants:.1}")));
    }
    let copies = crate::vram::axolotl_fp32_copies_gib(req, opts);
    if copies >= 0.05 {
        r.push(Msg::new("advice-assume-axolotl").arg("gib", format!("{copies:.1}")));
    }
    // DeepSpeed's `overlap_comm`: ZeRO-1/2's second reduce bucket through the backward pass.
    let overlap = crate::vram::overlap_comm_gib(req, opts);
    if overlap >= 0.05 {
        r.push(Msg::new("advice-assume-overlap-comm").arg("gib", format!("{overlap:.1}")));
    }
    push_grad_accum(r, req, opts);
}

/// Whether the gradients are counted beside the forward pass (the trainers' accumulation, the
/// default) or not (`accum=1`), with what one micro-batch per step takes off
/// (`vram::single_step_saving_gib`); nothing when that is under 0.05 GiB and the
/// user said nothing (LoRA's gradients are small).
fn push_grad_accum(r: &mut Reply, req: &FitRequest<'_>, opts: &FitOptions) {
    let gib = crate::vram::single_step_saving_gib(req, opts);
    let (accum, n) = match req.grad_accum {
        None if gib >= 0.05 => ("default", 0),
        None => return,
        Some(1) if gib >= 0.05 => ("one", 1),
        // ZeRO or FSDP, or gradients too small to show: the figure is the accumulating one.
        Some(1) => ("same", 1),
        Some(n) => ("many", n),
    };
    r.push(
        Msg::new("advice-assume-grad-accum")
            .arg("accum", accum)
            .arg("n", n.to_string())
            .arg("gib", format!("{gib:.1}")),
    );
}

/// Inference through torchao's `generate.py` (`vram::torchao_generate_gib`): the static cache,
/// its N × N causal mask and the decode's fp32 math attention, each with its size.
pub(super) fn push_generate(r: &mut Reply, req: &FitRequest<'_>) {
    if let Some((mask, decode)) = crate::vram::torchao_generate_gib(req) {
        r.push(
            Msg::new("advice-assume-torchao-generate")
                .arg("positions", req.context.to_string())
                .arg("mask", format!("{mask:.1}"))
                .arg("decode", format!("{decode:.1}")),
        );
    }
}
