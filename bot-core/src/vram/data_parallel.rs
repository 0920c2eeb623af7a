//! vLLM's data parallel (`vllm serve -dp N`, `--data-parallel-size N`): the cards run N engine
//! ranks, each `cards / N`-way tensor parallel, each with its own scheduler and its own KV cache.
//!
//! Sourced at the vLLM docs "Data Parallel Deployment" and "Expert Parallel Deployment"
//! (docs/serving/data_parallel_deployment.md, docs/serving/expert_parallel_deployment.md, v0.10):
//! "vLLM supports Data Parallel deployment, where model weights are replicated across separate
//! instances/GPUs to process independent batches of requests"; for MoE models "the expert layers
//! will by default form a (DP x TP) sized tensor parallel group" (with `--enable-expert-parallel`
//! an expert parallel group of the same size), while the attention layers stay replicated per
//! rank. Each rank's KV cache must hold one request of `max_model_len` on its own (the start-up
//! check in `vllm/v1/core/kv_cache_utils.py`, `check_enough_kv_cache_memory`, runs per engine
//! core), which is why recipes#12's Qwen3-Coder-480B-A35B-FP8 at `-dp 8` on 8 x H20 needs 62 GiB
//! of cache on each card for its 262,144 tokens where eight-way tensor parallel would split it.

use super::parts::{WeightSplit, kv_share_per_card};
use super::request::FitRequest;
use super::{Engine, Shape};

/// The engine ranks the cards run: vLLM's data-parallel size where one was given to a vLLM
/// inference request and divides the cards (`request::validate` refuses one that does not;
/// the other card counts a report lists are each one tensor-parallel group), else 1.
pub fn ranks(req: &FitRequest) -> u32 {
    let dp = req.data_parallel.max(1);
    if req.engine == Engine::Vllm && !req.task.is_training() && req.cards % dp == 0 {
        dp
    } else {
        1
    }
}

/// Cards in each rank's tensor-parallel group.
pub fn tensor_size(req: &FitRequest) -> u32 {
    (req.cards / ranks(req)).max(1)
}

/// Bytes of the routed experts of every MoE layer in the request's format.
fn routed_expert_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    let moe_layers = shape.layers.saturating_sub(shape.dense_layers) as f64;
    moe_layers * super::expert_offload::expert_bytes_per_layer(shape, req.quant)
}

/// Weights on each card: the tensor-parallel share of everything but the replicated 16-bit
/// tensors, except that an MoE's routed experts are split over every card of the job (the
/// DP x TP expert group). With one rank this is plain tensor parallel.
pub(super) fn weights_per_card(
    shape: &Shape,
    req: &FitRequest,
    split: &WeightSplit,
    w_total: f64,
) -> f64 {
    let tp = tensor_size(req) as f64;
    let experts = if ranks(req) > 1 {
        routed_expert_bytes(shape, req).min(split.layers)
    } else {
        0.0
    };
    (w_total - split.other - experts) / tp + experts / req.cards.max(1) as f64 + split.other
}

/// KV cache on each card: each rank holds its share of the requests (at least one whole
/// request), split by its own tensor-parallel group.
pub(super) fn kv_per_card(shape: &Shape, req: &FitRequest, kv_total: f64, batch: f64) -> f64 {
    let dp = ranks(req) as f64;
    let per_rank = (batch / dp).ceil().max(1.0) / batch.max(1.0);
    kv_total * per_rank * kv_share_per_card(shape, tensor_size(req))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vram::{ModelRef, Quant, Task};

    fn req(cards: u32, dp: u32) -> FitRequest<'static> {
        let mut r = FitRequest::new(
            ModelRef::BySize {
                params_b: 7.0,
                active_b: None,
            },
            Quant::Bf16,
            Task::Infer,
        );
        r.engine = Engine::Vllm;
        r.cards = cards;
        r.data_parallel = dp;
        r
    }

    #[test]
    fn one_rank_is_plain_tensor_parallel() {
        assert_eq!(tensor_size(&req(8, 1)), 8);
        assert_eq!(tensor_size(&req(8, 8)), 1);
        assert_eq!(tensor_size(&req(8, 2)), 4);
        let mut t = req(8, 8);
        t.engine = Engine::Transformers;
        assert_eq!(ranks(&t), 1);
    }

    #[test]
    fn each_rank_holds_a_whole_request_of_the_cache() {
        let s = Shape::llama_like(7.0);
        // One request on 8 ranks: every card holds it whole; 16 requests: two each.
        let one = kv_per_card(&s, &req(8, 8), 100.0, 1.0);
        assert!((one - 100.0).abs() < 1e-9);
        let sixteen = kv_per_card(&s, &req(8, 8), 1600.0, 16.0);
        assert!((sixteen - 200.0).abs() < 1e-9);
        // Tensor parallel over the same 8 cards splits the one request.
        let tp = kv_per_card(&s, &req(8, 1), 100.0, 1.0);
        assert!((tp - 100.0 * kv_share_per_card(&s, 8)).abs() < 1e-9);
    }
}
