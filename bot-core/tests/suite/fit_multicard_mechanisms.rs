//! Multi-card training mechanisms read in the libraries' source (issue 24, session 14, mem-p),
//! tested on models and card counts of no reference table.
//!
//! FSDP2 full fine-tuning: while a decoder layer computes its gradients whole, the layer
//! before it in the backward still holds its reduce-scatter input (`foreach_reduce`'s flat copy,
//! kept in `comm_ctx.reduce_scatter_state` until the next unit's post-backward): two layers of
//! 16-bit gradients beside the root's, whatever the card count.

use bot_core::Catalog;
use bot_core::vram::fsdp_unsharded_gib;
use bot_core::vram::{FitOptions, FitRequest, GIB, ModelRef, Quant, Shape, Task, Zero};

fn req<'c>(c: &'c Catalog, id: &str, task: Task, cards: u32) -> FitRequest<'c> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), Quant::Bf16, task);
    r.context = 4096;
    r.cards = cards;
    r.grad_checkpointing = true;
    r
}

fn fsdp() -> FitOptions {
    FitOptions {
        zero: Some(Zero::Three),
        fsdp: true,
        ..FitOptions::default()
    }
}

#[test]
fn fsdp_full_fine_tuning_holds_two_layers_of_gradients_beside_the_roots() {
    let c = Catalog::embedded().unwrap();
    for (id, cards) in [
        ("llama-3.1-70b", 16u32),
        ("qwen3-14b", 8),
        ("gemma-3-27b", 4),
    ] {
        let m = c.model(id).unwrap();
        let s = Shape::from_model(m).unwrap();
        let pc = &s.params;
        let layer = (pc.total - pc.embed - pc.lm_head) / s.layers as f64 * 2.0;
        let full = fsdp_unsharded_gib(&req(&c, id, Task::Full, cards), &fsdp());
        let lora = fsdp_unsharded_gib(&req(&c, id, Task::Lora, cards), &fsdp());
        // LoRA: the frozen root's weights only; full: the same, its gradients, and two layers.
        let root_grads = (pc.embed + pc.lm_head) * 2.0 * (1.0 - 1.0 / cards as f64);
        let got = (full - lora) * GIB - root_grads;
        assert!(
            (got - 2.0 * layer).abs() < 0.01 * layer,
            "{id} x{cards}: {:.2} GiB of layer gradients, want two layers' {:.2}",
            got / GIB,
            2.0 * layer / GIB
        );
        // The layer part does not shrink with more cards.
        let more = fsdp_unsharded_gib(&req(&c, id, Task::Full, cards * 2), &fsdp());
        let more_lora = fsdp_unsharded_gib(&req(&c, id, Task::Lora, cards * 2), &fsdp());
        let root_more = (pc.embed + pc.lm_head) * 2.0 * (1.0 - 0.5 / cards as f64);
        let got_more = (more - more_lora) * GIB - root_more;
        assert!((got_more - got).abs() < 0.01 * layer, "{id}");
    }
}
