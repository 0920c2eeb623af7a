//! "Q-LoRA" on a GPTQ-Int8 checkpoint, as Qwen's and ms-swift's scripts call it.
//!
//! QLoRA proper trains LoRA adapters on a 4-bit base (`request_check` refuses `qlora` on a
//! 16-bit or 8-bit base). But Qwen's fine-tuning docs and ms-swift's example scripts name LoRA
//! on the published `-Int8` GPTQ checkpoints "Q-LoRA" too: ms-swift @7846f3a5
//! `examples/pytorch/llm/scripts/qwen_7b_chat_int8/qlora/sft.sh` runs `--sft_type lora` on
//! `qwen-7b-chat-int8` from a `qlora` folder. What that run does is the house's LoRA on a frozen
//! GPTQ base (`vram::gptq_train`: auto_gptq's dequantize path, the adapters in 16 bits), so
//! `qlora gptq-int8` is sized as `lora gptq-int8` and the answer says so
//! (`fit-note-qlora-gptq-int8`). Only a prequantized GPTQ-Int8 checkpoint is read this way; a
//! bitsandbytes 8-bit or a 16-bit base stays refused.

use super::{FitRequest, Quant, Task};
use crate::reply::Msg;

/// The request sized for `req`: LoRA on the same base where `req` asks QLoRA on a GPTQ-Int8
/// checkpoint; `None` for every other request.
pub(super) fn as_lora<'a>(req: &FitRequest<'a>) -> Option<FitRequest<'a>> {
    (req.task == Task::Qlora && req.quant == Quant::GptqInt8).then(|| {
        let mut r = req.clone();
        r.task = Task::Lora;
        r
    })
}

/// The line that says how the request was read.
pub(super) fn note() -> Msg {
    Msg::new("fit-note-qlora-gptq-int8")
}
