//! Training's weights as they sit on the card: the quantized base's bits, what PEFT's k-bit
//! preparation casts to fp32, and the autocast copies (split from `train`).

use super::parts::weight_bytes;
use super::request::{FitRequest, ModelLayout};
use super::{Quant, Shape, Task};

/// Bits per weight of bitsandbytes NF4 with double quantization: 4-bit codes, an 8-bit absmax
/// per block of 64 and one fp32 constant per 256 of those blocks (QLoRA paper,
/// arXiv:2305.14314, section 3: 8/64 + 32/(64 x 256) = 0.127 bits of constants).
pub(crate) const NF4_DOUBLE_QUANT_BITS: f64 = 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0);

/// Bits per weight of the quantized matrices of a training base: NF4 with double
/// quantization where the request has it (`FitRequest::double_quant`), else the format's own.
pub(crate) fn quantized_bits(req: &FitRequest) -> f64 {
    if req.quant.is_bnb4() && req.double_quant && req.task.is_training() && req.task != Task::Full {
        NF4_DOUBLE_QUANT_BITS
    } else {
        req.quant.linear_bits()
    }
}

/// Bytes of a bitsandbytes 4-bit base's quantization constants: each `Params4bit`'s
/// `quant_state` (one absmax per block of 64 weights: 8-bit with one fp32 constant per 256
/// blocks under double quantization, else fp32), the bits `quantized_bits` counts beyond the 4-bit
/// codes. Only for a Q-LoRA base on bitsandbytes; 0 otherwise. FSDP and DeepSpeed ZeRO-3 shard
/// the packed codes but not these (bitsandbytes 0.43.0, 48763245, `bitsandbytes/nn/modules.py`:
/// `_quantize` keeps them on the parameter and on its module, and `Linear4bit.forward` restores
/// them "when the parameter got converted. This happens for example for fsdp"; DeepSpeed v0.14.0
/// `partition_parameters.py` `free_param` replaces only `param.data`), so every card holds them
/// whole (`train::resident`).
pub(crate) fn bnb_quant_state_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if req.task != Task::Qlora || !super::bnb_base::bnb_base(req) || !req.quant.is_bnb4() {
        return 0.0;
    }
    let pc = &shape.params;
    // Experts left in 16-bit (`bnb_experts::kept`) carry no constants; a trainer that quantizes
    // its own head (`ModelLayout::LitGpt`) gives it some.
    let kept = if super::bnb_base::kept(req) && shape.is_moe() {
        shape.routed_expert_params().min(pc.linear)
    } else {
        0.0
    };
    let head = if req.layout == ModelLayout::LitGpt {
        shape.vocab as f64 * shape.hidden as f64
    } else {
        0.0
    };
    (pc.linear - kept + head) * (quantized_bits(req) - 4.0).max(0.0) / 8.0
}

/// GiB of bitsandbytes' 4-bit constants (`bnb_quant_state_bytes`) each card holds whole when
/// FSDP or DeepSpeed ZeRO-3 shards the base over several cards, for the answer to state; 0
/// otherwise (one card, ZeRO-1/2 or plain data parallel hold the whole base anyway; a layer
/// split by `device_map` holds its layers' constants only; a size-only guess).
pub fn bnb_constants_whole_gib(req: &FitRequest, opts: &super::FitOptions) -> f64 {
    let super::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = Shape::from_model(m) else {
        return 0.0;
    };
    let sharded = req.cards > 1
        && !opts.device_map
        && super::optim_step::deepspeed_zero(req, opts) == super::Zero::Three;
    if !sharded {
        return 0.0;
    }
    bnb_quant_state_bytes(&s, req) / super::GIB
}

/// The frozen (LoRA) or trained (full) weights in bytes, and the 16-bit copy of a quantized
/// output head that is live at the loss peak.
pub(super) fn base_weights(shape: &Shape, req: &FitRequest, w_total: f64) -> (f64, f64) {
    let pc = &shape.params;
    // Full fine-tune keeps 16-bit weights (fp32 ones for an fp32 model, `vram::fp32_model`);
    // LoRA keeps the frozen base in its format.
    let mut base = if req.task == Task::Full && req.quant == Quant::Fp32 {
        weight_bytes(shape, Quant::Fp32)
    } else if req.task == Task::Full {
        weight_bytes(shape, Quant::Bf16)
    } else {
        w_total
    };
    // A trainer that holds the head as its own linear layer (`ModelLayout::LitGpt`):
    // a tied model gains a second copy, a 4-bit base stores the head in 4 bits instead of 16,
    // and the 16-bit dequantized head is live at the loss peak (see `head_dequant` below).
    // Measured: LitGPT config hub, Llama-3.2-1B/3B (tied, 128k vocabulary) Q-LoRA were 20-22 %
    // under without it, LoRA 14 %; the untied 7-8B rows move by 1-6 %. With the LoRA dropout
    // copies below, TinyLlama's all-linear LoRA and Q-LoRA at 8 x 512 tokens (21 % and 25 %
    // under without them) are within 7 %.
    let head_params = shape.vocab as f64 * shape.hidden as f64;
    let own_head = req.layout == ModelLayout::LitGpt && req.task != Task::Full;
    if own_head {
        let head_bytes = if req.quant.gguf_bpw().is_some() {
            0.0
        } else {
            req.quant.linear_bits() / 8.0
        };
        let held = pc.lm_head * req.quant.unquantized_bytes();
        base += head_params * head_bytes - held;
    }
    // Double quantization (`FitRequest::double_quant`) stores each block's absmax in 8 bits:
    // every 4-bit matrix (the decoder's, and the head when the trainer quantizes it) is
    // 4.5 - 4.127 bits lighter per weight.
    let head = if own_head { head_params } else { 0.0 };
    base -= (pc.linear + head) * (req.quant.linear_bits() - quantized_bits(req)) / 8.0;
    let head_dequant = if own_head && req.quant.is_low_bit() {
        head_params * 2.0
    } else {
        0.0
    };
    // PEFT's `prepare_model_for_kbit_training` casts every 16-bit parameter that is not a
    // `Params4bit` to fp32 (peft `src/peft/utils/other.py`: "cast all non INT8 parameters to
    // fp32"; GPTQ bases are exempt): the norms (whose fp32 stream `activations` counts) and the
    // token embedding and untied output head, which bitsandbytes leaves unquantized. Two more
    // bytes per parameter of each: 2.3 GiB on a 152k-vocabulary 7B.
    if peft_fp32_cast(req) {
        base += (pc.embed + pc.lm_head) * 2.0;
    }
    (base, head_dequant)
}

/// The frozen base's bytes as loaded, before PEFT's fp32 cast of the embedding and head
/// (`vram::bnb_load` fits the fp32 copies into what is left of the loader's block).
pub(super) fn loaded_weight_bytes(shape: &Shape, req: &FitRequest, w_total: f64) -> f64 {
    let (base, _) = base_weights(shape, req, w_total);
    let cast = if peft_fp32_cast(req) {
        (shape.params.embed + shape.params.lm_head) * 2.0
    } else {
        0.0
    };
    base - cast
}

/// GiB the fp32 cast of the embedding and untied head adds to a bitsandbytes 4-bit training
/// base (what `peft_fp32_cast` counts), for the answer to state; 0 for a size-only guess.
pub fn peft_fp32_cast_gib(req: &FitRequest) -> f64 {
    match req.model {
        super::ModelRef::Known(m) => Shape::from_model(m)
            .map(|s| (s.params.embed + s.params.lm_head) * 2.0 / super::GIB)
            .unwrap_or(0.0),
        super::ModelRef::BySize { .. } => 0.0,
    }
}

/// GiB of 16-bit weight copies that fp32 weights under autocast add on the busiest card
/// (`parts::autocast_weight_copies`: all of them at inference and in a step without
/// checkpointing, one layer's with it), for the answer to state; 0 when none, for a
/// size-only guess or sharded training.
pub fn autocast_copies_gib(req: &FitRequest) -> f64 {
    let super::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = Shape::from_model(m) else {
        return 0.0;
    };
    let all = super::parts::autocast_weight_copies(&s, req.quant, req.mixed_precision) / super::GIB;
    let layers = s.layers.max(1) as f64;
    match req.task {
        Task::Full => 0.0,
        // Whole layers per card: the busiest card's layers.
        Task::Infer => all * super::layer_split::layers_per_card(&s, req.cards.max(1)) / layers,
        // Sharded training: its share depends on the ZeRO stage; not stated.
        _ if req.cards > 1 => 0.0,
        _ if req.grad_checkpointing => all / layers,
        _ => all,
    }
}

/// Whether the trainer runs PEFT's k-bit preparation on a bitsandbytes base, NF4 or LLM.int8
/// (`FitRequest::kbit_upcast`, Transformers layout; Unsloth and LitGPT build their own).
pub(super) fn peft_fp32_cast(req: &FitRequest) -> bool {
    super::kbit_base::prepared_by_peft(req.quant)
        && req.task != Task::Full
        && super::rl_trainer::kbit_upcast(req)
        && !req.unsloth
        && !req.axolotl
        && req.layout == ModelLayout::Transformers
}
