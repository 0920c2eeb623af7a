//! The loss head of a training step (`vram::train`): the logits' bytes per position by loss
//! (Unsloth's, Liger's fused and GRPO, the Triton head, a 16-bit or fp32 head) and the blocks
//! nvidia-smi shows of the Triton head beyond its live tensors.

use super::Shape;
use super::parts::Common;
use super::request::{FitRequest, LossHead};
use super::train_weights::peft_fp32_cast;

/// What the loss head holds for `tb_logits` logit positions over `batch` sequences: Unsloth's
/// own loss, Liger's GRPO loss (the head's gradients and one completion's logits beside the
/// input gradient, `rl_trainer::grpo_fused_loss_bytes`), or `loss_tok` bytes a position.
pub(super) fn head_loss(
    shape: &Shape,
    req: &FitRequest,
    loss_tok: f64,
    (tb_logits, batch): (f64, f64),
    free: Option<f64>,
) -> f64 {
    if super::unsloth_loss::applies(req) {
        super::unsloth_release::request_loss_bytes(req, tb_logits, shape.vocab as f64, free)
    } else if super::rl_trainer::grpo_fused(req) {
        let head = if peft_fp32_cast(req) { 4.0 } else { 2.0 };
        let completion = tb_logits / batch.max(1.0);
        loss_tok * tb_logits + super::rl_trainer::grpo_fused_loss_bytes(shape, head, completion)
    } else {
        loss_tok * tb_logits
    }
}

/// Loss-head bytes per logit position.
///
/// Unsloth (`FitRequest::unsloth`): its checkpointing offloads the layer inputs to CPU RAM:
/// one is on the card at a time; its own loss holds the logits in chunks as large as the
/// free memory allows (`unsloth_loss`); Cut Cross Entropy (`liger` with it, and the
/// compiled forward of the models Unsloth does not write itself) none.
/// Liger's fused linear cross-entropy (`LossHead::Fused`) holds one chunk of logits.
/// An fp32 output head (`peft_fp32_cast`) makes fp32 logits: a loss taken on the head's own
/// dtype (`LossHead::Half`) holds each of its tensors at 4 bytes instead of 2.
pub(super) fn loss_bytes_per_token(shape: &Shape, req: &FitRequest) -> f64 {
    // Liger fuses the loss only for a trainer that passes labels (`liger_scope`): DPO and the
    // other preference / RL trainers keep every token's logits.
    let requested = super::liger_scope::effective_loss(req);
    let loss_head = super::rl_trainer::grpo_logits_head(req, requested, peft_fp32_cast(req));
    if req.unsloth && loss_head != LossHead::Fused {
        0.0
    } else if loss_head == LossHead::Fused {
        super::request::FUSED_LOSS_HIDDEN_BYTES * shape.hidden as f64
    } else if loss_head == LossHead::Triton {
        triton_bytes_per_token(shape, req)
    } else {
        // The head's dtype: fp32 after PEFT's k-bit cast (of the embedding too, so of a tied
        // head), else 16-bit.
        let head_bytes = if peft_fp32_cast(req) && (shape.params.lm_head > 0.0 || shape.tied) {
            4.0
        } else {
            2.0
        };
        let loss = if loss_head == LossHead::Half {
            // A loss on the head's own dtype: each of its tensors at the head's width; the
            // model's logits only while the caller keeps its output.
            let caller = if req.logits_kept {
                super::loss_head::HALF_CALLER_LOGITS
            } else {
                0.0
            };
            (loss_head.bytes_per_vocab() - super::loss_head::HALF_CALLER_LOGITS + caller)
                * head_bytes
                / 2.0
        } else {
            loss_head.bytes_per_vocab()
        };
        // Gemma 2's soft-capped head keeps its tanh output for the backward.
        let capped = if super::loss_head::soft_capped(&req.model) {
            head_bytes
        } else {
            0.0
        };
        (loss + capped) * shape.vocab as f64
    }
}

/// The Triton loss head (`LossHead::Triton`) per logit position: its fp32 tensors, and the
/// 16-bit logits a 4.46+ forward returns beside them unless the output head is fp32 already
/// (PEFT's cast: `.float()` then returns the same tensor).
fn triton_bytes_per_token(shape: &Shape, req: &FitRequest) -> f64 {
    super::triton_loss::triton_loss_bytes(req) * shape.vocab as f64
}

/// What nvidia-smi shows of the Triton head beyond its live tensors: the same blocks again.
/// Each step frees the head's logit-sized blocks into PyTorch's cache; the next step's forward
/// pass then takes its layer inputs and working tensors out of those cached blocks (the
/// caching allocator splits a cached block of any size for a smaller request: `get_free_block`
/// with the default unlimited `max_split_size`), so when the head comes round again no cached
/// block is whole and its logits are allocated afresh. Measured on fms-acceleration's
/// `refs/a100_80gb_liger.csv` (733992ae, Llama-3-8B, A100 80GB): nvidia-smi less the peak
/// allocated is 14.5 GiB at 4 x 4096 tokens and 28.3-28.9 at 8 x 4096 for the foak runs, 7.1-7.3
/// bytes per logit entry after the CUDA context, where the Liger runs of the same harness hold
/// 1.7-7.7 GiB in all. Releasable: the allocator gives these blocks back before it fails (the
/// bf16 LoRA run at 8 x 4096 shows 2 GiB, not 30, above its 55 GiB peak on its 80 GiB card).
pub(super) fn triton_head_blocks(shape: &Shape, req: &FitRequest, c: &Common) -> f64 {
    if req.unsloth || super::liger_scope::effective_loss(req) != LossHead::Triton {
        return 0.0;
    }
    let tb_logits = super::method::logit_tokens(req.method, c.tokens, req.completion) * c.batch;
    triton_bytes_per_token(shape, req) * tb_logits
}
