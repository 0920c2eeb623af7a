//! A model split by layers over several cards (`device_map`, llama.cpp's layer split): how
//! many decoder layers the busiest card holds, and its weights.

use super::Shape;
use super::parts::WeightSplit;

/// Decoder layers on the busiest card of a layer split.
pub(super) fn layers_per_card(shape: &Shape, cards: u32) -> f64 {
    let l = shape.layers.max(1);
    l.div_ceil(cards.max(1).min(l)) as f64
}

/// Weights on the busiest card of a layer split: its share of the decoder layers plus the
/// larger end (the embedding and the other 16-bit tensors on the first card, the output head
/// on the last); everything on one card.
pub(super) fn layer_split_weights(shape: &Shape, w: &WeightSplit, cards: u32) -> f64 {
    if cards <= 1 {
        return w.total();
    }
    let share = layers_per_card(shape, cards) / shape.layers.max(1) as f64;
    w.layers * share + (w.embed + w.other).max(w.head)
}
