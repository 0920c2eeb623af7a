//! The dtype DeepSpeed ZeRO-3 builds a full fine-tune's model in. Found on held-out 58
//! (ChatGLM3-6B's finetune_demo: an fp16 checkpoint, ZeRO-3 on 4 cards, no `bf16` / `fp16` in
//! its training arguments; 48346 MiB a card against 36.5 GiB sized as fp16).
//!
//! - Transformers fills the DeepSpeed config's `"auto"` precision from the trainer's arguments
//!   when the `TrainingArguments` are built (huggingface/transformers@02348331
//!   `src/transformers/integrations/deepspeed.py`, `HfTrainerDeepSpeedConfig.
//!   trainer_config_process`: `fp16.enabled` ← `args.fp16`, `bf16.enabled` ← `args.bf16`), and
//!   under ZeRO-3 `from_pretrained` builds the model inside `deepspeed.zero.Init` with that
//!   config.
//! - `zero.Init` takes its dtype from the config: bf16 if enabled, fp16 if enabled, else
//!   `torch.float` (deepspeedai/DeepSpeed v0.13.1 (1d35db76)
//!   `deepspeed/runtime/zero/partition_parameters.py`, `_set_dtype`), and the tensor
//!   constructors it patches cast every floating tensor they make to that dtype
//!   (`zero_wrapper_for_fp_tensor_constructor`), a layer built with an explicit 16-bit `dtype`
//!   included. So with neither mode on the parameters are fp32 and the job is the fp32 model's
//!   (`vram::fp32_model`: fp32 gradients and moments, DeepSpeed's partition clone, fp32
//!   activations), whatever dtype the checkpoint was saved in.
//!
//! The word is the chat's `autocast=off` (CLI `--no-autocast`): a trainer with neither fp16 nor
//! bf16. ZeRO-1/2 (no `zero.Init`), PyTorch FSDP and a layer split keep the load dtype.

use super::{FitOptions, FitRequest, Quant, Task, Zero};
use crate::reply::Msg;

/// Whether ZeRO-3's `zero.Init` builds this full fine-tune's 16-bit checkpoint in fp32: DeepSpeed
/// ZeRO-3 asked for, neither fp16 nor bf16 on (`autocast` off), no mixed precision (`amp`).
pub fn builds_fp32(req: &FitRequest, opts: &FitOptions) -> bool {
    req.task == Task::Full
        && !req.autocast
        && !req.mixed_precision
        && matches!(req.quant, Quant::Fp16 | Quant::Bf16)
        && opts.zero == Some(Zero::Three)
        && !opts.fsdp
        && !opts.device_map
}

/// The line that says the model is sized in fp32, and the word that keeps the 16-bit load.
pub(super) fn note(req: &FitRequest) -> Msg {
    Msg::new("fit-note-zero-init-fp32").arg("typed", req.quant.to_string())
}
