//! mem_di (session 31, held-out 56): mechanisms read in the frameworks' source, on cases of
//! their own.
//! - LMDeploy TurboMind (`src/turbomind/models/llama/LlamaBatch.cc` @ v0.6.2: the KV pool is
//!   taken in `LlamaBatch`'s constructor, then `AllocateBuffer` and, from 0.6.0, `tune()` runs a
//!   forward of up to 8192 tokens): its start-up workspace must fit in what the pool leaves.
//! - vLLM V0's encoder-decoder profile (`vllm/worker/enc_dec_model_runner.py` `profile_run`:
//!   one dummy image per `max_num_seqs` group, no cap by `max_num_batched_tokens`): the mllama
//!   encoder's profile grows with the sequences and only its block splits over the ranks.

use bot_core::Catalog;
use bot_core::vram::{Shape, server, vision_tower};

fn shape(id: &str) -> Shape {
    let c = Catalog::embedded().unwrap();
    Shape::from_model(c.model(id).unwrap()).unwrap()
}

#[test]
fn turbomind_workspace_is_sized_for_the_prefill_tokens_and_split_by_tensor_parallel() {
    // Qwen2.5-14B: hidden 5120, FFN 13824. The tuned forward's buffers are per token, so the
    // workspace is about 0.95 GiB at 8192 tokens, whatever the session length.
    let s = shape("qwen2.5-14b");
    let one = server::turbomind_workspace_bytes(&s, 1.0).unwrap();
    let two = server::turbomind_workspace_bytes(&s, 2.0).unwrap();
    assert!(one > 0.8 * bot_core::vram::GIB, "{one}");
    // Heads and FFN split over the ranks; the hidden-width rows and the logits do not.
    assert!(two < one && two > one / 2.0, "{one} {two}");
    // A wider FFN needs more workspace (Qwen2.5-32B: 27648).
    let wide = server::turbomind_workspace_bytes(&shape("qwen2.5-32b"), 1.0).unwrap();
    assert!(wide > one);
    // An MoE's routed buffers are not read: no figure rather than a dense guess.
    assert!(server::turbomind_workspace_bytes(&shape("qwen3-30b-a3b"), 1.0).is_none());
}

#[test]
fn lmdeploy_workspace_must_fit_in_the_share_the_pool_leaves() {
    use bot_core::vram::Server;
    let gib = bot_core::vram::GIB;
    let ws = 1.4 * gib;
    let ctx = 0.6 * gib;
    // Default cache_max_entry_count 0.8: 1.4 GiB of workspace needs 7 GiB free after the weights.
    let over = Server::Lmdeploy.over_bytes(0.8, 18.0 * gib, 0.0, ws, ctx);
    assert!(
        (over + ws - (ws / 0.2 + ctx)).abs() < 1e-6 * gib,
        "{}",
        over / gib
    );
    // A smaller pool share (0.5) leaves room: twice the workspace suffices.
    let half = Server::Lmdeploy.over_bytes(0.5, 18.0 * gib, 0.0, ws, ctx);
    assert!(half < over);
    // TensorRT-LLM's rule is unchanged by TurboMind's order.
    let trt = Server::TrtLlm.over_bytes(0.8, 18.0 * gib, 0.0, ws, ctx);
    assert!(trt < over);
}

#[test]
fn vllm_v0_mllama_profile_grows_with_max_num_seqs_and_splits_only_the_block() {
    let c = Catalog::embedded().unwrap();
    let v = c.model("llama-3.2-11b-vision").unwrap().vision.unwrap();
    let at = |n, tp| vision_tower::vllm_v0_tiled_profile_bytes(&v, n, tp).unwrap();
    // One dummy image per sequence group: linear in max_num_seqs.
    assert!((at(64, 1.0) - 2.0 * at(32, 1.0)).abs() < 1.0);
    // Tensor parallel splits the encoder block's FFN, not the pixels, mask or kept layers.
    assert!(at(256, 2.0) < at(256, 1.0));
    assert!(at(256, 2.0) > at(256, 1.0) / 2.0);
}
