//! mem_fg (session 44, issue 24): cases of our own for Baichuan2's normalized output head.
//!
//! Baichuan2's modelling code (`NormHead`, jrd77/Baichuan2-13B-Chat@c6f8592 `modeling_baichuan.py`
//! lines 504-521, a copy of the Hub file; the 7B's file has the same class) normalizes the head's
//! weight on every training forward: `norm_weight = nn.functional.normalize(self.weight)`, then
//! `nn.functional.linear(hidden_states, norm_weight)`, which keeps `norm_weight` for the input's
//! gradient. A vocabulary x hidden copy lives from the head's forward to its backward whether the
//! head trains or not. Baichuan-7B (same layers, 64,000 words, a plain head) is the twin: at 16
//! tokens the logits are a few MB, so what separates the two jobs' activations is the copy.

use bot_core::Catalog;
use bot_core::vram::{Engine, FitOptions, FitRequest, ModelRef, Quant, Task, estimate_with};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// Baichuan2-7B's head: 125,696 words x 4096.
const HEAD_7B: f64 = 125_696.0 * 4096.0;

/// The activation part of `id`'s `task` in `quant` at 16 tokens, batch 1, one card, Transformers.
fn activations(id: &str, task: Task, quant: Quant) -> f64 {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.engine = Engine::Transformers;
    r.context = 16;
    r.batch = 1;
    estimate_with(&c, &r, &FitOptions::default())
        .unwrap()
        .per_gpu
        .activations_gib
}

/// LoRA on a 16-bit base: the 16-bit normalized copy, 0.96 GiB, held beside the layers' tensors.
#[test]
fn lora_keeps_the_normalized_head_until_its_backward() {
    let copy = HEAD_7B * 2.0 / GIB;
    let rise = activations("baichuan2-7b", Task::Lora, Quant::Bf16)
        - activations("baichuan-7b", Task::Lora, Quant::Bf16);
    assert!(
        rise > 0.9 * copy && rise < copy + 0.1,
        "Baichuan2-7B LoRA holds {rise:.3} GiB more than Baichuan-7B at 16 tokens; the copy is {copy:.3}"
    );
}

/// QLoRA with PEFT's k-bit preparation: the head is fp32, so `normalize` first makes an fp32 copy
/// (4 bytes) that autocast casts to the 16-bit one `linear` keeps: 6 bytes a weight at the head's
/// forward, 2 held after it.
#[test]
fn a_peft_prepared_base_normalizes_its_fp32_head_first() {
    let peak = HEAD_7B * 6.0 / GIB;
    let rise = activations("baichuan2-7b", Task::Qlora, Quant::Nf4)
        - activations("baichuan-7b", Task::Qlora, Quant::Nf4);
    assert!(
        rise > 0.9 * peak && rise < peak + 0.15,
        "Baichuan2-7B QLoRA holds {rise:.3} GiB more than Baichuan-7B at 16 tokens; fp32 + 16-bit copies {peak:.3}"
    );
}

/// The answer says what the head holds, in both languages, and in full fine-tuning what its
/// backward adds (the normalized weight's gradient and the division's: 2 + 2 bytes a weight).
#[test]
fn the_answer_names_the_normalized_head() {
    let w = crate::chat::world();
    let en = crate::chat::say(&w, "en", "/fit baichuan2-7b lora ctx=512");
    assert!(en.contains("NormHead") && en.contains("0.96 GiB"), "{en}");
    let zh = crate::chat::say(&w, "zh", "/fit baichuan2-7b lora ctx=512");
    assert!(zh.contains("NormHead") && zh.contains("0.96 GiB"), "{zh}");
    let full = crate::chat::say(&w, "en", "/fit baichuan2-7b full bf16 ctx=512");
    assert!(full.contains("1.92 GiB"), "{full}");
    for q in [
        "/fit baichuan-7b lora ctx=512",
        "/fit baichuan2-7b bf16 ctx=512",
        "/fit qwen2.5-7b lora ctx=512",
    ] {
        let plain = crate::chat::say(&w, "en", q);
        assert!(!plain.contains("NormHead"), "{q}: {plain}");
    }
}
