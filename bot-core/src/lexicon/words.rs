//! Words for what to run and how: quantizations (`int4`, `Q4_K_M`, `awq`, `nf4`...), tasks
//! (`lora`, `微调`, `全参`...), engines, ZeRO stages, KV-cache and optimizer types.
//!
//! The types live with the fit engine ([`crate::vram`]); what people call them lives here, so
//! `/fit`, `/tco`, `/pick` and the CLI read one vocabulary.

use crate::catalog::BillingStart;
use crate::vram::{Attention, Engine, FitError, KvDtype, Optimizer, Quant, Task, Zero};
use std::str::FromStr;

/// Lower-case, without `-`, `_`, spaces or dots: `Q4_K_M`, `q4-k-m` and `q4km` are one word.
fn squash(s: &str) -> String {
    s.trim()
        .to_lowercase()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.'))
        .collect()
}

impl FromStr for Quant {
    type Err = FitError;
    /// Forgiving: `int4`, `Q4_K_M`, `q4km`, `gptq`, `gptq-int4`, `awq`, `nf4`, `bnb4`, `4bit`,
    /// `fp16`, `half`, `bf16`, `fp8`, `int8`, `bnb8`, `8bit`, `gguf` (= Q4_K_M, the common default),
    /// the GGUF i-quants `IQ1_S` ... `IQ4_NL` (`iq2_xxs`, `IQ4-XS`, `iq4xs`)...
    fn from_str(s: &str) -> Result<Quant, FitError> {
        let k = squash(s);
        Ok(match k.as_str() {
            "fp32" | "f32" | "float32" | "float" | "full" => Quant::Fp32,
            "fp16" | "f16" | "float16" | "half" => Quant::Fp16,
            "bf16" | "bfloat16" => Quant::Bf16,
            "fp8" | "f8" | "float8" | "e4m3" | "fp8e4m3" | "w8a8fp8" => Quant::Fp8,
            "int8" | "i8" | "8bit" | "bnb8" | "bnbint8" | "llmint8" => Quant::Int8,
            "gptqint8" | "gptq8" | "gptq8bit" => Quant::GptqInt8,
            "int4" | "i4" | "4bit" | "w4a16" => Quant::Int4,
            "gptq" | "gptqint4" | "gptq4" | "gptq4bit" => Quant::GptqInt4,
            "awq" | "awqint4" | "awq4" | "awq4bit" => Quant::Awq,
            "nf4" | "bnb4" | "bnbnf4" | "bnb4bit" => Quant::Nf4,
            "q2k" => Quant::Q2K,
            "q3km" | "q3k" => Quant::Q3KM,
            "q40" | "q4" => Quant::Q4_0,
            "q4km" | "q4k" | "gguf" => Quant::Q4KM,
            "q5km" | "q5k" => Quant::Q5KM,
            "q6k" | "q6" => Quant::Q6K,
            "q80" | "q8" => Quant::Q8_0,
            "iq1s" => Quant::Iq1S,
            "iq1m" => Quant::Iq1M,
            "iq2xxs" => Quant::Iq2Xxs,
            "iq2xs" => Quant::Iq2Xs,
            "iq2s" => Quant::Iq2S,
            "iq3xxs" => Quant::Iq3Xxs,
            "iq3s" => Quant::Iq3S,
            "iq4xs" => Quant::Iq4Xs,
            "iq4nl" => Quant::Iq4Nl,
            "mxfp4" | "mxfp4moe" | "fp4mx" => Quant::Mxfp4,
            _ => return Err(FitError::UnknownQuant(s.trim().to_string())),
        })
    }
}

impl FromStr for Task {
    type Err = FitError;
    fn from_str(s: &str) -> Result<Task, FitError> {
        let k = squash(s);
        Ok(match k.as_str() {
            "infer" | "inference" | "serve" | "serving" | "chat" | "推理" | "部署" => {
                Task::Infer
            }
            "lora" | "lorafinetune" | "微调" | "lora微调" => Task::Lora,
            "qlora" | "qlorafinetune" | "qlora微调" => Task::Qlora,
            "full" | "fullft" | "fullfinetune" | "finetune" | "ft" | "train" | "training"
            | "全参" | "全参微调" | "全量微调" | "训练" => Task::Full,
            _ => return Err(FitError::UnknownTask(s.trim().to_string())),
        })
    }
}

impl FromStr for Engine {
    type Err = FitError;
    fn from_str(s: &str) -> Result<Engine, FitError> {
        Ok(match squash(s).as_str() {
            "transformers" | "hf" | "huggingface" | "pytorch" | "torch" => Engine::Transformers,
            "vllm" | "sglang" => Engine::Vllm,
            "llamacpp" | "llama" | "ollama" | "gguf" | "lmstudio" => Engine::Llamacpp,
            _ => return Err(FitError::UnknownEngine(s.trim().to_string())),
        })
    }
}
impl FromStr for Zero {
    type Err = FitError;
    fn from_str(s: &str) -> Result<Zero, FitError> {
        Ok(match squash(s).as_str() {
            "0" | "off" | "none" | "ddp" | "zero0" => Zero::Off,
            "1" | "zero1" => Zero::One,
            "2" | "zero2" => Zero::Two,
            "3" | "zero3" | "fsdp" => Zero::Three,
            _ => return Err(FitError::BadValue(format!("zero={s}"))),
        })
    }
}

/// KV-cache element type: `fp16`/`bf16`/`16` or `fp8`/`int8`/`8`.
pub fn kv_dtype(word: &str) -> Option<KvDtype> {
    match squash(word).as_str() {
        "fp16" | "bf16" | "16" => Some(KvDtype::Fp16),
        "fp8" | "int8" | "8" => Some(KvDtype::Fp8),
        _ => None,
    }
}

/// Optimizer: `adamw`/`adam`, or bitsandbytes 8-bit Adam (`adam8bit`, `8bit`).
pub fn optimizer(word: &str) -> Option<Optimizer> {
    match squash(word).as_str() {
        "adamw" | "adam" | "adamwtorch" | "pagedadamw" | "pagedadamw32bit" => {
            Some(Optimizer::AdamW)
        }
        "adam8bit" | "adamw8bit" | "8bit" | "pagedadamw8bit" | "pagedadam8bit" => {
            Some(Optimizer::Adam8bit)
        }
        _ => None,
    }
}

/// When a meter starts: `boot`/`开机` (power-on) or `job`/`任务` (when the work starts).
pub fn billing_start(word: &str) -> Option<BillingStart> {
    match word.trim().to_lowercase().as_str() {
        "boot" | "开机" => Some(BillingStart::Boot),
        "job" | "任务" => Some(BillingStart::Job),
        _ => None,
    }
}

/// Attention implementation: `eager` (scores materialized), `sdpa`, `flash` (`fa2`...).
pub fn attention(word: &str) -> Option<Attention> {
    Attention::from_key(word)
}

/// A switch: `on`/`yes`/`true`/`1`/`开` or `off`/`no`/`false`/`0`/`关`.
pub fn on_off(word: &str) -> Option<bool> {
    match word.trim().to_lowercase().as_str() {
        "on" | "yes" | "true" | "1" | "开" | "开启" | "是" => Some(true),
        "off" | "no" | "false" | "0" | "关" | "关闭" | "否" => Some(false),
        _ => None,
    }
}
