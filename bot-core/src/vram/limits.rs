//! The limits on what a fit may ask (context, batch, cards, accumulation) and the typed error
//! for a request beyond them or unreadable (split from `request`).

use super::{Quant, Task};
use crate::reply::Msg;

/// Default whole-sequence length when none is given.
pub const DEFAULT_CONTEXT: u32 = 4096;

/// Card counts tried when no card count is given.
pub const CARD_COUNTS: [u32; 4] = [1, 2, 4, 8];

/// Largest card count accepted. Multi-node training runs are asked about (LLaMA-Factory#5838: a
/// DPO of Qwen2-72B on 9 x 8 A800; #4616: on 16 x 8), and the per-card figure of a sharded job
/// is still one card's; 2048 is the largest cluster a public model report names for one run
/// (DeepSeek-V3, arXiv:2412.19437 section 3.1: "a cluster equipped with 2048 NVIDIA H800 GPUs").
/// Beyond it the number is a typo.
pub const MAX_CARDS: u32 = 2048;

/// Largest context accepted (10M tokens; beyond this the request is a typo).
pub const MAX_CONTEXT: u32 = 10_000_000;

/// Largest batch accepted.
pub const MAX_BATCH: u32 = 4096;

/// Largest accumulation count accepted (`accum=N`, `vram::grad_accum`): beyond it the number is a typo.
pub const MAX_GRAD_ACCUM: u32 = 4096;

/// Largest llama.cpp micro-batch accepted (`-ub`; llama.cpp caps it at the batch, `-b`).
pub const MAX_UBATCH: u32 = 65_536;

/// Why an estimate cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FitError {
    #[error("unknown quantization `{0}`")]
    UnknownQuant(String),
    #[error("unknown task `{0}`")]
    UnknownTask(String),
    #[error("unknown engine `{0}`")]
    UnknownEngine(String),
    #[error("model size must be between 0.01 and 10000 billion parameters, got {0}")]
    BadSize(f64),
    #[error("context must be between 1 and {MAX_CONTEXT} tokens, got {0}")]
    BadContext(u64),
    #[error("batch must be between 1 and {MAX_BATCH}, got {0}")]
    BadBatch(u64),
    #[error("cards must be between 1 and {MAX_CARDS}, got {0}")]
    BadCards(u64),
    #[error("{0} is a llama.cpp GGUF format; fine-tuning GGUF weights is not supported")]
    GgufTraining(Quant),
    #[error("{0} cannot be used for {task}: QLoRA trains adapters on a 4-bit base", task = .1.key())]
    QloraNeedsLowBit(Quant, Task),
    #[error("bad value `{0}`")]
    BadValue(String),
    #[error("model `{0}` has an incomplete config (zero layers, hidden size or heads)")]
    IncompleteModel(String),
    /// A speed estimate needs a card figure the catalog honestly does not know
    /// (`bandwidth` or `tflops`): no estimate is made from a guess.
    #[error("{0}: {1} is unknown in the catalog, so no speed estimate")]
    SpecUnknown(String, &'static str),
    /// torchao is int8/int4/fp8 (or, its `generate.py`, 16-bit) inference on a PyTorch model.
    #[error("torchao sizes int8, int4, fp8 or 16-bit inference (its generate.py), not {0}")]
    TorchaoScope(String),
    /// A training method (`dpo`, `grpo`…) asked for inference: it sizes a fine-tune.
    #[error("{0} is a way to fine-tune: add lora, qlora or full")]
    MethodScope(String),
    /// DoRA asked for a full fine-tune or inference: it is a LoRA variant.
    #[error("DoRA is a LoRA variant: use it with lora or qlora")]
    DoraScope,
    /// Expert offload (`--cpu-moe`, `--n-cpu-moe`) asked of an engine without it, or of
    /// training: it is llama.cpp's (and Ollama's) inference option.
    #[error("cpu-moe is llama.cpp's expert offload for inference, not {0}")]
    CpuMoeScope(String),
    /// vLLM asked to load MXFP4 on a card older than compute capability 8.0
    /// (`vram::mxfp4_card::vllm_refuses`): the card and its capability.
    #[error("vLLM loads MXFP4 on compute capability 8.0 or newer, not {0} ({1})")]
    Mxfp4Card(String, String),
    /// `exl2` without its bits per weight: the format is defined by them (`vram::exl2`).
    #[error("EXL2 is sized by its bits per weight: say exl2-4.65bpw or 4.65bpw")]
    Exl2NeedsBpw,
    /// EXL2 outside ExLlamaV2, or ExLlamaV2 asked to train: the format and the engine are
    /// for inference with each other (what was asked, as `quant task engine`).
    #[error("EXL2 runs on ExLlamaV2 (or TabbyAPI) for inference, not {0}")]
    Exl2Scope(String),
    /// A name of an image or video family the diffusion data does not size yet
    /// (`diffusion::names::unsized_family`): never sized as a language model from its name.
    #[error("{0} is an image/video model the bot does not size yet")]
    MediaUnsized(String, String),
    /// A PEFT tuner asked without targets on a model type PEFT's target mapping lacks
    /// (`vram::tuner_targets`): PEFT itself asks for `target_modules`.
    #[error("{0} needs its target modules for this model: say targets=qv|attn|mlp|all")]
    TunerTargets(String),
}

impl FitError {
    /// The localized message for this error (ids in `locales/*/fit.ftl`).
    pub fn msg(&self) -> Msg {
        match self {
            FitError::UnknownQuant(q) => Msg::new("fit-error-quant").said("value", q.as_str()),
            FitError::UnknownTask(t) => Msg::new("fit-error-task").said("value", t.as_str()),
            FitError::UnknownEngine(e) => Msg::new("fit-error-engine").said("value", e.as_str()),
            FitError::BadSize(x) => Msg::new("fit-error-size").arg("value", *x),
            FitError::BadContext(x) => Msg::new("fit-error-context")
                .arg("value", *x as f64)
                .arg("max", MAX_CONTEXT),
            FitError::BadBatch(x) => Msg::new("fit-error-batch")
                .arg("value", *x as f64)
                .arg("max", MAX_BATCH),
            FitError::BadCards(x) => Msg::new("fit-error-cards")
                .arg("value", *x as f64)
                .arg("max", MAX_CARDS),
            FitError::GgufTraining(q) => Msg::new("fit-error-gguf-training").arg("quant", q.key()),
            FitError::QloraNeedsLowBit(q, _) => {
                Msg::new("fit-error-qlora-quant").arg("quant", q.key())
            }
            FitError::BadValue(v) => Msg::new("fit-error-value").said("value", v.as_str()),
            FitError::IncompleteModel(m) => Msg::new("fit-error-model").arg("model", m.as_str()),
            FitError::SpecUnknown(g, field) => Msg::new("fit-error-spec-unknown")
                .arg("gpu", g.as_str())
                .arg("field", *field),
            FitError::TorchaoScope(v) => Msg::new("fit-error-torchao").said("value", v.as_str()),
            FitError::MethodScope(m) => {
                Msg::new("fit-error-method-scope").arg("method", m.as_str())
            }
            FitError::DoraScope => Msg::new("fit-error-dora-scope"),
            FitError::CpuMoeScope(v) => Msg::new("fit-error-cpu-moe").said("value", v.as_str()),
            FitError::Mxfp4Card(card, cc) => Msg::new("fit-error-mxfp4-vllm")
                .arg("card", card.as_str())
                .arg("cc", cc.as_str()),
            FitError::Exl2NeedsBpw => Msg::new("fit-error-exl2-bpw"),
            FitError::Exl2Scope(v) => Msg::new("fit-error-exl2-scope").said("value", v.as_str()),
            FitError::MediaUnsized(name, family) => Msg::new("fit-error-media-unsized")
                .said("model", name.as_str())
                .arg("family", family.as_str()),
            FitError::TunerTargets(t) => {
                Msg::new("fit-error-tuner-targets").arg("tuner", t.as_str())
            }
        }
    }
}
