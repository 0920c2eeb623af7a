//! Which quantized training bases PEFT's `prepare_model_for_kbit_training` prepares: every
//! bitsandbytes base, 8-bit as well as 4-bit. peft `src/peft/utils/other.py`:
//! `loaded_in_kbit = getattr(model, "is_loaded_in_8bit", False) or getattr(model,
//! "is_loaded_in_4bit", False)`, then "cast all non INT8 parameters to fp32" for any base that
//! is not GPTQ/AQLM/EETQ/HQQ/torchao; axolotl calls it for `load_in_8bit` and `load_in_4bit`
//! adapters alike. So an LLM.int8 base (Transformers `load_in_8bit`) carries the same fp32
//! embedding, head and norms and the same fp32 stream as an NF4 one (`train::peft_fp32_cast`).
//! bitsandbytes' `MatMul8bitLt` returns its input's dtype, like `Linear4bit`, so the FFN
//! tensors are fp32 too. Found on held-out 6: axolotl's Code Llama 7B LoRA on an LLM.int8 base
//! (4096 x 2 tokens, "about 20 GB") was 24 % under sized as plain 8-bit storage.

use super::Quant;

/// Whether a training base in `quant` goes through PEFT's k-bit preparation (with
/// `FitRequest::kbit_upcast`, the trainer's word): bitsandbytes NF4 / FP4 and LLM.int8.
pub(crate) fn prepared_by_peft(quant: Quant) -> bool {
    quant.is_bnb4() || quant == Quant::Int8
}
