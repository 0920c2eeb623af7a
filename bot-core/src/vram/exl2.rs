//! The ExLlamaV2 engine's memory (TabbyAPI and text-generation-webui run it): what
//! `vram::exl2_format`'s module note reads in its code, as parts of a card.

use super::exl2_format::CHUNK;
use super::parts::{Common, Parts};
use super::{FitRequest, KvDtype, Parallelism, Shape};

/// `max_dq_size` (`config.py`): the most values one matrix is dequantized into at a time.
const MAX_DQ: f64 = 512.0 * 1024.0 * 1024.0;

/// ExLlamaV2's inference memory on each card (see the module note): the layers split over the
/// cards (`gpu_split`, whole modules), the embedding in system RAM, the cache of the whole
/// context for every sequence, and the busiest card's scratch.
pub(super) fn infer(shape: &Shape, req: &FitRequest, c: &Common) -> Parts {
    let Common {
        cards,
        n,
        tokens,
        batch,
        split,
        w_total,
        ctx,
        heads,
        ..
    } = *c;
    let mut split = split;
    let w_total = w_total - split.embed;
    split.embed = 0.0;
    let w = super::layer_split::layer_split_weights(shape, &split, cards);
    let share = super::layer_split::layers_per_card(shape, cards) / shape.layers.max(1) as f64;
    // `kv_total` is sized in the mode's bytes (`kv_cache::engine_types`); a quantized mode adds
    // one layer's FP16 K and V per card to dequantize into.
    let kv_total = c.kv_total();
    let mut kv = kv_total * share;
    let fp16_tok =
        super::parts::kv_bytes_per_token_kv(shape, req.engine, KvDtype::Fp16, KvDtype::Fp16);
    if c.kv_tok < fp16_tok && shape.layers > 0 {
        kv += fp16_tok / shape.layers as f64 * tokens * batch;
    }
    let a = scratch_bytes(shape, req, tokens, batch, heads);
    let mut p = Parts::default();
    p.set(n, w_total, kv_total, [w, kv, a, 0.0, ctx], a * n, 0.0);
    p.parallelism = if cards > 1 {
        Parallelism::Layer
    } else {
        Parallelism::None
    };
    p
}

/// The busiest card's scratch: the larger of an MLP's and the head's fixed scratch, the
/// attention workspace, the hidden state and the causal mask, for chunks of [`CHUNK`] tokens.
fn scratch_bytes(shape: &Shape, req: &FitRequest, tokens: f64, batch: f64, heads: f64) -> f64 {
    let chunk = CHUNK.min(tokens.max(1.0));
    let rows = chunk * batch;
    let h = shape.hidden as f64;
    let inter = shape.ffn_width_active_per_token().max(h);
    let dq = |values: f64| 2.0 * values.min(MAX_DQ);
    let mlp = rows * h * 2.0 + 2.0 * rows * inter * 2.0 + dq(h * inter);
    let head = dq(shape.vocab as f64 * h);
    let att_full = (CHUNK * CHUNK).min(tokens * tokens);
    let att = if req.attention().materializes_scores() {
        att_full
    } else {
        // flash-attn / xformers: `att_max //= sqrt(max_attention_size) / 190`.
        (att_full / (CHUNK / 190.0)).floor()
    };
    let attn = 2.0 * att * heads * 2.0;
    let state = rows * h * 2.0 + chunk * chunk * batch * 2.0;
    mlp.max(head) + attn + state
}

/// The basis of an ExLlamaV2 answer: the file's bits over the decoder layers, the head's, the
/// embedding in system RAM, and the cache mode held for the whole context at load.
pub(super) fn note(req: &FitRequest, opts: &super::FitOptions) -> Option<crate::reply::Msg> {
    let bits = req.quant.exl2_bpw()?.label();
    let (k, v) = super::kv_cache::engine_types(req, opts);
    Some(
        crate::reply::Msg::new("fit-warn-exl2")
            .arg("bpw", bits)
            .arg("head", super::exl2_format::HEAD_BITS)
            .arg("cache", super::kv_cache::label(k, v))
            .arg("context", req.context),
    )
}
