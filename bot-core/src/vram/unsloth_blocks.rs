//! What nvidia-smi shows beside an Unsloth loss that holds every token's logits: one decoder
//! layer's forward blocks, cached while the logits take segments of their own (mem_ep,
//! held-out 66). Releasable: the allocated need, which the verdict reads, does not move.
//!
//! Unsloth's offloaded checkpointing (`Unsloth_Offloaded_Gradient_Checkpointer`:
//! unslothai/unsloth@6dad5dd9 `unsloth/models/_utils.py`, `__version__` 2024.4, the release
//! LLaMA-Factory took up on 2024-04-16 with `use_gradient_checkpointing="unsloth"`,
//! hiyouga/LLaMA-Factory@efa80806 `src/llmtuner/model/adapter.py`; the same class today in
//! unslothai/unsloth-zoo@ce232d6c `unsloth_zoo/gradient_checkpointing.py`) sends each layer's
//! input to the CPU and runs the layer under `torch.no_grad()`. Every layer then allocates the
//! same working tensors and frees them: the norm's output, q, k and v (`LoRA_QKV`), the
//! attention output, the o projection's output, and in the MLP (`LoRA_MLP.forward`,
//! `unsloth/kernels/fast_lora.py` at the same commit) the gate output `e`, the up output `g`,
//! their SwiGLU product and the down projection's output, beside the residual. PyTorch's caching
//! allocator keeps those blocks for the next layer. At the forward's end a loss over every
//! token's logits (before 2024.11 the 16-bit logits of `CausalLM_fast_forward` and the fp32 copy
//! Accelerate's `convert_outputs_to_fp32` makes of them; Gemma-3's compiled loss before 2025.8;
//! Qwen3.5's stock loss) asks for blocks larger than any cached one, and a cached block is split
//! for a smaller request but never joined with another segment
//! (`c10/cuda/CUDACachingAllocator.cpp`, `get_free_block` / `alloc_block`): the logits take new
//! segments beside the layer's. The backward's recompute of one layer with its saved tensors then
//! fits in the layer's cached blocks and those the freed logits leave, so the reserved peak is
//! the larger of the recomputed layer and the layer's forward blocks plus the logits, where the
//! allocated peak is the larger of the recomputed layer and the logits.
//!
//! Nor are the logits a share of what churns (`train::allocator_reserve`), as the Triton
//! head's are not (`train::triton_head_blocks`): the next step's layers are served from their
//! own cached blocks (the allocator takes the smallest free block that fits), so the logits'
//! segments come round whole and are taken again whole. The share stays on the rest.
//!
//! Not for today's chunked loss (chunks of at most 4 GiB of fp32 logits, `unsloth_loss`), whose
//! share of the allocator stays the calibrated one, nor without checkpointing (the forward only
//! allocates; nothing is cached below its peak).

use super::request::FitRequest;
use super::shape::Shape;

/// Bytes per token one decoder layer's forward holds at its fullest under `no_grad`: the MLP
/// phase (the residual, the norm's output and the down projection's output, 2 bytes x hidden
/// each; `e`, `g` and their product, 2 bytes x FFN width each) or the attention phase (the
/// residual, the norm's output, the o projection's output, q and the attention output at the
/// query width, k and v at the KV width), whichever is larger.
pub fn forward_layer_bytes_per_token(shape: &Shape) -> f64 {
    let h = f64::from(shape.hidden);
    let f = shape.ffn_width_active_per_token();
    let qw = f64::from(shape.heads * shape.head_dim);
    let kvw = f64::from(shape.kv_heads * shape.head_dim);
    let mlp = 6.0 * h + 6.0 * f;
    let attn = 6.0 * h + 4.0 * qw + 4.0 * kvw;
    mlp.max(attn)
}

/// Whether the request trains through Unsloth with checkpointing and a loss that holds every
/// token's logits at the forward's end.
pub fn applies(req: &FitRequest) -> bool {
    req.unsloth
        && req.grad_checkpointing
        && req.task.is_training()
        && super::unsloth_loss::applies(req)
        && (super::unsloth_release::whole_16bit_logits(req)
            || super::unsloth_release::whole_logits(req)
            || super::unsloth_release::stock_forward_logits(req))
}

/// Bytes the allocator keeps reserved beyond the allocated peak for `tokens` tokens (the
/// micro-batch): the forward layer's blocks plus the logits, less the larger of the logits
/// (`loss`) and the recomputed layer (`one_layer`), which the allocated peak already counts.
pub fn beside_logits_bytes(
    shape: &Shape,
    req: &FitRequest,
    tokens: f64,
    loss: f64,
    one_layer: f64,
) -> f64 {
    if !applies(req) {
        return 0.0;
    }
    let blocks = forward_layer_bytes_per_token(shape) * tokens;
    (blocks + loss - one_layer.max(loss)).max(0.0)
}
