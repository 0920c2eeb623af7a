//! Training in one process over several cards by Transformers' `device_map`
//! (`FitOptions::device_map`, word `zero=device_map`): what ms-swift runs with
//! `CUDA_VISIBLE_DEVICES=0,1` and no `NPROC_PER_NODE` (its `examples/train/multi-gpu/device_map`
//! and `qlora/gptq.sh`), and a PEFT script does with `device_map="auto"`. Accelerate's
//! `infer_auto_device_map` places whole decoder layers on each card and hooks move the hidden
//! states between them: the base, quantized or not, is split by layers like inference's layer
//! split (`parts::layer_split_weights`), each adapter with its optimizer state stays with its
//! layer, and one process means no data parallelism, no gradient buckets and no NCCL buffers.
//! Found on held-out 6: Qwen2.5-VL-72B GPTQ-Int4 QLoRA on 2 cards ("2 * 30GiB") was 84 % over
//! when replayed as ZeRO-3, which keeps a GPTQ base whole on every card, with NCCL's buffers.

use super::layer_split::{layer_split_weights, layers_per_card};
use super::parts::{Common, nccl_buffers_gib};
use super::request::FitOptions;
use super::{GIB, Shape};

/// A training split by `device_map` on the busiest card.
#[derive(Debug, Clone, Copy)]
pub(super) struct Layered {
    /// Its share of the weights: its layers and the larger end of the model.
    pub weights: f64,
    /// Its share of the per-layer state: adapters, gradients, optimizer.
    pub layers: f64,
    /// Bytes beside the allocator: the CUDA context alone, no NCCL buffers.
    pub ctx: f64,
}

/// The busiest card of a `device_map` training over several cards; `None` for any other.
pub(super) fn layered(shape: &Shape, opts: &FitOptions, c: &Common) -> Option<Layered> {
    if !opts.device_map || c.cards <= 1 {
        return None;
    }
    let total = c.split.total();
    let weights = if total > 0.0 {
        layer_split_weights(shape, &c.split, c.cards) / total
    } else {
        1.0
    };
    let layers = layers_per_card(shape, c.cards) / shape.layers.max(1) as f64;
    Some(Layered {
        weights: weights.min(1.0),
        layers: layers.min(1.0),
        ctx: c.ctx - nccl_buffers_gib(true, c.cards) * GIB,
    })
}
