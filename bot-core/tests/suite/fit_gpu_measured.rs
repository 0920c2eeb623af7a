//! Mechanisms found with the GPU-measured rows of `tools/fit-measure` (session 21, H200):
//! what one decoder layer keeps per token for the backward pass on a 16-bit base
//! (`train::sixteen_bit_layer_bytes`), checked against the tensors listed by hand, for
//! multi-head and grouped-KV attention, with and without q/k norms, frozen and trained.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitRequest, LOSS_BYTES_PER_VOCAB, ModelRef, Quant, Task, estimate_with,
};

/// Activation bytes per token added by a longer sequence: the whole job's per-token growth
/// (every layer's kept tensors and the loss head), without checkpointing.
fn per_token_growth(catalog: &Catalog, model: &str, task: Task, autocast: bool) -> f64 {
    let m = catalog.model(model).unwrap();
    let at = |ctx: u32| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, task);
        r.context = ctx;
        r.grad_checkpointing = false;
        r.lora_dropout = false;
        r.autocast = autocast;
        estimate_with(catalog, &r, &FitOptions::default())
            .unwrap()
            .activations_gib
    };
    (at(8192) - at(4096)) * bot_core::vram::GIB / 4096.0
}

/// The tensors by hand: two RMSNorms' fp32 inputs, attention q/k/v/out, the MLP's gate,
/// activation and up outputs; q/k norms' fp32 inputs where the model has them; trained weights
/// add the norms' bf16 outputs, the o projection's and down projection's inputs (and the q/k
/// norms' outputs); PEFT's fp32 adapters add a 4-byte copy of each adapted matrix's input
/// (2 bytes under autocast).
fn by_hand(catalog: &Catalog, model: &str, task: Task, adapter_bytes: f64, qk_norm: bool) -> f64 {
    let m = catalog.model(model).unwrap();
    let (h, f) = (m.hidden as f64, m.intermediate as f64);
    let qw = (m.heads * m.head_dim) as f64;
    let kvw = (m.kv_heads * m.head_dim) as f64;
    let mut layer = 8.0 * h + 4.0 * qw + 4.0 * kvw + 6.0 * f;
    if qk_norm {
        layer += 4.0 * (qw + kvw);
    }
    if task == Task::Full {
        layer += 4.0 * h + 2.0 * qw + 2.0 * f;
        if qk_norm {
            layer += 2.0 * (qw + kvw);
        }
    } else {
        // q, k, v and gate, up read the hidden width; o reads qw; down reads f.
        layer += adapter_bytes * (5.0 * h + qw + f);
    }
    m.layers as f64 * layer + LOSS_BYTES_PER_VOCAB * m.vocab as f64
}

#[test]
fn a_lora_layer_keeps_the_attention_widths_and_no_frozen_input() {
    let c = Catalog::embedded().unwrap();
    // Multi-head (Llama-2-7B: kv = q width), grouped KV (Qwen2.5-7B: 4 of 28 heads), q/k norms
    // with a query wider than the hidden size (Qwen3-4B: 32 × 128 over 2560).
    for (model, qk) in [
        ("llama-2-7b", false),
        ("qwen2.5-7b", false),
        ("qwen3-4b", true),
        ("qwen3-8b", true),
    ] {
        for (autocast, bytes) in [(false, 4.0), (true, 2.0)] {
            let got = per_token_growth(&c, model, Task::Lora, autocast);
            let want = by_hand(&c, model, Task::Lora, bytes, qk);
            assert!(
                (got / want - 1.0).abs() < 0.01,
                "{model} autocast={autocast}: {got:.0} B/token, by hand {want:.0}"
            );
        }
    }
}

#[test]
fn a_trained_layer_also_keeps_its_linear_inputs() {
    let c = Catalog::embedded().unwrap();
    for (model, qk) in [("qwen2.5-1.5b", false), ("qwen3-1.7b", true)] {
        let got = per_token_growth(&c, model, Task::Full, true);
        let want = by_hand(&c, model, Task::Full, 0.0, qk);
        assert!(
            (got / want - 1.0).abs() < 0.01,
            "{model}: {got:.0} B/token, by hand {want:.0}"
        );
        // Trained against frozen-with-adapters (2-byte copies under autocast): the difference
        // is the linear inputs a trained layer keeps less the adapters' copies, by hand.
        let lora = per_token_growth(&c, model, Task::Lora, true);
        let want_diff = want - by_hand(&c, model, Task::Lora, 2.0, qk);
        assert!(lora > 0.0 && got > 0.0);
        assert!(
            ((got - lora) - want_diff).abs() < 0.01 * want,
            "{model}: full − LoRA {:.0} B/token, by hand {want_diff:.0}",
            got - lora
        );
    }
    // The measured growth (tools/fit-measure --train, H200, Qwen2.5-7B LoRA without
    // checkpointing, batch 1: 56.02 GiB at 4096 tokens, 97.28 at 8192 as batch 4 × 2048) is
    // within 5 % of the estimate's.
    let measured = (97.28 - 56.02) * bot_core::vram::GIB / 4096.0;
    let got = per_token_growth(&c, "qwen2.5-7b", Task::Lora, false);
    assert!(
        (got / measured - 1.0).abs() < 0.05,
        "{got:.0} vs {measured:.0}"
    );
}
