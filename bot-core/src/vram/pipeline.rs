//! vLLM's pipeline parallel for a card count it cannot run as tensor parallel.
//!
//! vLLM refuses a `--tensor-parallel-size` that does not divide the heads (`vram::tp`); what
//! people run on such a count is `--tensor-parallel-size t --pipeline-parallel-size p` with
//! t × p = the cards (local-inference-lab/rtx6kpro#7: Qwen3.5-397B-A17B-FP8 as TP 2 × PP 3 on
//! six cards; vllm#22140: GLM-4.5-Air-FP8 as TP 1 × PP 3 on three). Each stage loads only its
//! own decoder layers (vllm-project/vllm@5a6541db `vllm/distributed/utils.py`,
//! `get_pp_indices`: `num_hidden_layers // pp_size` each, the remainder one each to the stages
//! just before the last, `partitions[-i] += 1` for `i` in `2..remaining + 2`; the layers of
//! other stages are `PPMissingLayer`), the first stage the embedding and the last the output
//! head, each split over the stage's t ranks as tensor parallel does; each worker's KV cache
//! holds its own layers only. The start-up profile runs on every stage at the stage's tensor
//! size, so its activation peak is the TP-t one.

use super::Shape;
use super::parts::{WeightSplit, kv_share_per_card};
use super::request::FitRequest;
use crate::reply::Msg;

/// A TP × PP layout of the typed cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PipelineSplit {
    pub tp: u32,
    pub pp: u32,
}

/// The layout vLLM runs on the typed count when that count is no valid tensor-parallel size:
/// the widest valid tensor size that divides the cards, the rest as pipeline stages (at most
/// one stage per decoder layer). `None` where plain tensor parallel starts, or nothing splits.
pub fn split(shape: &Shape, req: &FitRequest) -> Option<PipelineSplit> {
    if !super::tp::tp_applies(req) {
        return None;
    }
    typed(shape, req).or_else(|| split_cards(shape, req.cards))
}

/// The split the user typed (`pp=2`, `--pipeline-parallel-size 2`): `cards / pp` tensor ranks
/// a stage, where the count divides, that tensor size starts and every stage has a layer.
/// `None` otherwise (the cards are then sized as vLLM would run them untyped).
pub(super) fn typed(shape: &Shape, req: &FitRequest) -> Option<PipelineSplit> {
    let pp = req.pipeline_parallel;
    if pp <= 1 || !super::tp::tp_applies(req) || req.cards % pp != 0 || pp > shape.layers {
        return None;
    }
    let tp = req.cards / pp;
    super::tp::tp_valid(shape, tp).then_some(PipelineSplit { tp, pp })
}

/// [`split`] for a shape and a count alone (the speed line, which has no request).
pub fn split_cards(shape: &Shape, cards: u32) -> Option<PipelineSplit> {
    if cards <= 1 || super::tp::tp_valid(shape, cards) {
        return None;
    }
    (1..cards)
        .rev()
        .find(|&t| cards % t == 0 && super::tp::tp_valid(shape, t) && cards / t <= shape.layers)
        .map(|t| PipelineSplit {
            tp: t,
            pp: cards / t,
        })
}

/// The line saying which split a refused count is sized as (`fit-warn-tp-pipeline`), where
/// [`split`] finds one; the estimate then keeps every card typed.
pub(super) fn note(shape: &Shape, req: &FitRequest) -> Option<Msg> {
    // A split the user typed needs no word on why the cards are not tensor parallel.
    if typed(shape, req).is_some() {
        return None;
    }
    let s = split(shape, req)?;
    let layers = stage_layers(shape.layers, s.pp)
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("/");
    Some(
        Msg::new("fit-warn-tp-pipeline")
            .arg("cards", req.cards)
            .arg("heads", shape.heads)
            .arg("kv_heads", shape.kv_heads)
            .arg("tp", s.tp)
            .arg("pp", s.pp)
            .arg("layers", layers),
    )
}

/// Decoder layers per stage, first to last, as `get_pp_indices` lays them out.
pub fn stage_layers(layers: u32, pp: u32) -> Vec<u32> {
    let pp = pp.max(1) as usize;
    let mut parts = vec![layers / pp as u32; pp];
    let rest = layers as usize % pp;
    // `for i in range(2, remaining_layers + 2): partitions[-i] += 1`
    for i in 2..rest + 2 {
        parts[pp - i] += 1;
    }
    parts
}

/// One card of the stage that needs the most: its weights and its KV cache, bytes, from the
/// whole model's weights by part and the whole job's KV cache.
pub(super) fn busiest_card(
    shape: &Shape,
    split: &WeightSplit,
    kv_total: f64,
    s: PipelineSplit,
) -> (f64, f64) {
    let l = shape.layers.max(1) as f64;
    let tp = s.tp as f64;
    let kv_share = kv_share_per_card(shape, s.tp);
    let stages = stage_layers(shape.layers, s.pp);
    let last = stages.len() - 1;
    stages
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let frac = n as f64 / l;
            // The replicated 16-bit tensors (norms, towers) are whole on every rank, as under
            // tensor parallel; the ends sit on their own stage only. A tied head is the
            // embedding, which the last stage then loads too (vLLM's Qwen2Model builds
            // `embed_tokens` on the first rank, or on the last when `tie_word_embeddings`).
            let head = if shape.tied {
                split.embed.max(split.head)
            } else {
                split.head
            };
            let first = if i == 0 { split.embed } else { 0.0 };
            let ends = first + if i == last { head } else { 0.0 };
            let w = (split.layers * frac + ends) / tp + split.other;
            (w, kv_total * frac * kv_share)
        })
        .fold((0.0, 0.0), |best, st| {
            if st.0 + st.1 > best.0 + best.1 {
                st
            } else {
                best
            }
        })
}

/// The share of one token's KV cache (all layers) a card of the busiest stage holds.
pub fn kv_token_share(shape: &Shape, s: PipelineSplit) -> f64 {
    let most = stage_layers(shape.layers, s.pp)
        .into_iter()
        .max()
        .unwrap_or(0);
    most as f64 / shape.layers.max(1) as f64 * kv_share_per_card(shape, s.tp)
}

/// `kv_token_share` for a request's own model, where it runs as TP x PP.
pub fn request_kv_token_share(req: &FitRequest) -> Option<f64> {
    let super::ModelRef::Known(m) = req.model else {
        return None;
    };
    let shape = Shape::from_model(m).ok()?;
    split(&shape, req).map(|s| kv_token_share(&shape, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_follow_get_pp_indices() {
        assert_eq!(stage_layers(60, 3), vec![20, 20, 20]);
        // 80 layers over 3: the remainder 2 to the two stages before the last.
        assert_eq!(stage_layers(80, 3), vec![27, 27, 26]);
        // 46 over 4: 11 each, 2 left, to stages 2 and 1.
        assert_eq!(stage_layers(46, 4), vec![11, 12, 12, 11]);
        // 47 over 4: 3 left reach the first stage too.
        assert_eq!(stage_layers(47, 4), vec![12, 12, 12, 11]);
        assert_eq!(stage_layers(7, 1), vec![7]);
    }
}
