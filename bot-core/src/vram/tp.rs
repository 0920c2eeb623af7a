//! Which card counts vLLM can run as tensor parallel for a model's shape.
//!
//! vLLM refuses at start a `--tensor-parallel-size` that does not divide the attention heads
//! (`ModelConfig.verify_with_parallel_config`: "Total number of attention heads must be
//! divisible by tensor parallel size"), and its `QKVParallelLinear` needs the KV heads
//! divisible by the size, or the size a multiple of the KV heads (then they are replicated).
//! An MLA latent is one head replicated on every card, so only the attention heads count there.

use super::request::{FitRequest, MAX_CARDS, ModelRef};
use super::{Engine, Shape};
use crate::reply::Msg;

/// Whether vLLM starts with `cards` as its tensor-parallel size for this shape.
pub fn tp_valid(shape: &Shape, cards: u32) -> bool {
    if cards <= 1 {
        return true;
    }
    let kv_ok = shape.mla.is_some()
        || shape.kv_heads == 0
        || shape.kv_heads % cards == 0
        || cards % shape.kv_heads == 0;
    shape.heads % cards == 0 && kv_ok
}

/// Whether this request's card count must be a valid tensor-parallel size: vLLM serving a
/// catalog model (a size-only guess has guessed heads, and says so).
pub(super) fn tp_applies(req: &FitRequest) -> bool {
    // Data parallel: the ranks' tensor-parallel size is `cards / dp`, which the user chose.
    req.data_parallel <= 1
        && req.engine == Engine::Vllm
        && !req.task.is_training()
        && matches!(req.model, ModelRef::Known(_))
}

/// A typed count vLLM cannot run as tensor parallel and no tensor x pipeline split holds
/// (`vram::pipeline::note` answers the rest, on every card): the largest valid count below it
/// (what the estimate is then sized for) and the line saying so, with the next valid count
/// above.
pub(super) fn resize(shape: &Shape, req: &FitRequest) -> Option<(u32, Msg)> {
    let cards = req.cards;
    if !tp_applies(req) || tp_valid(shape, cards) {
        return None;
    }
    let sized = (1..cards).rev().find(|&n| tp_valid(shape, n)).unwrap_or(1);
    let next = (cards + 1..=MAX_CARDS)
        .find(|&n| tp_valid(shape, n))
        .unwrap_or(0);
    // vLLM's `--pipeline-parallel-size` splits whole layers: TP t x PP p = cards, p <= layers.
    let (tp, pp) = (2..cards)
        .rev()
        .find(|&t| cards % t == 0 && tp_valid(shape, t) && cards / t <= shape.layers)
        .map(|t| (t, cards / t))
        .unwrap_or((1, if cards <= shape.layers { cards } else { 0 }));
    let msg = Msg::new("fit-warn-tp-invalid")
        .arg("cards", cards)
        .arg("heads", shape.heads)
        .arg("kv_heads", shape.kv_heads)
        .arg("sized", sized)
        .arg("next", next)
        .arg("tp", tp)
        .arg("pp", pp);
    Some((sized, msg))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(heads: u32, kv_heads: u32) -> Shape {
        Shape {
            heads,
            kv_heads,
            ..Shape::llama_like(7.0)
        }
    }

    #[test]
    fn valid_sizes_follow_heads_and_kv_heads() {
        let valid = |s: &Shape| (1..=16).filter(|&n| tp_valid(s, n)).collect::<Vec<_>>();
        // Qwen2.5-32B: 40 heads, 8 KV heads.
        assert_eq!(valid(&shape(40, 8)), vec![1, 2, 4, 8]);
        // Qwen2.5-7B: 28 heads, 4 KV heads (7 and 14 divide 28 but not with 4 KV heads).
        assert_eq!(valid(&shape(28, 4)), vec![1, 2, 4]);
        // 64 heads, 8 KV heads: 16 replicates the KV heads twice.
        assert_eq!(valid(&shape(64, 8)), vec![1, 2, 4, 8, 16]);
        // 12 heads, 12 KV heads (no GQA): 3, 6, 12.
        assert_eq!(valid(&shape(12, 12)), vec![1, 2, 3, 4, 6, 12]);
    }
}
