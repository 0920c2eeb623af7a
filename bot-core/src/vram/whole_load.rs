//! A trainer that loads the whole model onto every card before sharding it.
//!
//! LLaMA-Factory from v0.5.3 (9a69cadab, 2024-03-07) until v0.7.1 (d4d36e157, 2024-05-15,
//! "fix fsdp model loading") set `device_map={"": get_current_device()}` for every run not
//! under DeepSpeed ZeRO-3 (`src/llmtuner/model/patcher.py` `patch_config`: `if not
//! is_deepspeed_zero3_enabled(): init_kwargs["low_cpu_mem_usage"] = …; init_kwargs["device_map"]
//! = model_args.device_map or {"": get_current_device()}`, `low_cpu_mem_usage` True by
//! default). Under PyTorch FSDP each rank's `from_pretrained` therefore put the whole model, in
//! the dtype it was loaded in, on its own card before FSDP wrapped and sharded it: the card must
//! hold the whole model once at load, whatever the sharding holds afterwards. d4d36e157 added
//! `and not is_fsdp_enabled()` (and FSDP to the quantized path's condition). Found on held-out
//! 20's Mixtral-8x7B LoRA under FSDP on 8 × 48 GB (LLaMA-Factory#3106, 2024-04-02: OOM).

use super::{FitOptions, FitRequest, Zero};

/// Whether a LLaMA-Factory release (`0.6.3`, `v0.7.0`) loads the whole model on every card
/// under FSDP: from 0.5.3 to 0.7.0 inclusive. `None` for a word that is not a release.
pub fn llamafactory_loads_whole(release: &str) -> Option<bool> {
    let w = release.trim().trim_start_matches(['v', 'V']);
    let mut parts = w.split('.');
    let major: u32 = parts.next()?.parse().ok()?;
    let minor: u32 = parts.next()?.parse().ok()?;
    let patch: u32 = match parts.next() {
        Some(p) => p.parse().ok()?,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    let v = (major, minor, patch);
    Some(((0, 5, 3)..(0, 7, 1)).contains(&v))
}

/// Bytes the card needs at load beyond what the training step holds on it, when the trainer
/// loads the whole model on every card (`FitRequest::whole_load`) and the sharding then keeps
/// less of it: the whole base (`base`, its bytes as loaded) with the CUDA context (`ctx`),
/// against what the step itself needs on the card (`held`: context included, the allocator's
/// reusable reserve not, so the answer's need is the larger of the two). DeepSpeed ZeRO-3 is
/// exempt (its `zero.Init` partitions while loading); a single card or plain data parallel
/// holds the whole model anyway (nothing beyond).
pub(super) fn beyond(
    req: &FitRequest,
    opts: &FitOptions,
    zero: Zero,
    base: f64,
    (ctx, held): (f64, f64),
) -> f64 {
    let zero3_deepspeed = zero == Zero::Three && !opts.fsdp;
    if !req.whole_load || !req.task.is_training() || req.cards < 2 || zero3_deepspeed {
        return 0.0;
    }
    (base + ctx - held).max(0.0)
}

/// GiB of the whole model as the trainer loads it on every card, when `beyond` applies to the
/// request (the answer says it, with that size); `None` otherwise.
pub(super) fn whole_load_gib(
    shape: &super::Shape,
    req: &FitRequest,
    opts: &FitOptions,
) -> Option<f64> {
    let zero = opts.zero.unwrap_or(Zero::Three);
    let zero3_deepspeed = zero == Zero::Three && !opts.fsdp;
    if !req.whole_load || !req.task.is_training() || req.cards < 2 || zero3_deepspeed {
        return None;
    }
    let w = super::parts::weight_split(shape, req.quant, req.engine).total();
    Some(w / super::GIB)
}
