//! LitGPT's own `generate` (`ModelLayout::LitGpt` at inference): the output head as its own
//! Linear in the load's format, and the bitsandbytes transient of its largest Linear.
//!
//! Lightning-AI/litgpt@982abcbc `generate/base.py` builds `GPT(config)` under
//! `fabric.init_module(empty_init=True)` and loads `lit_model.pth` into it; `lit_gpt/model.py`
//! gives `GPT` an `lm_head = nn.Linear(n_embd, padded_vocab_size)` apart from `transformer.wte`
//! (never tied: a tied checkpoint such as Falcon-7B is converted into two copies). With
//! `--quantize bnb.*` Lightning's `BitsandbytesPrecision` (Lightning-AI/pytorch-lightning@71aed751,
//! the commit LitGPT pins, `src/lightning/fabric/plugins/precision/bitsandbytes.py`) replaces
//! every `torch.nn.Linear` created under `init_module` with its bitsandbytes class, the head
//! included, so the head is stored in the format of the other matrices; the embedding stays
//! 16-bit. Measured (held-out 58, LitGPT's `tutorials/quantize.md` at 982abcbc): Falcon-7B
//! bf16-true 14.50 GB and 32-true 28.95 GB are the tied model plus one more head (295M weights).
//!
//! The peak beside the loaded model is one Linear's 16-bit working set, the largest (LitGPT's
//! head in every catalogued shape):
//! - NF4 / FP4: Lightning's `_Linear4bit._quantize_weight` quantizes `w.to(torch.half)`, so the
//!   quant state's dtype is fp16. A prompt of more than one token takes bitsandbytes'
//!   `MatMul4Bit` (bitsandbytes 0.41.0, a06a0f6a, `bitsandbytes/autograd/_functions.py`:
//!   `matmul_4bit` uses `gemv_4bit` only when `A.numel() == A.shape[-1]`), whose forward is
//!   `linear(A, F.dequantize_4bit(B, state).to(A.dtype).t())`: the fp16 weight and its bf16 cast
//!   under LitGPT's default `bf16-true`, 4 bytes a weight (2 under `16-true`, which no word
//!   states; sized as bf16-true; 6 under `32-true`, `vram::rest_fp32`). Loading (`_quantize_on_load_hook`) holds less: the fp16 copy
//!   and the new 4-bit data, 2.6 bytes.
//! - LLM.int8 (`_Linear8bitLt._quantize_weight` on load): the fp16 `B`, and `double_quant`'s
//!   `CB` and `CBt` before `del CBt`, beside the old int8 weight it replaces: 2 + 1 + 1 bytes a
//!   weight. The first forward's `CxB` layout copy (1 byte) is smaller.
//!
//! Falcon-7B's NF4 run then reads 4.18 GiB of model + 4 x 295M bytes = 5.28 GiB against the
//! printed 5.72 GB (5.33 GiB), LLM.int8 7.00 + 1.10 against 8.70 GB (8.10 GiB). LitGPT's own
//! GPTQ (`gptq.int4`) is not bitsandbytes: no transient. `bnb.nf4-dq` stores each block's
//! absmax in 8 bits (4.127 bits a weight; 5.38 GB printed against `bnb.nf4`'s 5.72).

use super::parts::WeightSplit;
use super::train_weights::NF4_DOUBLE_QUANT_BITS;
use super::{Engine, FitRequest, ModelLayout, Quant, Shape};

fn applies(req: &FitRequest) -> bool {
    req.layout == ModelLayout::LitGpt
        && !req.task.is_training()
        && req.engine == Engine::Transformers
}

/// The weights as LitGPT holds them at inference, in place in `split`: the head as
/// vocabulary x hidden weights at the bytes a weight the decoder's matrices take (their
/// format's constants included), and under `bnb.nf4-dq` / `bnb.fp4-dq`
/// (`FitRequest::double_quant`, LitGPT's `compress_statistics=True`) every 4-bit matrix, head
/// included, at double quantization's 4.127 bits instead of 4.5. Nothing where LitGPT's layout
/// is not asked, for a training job, or for a format LitGPT's `generate` does not load (GGUF,
/// EXL2).
pub(super) fn reshape_split(shape: &Shape, req: &FitRequest, split: &mut WeightSplit) {
    let linear = shape.params.linear;
    let other_format = req.quant.gguf_bpw().is_some() || req.quant.exl2_bpw().is_some();
    if !applies(req) || linear <= 0.0 || other_format {
        return;
    }
    let head = f64::from(shape.vocab) * f64::from(shape.hidden);
    split.head = head * split.layers / linear;
    if req.quant.is_bnb4() && req.double_quant {
        let saved = (req.quant.linear_bits() - NF4_DOUBLE_QUANT_BITS) / 8.0;
        split.layers -= linear * saved;
        split.head -= head * saved;
    }
}

/// Bytes beside the loaded model while the largest Linear is dequantized (NF4 at a prompt's
/// prefill) or quantized (LLM.int8 at load), module doc; 0 otherwise.
pub(super) fn transient_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !applies(req) || !(req.quant.is_bnb4() || req.quant == Quant::Int8) {
        return 0.0;
    }
    let h = f64::from(shape.hidden);
    let largest = (f64::from(shape.vocab) * h).max(f64::from(shape.intermediate) * h);
    // Under `32-true` (`vram::rest_fp32`) the input is fp32: the fp16 weight and its fp32 cast.
    let per = if req.quant.is_bnb4() && super::rest_fp32::applies(req) {
        6.0
    } else {
        4.0
    };
    per * largest
}
