//! mem_et (session 40, issue 24, held-out 67's group B: memory growing faster than linearly with
//! the length): cases of our own, written before the change.
//! - Baichuan2-13B's own modelling code (`modeling_baichuan.py`, `trust_remote_code`) gives its
//!   ALiBi positions as an additive bias it materializes: in training `BaichuanModel.forward`
//!   keeps `self.alibi_mask`, `[heads, L, L]` in the embeddings' dtype (`get_alibi_mask` ->
//!   `_buffered_future_mask(...).to(tensor)`), and passes every layer `attention_mask =
//!   inverted_mask + alibi_mask.unsqueeze(0)`, `[batch, heads, L, L]`, which each checkpointed
//!   layer keeps as its input until the backward pass is done. Both are built whatever kernel the
//!   attention then runs (xformers' `memory_efficient_attention` in training when installed, the
//!   manual softmax otherwise): `(1 + batch) x heads x L^2 x 2` bytes of a 16-bit model, a term
//!   quadratic in the length that a RoPE model of the same family (Baichuan2-7B) does not have.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    Attention, FitOptions, FitRequest, ModelLayout, ModelRef, Quant, Task, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

/// Activations of a 16-bit LoRA with gradient checkpointing and a fused attention kernel (the
/// ms-swift benchmark's settings), GiB.
fn lora_act(model: &str, context: u32, batch: u32) -> f64 {
    let c = cat();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model(model).unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    req.context = context;
    req.batch = batch;
    req.grad_checkpointing = true;
    req.attention = Some(Attention::Flash);
    estimate_with(c, &req, &FitOptions::default())
        .unwrap()
        .activations_gib
}

/// The second difference over 2048 -> 4096 -> 8192 tokens: what grows faster than linearly.
/// A term `k x L^2` leaves `k x (64 - 16 - 2 x (16 - 4)) Mi = 24 k Mi` bytes here; a linear one 0.
fn quadratic_part(model: &str, batch: u32) -> f64 {
    let (a, b, c) = (
        lora_act(model, 2048, batch),
        lora_act(model, 4096, batch),
        lora_act(model, 8192, batch),
    );
    (c - b) - 2.0 * (b - a)
}

#[test]
fn baichuan2_13b_training_holds_its_alibi_bias_twice() {
    // 40 heads, batch 1: (1 + 1) x 40 x 2 bytes = 160 bytes per L^2; 24 Mi x 160 = 3.75 GiB.
    let q = quadratic_part("baichuan2-13b", 1);
    let expected = 24.0 * 1024.0 * 1024.0 * 160.0 / GIB;
    assert!(
        (q - expected).abs() < 0.3,
        "quadratic part {q:.2} GiB, expected {expected:.2}"
    );
}

#[test]
fn the_summed_bias_is_per_sequence_the_cached_one_is_not() {
    // Batch 2: (1 + 2) x 40 x 2 = 240 bytes per L^2, 1.5 x batch 1's.
    let one = quadratic_part("baichuan2-13b", 1);
    let two = quadratic_part("baichuan2-13b", 2);
    assert!(one > 1.0, "{one}");
    assert!(
        (two / one - 1.5).abs() < 0.1,
        "batch 2 {two:.2} vs batch 1 {one:.2}"
    );
}

#[test]
fn a_rope_model_of_the_same_family_has_no_such_term() {
    // Baichuan2-7B's code uses rotary positions and a [batch, 1, L, L] causal mask.
    let q = quadratic_part("baichuan2-7b", 1);
    assert!(q.abs() < 0.3, "{q}");
}

#[test]
fn at_8192_tokens_the_bias_is_ten_gib_and_the_run_still_fits_one_a100() {
    let c = cat();
    let m = c.model("baichuan2-13b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    req.context = 8192;
    req.grad_checkpointing = true;
    req.attention = Some(Attention::Flash);
    req.gpu = c.gpu("a100-80g-sxm").ok();
    let r = estimate_with(c, &req, &FitOptions::default()).unwrap();
    // The ms-swift benchmark ran it on one A100 80GB (76.17 GiB reserved).
    assert_eq!(r.fits, Some(true), "{r:?}");
    let without = lora_act("baichuan2-13b", 4096, 1);
    assert!(
        r.activations_gib - without > 10.0,
        "{} vs {without}",
        r.activations_gib
    );
}

#[test]
fn the_answer_names_the_alibi_bias_in_both_locales() {
    let en = ask("en-US", "/fit baichuan2-13b lora ctx=8k a100");
    assert!(en.contains("ALiBi"), "{en}");
    let zh = ask("zh-CN", "/fit baichuan2-13b lora ctx=8k a100");
    assert!(zh.contains("ALiBi") && zh.contains("偏置"), "{zh}");
    // Not said for a model whose positions are rotary.
    let other = ask("en-US", "/fit baichuan2-7b lora ctx=8k a100");
    assert!(!other.contains("ALiBi"), "{other}");
}

// Inference (eval mode), the same file: `get_alibi_mask` registers a `future_mask` buffer of
// `[heads, max(model_max_length, L), max(model_max_length, L)]` in the embeddings' dtype on the
// first forward and keeps it; with a 2D `attention_mask` (what `generate` passes) each forward
// builds the `[batch, heads, L, L]` sum; and `BaichuanAttention` takes xformers only when
// training, so eval always runs `matmul` -> `/ sqrt(d)` -> `+ mask` -> `torch.max` -> `softmax`
// over `[batch, heads, L, L]` in the model's dtype: two 16-bit score tensors live at each step
// beside the summed mask, whatever attention word is said.

fn infer(model: &str, context: u32) -> bot_core::vram::FitReport {
    let c = cat();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model(model).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.context = context;
    estimate_with(c, &req, &FitOptions::default()).unwrap()
}

#[test]
fn baichuan2_13b_inference_materializes_its_scores_whatever_the_attention_word() {
    let q = |m: &str| {
        let (a, b, c) = (
            infer(m, 2048).activations_gib,
            infer(m, 4096).activations_gib,
            infer(m, 8192).activations_gib,
        );
        (c - b) - 2.0 * (b - a)
    };
    // (2 + 2 + 2) bytes x 40 heads (+ 2 for the padding mask) per L^2: 24 Mi x 242 B = 5.67 GiB.
    let alibi = q("baichuan2-13b");
    assert!((alibi - 5.67).abs() < 0.3, "{alibi}");
    let rope = q("baichuan2-7b");
    assert!(rope.abs() < 0.3, "{rope}");
}

#[test]
fn baichuan2_13b_inference_keeps_its_future_mask_buffer() {
    // 40 x 4096 x 4096 x 2 bytes = 1.25 GiB from the first forward on, even for a short prompt.
    let d = infer("baichuan2-13b", 512).overhead_gib - infer("baichuan2-7b", 512).overhead_gib;
    assert!((1.2..1.45).contains(&d), "{d}");
    // Past model_max_length the buffer is rebuilt at the longer length.
    let long = infer("baichuan2-13b", 8192).overhead_gib - infer("baichuan2-7b", 8192).overhead_gib;
    assert!(long > 4.9, "{long}");
}

#[test]
fn the_inference_answer_names_the_bias_and_the_scores() {
    let en = ask("en-US", "/fit baichuan2-13b ctx=4k a100");
    assert!(en.contains("ALiBi") && en.contains("future_mask"), "{en}");
    let zh = ask("zh-CN", "/fit baichuan2-13b ctx=4k a100");
    assert!(zh.contains("ALiBi") && zh.contains("注意力分数"), "{zh}");
}

#[test]
fn litgpts_own_implementation_builds_no_such_bias() {
    // LitGPT re-implements the network (`ModelLayout::LitGpt`): Baichuan's remote code, and its
    // [heads, L, L] tensors, do not run there.
    let c = cat();
    let m = c.model("baichuan2-13b").unwrap();
    let act = |context: u32| {
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
        req.context = context;
        req.grad_checkpointing = true;
        req.attention = Some(Attention::Flash);
        req.layout = ModelLayout::LitGpt;
        estimate_with(c, &req, &FitOptions::default())
            .unwrap()
            .activations_gib
    };
    let q = (act(8192) - act(4096)) - 2.0 * (act(4096) - act(2048));
    assert!(q.abs() < 0.3, "{q}");
}

#[test]
fn past_its_window_an_alibi_model_is_not_told_to_scale_rope() {
    let en = ask("en-US", "/fit baichuan2-13b lora ctx=8k a100");
    assert!(en.contains("beyond this model's maximum context"), "{en}");
    assert!(
        !en.contains("RoPE scaling") && en.contains("ALiBi positions need no scaling"),
        "{en}"
    );
    let zh = ask("zh-CN", "/fit baichuan2-13b lora ctx=8k a100");
    assert!(!zh.contains("RoPE 扩展") && zh.contains("无需扩展"), "{zh}");
    // A rotary model keeps the RoPE advice.
    let rope = ask("en-US", "/fit baichuan2-7b lora ctx=8k a100");
    assert!(rope.contains("RoPE scaling"), "{rope}");
}
