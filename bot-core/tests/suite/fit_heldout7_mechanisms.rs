//! Mechanisms found on held-out 7's misses (session 12, mem-h), each checked on models, cards
//! and lengths of no table:
//! - An MoE's routed experts on a bitsandbytes base (`vram::bnb_experts`): Transformers v5
//!   fuses them into 3-D parameters that bitsandbytes' `nn.Linear` conversion skips, so they
//!   stay 16-bit, and PEFT's k-bit preparation casts them to fp32 (`moeq=off`,
//!   `--experts-16bit`); a shared expert is an ordinary MLP and is quantized.

use super::chat::{say, world};
use bot_core::Catalog;
use bot_core::vram::{FitRequest, GIB, ModelRef, Quant, Task, estimate};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// Routed-expert parameters of a catalog MoE, from its config facts: each MoE layer's
/// experts x (gate + up + down) x hidden x expert width. Shared experts left out.
fn routed_params(c: &Catalog, id: &str) -> f64 {
    let m = c.model(id).unwrap();
    (m.layers - m.dense_layers) as f64
        * m.experts as f64
        * 3.0
        * m.hidden as f64
        * m.moe_intermediate as f64
}

fn req<'a>(c: &'a Catalog, id: &str, quant: Quant, task: Task) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.context = 2048;
    r.grad_checkpointing = task != Task::Infer;
    r
}

/// Weights on the busiest card, GiB.
fn weights(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().per_gpu.weights_gib
}

/// Double-quantized NF4, the training default: 4 + 8/64 + 32/(64 x 256) bits.
const DQ_BITS: f64 = 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0);

/// Q-LoRA with PEFT's preparation (the default trainer): unquantized routed experts are fp32,
/// 4 bytes instead of 4.127 bits; without the preparation (`upcast=off`, Unsloth) 2 bytes.
/// GLM-4.5-Air has a shared expert and dense first layers, neither of which moves.
#[test]
fn unquantized_experts_are_fp32_after_peft_and_16_bit_without() {
    let c = cat();
    let id = "glm-4.5-air";
    let routed = routed_params(&c, id);
    let base = req(&c, id, Quant::Nf4, Task::Qlora);
    let mut kept = base.clone();
    kept.experts_16bit = true;
    let fp32 = weights(&c, &kept) - weights(&c, &base);
    let want = routed * (4.0 - DQ_BITS / 8.0) / GIB;
    assert!((fp32 - want).abs() < 0.01 * want, "{fp32} vs {want}");
    let mut own = kept.clone();
    own.kbit_upcast = false;
    let mut own_base = base.clone();
    own_base.kbit_upcast = false;
    let half = weights(&c, &own) - weights(&c, &own_base);
    let want16 = routed * (2.0 - DQ_BITS / 8.0) / GIB;
    assert!((half - want16).abs() < 0.01 * want16, "{half} vs {want16}");
    // Unsloth skips PEFT's preparation too.
    let mut uns = kept.clone();
    uns.unsloth = true;
    let mut uns_base = base.clone();
    uns_base.unsloth = true;
    let u = weights(&c, &uns) - weights(&c, &uns_base);
    assert!((u - want16).abs() < 0.01 * want16, "{u} vs {want16}");
}

/// Inference through Transformers on a 4-bit bitsandbytes base (no PEFT, no double
/// quantization): 2 bytes instead of 4.5 bits per routed-expert parameter; LLM.int8: instead
/// of 8 bits. A GPTQ or AWQ checkpoint, a dense model, vLLM and a 16-bit model do not move.
#[test]
fn inference_on_bitsandbytes_keeps_them_16_bit_and_nothing_else_moves() {
    let c = cat();
    let id = "qwen3-coder-30b-a3b";
    let routed = routed_params(&c, id);
    for (quant, bits) in [(Quant::Nf4, 4.5), (Quant::Int8, 8.0)] {
        let base = req(&c, id, quant, Task::Infer);
        let mut kept = base.clone();
        kept.experts_16bit = true;
        let got = weights(&c, &kept) - weights(&c, &base);
        let want = routed * (2.0 - bits / 8.0) / GIB;
        assert!(
            (got - want).abs() < 0.01 * want,
            "{quant:?}: {got} vs {want}"
        );
    }
    for (id, quant, task) in [
        ("qwen3-coder-30b-a3b", Quant::GptqInt4, Task::Infer),
        ("qwen3-coder-30b-a3b", Quant::Awq, Task::Qlora),
        ("qwen3-coder-30b-a3b", Quant::Bf16, Task::Lora),
        ("qwen2.5-14b", Quant::Nf4, Task::Qlora),
        ("phi-4", Quant::Nf4, Task::Infer),
    ] {
        let base = req(&c, id, quant, task);
        let mut kept = base.clone();
        kept.experts_16bit = true;
        assert_eq!(weights(&c, &kept), weights(&c, &base), "{id} {quant:?}");
    }
    let mut v = req(&c, id, Quant::Nf4, Task::Infer);
    v.engine = bot_core::vram::Engine::Vllm;
    let mut vk = v.clone();
    vk.experts_16bit = true;
    assert_eq!(weights(&c, &vk), weights(&c, &v));
}

/// The chat's word: `moeq=off` sizes the experts unquantized and says so with the GiB, in both
/// locales; the default answer names the word with the same GiB; `moeq=on` is the default.
/// Checked on Qwen3-Coder-30B-A3B Q-LoRA on an L40S, which fits quantized and not otherwise.
#[test]
fn the_word_is_stated_with_what_it_adds_in_both_locales() {
    let w = world();
    let plain = say(&w, "en", "/fit qwen3-coder-30b-a3b qlora ctx=4k l40s");
    let off = say(
        &w,
        "en",
        "/fit qwen3-coder-30b-a3b qlora ctx=4k l40s moeq=off",
    );
    let on = say(
        &w,
        "en",
        "/fit qwen3-coder-30b-a3b qlora ctx=4k l40s moeq=on",
    );
    assert_eq!(plain, on);
    assert!(plain.contains("moeq=off sizes that"), "{plain}");
    assert!(
        off.contains("Sized with the routed experts unquantized (moeq=off)"),
        "{off}"
    );
    assert!(
        off.contains("PEFT's k-bit preparation casts them to fp32"),
        "{off}"
    );
    let gib = |t: &str, after: &str| -> f64 {
        let i = t.find(after).unwrap_or_else(|| panic!("{t}"));
        t[i + after.len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches(';')
            .parse()
            .unwrap()
    };
    let said_plain = gib(&plain, "has run): ");
    let said_off = gib(&off, "casts them to fp32, ");
    assert!((said_plain - said_off).abs() < 0.011, "{plain}\n{off}");
    assert!(!plain.contains('❌'), "{plain}");
    assert!(off.contains('❌'), "{off}");
    let zh = say(
        &w,
        "zh-CN",
        "/fit qwen3-coder-30b-a3b qlora ctx=4k l40s moeq=off",
    );
    assert!(zh.contains("按路由专家不量化估算（moeq=off）"), "{zh}");
    let zh_plain = say(&w, "zh-CN", "/fit qwen3-coder-30b-a3b qlora ctx=4k l40s");
    assert!(
        zh_plain.contains("加 moeq=off 按这种情况估算"),
        "{zh_plain}"
    );
    // Unsloth: no PEFT preparation, so 16-bit and no fp32 clause.
    let uns = say(
        &w,
        "en",
        "/fit qwen3-coder-30b-a3b qlora ctx=4k l40s unsloth moeq=off",
    );
    assert!(!uns.contains("casts them to fp32"), "{uns}");
    assert!(gib(&uns, "leaves in 16-bit, ") < said_off / 1.5, "{uns}");
    // Inference (no trainer, no PEFT): 16-bit, and the word's other side is Transformers 4.x.
    let inf = say(
        &w,
        "en",
        "/fit qwen3-coder-30b-a3b nf4 ctx=4k l40s moeq=off",
    );
    assert!(
        inf.contains("moeq=on sizes them in 4 bits (Transformers 4.x)"),
        "{inf}"
    );
    assert!(!inf.contains("casts them to fp32"), "{inf}");
    let inf_zh = say(&w, "zh-CN", "/fit qwen3-coder-30b-a3b nf4 ctx=4k l40s");
    assert!(inf_zh.contains("Transformers 4.x 这样加载"), "{inf_zh}");
    // A dense model says nothing of experts whatever the word.
    let dense = say(&w, "en", "/fit qwen2.5-14b qlora ctx=4k l40s moeq=off");
    assert!(!dense.contains("routed experts unquantized"), "{dense}");
}
