//! mem_cv (session 30, held-out 51): Qwen3.5 under Unsloth keeps Transformers' own forward and
//! loss (`unsloth_loss::whole_logits_family`): Unsloth's loader sends `model_type` `qwen3_5` to
//! `FastModel`, and the `ForConditionalGeneration` class's loss is the stock `ForCausalLMLoss`
//! (unsloth-zoo #656: it "materialises (seq_len x vocab_size) fp32 logits") - every token's
//! logits whatever the card, where Unsloth's own chunked loss (Qwen3, Llama) cuts them to half
//! the free memory. Cases on settings of no table row.

use bot_core::Catalog;
use bot_core::vram::unsloth_release::{STOCK_LOSS_BYTES_PER_ENTRY, loss_gib, request_loss_bytes};
use bot_core::vram::{FitRequest, Quant, Task, UnslothRelease, estimate_with};

use crate::fit_fixtures::request;

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn unsloth<'a>(c: &'a Catalog, id: &str, ctx: u32, batch: u32, rel: &str) -> FitRequest<'a> {
    let mut r = request(c, id, Quant::Bf16, Task::Lora);
    r.unsloth = true;
    r.unsloth_release = UnslothRelease::parse(rel);
    r.grad_checkpointing = true;
    r.context = ctx;
    r.batch = batch;
    r
}

#[test]
fn qwen3_5_holds_every_tokens_logits_on_a_small_card() {
    let c = Catalog::embedded().unwrap();
    // 8192 x 4 tokens x 248320 entries: 30 GiB of fp32 logits, far past half of a 4090's room.
    let tokens = 8192.0 * 4.0;
    let vocab = 248_320.0;
    for rel in ["2026.2", "2026.8"] {
        let mut r = unsloth(&c, "qwen3.5-0.8b", 8192, 4, rel);
        r.gpu = Some(c.gpu("rtx-4090").unwrap());
        let free = Some(20.0 * GIB);
        let held = request_loss_bytes(&r, tokens, vocab, free);
        assert!(
            (held - tokens * vocab * STOCK_LOSS_BYTES_PER_ENTRY).abs() < 1.0,
            "{rel}: {held}"
        );
        // So the card is refused: the logits alone exceed it.
        let e = estimate_with(&c, &r, &Default::default()).unwrap();
        assert!(
            e.per_gpu_required_gib > 24.0 * 1.5,
            "{rel}: {}",
            e.per_gpu_required_gib
        );
    }
    // Unsloth's own Qwen3 forward chunks the same tokens to the free memory: far less.
    let mut own = unsloth(&c, "qwen3-0.6b", 8192, 4, "2026.2");
    own.gpu = Some(c.gpu("rtx-4090").unwrap());
    let own_held = request_loss_bytes(&own, tokens, 151_936.0, Some(20.0 * GIB));
    assert!(own_held < 0.5 * tokens * 151_936.0 * STOCK_LOSS_BYTES_PER_ENTRY);
}

#[test]
fn qwen3_5_logits_grow_with_the_micro_batch_at_six_bytes_an_entry() {
    let c = Catalog::embedded().unwrap();
    // Each 2048 tokens more adds 2048 x 248320 x 6 bytes = 2.84 GiB of loss, on any size and
    // past the 4 GiB chunk cap today's own loss has (2026.7 on).
    for (id, rel) in [("qwen3.5-0.8b", "2026.2"), ("qwen3.5-35b-a3b", "2026.8")] {
        let two = loss_gib(&unsloth(&c, id, 2048, 2, rel));
        let four = loss_gib(&unsloth(&c, id, 2048, 4, rel));
        let step = 2.0 * 2048.0 * 248_320.0 * STOCK_LOSS_BYTES_PER_ENTRY / GIB;
        assert!((four - two - step).abs() < 0.01, "{id}: {two} -> {four}");
    }
}

#[test]
fn liger_still_sizes_no_logits_for_qwen3_5() {
    let c = Catalog::embedded().unwrap();
    let mut r = unsloth(&c, "qwen3.5-0.8b", 4096, 2, "2026.2");
    r.loss = bot_core::vram::LossHead::Fused;
    assert_eq!(loss_gib(&r), 0.0);
}
