//! vLLM V0's CUDA graphs against the room its share leaves on a named card.
//!
//! V0 sizes its KV cache to fill `gpu_memory_utilization` of the card
//! (`Worker.determine_num_available_blocks`), then captures its CUDA graphs for up to 35 batch
//! sizes (`ModelRunner.capture_model`), whose memory is not inside that share (vllm#11251). Its
//! own log says how much that can be, each time it starts: "CUDA graphs can take additional
//! 1~3 GiB memory per GPU. If you are running out of memory, consider decreasing
//! `gpu_memory_utilization` or enforcing eager mode" (`vllm/worker/model_runner.py`,
//! `capture_model`, V0 0.3 to 0.7; printed in start-up logs such as
//! `model_runner.py:1333` of 0.6.x). A card whose room outside the share is less than the top
//! of that range may or may not start, by the model and release: "tight", never a plain fit.
//! Held-out 22 (Qwen2-VL-7B-AWQ on an A10: 0.9 dies, 0.7 starts) and held-out 30
//! (CodeLlama-7B-AWQ at 0.9 on a 12 GB RTX 3060 dies) are such cases; so are the 24 GB cards
//! at 0.9 that started (held-out 30's tulu-7B, the RTX 3090 rows of Llama-3.1-8B): the room
//! there is 2.4 GiB, inside the range.

use super::Engine;
use super::request::{FitOptions, FitRequest};
use crate::catalog::Gpu;

/// vLLM V0's own statement of what its CUDA graphs can take per card, GiB (the start-up log
/// line quoted above): the low and high ends.
pub const VLLM_V0_GRAPHS_STATED_GIB: [f64; 2] = [1.0, 3.0];

/// The room, in GiB, that V0's share leaves on card `g` when it is less than the top of the
/// range its log states for the CUDA graphs; `None` when it is not V0 serving on vLLM itself
/// (V1, another server, training) or when the room holds the whole range.
pub fn short_room_gib(req: &FitRequest, opts: &FitOptions, g: &Gpu) -> Option<f64> {
    // Eager (`--enforce-eager`), V0 captures no graphs at all (`Worker.warm_up_model`).
    let v0_serving = req.engine == Engine::Vllm
        && req.vllm_v0
        && !req.vllm_eager
        && !req.task.is_training()
        && opts.server_pool(req).is_none();
    if !v0_serving {
        return None;
    }
    let room = (1.0 - opts.vllm_share()) * g.usable_gib();
    (room < VLLM_V0_GRAPHS_STATED_GIB[1]).then_some(room)
}
