//! The optimizer's own memory beyond its states: whether full fine-tuning keeps fp32 masters
//! (`fp32_master_weights`), PyTorch AdamW's multi-tensor step intermediate, DeepSpeed ZeRO's
//! gradient bucket and its step on a gradient partition. Read by `train`, never importing it.

use super::parts::Common;
use super::request::{FitOptions, FitRequest};
use super::{Shape, Task, Zero};

/// DeepSpeed ZeRO-1/2's gradient bucket: with `contiguous_gradients` (DeepSpeed's default and
/// every trainer's config) `DeepSpeedZeroOptimizer.backward` allocates `reduce_bucket_size`
/// elements in the model's 16-bit dtype before `loss.backward()` (`buf_0`; a second with
/// `overlap_comm`), whatever few parameters train, live through the backward pass. DeepSpeed's
/// default and LLaMA-Factory's `ds_z2_config.json` set 5e8 elements (0.93 GiB); ms-swift's
/// `zero2.json` 2e8, the Hugging Face "auto" hidden². ZeRO-3 buckets by `reduce_bucket_size`
/// "auto" (hidden², tens of MiB): not counted. Not under FSDP or a layer split; on one card
/// only when a ZeRO stage is asked for (`deepspeed_zero`: the bucket does not depend on the
/// world size).
///
/// With `overlap_comm` (`FitRequest::overlap_comm`) `setup_buckets` allocates a second buffer of
/// the same size ("Use double buffers to avoid data access conflict when overlap_comm is
/// enabled", deepspeedai/DeepSpeed@edaa7221 `stage_1_and_2.py`), and both live until
/// `independent_gradient_partition_epilogue` releases them at the end of the backward pass, so
/// not through the optimizer step.
pub(super) fn deepspeed_ipg_bytes(req: &FitRequest, opts: &FitOptions, zero: Zero) -> f64 {
    let deepspeed_1_2 = matches!(zero, Zero::One | Zero::Two) && !opts.fsdp;
    let buffers = if req.overlap_comm { 2.0 } else { 1.0 };
    if deepspeed_1_2 {
        opts.reduce_bucket
            .unwrap_or(DEEPSPEED_REDUCE_BUCKET_ELEMENTS)
            * 2.0
            * buffers
    } else {
        0.0
    }
}

/// GiB per card of the second reduce bucket `overlap_comm` adds under ZeRO-1/2, for the answer
/// to state; 0 where it does not apply.
pub fn overlap_comm_gib(req: &FitRequest, opts: &FitOptions) -> f64 {
    if !req.overlap_comm || !req.task.is_training() {
        return 0.0;
    }
    let zero = deepspeed_zero(req, opts);
    let mut one = req.clone();
    one.overlap_comm = false;
    (deepspeed_ipg_bytes(req, opts, zero) - deepspeed_ipg_bytes(&one, opts, zero)) / super::GIB
}

/// DeepSpeed's optimizer step on one card's partition of the gradients: it flattens the 16-bit
/// gradients of a sub-group into one tensor and casts it to fp32 for the fp32 master's `.grad`
/// (`stage3.py` `_prepare_fp32_grad_for_sub_group`: `self.flatten(self.averaged_gradients[i])
/// .to(fp32)`; ZeRO-1/2 the same over the whole partition, `stage_1_and_2.py`), both alive
/// at the cast: 2 + 4 bytes an element, after the activations are freed. The fp32 gradient
/// then stays the master's `.grad` through `_optimizer_step` (deepspeedai/DeepSpeed@edaa7221
/// `stage_1_and_2.py` `step`: `del flat_grad_partition` before, `.grad = None` after), and the
/// optimizer stepped there is the trainer's own whenever the DeepSpeed config names none
/// (Hugging Face's `deepspeed_optim_sched` hands over `trainer.create_optimizer()` and sets
/// `zero_allow_untested_optimizer`): LLaMA-Factory's `ds_z2_config.json` and ms-swift's
/// `zero2.json` / `zero3.json` name none. PyTorch's AdamW steps a CUDA tensor on its
/// multi-tensor path, whose `exp_avg_sq_sqrt` is one more fp32 tensor the partition's size
/// (`foreach_step_bytes`): 4 + 4 bytes an element during the step. An 8-bit Adam steps one
/// tensor at a time in place: the cast's 6. ZeRO-3 works in sub-groups of `sub_group_size`
/// elements (1e9: DeepSpeed's default and ms-swift's `zero3.json`). Matters for full
/// fine-tuning; a LoRA's partition is small.
///
/// On AdamW's for-loop path (`FitRequest::adamw_foreach` off) the one tensor stepped is the
/// flat partition itself, so the step holds its fp32 gradient and two temporaries of its size
/// (`for_loop_step_bytes_per_element`).
pub(super) fn deepspeed_step_bytes(
    opts: &FitOptions,
    zero: Zero,
    (cards, foreach): (u32, bool),
    trainable: f64,
) -> f64 {
    if opts.fsdp || zero == Zero::Off {
        return 0.0;
    }
    let partition = trainable / f64::from(cards.max(1));
    let per_element = if foreach {
        deepspeed_step_bytes_per_element(opts.optimizer)
    } else {
        for_loop_step_bytes_per_element(opts.optimizer)
    };
    match zero {
        Zero::One | Zero::Two => partition * per_element,
        Zero::Three => partition.min(DEEPSPEED_SUB_GROUP_ELEMENTS) * per_element,
        Zero::Off => 0.0,
    }
}

/// Bytes an element of the gradient partition DeepSpeed's step holds at its peak
/// (`deepspeed_step_bytes`): the fp32 `.grad` and AdamW's multi-tensor square root (8), or
/// the 16-bit flatten and its fp32 cast (6) for an optimizer that steps in place.
pub fn deepspeed_step_bytes_per_element(optimizer: super::Optimizer) -> f64 {
    match optimizer {
        super::Optimizer::AdamW => 8.0,
        super::Optimizer::Adam8bit => 6.0,
    }
}

/// Bytes an element of the tensor DeepSpeed steps holds at the peak of AdamW's for-loop path
/// (`_single_tensor_adam`, pytorch/pytorch@005941eb `torch/optim/adam.py`: `denom =
/// (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)`): the fp32 `.grad`, the square root
/// and its quotient, 4 + 4 + 4. LLaMA-Factory#1221 (Llama-2-7B, ZeRO-2, 8 x V100 32GB) died on
/// that line with 12.55 GiB of fp16 weights and five fp32 partitions allocated, asking for the
/// sixth. An 8-bit Adam steps in place: as on the multi-tensor path.
pub fn for_loop_step_bytes_per_element(optimizer: super::Optimizer) -> f64 {
    match optimizer {
        super::Optimizer::AdamW => 12.0,
        super::Optimizer::Adam8bit => deepspeed_step_bytes_per_element(optimizer),
    }
}

/// Elements of the largest parameter tensor a full fine-tune steps: the embedding or the head
/// (vocab x hidden) or one dense MLP matrix (intermediate x hidden). MoE experts are one
/// `nn.Linear` each in the Transformers 4.x releases of PyTorch's for-loop era, no larger.
pub(super) fn largest_tensor_elements(shape: &Shape) -> f64 {
    let h = f64::from(shape.hidden);
    (f64::from(shape.vocab) * h).max(f64::from(shape.intermediate) * h)
}

/// AdamW's for-loop path without DeepSpeed (`FitRequest::adamw_foreach` off): each parameter is
/// its own tensor, so the step holds two temporaries of the largest one stepped (a share
/// `1/sharded` of it under FSDP), in the moments' dtype, instead of the multi-tensor path's
/// copy of every moment (`foreach_step_bytes`). `k` as there.
pub(super) fn for_loop_step_bytes(
    opts: &FitOptions,
    zero: Zero,
    (trainable, k): (f64, f64),
    (largest, sharded): (f64, f64),
) -> f64 {
    let deepspeed = zero != Zero::Off && !opts.fsdp;
    if deepspeed || opts.optimizer != super::Optimizer::AdamW {
        return 0.0;
    }
    2.0 * (largest / sharded).min(trainable / sharded) * moment_bytes(k)
}

/// The moments' bytes an element: fp32 when the optimizer keeps fp32 state (12 bytes with
/// masters, or fp32 adapters), else the 16-bit parameters' own.
fn moment_bytes(k: f64) -> f64 {
    if k >= 12.0 { 4.0 } else { k / 2.0 }
}

/// GiB per card of each of the two temporaries AdamW's for-loop path holds in a full
/// fine-tune's step (`for_loop_step_bytes`, `for_loop_step_bytes_per_element`): the card's
/// flat fp32 partition under DeepSpeed (a sub-group under ZeRO-3), else the largest tensor.
/// With it, whether that tensor is DeepSpeed's partition. 0 on the multi-tensor path, for
/// LoRA, a size-only guess or an 8-bit optimizer.
pub fn for_loop_step_gib(req: &FitRequest, opts: &FitOptions) -> (f64, bool) {
    let super::ModelRef::Known(m) = req.model else {
        return (0.0, false);
    };
    let Ok(s) = Shape::from_model(m) else {
        return (0.0, false);
    };
    if req.adamw_foreach || req.task != Task::Full || opts.optimizer != super::Optimizer::AdamW {
        return (0.0, false);
    }
    let zero = deepspeed_zero(req, opts);
    let n = req.cards.max(1) as f64;
    let elements = match zero {
        _ if opts.fsdp => largest_tensor_elements(&s) / n,
        Zero::Off => largest_tensor_elements(&s),
        Zero::One | Zero::Two => s.params.total / n,
        Zero::Three => (s.params.total / n).min(DEEPSPEED_SUB_GROUP_ELEMENTS),
    };
    let deepspeed = zero != Zero::Off && !opts.fsdp;
    let bytes = if deepspeed || fp32_master_weights(req, opts) || req.quant == super::Quant::Fp32 {
        4.0
    } else {
        2.0
    };
    (elements * bytes / super::GIB, deepspeed)
}

/// DeepSpeed ZeRO-3's `sub_group_size` default, elements (`zero/config.py`, 1e9).
pub const DEEPSPEED_SUB_GROUP_ELEMENTS: f64 = 1e9;

/// DeepSpeed's `reduce_bucket_size` default, elements (deepspeed `zero/config.py`
/// `ZERO_REDUCE_BUCKET_SIZE_DEFAULT = 500000000`; LLaMA-Factory `examples/deepspeed/
/// ds_z2_config.json` 5e8). A config's own size: `FitOptions::reduce_bucket`.
pub const DEEPSPEED_REDUCE_BUCKET_ELEMENTS: f64 = 5e8;

/// The intermediate PyTorch's AdamW allocates in its step: `torch.optim.AdamW` runs its
/// multi-tensor (`foreach`) path by default on CUDA, and `_multi_tensor_adam` builds
/// `exp_avg_sq_sqrt = torch._foreach_sqrt(exp_avg_sqs)`, one tensor the size of the moments
/// (PyTorch's `torch.optim.Adam` docs: "the foreach implementation uses ~ sizeof(params) more
/// peak memory than the for-loop version"). It is live with weights, gradients and moments
/// only, after the activations are freed. The multi-tensor path groups the tensors by device
/// and dtype and steps one group at a time (`_multi_tensor_adamw`:
/// `Optimizer._group_tensors_by_device_and_dtype`, pytorch/pytorch@002d2f0b
/// `torch/optim/adamw.py`), so a card of a `device_map` split holds its own parameters'
/// intermediate only (`train` passes that share). Under DeepSpeed it is counted with the step's fp32
/// gradient on the partition (`deepspeed_step_bytes`); bitsandbytes' 8-bit Adam steps one
/// tensor at a time: nothing. `k`: the optimizer's bytes per
/// trainable parameter (masters included). Found on held-out 4: ms-swift's Qwen2.5-3B full
/// fine-tuning with Liger at 8192 tokens on one card (little activation memory) read 16 %
/// under without it.
pub(super) fn foreach_step_bytes(opts: &FitOptions, zero: Zero, trainable: f64, k: f64) -> f64 {
    let deepspeed = zero != Zero::Off && !opts.fsdp;
    if deepspeed || opts.optimizer != super::Optimizer::AdamW {
        return 0.0;
    }
    trainable * moment_bytes(k)
}

/// GiB per card of AdamW's step intermediate (`foreach_step_bytes`) for full fine-tuning, for
/// the answer to state; 0 for LoRA (adapters are small), a size-only guess, DeepSpeed or an
/// 8-bit optimizer.
pub fn foreach_step_gib(req: &FitRequest, opts: &FitOptions) -> f64 {
    let super::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = Shape::from_model(m) else {
        return 0.0;
    };
    if req.task != Task::Full || !req.adamw_foreach {
        return 0.0;
    }
    let zero = deepspeed_zero(req, opts);
    let k = if fp32_master_weights(req, opts) {
        opts.optimizer.state_bytes()
    } else {
        opts.optimizer.state_bytes_in_param_dtype(2.0)
    };
    let n = if opts.device_map && req.cards > 1 {
        // The busiest card's layers, as `device_map::layered` shares the moments.
        s.layers.max(1) as f64 / super::layer_split::layers_per_card(&s, req.cards)
    } else if zero == Zero::Off {
        1.0
    } else {
        req.cards.max(1) as f64
    };
    let zero = if opts.device_map { Zero::Off } else { zero };
    foreach_step_bytes(opts, zero, s.params.total, k) / n / super::GIB
}

/// Whether full fine-tuning keeps fp32 master weights and fp32 optimizer moments beside the
/// 16-bit model: with mixed precision (`amp`), and under DeepSpeed ZeRO (stages 1-3, the
/// sharding assumed on several cards) whatever dtype the model was loaded in. DeepSpeed's ZeRO
/// optimizer builds fp32 partitions of the 16-bit parameters and steps its Adam on them
/// (deepspeed/runtime/zero/stage_1_and_2.py `single_partition_of_fp32_groups`, stage3.py
/// `fp32_partitioned_groups_flat`), so 4 + 8 bytes per parameter, sharded; on one card too when
/// a stage is asked for (`deepspeed_zero`: nothing to shard, the same fp32 state whole; found
/// on held-out 48, OpenRLHF's Llama-3-8B full SFT under ZeRO-2 on one A100 80GB). PyTorch FSDP
/// (`FitOptions::fsdp`) and plain data parallel keep the load dtype. Found on held-out 4:
/// ms-swift's Qwen2.5-7B full fine-tuning with `--deepspeed zero3` on 4 cards at 8192 tokens
/// measured 42-54 GiB per card against 31-39 estimated with bf16 moments.
pub fn fp32_master_weights(req: &FitRequest, opts: &FitOptions) -> bool {
    req.fp32_masters() || deepspeed_masters(req, opts)
}

/// The optimizer's bytes per parameter in full fine-tuning of an fp32 model: its moments in
/// fp32 like the parameters, no master copy but DeepSpeed's partition clone
/// (`vram::fp32_model`).
pub fn fp32_model_state_bytes(req: &FitRequest, opts: &FitOptions) -> f64 {
    let clone = if deepspeed_masters(req, opts) {
        4.0
    } else {
        0.0
    };
    opts.optimizer.state_bytes_in_param_dtype(4.0) + clone
}

/// Whether DeepSpeed's ZeRO optimizer builds its fp32 partitions for a full fine-tune
/// (`fp32_master_weights`).
pub(super) fn deepspeed_masters(req: &FitRequest, opts: &FitOptions) -> bool {
    // On one card any DeepSpeed stage asked for builds the fp32 partitions (stage3.py too).
    let one_card_z3 = req.cards <= 1 && opts.zero == Some(Zero::Three) && !opts.device_map;
    let zero = deepspeed_zero(req, opts) != Zero::Off || one_card_z3;
    zero && !opts.fsdp && req.task == Task::Full
}

/// The ZeRO stage a training job runs under: on several cards the one asked for (ZeRO-3 when
/// none is); on one card a DeepSpeed ZeRO-1/2 asked for (`--zero=1|2`, with or without
/// `-offload`): DeepSpeed builds its ZeRO optimizer at world size 1 as at any other, its fp32
/// partitions, gradient bucket and optimizer offload included (`stage_1_and_2.py`
/// `DeepSpeedZeroOptimizer`). ZeRO-3 on one card keeps its former sizing (nothing sharded; its
/// parameter offload is not modelled there: held-out 31's Qwen2-7B LoRA at 32k under
/// `ds_z3_offload_config` on one A800 ran out of memory), FSDP or a layer split never.
pub fn deepspeed_zero(req: &FitRequest, opts: &FitOptions) -> Zero {
    match (req.cards, opts.zero) {
        (0 | 1, Some(z @ (Zero::One | Zero::Two))) if !opts.fsdp && !opts.device_map => z,
        (0 | 1, _) => Zero::Off,
        (_, z) => z.unwrap_or(Zero::Three),
    }
}

/// What the optimizer step allocates on the card: AdamW's multi-tensor intermediate on its
/// share of the parameters or its for-loop path's two copies of the largest tensor
/// (`FitRequest::adamw_foreach`), or DeepSpeed's step on a gradient partition; moved here from
/// `train` with the for-loop path.
pub(super) fn step_bytes(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    (c, zero, on_cpu): (&Common, Zero, bool),
    (trainable, k): (f64, f64),
) -> f64 {
    let sharded = if zero == Zero::Off { 1.0 } else { c.n };
    // An offloaded optimizer steps on the CPU (`offload::steps_on_cpu`): nothing on the card.
    if on_cpu {
        return 0.0;
    }
    // Adapters are small matrices each: only a full fine-tune steps a tensor worth counting.
    let largest = if req.task == Task::Full {
        largest_tensor_elements(shape)
    } else {
        0.0
    };
    let host = if req.adamw_foreach {
        foreach_step_bytes(opts, zero, trainable, k) / sharded
    } else {
        for_loop_step_bytes(opts, zero, (trainable, k), (largest, sharded))
    };
    host.max(deepspeed_step_bytes(
        opts,
        zero,
        (c.cards, req.adamw_foreach),
        trainable,
    ))
}
