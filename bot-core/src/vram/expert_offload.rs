//! llama.cpp's expert offload: `--cpu-moe` / `-cmoe` and `--n-cpu-moe N` / `-ncmoe N` keep the
//! routed experts of an MoE in system RAM and everything else on the card.
//!
//! Sourced at llama.cpp 87268f77: `common/arg.cpp` (`--n-cpu-moe`) pushes, for every layer index
//! `i < N`, a buffer override `llm_ffn_exps_block_regex(i)` = `blk\.{i}\.ffn_(up|down|gate|gate_up)_(ch|)exps`
//! to the CPU buffer type, and `--cpu-moe` the same pattern without the layer; `common/common.h`
//! holds the pattern. Only the routed experts' tensors match (`_exps`): attention, the router, the
//! shared experts (`_shexp`), norms and the output head stay where `-ngl` puts them. The index
//! counts every layer, so a model whose first layers are dense (DeepSeek-V3's
//! `first_k_dense_replace`, GLM-4.5's) moves nothing for those.
//!
//! During prompt processing the CPU-resident experts are still multiplied on the card: ggml-cuda
//! offloads an op whose batch is 32 tokens or more (`ggml_backend_cuda_device_offload_op`,
//! `min_batch_size = 32`), and a weight on another backend starts a split of its own whose copy
//! sits in the card's compute buffer ("by starting a new split, the memory of the previously
//! offloaded weights can be reused", `ggml/src/ggml-backend.cpp`). So the compute buffer holds one
//! expert tensor of one layer at a time (gate, up or down, all experts), not a layer's three.

use super::{Quant, Shape};

/// `--cpu-moe`: every layer's routed experts in system RAM.
pub const ALL_LAYERS: u32 = u32::MAX;

/// llama.cpp's op offload threshold (tokens in a batch) for moving an op to the card.
const OP_OFFLOAD_MIN_BATCH: f64 = 32.0;

/// MoE layers whose routed experts `--n-cpu-moe n` keeps in system RAM: of the first `n` layer
/// indices, those past the model's leading dense layers; 0 for a dense model.
pub fn offloaded_moe_layers(shape: &Shape, n: u32) -> u32 {
    if !shape.is_moe() {
        return 0;
    }
    n.min(shape.layers).saturating_sub(shape.dense_layers)
}

/// Bytes of one MoE layer's routed experts (gate, up and down of every expert) in `quant`: the
/// format's bits per weight (a GGUF file's average, MXFP4's 4.25, 16 for a 16-bit checkpoint).
pub fn expert_bytes_per_layer(shape: &Shape, quant: Quant) -> f64 {
    if !shape.is_moe() {
        return 0.0;
    }
    let bits = quant.gguf_bpw().unwrap_or_else(|| quant.linear_bits());
    shape.experts as f64 * 3.0 * shape.hidden as f64 * shape.moe_intermediate as f64 * bits / 8.0
}

/// Bytes of routed experts kept in system RAM by `--n-cpu-moe n` (`ALL_LAYERS` for `--cpu-moe`).
pub fn bytes_in_ram(shape: &Shape, quant: Quant, n: u32) -> f64 {
    offloaded_moe_layers(shape, n) as f64 * expert_bytes_per_layer(shape, quant)
}

/// Bytes the card's compute buffer holds for the CPU-resident experts while a micro-batch of
/// `ubatch` tokens runs on the card: one expert tensor of one layer (a third of the layer's
/// experts), when any layer is offloaded and the batch reaches the op-offload threshold.
pub fn upload_bytes(shape: &Shape, quant: Quant, n: u32, ubatch: f64) -> f64 {
    if offloaded_moe_layers(shape, n) == 0 || ubatch < OP_OFFLOAD_MIN_BATCH {
        return 0.0;
    }
    expert_bytes_per_layer(shape, quant) / 3.0
}

/// What `FitRequest::cpu_moe` keeps in system RAM, for the answer to state: the MoE layers
/// whose routed experts moved and their GiB; `None` when no offload was asked.
pub fn in_ram(req: &super::FitRequest) -> Option<(u32, f64)> {
    let n = req.cpu_moe?;
    let shape = match req.model {
        super::ModelRef::Known(m) => Shape::from_model(m).ok()?,
        super::ModelRef::BySize { params_b, active_b } => Shape::by_size(params_b, active_b),
    };
    Some((
        offloaded_moe_layers(&shape, n),
        bytes_in_ram(&shape, req.quant, n) / super::GIB,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn shape(id: &str) -> Shape {
        let c = Catalog::embedded().unwrap();
        Shape::from_model(c.model(id).unwrap()).unwrap()
    }

    #[test]
    fn counts_layer_indices_so_leading_dense_layers_move_nothing() {
        let s = shape("deepseek-v3");
        assert!(s.dense_layers > 0);
        assert_eq!(offloaded_moe_layers(&s, s.dense_layers), 0);
        assert_eq!(offloaded_moe_layers(&s, s.dense_layers + 2), 2);
        assert_eq!(
            offloaded_moe_layers(&s, ALL_LAYERS),
            s.layers - s.dense_layers
        );
        let dense = shape("llama-3.1-8b");
        assert_eq!(bytes_in_ram(&dense, Quant::Q4KM, ALL_LAYERS), 0.0);
    }

    #[test]
    fn upload_needs_a_prompt_batch_on_the_card() {
        let s = shape("qwen3-30b-a3b");
        assert_eq!(upload_bytes(&s, Quant::Q4KM, ALL_LAYERS, 16.0), 0.0);
        let one = upload_bytes(&s, Quant::Q4KM, ALL_LAYERS, 512.0);
        assert!((one - expert_bytes_per_layer(&s, Quant::Q4KM) / 3.0).abs() < 1.0);
        assert_eq!(upload_bytes(&s, Quant::Q4KM, 0, 512.0), 0.0);
    }
}
