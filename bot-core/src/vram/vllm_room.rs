//! What a vLLM server needs on its card outside `gpu_memory_utilization`, and the verdict when
//! the share leaves less: it does not start, whatever the model needs.
//!
//! On a named card vLLM's KV cache fills the share (`vram::vllm_grant`), so what is outside the
//! share is not the estimate's margin but the server's own arithmetic:
//! - The CUDA graphs are captured after the KV cache is allocated, outside the share (vllm#11251;
//!   `compile_or_warm_up_model` runs `capture_model` after `initialize_from_config`, and today's
//!   worker says "`memory_profiling` does not consider CUDAGraph memory",
//!   `vllm/v1/worker/gpu_worker.py` @ 35d5cda1). With less room than they take, the capture runs
//!   out of memory (vllm#16199: V0 at 0.98 of a 24 GB card, "capture_end ... CUDA error: out of
//!   memory"). The graphs' size is `parts::VLLM_CUDA_GRAPHS_GIB`, the estimate's low figure (V0's
//!   log states 1 to 3 GiB, `vram::vllm_v0_graphs`).
//! - Today's V1 also checks at start that the memory free then holds the share
//!   (`init_device`: `if self.init_snapshot.free_memory < self.requested_memory: raise
//!   ValueError("Free memory on device ... is less than desired GPU memory utilization")`),
//!   taken after the CUDA context exists: a share that leaves less than the context refuses to
//!   start. V1 as released up to its memory-profiling rework (vllm PR 19312, mid-2025) counted the
//!   context inside the share instead (`determine_available_memory` adding every non-torch
//!   allocation to the peak, `gpu_worker.py` @ 0012cf69), and V0 before 0.6.5 likewise; a release
//!   named is therefore held to the graphs alone, the rule every release shares.

use super::parts::{CUDA_CONTEXT_GIB, vllm_graphs_gib};
use super::request::{FitOptions, FitRequest};
use super::{Engine, round2};
use crate::catalog::Gpu;
use crate::reply::Msg;

/// The room the share leaves on `g` and what must fit in it, GiB, when the room is short; `None`
/// for another engine or server, training, or a share that leaves enough.
pub fn short(req: &FitRequest, opts: &FitOptions, g: &Gpu) -> Option<(f64, f64)> {
    if req.engine != Engine::Vllm || req.task.is_training() || opts.server_pool(req).is_some() {
        return None;
    }
    let room = (1.0 - opts.vllm_share()) * g.usable_gib();
    let todays_v1 = !req.vllm_v0 && req.vllm_release.is_none();
    // V0 and the releases named count the context inside the share (`determine_num_available_
    // blocks`: `peak_memory = total_gpu_memory - free_gpu_memory` after the profile, vLLM
    // 0.4-era `vllm/worker/worker.py`): only the graphs sit outside, and none when eager.
    let needs = if todays_v1 {
        CUDA_CONTEXT_GIB
    } else {
        vllm_graphs_gib(req)
    };
    (needs > 0.0 && room < needs).then_some((room, needs))
}

/// The answer's line: the share, the room it leaves, what needs it and a share that leaves it.
pub fn note(req: &FitRequest, opts: &FitOptions, g: &Gpu) -> Option<Msg> {
    let (room, needs) = short(req, opts, g)?;
    // The largest share (in hundredths, rounded down) that leaves `needs` outside.
    let share = ((1.0 - needs / g.usable_gib()) * 100.0).floor() / 100.0;
    let context = !req.vllm_v0 && req.vllm_release.is_none();
    Some(
        Msg::new("fit-warn-vllm-no-room")
            .arg("util", opts.vllm_share())
            .arg("room", round2(room))
            .arg("needs", round2(needs))
            .arg("what", if context { "context" } else { "graphs" })
            .arg("share", share),
    )
}
