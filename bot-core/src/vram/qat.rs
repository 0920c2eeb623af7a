//! Quantization-aware training (QAT) as Unsloth runs it through torchao (`qat_scheme=` of
//! `FastLanguageModel.from_pretrained` / `get_peft_model`; the chat's `qat=int4`, CLI `--qat`).
//! mem_ax (session 24), held-out 32's two Unsloth QAT notebooks (−44.5 %, −30.2 % without it).
//!
//! What it adds, read in the code (unsloth `_prepare_model_for_qat`, torchao
//! `quantization/qat`, torchao 0.14 as Unsloth's QAT docs pin it):
//! - `quantize_(model, QATConfig(base_config, step="prepare"))` swaps each `nn.Linear` whose
//!   `in_features` reaches the group size (the output head included) for a
//!   `FakeQuantizedLinear`, whose `forward` computes `w = weight_fake_quantizer(self.weight)`
//!   and then `F.linear(x, w)`: a new fake-quantized copy of the weight in every forward, which
//!   `F.linear` saves for the input's gradient. Unsloth's LoRA kernels do the same
//!   (`get_lora_parameters`: `W = weight_fake_quantizer(W)`).
//! - The fake quantizer works in fp32: `Int4WeightFakeQuantizer._bf16_activations_forward` starts
//!   with `w.to(torch.float32)` and keeps that copy through a chain of element-wise steps
//!   (`(w - min) / scale`, round, clamp, `* scale + zero_point`), each a new fp32 tensor; the
//!   `IntxFakeQuantizer`'s fp32 scales promote the 16-bit weight the same way. The copy and two
//!   temporaries are alive at once: 12 bytes per element of the matrix being fake-quantized.
//!   With gradient checkpointing a decoder layer's matrices are small beside the output head
//!   (vocabulary × hidden), which sets the peak.
//! - When the weight trains (full fine-tuning) autograd keeps, until the head's backward, the
//!   fp32 inputs of the clamp and of the dequantizing multiply (`clamp` and `mul` save their
//!   inputs) beside the copy `F.linear` saves.
//! - `int8-int4` (`phone-deployment` maps to it) first unties a tied embedding
//!   (`prequantization_transform = _untie_input_output_embeddings`): a second vocabulary ×
//!   hidden matrix, trained under full fine-tuning. The Qwen3-0.6B notebook prints it:
//!   "Trainable parameters = 751,632,384" where the tied model has 596,049,920
//!   (+ 151936 × 1024).
//!
//! Sized as though the head's forward runs through its fake quantizer; the fake quantization
//! of the activations (`int8-int4`, `fp8-int4`: per-token, one layer's inputs at a time under
//! checkpointing) is small beside it and not counted. Q-LoRA with QAT is not sized (Unsloth
//! fake-quantizes 16-bit weights).

use super::{FitRequest, Shape, Task};

/// Unsloth's QAT schemes (`qat_scheme`), each a torchao base config.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Qat {
    /// `Int4WeightOnlyConfig(group_size=128)`: int4 weights only.
    Int4,
    /// `Int8DynamicActivationIntxWeightConfig(int4, PerGroup(32))` on the linears, int8 on
    /// the embedding, tied embeddings untied first (`phone-deployment`).
    Int8Int4,
    /// `Float8DynamicActivationInt4WeightConfig`: fp8 activations, int4 weights.
    Fp8Int4,
}

impl Qat {
    /// The scheme Unsloth's `qat_scheme` names (`phone-deployment` is `int8-int4` there).
    pub fn parse(s: &str) -> Option<Qat> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "int4" | "w4" => Some(Qat::Int4),
            "int8-int4" | "8da4w" | "phone-deployment" | "phone" => Some(Qat::Int8Int4),
            "fp8-int4" => Some(Qat::Fp8Int4),
            _ => None,
        }
    }

    /// The scheme as Unsloth spells it.
    pub fn key(self) -> &'static str {
        match self {
            Qat::Int4 => "int4",
            Qat::Int8Int4 => "int8-int4",
            Qat::Fp8Int4 => "fp8-int4",
        }
    }
}

/// Whether the request's training fake-quantizes its weights: a scheme, on LoRA or full
/// fine-tuning of a 16-bit or fp32 model.
pub fn applies(req: &FitRequest) -> bool {
    req.qat.is_some() && matches!(req.task, Task::Lora | Task::Full)
}

/// The shape the training holds: `int8-int4` unties a tied output head, a second vocabulary
/// × hidden matrix (trained under full fine-tuning). `None` where nothing changes.
pub fn untied_shape(shape: &Shape, req: &FitRequest) -> Option<Shape> {
    if !applies(req) || req.qat != Some(Qat::Int8Int4) || !shape.tied {
        return None;
    }
    let mut s = shape.clone();
    let head = s.vocab as f64 * s.hidden as f64;
    s.tied = false;
    s.params.lm_head = head;
    s.params.total += head;
    s.params.active += head;
    Some(s)
}

/// Bytes the fake-quantized output head adds at the loss moment: what stays saved from its
/// forward to its backward, and the fp32 work of its fake quantizer, which is freed before the
/// logits are made (so the larger of it and the loss counts, `train::activations`).
pub fn head_bytes(shape: &Shape, req: &FitRequest) -> HeadBytes {
    if !applies(req) {
        return HeadBytes::default();
    }
    let elems = shape.vocab as f64 * shape.hidden as f64;
    if req.task == Task::Full {
        // Saved for the trained weight's gradient: the fp32 inputs of the clamp and of the
        // dequantizing multiply, and the 16-bit copy the matmul runs on; one fp32 temporary
        // beyond them while it runs.
        HeadBytes {
            held: elems * (4.0 + 4.0 + 2.0),
            work: elems * 4.0,
        }
    } else {
        // A frozen weight: only the fake-quantized 16-bit copy `F.linear` saves; the fp32 copy
        // and two temporaries while the fake quantizer runs.
        HeadBytes {
            held: elems * 2.0,
            work: elems * 12.0,
        }
    }
}

/// What the fake-quantized head holds (`held`, to its backward) and works in (`work`, while
/// its fake quantizer runs), bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HeadBytes {
    pub held: f64,
    pub work: f64,
}

/// GiB QAT adds to the answer's figures, for its note: the untied head's weights and the
/// fake-quantized head at the loss moment (held + work, an upper figure).
pub(super) fn note(shape: &Shape, req: &FitRequest) -> Option<crate::reply::Msg> {
    let qat = req.qat?;
    if !applies(req) {
        return Some(crate::reply::Msg::new("fit-warn-qat-unsized").arg("scheme", qat.key()));
    }
    let h = head_bytes(shape, req);
    let untied = untied_shape(shape, req).is_some();
    Some(
        crate::reply::Msg::new("fit-warn-qat")
            .arg("scheme", qat.key())
            .arg("gib", super::round2((h.held + h.work) / super::GIB))
            .arg("untied", if untied { "yes" } else { "no" }),
    )
}
