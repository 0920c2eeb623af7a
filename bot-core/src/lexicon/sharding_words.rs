//! Words for how training state is sharded over cards: DeepSpeed ZeRO stages, PyTorch FSDP,
//! DDP, Transformers' `device_map`, and their CPU-offload forms. Split out of `words.rs`.

use super::squash::squash;
use crate::vram::Zero;

/// Whether a sharding word names PyTorch FSDP (`fsdp`, `fsdp2`, `fullshard`) rather than
/// DeepSpeed ZeRO: the two shard alike but hold a bf16 model's optimizer differently
/// (`vram::FitOptions::fsdp`).
pub fn is_fsdp(word: &str) -> bool {
    matches!(
        without_offload(&squash(word)),
        "fsdp" | "fsdp2" | "fullshard"
    )
}

/// A squashed sharding word without its CPU-offload suffix (`zero3offload` -> `zero3`).
pub(super) fn without_offload(s: &str) -> &str {
    s.strip_suffix("offload").unwrap_or(s)
}

/// The stage of a CPU-offloaded sharding word (`zero3-offload` -> ZeRO-3, `fsdp-offload` ->
/// full shard); `None` for a word without the offload ([`sharding`] reads those).
pub fn offload_sharding(word: &str) -> Option<Zero> {
    if !is_offload(word) {
        return None;
    }
    let s = squash(word);
    let stem = without_offload(&s);
    sharding(stem).or_else(|| stem.parse().ok())
}

/// Whether a sharding word also moves training state to CPU RAM: DeepSpeed's
/// `offload_param` + `offload_optimizer` (`zero3-offload`, LLaMA-Factory's
/// `ds_z3_offload_config.json`, ms-swift's `zero3_offload`; `zero2-offload` offloads the
/// optimizer only) or FSDP's `CPUOffload(offload_params=True)` (`fsdp-offload`). Sized by
/// `vram::offload`.
pub fn is_offload(word: &str) -> bool {
    let s = squash(word);
    let stem = without_offload(&s);
    // Nothing to offload without sharding (ZeRO-Offload needs a stage of 1 or more).
    let sharded = match sharding(stem) {
        Some(z) => z != Zero::Off,
        None => matches!(stem, "1" | "2" | "3"),
    };
    stem.len() < s.len() && sharded
}

/// Whether a sharding word names one process over several cards by Transformers'
/// `device_map` (`device_map`, `devicemap`): layers split, nothing sharded or replicated
/// (`vram::FitOptions::device_map`).
pub fn is_device_map(word: &str) -> bool {
    squash(word) == "devicemap"
}

/// A word (or words read together, `deepspeed zero3`, `zero 3`) that names how training
/// state is sharded across cards: DeepSpeed's `zero3`, `zero-3`, `ds3`, `stage3`,
/// `deepspeed_zero3`; `fsdp` (PyTorch FSDP's default FULL_SHARD shards parameters, gradients
/// and optimizer state, as ZeRO-3), `ddp` (nothing sharded). A bare stage number is not one
/// (`3` is a card count), nor `deepspeed` alone (its stage is not said); an offload
/// (`zero3-offload`) is not read as the same memory on the card: [`offload_sharding`].
pub fn sharding(word: &str) -> Option<Zero> {
    let s = squash(word);
    match s.as_str() {
        "fsdp" | "fsdp2" | "fullshard" => return Some(Zero::Three),
        "ddp" | "devicemap" => return Some(Zero::Off),
        _ => {}
    }
    let rest = ["deepspeed", "ds"]
        .iter()
        .find_map(|p| s.strip_prefix(p))
        .unwrap_or(&s);
    let stage = ["zero", "stage"]
        .iter()
        .find_map(|p| rest.strip_prefix(p))
        .unwrap_or(rest);
    if stage.len() == s.len() {
        return None;
    }
    match stage {
        "0" => Some(Zero::Off),
        "1" => Some(Zero::One),
        "2" => Some(Zero::Two),
        "3" => Some(Zero::Three),
        _ => None,
    }
}
