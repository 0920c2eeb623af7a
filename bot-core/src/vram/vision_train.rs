//! A vision-language model's vision tower (ViT) in training (mem_cc, held-out 45): what its
//! blocks keep for the backward pass over the micro-batch's patches, by whether the tower is
//! trained and whether its own gradient checkpointing is on.
//!
//! - ms-swift checkpoints the language model (`--gradient_checkpointing`) and the tower
//!   (`--vit_gradient_checkpointing`) separately; the tower's switch defaults to the language
//!   model's (`swift/trainers/arguments.py` @ 3602360a: `if self.vit_gradient_checkpointing is
//!   None: self.vit_gradient_checkpointing = self.gradient_checkpointing`). With it on,
//!   `_prepare_gradient_checkpointing` (`swift/trainers/mixin.py`) calls the tower's
//!   `gradient_checkpointing_enable` and `enable_input_require_grads` (ms-swift points the
//!   tower's `get_input_embeddings` at `patch_embed`: `swift/model/models/qwen.py`), so even a
//!   frozen tower's blocks run checkpointed with an input that asks for gradients: each block
//!   keeps its input; with it off, `disable_input_require_grads`: a frozen tower keeps nothing.
//! - The tower is frozen unless said (ms-swift `--freeze_vit` default `True`, for full and LoRA
//!   training alike; LLaMA-Factory `freeze_vision_tower` default `True`).
//! - A trained tower without its checkpointing keeps every block's tensors over every patch
//!   ([`block_bytes_per_patch`]), all alive when the language model's backward runs: they add
//!   to its peak. With checkpointing, one block is recomputed only once the language model's
//!   backward is done, below that peak: the block inputs alone add.
//!
//! Checked: ms-swift's `examples/train/multimodal/vit_gradient_checkpointing.sh` (Qwen2.5-VL-7B
//! full, ViT trained, 4 videos of 12 frames at 50 176 pixels a card): 62 GiB with the tower's
//! checkpointing off against 48 with it on (language model checkpointed), 14 GiB, where this
//! gives 15.3 − 0.5.

use super::{FitRequest, ModelRef};
use crate::catalog::VisionTower;

pub use super::vit_words::VitTrain;

/// Bytes one tower block keeps per patch for its backward pass, in Transformers'
/// `Qwen2_5_VLVisionBlock` (`models/qwen2_5_vl/modeling_qwen2_5_vl.py`), bf16, hidden `h`,
/// MLP width `I`: each `Qwen2RMSNorm` its fp32 input (4h), the normalized 16-bit copy the
/// weight multiplies (2h) and its output (2h): 8h, twice; the `qkv` output the unbound `v`
/// keeps alive (6h); `apply_rotary_pos_emb_vision`'s fp32 `q`, `k` and their `rotate_half`
/// (16h) and the 16-bit rotated `q`, `k` flash attention keeps (4h); the attention output
/// `proj` keeps (2h): 44h. The MLP: gate and up outputs, the activation and the product the
/// down projection keeps, 8I, or for an ungated MLP (Qwen2-VL's `fc1`, QuickGELU, `fc2`) the
/// `fc1` output, the sigmoid and the product, 6I. Qwen2-VL's LayerNorms keep less than the
/// RMSNorm's fp32 path: this is the larger.
pub fn block_bytes_per_patch(v: &VisionTower) -> f64 {
    let mlp = if v.gated { 8.0 } else { 6.0 };
    44.0 * v.hidden as f64 + mlp * v.intermediate as f64
}

/// Patches of one sample: the image (or each pair of video frames: `temporal_patch` frames
/// make one patch in time) at the processor's largest image as capped
/// (`vision_tower::capped`), no more visual tokens than the sequence holds (image and video
/// tokens count inside ms-swift's `max_length`). A tiled tower: none sized here.
pub fn sample_patches(v: &VisionTower, req: &FitRequest) -> f64 {
    if v.tiles > 0 {
        return 0.0;
    }
    let t = super::vision_tower::capped(v, req.max_pixels);
    let per_image = super::vision_tower::image_tokens(&t);
    let groups = match req.vit.video_frames {
        Some(f) => f.div_ceil(v.temporal_patch.max(1)).max(1) as u64,
        None => req.images_per_prompt.unwrap_or(1).max(1) as u64,
    };
    let tokens = (per_image * groups).min(req.context as u64);
    tokens as f64 * (v.merge as f64).powi(2)
}

/// What the tower keeps on one card at the language model's peak, over `batch` samples: every
/// block's input under the tower's checkpointing (trained or, ms-swift's input hook, frozen;
/// one block's under Unsloth, which offloads the rest),
/// every block's tensors when trained without it, nothing when frozen without it. Training
/// only; 0 for a model with no (untiled) tower.
pub fn held_bytes(req: &FitRequest, batch: f64) -> f64 {
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Some(v) = m.vision.as_ref() else {
        return 0.0;
    };
    if !req.task.is_training() {
        return 0.0;
    }
    let gc = req.vit.grad_checkpointing.unwrap_or(req.grad_checkpointing);
    // Unsloth's checkpointing offloads every checkpointed block's input to the CPU, the
    // tower's too (it patches torch's checkpoint for the process:
    // `patch_unsloth_smart_gradient_checkpointing`, unsloth/models/_utils.py
    // `apply_unsloth_gradient_checkpointing`): one block's on the card, as the decoder's.
    // A frozen tower keeps its block inputs only where the trainer makes its input ask for
    // gradients (ms-swift's hook above); axolotl hooks the language model's embeddings alone
    // (`model.enable_input_require_grads()`, src/axolotl/train.py @ its stored snapshot).
    let trained = req.vit.trained || req.vit.full;
    let hooked = trained || !req.axolotl;
    let (blocks, per_patch_block) = if gc && hooked {
        let kept = if req.unsloth { 1.0 } else { v.depth as f64 };
        (kept, 2.0 * v.hidden as f64)
    } else if trained {
        (v.depth as f64, block_bytes_per_patch(v))
    } else {
        (0.0, 0.0)
    };
    blocks * per_patch_block * sample_patches(v, req) * batch
}

/// Parameters of a tower trained in full beside a LoRA of the language model (ms-swift's
/// `--tuner_type lora_llm`: "LoRA on the LLM, ViT and aligner trained in full"; `--vit-full`
/// with a LoRA task; a LoRA of the tower's own, `--train-vit` alone, has adapters too small to count): its blocks and merger (`vision_tower::encoder_params`), with gradients
/// and optimizer state like any trained weight. 0 for full fine-tuning (counted already), a
/// frozen tower, or a model without one.
pub fn tower_params_trained(shape: &super::Shape, req: &FitRequest) -> f64 {
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    match m.vision.as_ref() {
        Some(v) if req.vit.full && req.task.is_training() && req.task != super::Task::Full => {
            super::vision_tower::encoder_params(v, shape.hidden)
        }
        _ => 0.0,
    }
}

/// What the answer says about the tower in training: the patches a sample and what the
/// tower keeps over the micro-batch, whether it trains, and whether it is checkpointed.
pub(super) fn note(req: &FitRequest) -> Option<crate::reply::Msg> {
    // A note on training: an inference answer keeps no tower activations over a batch.
    if !req.task.is_training() {
        return None;
    }
    let ModelRef::Known(m) = req.model else {
        return None;
    };
    let v = m.vision.as_ref().filter(|v| v.tiles == 0)?;
    let gc = req.vit.grad_checkpointing.unwrap_or(req.grad_checkpointing);
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    Some(
        crate::reply::Msg::new("fit-note-vit-train")
            .arg("patches", sample_patches(v, req))
            .arg(
                "gib",
                super::round2(held_bytes(req, req.batch as f64) / super::GIB),
            )
            .arg("trained", yes_no(req.vit.trained || req.vit.full))
            .arg("gc", yes_no(gc)),
    )
}
