//! Sharded training with its state in CPU RAM (`FitOptions::offload`; words `zero3-offload`,
//! `zero2-offload`, `fsdp-offload`): what each card keeps of the weights, gradients and
//! optimizer state.
//!
//! DeepSpeed (deepspeedai/DeepSpeed@1978617c `deepspeed/runtime/zero/offload_config.py`):
//! `offload_optimizer` is "valid with stage 1, 2, and 3" and "optimizer computation is
//! offload\[ed\] to CPU regardless of device option" — the fp32 master weights, the moments
//! and the step (DeepSpeedCPUAdam) leave the card, and the reduced gradient partitions are
//! copied into the CPU master's fp32 `.grad`; `offload_param` is "valid only with stage 3":
//! the parameter partitions live in CPU RAM and each layer is gathered onto the card when it
//! runs. PyTorch FSDP's `CPUOffload(offload_params=True)` keeps parameters and their
//! gradients on the CPU and so steps the optimizer there. What stays on each card: the layers
//! gathered for the forward/backward pass (`train`'s two live layers), FSDP's root unit, the
//! activations, and the reduce bucket the gradients pass through before they are copied off.

use super::optim_step::DEEPSPEED_REDUCE_BUCKET_ELEMENTS;
use super::{FitOptions, Zero};

/// What one card holds of (base weights, gradients, optimizer state) when the sharding
/// offloads to CPU. `live` and `root`: the gathered layers and what every card holds whole
/// (FSDP's root unit beyond its shard, bitsandbytes' 4-bit constants), bytes;
/// `grads`: every trainable parameter's 16-bit gradient, bytes; `sharded`: the (base,
/// gradients, optimizer) the sharding alone leaves on the card. ZeRO-1/2 offload the
/// optimizer (and its fp32 gradients) only: the 16-bit weights stay whole. Without an
/// offload the sharded figures are returned as they are.
pub(super) fn on_card(
    opts: &FitOptions,
    zero: Zero,
    (live, root, grads): (f64, f64, f64),
    sharded: (f64, f64, f64),
) -> (f64, f64, f64) {
    let (base_c, _, _) = sharded;
    if !opts.offload || zero == Zero::Off {
        return sharded;
    }
    // The gradients cross the card in a reduce bucket (16-bit) before they are copied to the
    // CPU master's `.grad`: ZeRO-3's own bucket here (DeepSpeed's default size; Hugging Face's
    // "auto" is smaller, hidden²), ZeRO-1/2's in `optim_step::deepspeed_ipg_bytes`, FSDP's
    // reduce-scatter input of one unit in `fsdp::unsharded_bytes`.
    let bucket = match zero {
        Zero::Three if !opts.fsdp => grads.min(DEEPSPEED_REDUCE_BUCKET_ELEMENTS * 2.0),
        _ => 0.0,
    };
    let base = match zero {
        Zero::Three => (live + root).min(base_c),
        _ => base_c,
    };
    (base, bucket, 0.0)
}

/// Whether the optimizer steps on the CPU (no step intermediate on the card).
pub(super) fn steps_on_cpu(opts: &FitOptions, zero: Zero) -> bool {
    opts.offload && zero != Zero::Off
}
