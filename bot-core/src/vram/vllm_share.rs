//! vLLM's `gpu_memory_utilization` share as a limit on the card, not as memory the job needs.
//!
//! vLLM's worker takes `requested_memory = total × gpu_memory_utilization` at start
//! (`vllm/v1/worker/gpu_worker.py` @ 35d5cda1, `init_device` / `determine_available_memory`),
//! profiles one forward pass and the sampler, and gives the KV cache what the weights and the
//! profile's peak leave of it (`available_kv_cache_memory = requested_memory -
//! non_kv_cache_memory`); `check_enough_kv_cache_memory` (`vllm/v1/core/kv_cache_utils.py`)
//! refuses to start when that cannot hold a sequence. So the job needs its weights, the
//! profile's peak and its KV cache (plus the CUDA context and graphs outside the share), and
//! the card must be large enough that the share holds the first three: at utilization `u` a
//! card of at least `core / u`. The half of a card a user leaves outside `u = 0.5` is not the
//! job's need; it is the share that decides whether vLLM starts, and a higher
//! `--gpu-memory-utilization` (not a second card) is what widens it.

use super::GIB;
use super::request::FitOptions;
use crate::catalog::Gpu;
use crate::reply::Msg;

/// The smallest card, bytes, whose share at utilization `util` holds `core` (weights, the
/// profile's peak and the KV cache on the busiest card).
pub(super) fn floor(core: f64, util: f64) -> f64 {
    if util > 0.0 { core / util } else { core }
}

/// The share the user's utilization leaves decides the verdict: it is below the job's own need
/// on the card (`share_floor` > need), so the share, not the card, is what must hold the job.
pub(super) fn binds(share_floor: f64, need: f64) -> bool {
    share_floor > need
}

/// The utilization, in hundredths rounded up, whose share of `g` holds `core` with the stated
/// margin `margin_pct`; `None` where that leaves the card too little outside the share (the
/// CUDA context and graphs: `vllm_room`) or exceeds the whole card.
pub(super) fn holding_utilization(
    core: f64,
    g: &Gpu,
    margin_pct: f64,
    outside: f64,
) -> Option<f64> {
    let card = g.usable_gib() * GIB;
    let u = (core * (1.0 + margin_pct / 100.0) / card * 100.0).ceil() / 100.0;
    (u <= 1.0 && (1.0 - u) * card >= outside).then_some(u)
}

/// The answer's line when the share decides: what vLLM takes of the card at the utilization
/// said, what must fit inside it, what is left there (or short), and a utilization that holds
/// it where one does.
pub(super) fn note(
    opts: &FitOptions,
    g: &Gpu,
    (core, margin_pct, outside): (f64, f64, f64),
) -> Msg {
    let util = opts.vllm_share();
    let share = util * g.usable_gib();
    let core_gib = core / GIB;
    let gmu = match holding_utilization(core, g, margin_pct, outside) {
        Some(u) if u > util => format!("{u}"),
        Some(_) => "ok".to_string(),
        None => "none".to_string(),
    };
    Msg::new("fit-note-vllm-share")
        .arg("util", util)
        .arg("share", super::round2(share))
        .arg("core", super::round2(core_gib))
        .arg("holds", if share >= core_gib { "yes" } else { "no" })
        .arg("left", super::round2((share - core_gib).abs()))
        .arg("gmu", gmu)
}
