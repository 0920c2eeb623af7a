//! Unsloth's forced float32 on a card without bf16 (mem_ad, held-out 18's leftover: Gemma-3-4B
//! vision Q-LoRA on a T4, −25.6 %).
//!
//! Unsloth keeps a list of architectures that cannot train in float16 (`FORCE_FLOAT32`,
//! `unsloth/models/loader.py`: `["gemma3"]` from Gemma-3's support in 2025.3, later with
//! `gemma3n`, `gpt_oss`, `qwen3_5`…). On a card without bf16 (compute capability below 8.0:
//! T4, V100) it loads such a checkpoint in bf16 and casts it to float16 module by module
//! (unsloth-zoo `patching_utils.py` `patch_model_and_tokenizer`, `do_forced_float32`), then trains
//! in float32 mixed precision ("Switching to float32 training since model cannot work with
//! float16"). Casting the embedding holds its bf16 and float16 copies at once: the largest 16-bit
//! tensor of the model (Gemma-3's 262 208-row vocabulary) twice. The caching allocator keeps the
//! segment the first copy leaves, so `max_memory_reserved` (and nvidia-smi) carries one more
//! 16-bit embedding than the step needs; PyTorch gives it back before running out, so the
//! verdict does not count it. The Gemma-3-4B vision notebook on a T4 (unslothai/notebooks
//! `Gemma3_(4B)-Vision.ipynb` @ bdda2efc) shows it: 5.416 GiB reserved right after loading
//! against ~3.6 GiB of 4-bit weights, 6.061 GiB at the training peak.
//! Only the families Unsloth has listed since 2025.3 are sized (`gemma3`); the later ones have
//! no measured row here.

use super::{FitRequest, ModelRef, Shape, Task};

/// Families whose checkpoints Unsloth forces to float32 training on a card without bf16, as
/// listed since its Gemma-3 support (`FORCE_FLOAT32 = ["gemma3"]`).
const FORCED_FAMILIES: [&str; 1] = ["gemma3"];

/// Whether Unsloth forces this training to float32: Unsloth, a training task, a named card
/// without bf16 (an unnamed card is not assumed), a family it lists.
pub fn applies(req: &FitRequest) -> bool {
    let family = match req.model {
        ModelRef::Known(m) => m.family.as_str(),
        ModelRef::BySize { .. } => return false,
    };
    req.unsloth
        && matches!(req.task, Task::Lora | Task::Qlora | Task::Full)
        && req.gpu.and_then(|g| g.bf16_native()) == Some(false)
        && FORCED_FAMILIES.contains(&family)
}

/// Bytes the float16 cast leaves reserved beyond the step: one 16-bit copy of the input
/// embedding (vocabulary × hidden); 0 where it does not apply.
pub fn cast_copy_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if applies(req) {
        shape.params.embed * 2.0
    } else {
        0.0
    }
}

/// The answer's line when it applies: the float32 training and the copy it leaves reserved.
pub(super) fn note(shape: &Shape, req: &FitRequest) -> Option<crate::reply::Msg> {
    applies(req).then(|| {
        crate::reply::Msg::new("fit-warn-unsloth-fp32").arg(
            "gib",
            super::round2(cast_copy_bytes(shape, req) / super::GIB),
        )
    })
}
