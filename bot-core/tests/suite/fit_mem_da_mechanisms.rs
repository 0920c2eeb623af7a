//! Helper mem_da (session 31, issue 24): why the small Qwen3.5 bf16 LoRA rows of held-out 51 / 48
//! are over-estimated, and why that is not a term of the engine to cut. Unsloth 2026.x trains
//! Qwen3.5 through the stock `ForCausalLMLoss`, which materialises every token's fp32 logits
//! beside the 16-bit ones (unslothai/unsloth#5441, 2026-05-15: "`patch_loss_functions()` only
//! updates `LOSS_MAPPING[\"ForCausalLM\"]` ... `logits = logits.float()` ... 7.6 GB" at 8192
//! tokens; #4188 closed unpatched, the fix of PR #4330 closed unmerged). That term does not shrink
//! with the model: a 248,320-entry vocabulary costs the same 1.4 MiB a token at 0.8B as at 27B,
//! so a replay that reads a notebook's `max_length` as the tokens every micro-batch holds
//! over-sizes the small models (dynamic padding holds the longest sample of the batch). Tested
//! on sizes, batches and lengths of no table row.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitRequest, GIB, ModelRef, Optimizer, Quant, Shape, Task, UnslothRelease,
    estimate_with,
};

fn qwen35_lora(c: &Catalog, model: &str, context: u32, batch: u32) -> (f64, f64, f64) {
    let m = c.model(model).unwrap();
    let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    r.context = context;
    r.batch = batch;
    r.grad_checkpointing = true;
    r.unsloth = true;
    r.unsloth_release = UnslothRelease::parse("2026.2");
    let opts = FitOptions {
        optimizer: Optimizer::Adam8bit,
        lora_rank: 16,
        ..FitOptions::default()
    };
    let e = estimate_with(c, &r, &opts).unwrap();
    let vocab = Shape::from_model(m).unwrap().vocab as f64;
    (e.per_gpu.activations_gib, e.per_gpu.weights_gib, vocab)
}

#[test]
fn unsloth_holds_every_qwen35_tokens_logits_in_16_and_32_bit() {
    // 1.5k tokens more in the micro-batch (3 x 1024 against 3 x 512): at least the 2 + 4 bytes a
    // vocabulary entry of the stock loss for each of them, whatever the size (the report rounds
    // to 0.01 GiB).
    let c = Catalog::embedded().unwrap();
    for model in ["qwen3.5-2b", "qwen3.5-9b"] {
        let (long, _, vocab) = qwen35_lora(&c, model, 1024, 3);
        let (short, _, _) = qwen35_lora(&c, model, 512, 3);
        let logits = 1536.0 * vocab * 6.0 / GIB;
        assert!(
            long - short >= logits - 0.01,
            "{model}: {long} - {short} < {logits}"
        );
    }
}

#[test]
fn the_logits_weigh_the_same_a_token_at_every_size_so_small_models_carry_them_most() {
    // The same micro-batch on the 2B and the 9B: the logits take the larger share of the small
    // model's estimate; the difference between the two estimates is weights and per-layer terms.
    let c = Catalog::embedded().unwrap();
    let (a2, w2, vocab) = qwen35_lora(&c, "qwen3.5-2b", 1024, 3);
    let (a9, w9, _) = qwen35_lora(&c, "qwen3.5-9b", 1024, 3);
    let logits = 3072.0 * vocab * 6.0 / GIB;
    assert!(a2 >= logits && a9 >= logits);
    assert!(logits / (a2 + w2) > logits / (a9 + w9));
    assert!(w9 > 3.0 * w2);
}
