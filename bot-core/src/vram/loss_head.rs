//! How a trainer computes the causal-LM loss (`LossHead`): the bytes held per token per
//! vocabulary entry at the loss peak.

use serde::Serialize;

/// How a trainer computes the causal-LM loss, which decides the bytes held per token per
/// vocabulary entry at the loss peak (`LossHead::bytes_per_vocab`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LossHead {
    /// Hugging Face Transformers >= 4.46 `ForCausalLMLoss`: `logits.float()` then
    /// `cross_entropy` in fp32 (also LLaMA-Factory, TRL, Axolotl without Liger/CCE kernels).
    #[default]
    Fp32,
    /// Cross entropy on the 16-bit logits (Qwen v1 `modeling_qwen.py`: `CrossEntropyLoss` on
    /// `lm_logits[..., :-1, :].contiguous()`; LitGPT `chunked_cross_entropy` in bf16-true).
    Half,
    /// A fused linear cross-entropy that never holds tokens x vocabulary logits: Liger
    /// Kernel's `LigerFusedLinearCrossEntropy` (`use_liger_kernel` in the HF Trainer,
    /// ms-swift, LLaMA-Factory `enable_liger_kernel`), Apple's Cut Cross-Entropy. Liger
    /// projects the hidden states in chunks of about tokens x hidden / vocabulary rows, so the
    /// chunk's logits are about one hidden-width tensor per token; with the input gradient it
    /// computes in the forward pass, `FUSED_LOSS_HIDDEN_BYTES` x hidden per token.
    Fused,
}

/// Bytes per token, in units of the hidden width, that a fused linear cross-entropy holds at
/// its peak: the bf16 input gradient (2) + the chunk's bf16 logits, up to twice the hidden
/// width after Liger rounds the chunk to a power of two (4). Liger-Kernel
/// `ops/fused_linear_cross_entropy.py`: `chunk_size = next_power_of_2(cdiv(BT, cdiv(V, H)))`,
/// `grad_input = torch.zeros_like(_input)`.
pub const FUSED_LOSS_HIDDEN_BYTES: f64 = 6.0;

impl LossHead {
    /// Bytes per token per vocabulary entry at the loss peak (the start of the backward pass):
    /// * `Fp32`: the saved fp32 log-softmax output (4) + the gradient of the log-probabilities
    ///   (4) + the gradient of the fp32 logits (4) + its bf16 cast (2) = 14 (the bf16 logits
    ///   and their fp32 copy are no longer referenced once `compute_loss` returns). Checked
    ///   against foundation-model-stack/fms-acceleration `scripts/benchmarks/refs/a100_80gb.csv`
    ///   (Mistral-7B LoRA, transformers 4.48.1): 735 KB of peak per token, of which 262 KB are
    ///   the checkpointed layer inputs, i.e. 14.8 B per vocabulary entry.
    /// * `Half`: the saved 16-bit log-softmax output (2) + its gradient (2) + the gradient of
    ///   the shifted copy (2) + the gradient scattered back into the logits (2) = 8.
    pub fn bytes_per_vocab(self) -> f64 {
        match self {
            LossHead::Fp32 => 14.0,
            LossHead::Half => 8.0,
            // Nothing vocabulary-wide; the chunk is counted per hidden unit
            // (`FUSED_LOSS_HIDDEN_BYTES`).
            LossHead::Fused => 0.0,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            LossHead::Fp32 => "fp32",
            LossHead::Half => "half",
            LossHead::Fused => "fused",
        }
    }

    pub fn from_key(s: &str) -> Option<Self> {
        match s {
            "fp32" => Some(LossHead::Fp32),
            "half" | "bf16" | "fp16" => Some(LossHead::Half),
            "fused" | "liger" | "cce" => Some(LossHead::Fused),
            _ => None,
        }
    }
}
