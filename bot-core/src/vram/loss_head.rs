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
    /// Unsloth's Triton cross-entropy (`Fast_CrossEntropyLoss`) on the whole logits, as
    /// fms-acceleration's fused-ops-and-kernels plugin ships it (`fast_loss: True`, the `foak`
    /// configurations; chat `fast_loss`, CLI `--fast-loss`). Read at
    /// foundation-model-stack/fms-acceleration@733992ae
    /// `plugins/fused-ops-and-kernels/src/fms_acceleration_foak/kernels/unsloth/cross_entropy_loss.py`:
    /// the forward keeps only a per-row fp32 logsumexp and saves the logits it is given; the
    /// backward writes the gradient over them in place (`tl.store(logits_ptr + col_offsets,
    /// dloss * y)`, `return logits`). What it is given is Transformers' fp32 copy: before 4.46
    /// `LlamaForCausalLM.forward` upcasts (`self.lm_head(...).float()`) and shifts
    /// (`logits[..., :-1, :].contiguous()`), the kernel replacing `CrossEntropyLoss` in
    /// `modeling_llama`; from 4.46 fms registers `FastForCausalLMLoss` (HEAD 876e2ed, same file),
    /// which does `logits.float()` and the shift itself while the model's output still holds
    /// its 16-bit logits. See `triton_bytes_per_vocab`.
    Triton,
}

/// Bytes per logit entry of the Triton head's fp32 tensors at its peak: the fp32 logits (4)
/// and the shifted contiguous copy the kernel saves (4) in the forward pass; in the backward
/// pass the copy, now the gradient written in place (4), and the zero-filled fp32 gradient of
/// the unshifted logits the slice's backward (`SliceBackward0`: `zeros` then `copy_`) makes
/// beside it (4). The 16-bit gradient cast after that (4 + 2) is smaller.
pub const TRITON_FP32_BYTES: f64 = 8.0;

/// The 16-bit logits Transformers 4.46 and later return in the model's output, held while
/// the loss function makes its fp32 copy and the shifted one (`ForCausalLMLoss` and fms's
/// `FastForCausalLMLoss` both take `outputs.logits`). Before 4.46 the upcast is inside the
/// forward and the 16-bit product is a temporary freed at once.
pub const TRITON_HALF_LOGITS_BYTES: f64 = 2.0;

/// The first Transformers release whose causal-LM forward returns 16-bit logits and leaves the
/// fp32 upcast to the loss function (`ForCausalLMLoss`, 4.46).
pub const LOSS_FUNCTION_FROM: super::TransformersRelease = super::TransformersRelease {
    major: 4,
    minor: 46,
};

/// Catalog families whose model class fms-acceleration's fused-ops plugin patches with the
/// Triton loss: its `models/` rules at 733992ae and at HEAD 876e2ed cover `LlamaForCausalLM`
/// (`llama.py`: Llama 2 / 3, Code Llama, TinyLlama, Yi, SmolLM2), `MistralForCausalLM`
/// (`mistral.py`: Mistral-7B, NeMo, Ministral, Small-2409), `MixtralForCausalLM` and
/// `GraniteForCausalLM` (besides Granite-MoE and GPTBigCode, not in the catalog). Any other
/// class keeps Transformers' own loss (`LossHead::Fp32`), the larger figure.
const FMS_PATCHED_FAMILIES: &[&str] = &[
    "llama1",
    "llama2",
    "llama3",
    "llama3.1",
    "llama3.2",
    "llama3.3",
    "codellama",
    "tinyllama",
    "yi1.5",
    "smollm2",
    "mistral",
    "mixtral",
    "granite3.3",
];

/// Whether fms-acceleration's Triton loss patches the model: a family in
/// `FMS_PATCHED_FAMILIES`, or a size-only guess (sized Llama-like).
pub fn triton_patches(model: &super::ModelRef) -> bool {
    match model {
        super::ModelRef::Known(m) => FMS_PATCHED_FAMILIES.contains(&m.family.as_str()),
        super::ModelRef::BySize { .. } => true,
    }
}

/// Bytes per logit entry the Triton head holds at its peak under `release` (none named: today's
/// Transformers).
pub fn triton_bytes_per_vocab(release: Option<super::TransformersRelease>) -> f64 {
    match release {
        Some(r) if r < LOSS_FUNCTION_FROM => TRITON_FP32_BYTES,
        _ => TRITON_FP32_BYTES + TRITON_HALF_LOGITS_BYTES,
    }
}

/// Of `LossHead::Half`'s 8 bytes a logit, the model's own 16-bit logits, which the caller holds
/// through the backward while its output stays referenced (LitGPT's finetune loop keeps
/// `logits` in scope across `fabric.backward(loss)`). The loss's own peak is the other 6: in the
/// log-softmax's backward, its saved output, the gradient it is given and the one it makes
/// (PyTorch frees a node's saved tensors and its incoming gradient once the node has run:
/// `torch/csrc/autograd/engine.cpp` `evaluate_function` calls `fn.release_variables()` after
/// `call_function`); the shifted copy the loss is given is not saved (`CloneBackward0` keeps
/// nothing) and the slice's zero-filled gradient comes after the log-softmax's tensors are
/// freed. A loop that deletes the output after the loss (`FitRequest::logits_kept` off:
/// ljm565/universal-llm-trainer@aefdc4a4 `src/models/llama3.py`, `loss =
/// self.criterion(output.logits[:, :-1, :].reshape(-1, ...), ...)` then `if self.del_logits:
/// del output`) holds only those 6.
pub const HALF_CALLER_LOGITS: f64 = 2.0;

/// Families whose Transformers causal-LM head soft-caps the logits: Gemma 2
/// (`Gemma2ForCausalLM.forward`, models/gemma2/modeling_gemma2.py in 4.42-4.57: `logits =
/// logits / self.config.final_logit_softcapping`, `torch.tanh(logits)`, `* cap`; every Gemma 2
/// config.json sets `final_logit_softcapping: 30.0`). `tanh` saves its output for the backward
/// (`TanhBackward0` keeps `result`), so one more logit-sized tensor in the head's dtype lives
/// from the forward through the loss's backward; the division and the multiplication by a
/// scalar save nothing. Gemma 3 sets the cap to null; Gemma 4's forward was not read.
const SOFT_CAPPED_FAMILIES: &[&str] = &["gemma2"];

/// Whether the model's head soft-caps its logits (`SOFT_CAPPED_FAMILIES`); a size-only guess
/// does not.
pub fn soft_capped(model: &super::ModelRef) -> bool {
    match model {
        super::ModelRef::Known(m) => SOFT_CAPPED_FAMILIES.contains(&m.family.as_str()),
        super::ModelRef::BySize { .. } => false,
    }
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
            // Today's Transformers (`triton_bytes_per_vocab` with no release named).
            LossHead::Triton => TRITON_FP32_BYTES + TRITON_HALF_LOGITS_BYTES,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            LossHead::Fp32 => "fp32",
            LossHead::Half => "half",
            LossHead::Fused => "fused",
            LossHead::Triton => "triton",
        }
    }

    pub fn from_key(s: &str) -> Option<Self> {
        match s {
            "fp32" => Some(LossHead::Fp32),
            "half" | "bf16" | "fp16" => Some(LossHead::Half),
            "fused" | "liger" | "cce" => Some(LossHead::Fused),
            "triton" | "fast_loss" | "fast-loss" => Some(LossHead::Triton),
            _ => None,
        }
    }
}
