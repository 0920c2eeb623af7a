//! mem_eu (session 40, issue 24, held-out 67's group C: LoRA on GPTQ / bnb / AWQ bases at 7-14B):
//! cases of our own, written before the change.
//! - A LoRA step on a GPTQ base that Transformers loads with `use_exllama=False` (ms-swift
//!   @4312aeb2 `get_model_tokenizer_qwen_intx`, Qwen's own finetune.py) runs auto_gptq's
//!   `qlinear_cuda_old.QuantLinear` on its PyTorch path (v0.5.1 `forward`): every matrix is
//!   unpacked through an int32 shift, cast to int8 (int16 at 8 bits), scaled to a 16-bit
//!   weight and multiplied with `torch.matmul(x, weight)`, which saves that weight for the
//!   input's gradient. With checkpointing the recomputed layer's dequantized matrices are alive
//!   until its backward; without it every layer's.
//! - That base is allocated once: the caching allocator's reserve grows with what is freed and
//!   allocated again (the dequantized weights), not with the packed base.

use bot_core::catalog::{Catalog, Model};
use bot_core::vram::{Attention, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task};

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

fn model(id: &str) -> &'static Model {
    cat().model(id).unwrap()
}

/// A LoRA step as ms-swift's benchmark runs it: 2048 tokens, batch 1, flash attention, rank 8.
fn step(id: &str, quant: Quant, checkpointing: bool) -> FitReport {
    step_at(id, quant, checkpointing, 2048)
}

fn step_at(id: &str, quant: Quant, checkpointing: bool, context: u32) -> FitReport {
    let task = if quant.linear_bits() < 15.0 {
        Task::Qlora
    } else {
        Task::Lora
    };
    let mut req = FitRequest::new(ModelRef::Known(model(id)), quant, task);
    req.context = context;
    req.grad_checkpointing = checkpointing;
    req.attention = Some(Attention::Flash);
    let opts = FitOptions {
        lora_rank: 8,
        ..FitOptions::default()
    };
    bot_core::vram::estimate_with(cat(), &req, &opts).unwrap()
}

/// Weights of one Qwen v1 decoder layer's matrices: the fused `c_attn` (3 x hidden), `c_proj`,
/// and the MLP's `w1`, `w2` and `c_proj` (each hidden x intermediate; config.json's
/// `intermediate_size` is both branches, the catalog's one).
fn qwen_v1_layer_weights(m: &Model) -> f64 {
    let (h, i) = (m.hidden as f64, m.intermediate as f64);
    3.0 * h * h + h * h + 3.0 * h * i
}

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

#[test]
fn a_gptq_lora_step_holds_the_recomputed_layers_dequantized_weights() {
    // With checkpointing: one layer's matrices at 2 bytes (saved by matmul) and, while the last
    // one is unpacked, its int32 shift (4) and int8 cast (1) where its 16-bit result (2) will
    // be: 3 bytes a weight more, at most the widest matrix's. They stand beside the recomputed
    // layer, not the loss head (freed by then), so a short step on a 32k vocabulary shows them
    // whole: Llama-2-7B at 256 tokens, against AWQ's packing of the same weights (no saved copy).
    let m = model("llama-2-7b");
    let (h, i) = (m.hidden as f64, m.intermediate as f64);
    let expected = ((4.0 * h * h + 3.0 * h * i) * 2.0 + h * i * 3.0) / GIB;
    let gptq = step_at("llama-2-7b", Quant::GptqInt4, true, 256).activations_gib;
    let awq = step_at("llama-2-7b", Quant::Awq, true, 256).activations_gib;
    let more = gptq - awq;
    assert!(
        (more - expected).abs() < 0.15 * expected,
        "GPTQ step holds {more:.2} GiB beyond AWQ's, expected {expected:.2}"
    );
}

#[test]
fn without_checkpointing_every_layers_dequantized_weights_wait_for_the_backward() {
    let m = model("Qwen/Qwen-7B-Chat");
    let expected = (m.layers as f64 - 1.0) * qwen_v1_layer_weights(m) * 2.0 / GIB;
    let growth = |q: Quant| {
        step("Qwen/Qwen-7B-Chat", q, false).activations_gib
            - step("Qwen/Qwen-7B-Chat", q, true).activations_gib
    };
    // Against AWQ's packing of the same weights, whose training matmul (AutoAWQ's
    // `WQLinearMMFunction`) the engine sizes without a saved dequantized weight.
    let more = growth(Quant::GptqInt4) - growth(Quant::Awq);
    assert!(
        (more - expected).abs() < 0.15 * expected,
        "turning checkpointing off adds {more:.2} GiB more on GPTQ than on AWQ, expected {expected:.2}"
    );
}

#[test]
fn the_allocator_reserve_does_not_grow_with_a_gptq_base_allocated_once() {
    // nvidia-smi's figure less what must be allocated: the releasable reserve.
    let releasable = |r: &FitReport| r.per_gpu_gib - r.per_gpu_required_gib;
    let small = step("Qwen/Qwen-7B-Chat", Quant::GptqInt4, true);
    let large = step("Qwen/Qwen-72B-Chat", Quant::GptqInt4, true);
    let base_growth = large.weights_gib - small.weights_gib;
    let reserve_growth = releasable(&large) - releasable(&small);
    assert!(
        reserve_growth < 0.1 * base_growth,
        "reserve grows {reserve_growth:.2} GiB for {base_growth:.2} GiB more packed base"
    );
}

#[test]
fn the_answer_says_the_dequantized_copies_in_both_locales() {
    use super::chat::ask_fresh as ask;
    let en = ask("en-US", "/fit Qwen/Qwen-7B-Chat-Int4 qlora gptq-int4 a100");
    assert!(
        en.contains("auto_gptq") && en.contains("16-bit copy"),
        "{en}"
    );
    let zh = ask("zh-CN", "/fit Qwen/Qwen-7B-Chat-Int4 qlora gptq-int4 a100");
    assert!(zh.contains("auto_gptq") && zh.contains("16 位副本"), "{zh}");
    // Not on AWQ's packing, whose kernel keeps no copy (`train::allocator_reserve`).
    let awq = ask("en-US", "/fit qwen1.5-7b qlora awq a100");
    assert!(!awq.contains("auto_gptq"), "{awq}");
}
