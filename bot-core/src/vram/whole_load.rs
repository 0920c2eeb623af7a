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

//!
//! DeepSpeed ZeRO-3 does the same by itself for a bitsandbytes base (`zero3_quantized`):
//! Transformers creates the model under `deepspeed.zero.Init` only when it is not quantized
//! (`PreTrainedModel.get_init_context`: `if is_deepspeed_zero3_enabled() and not is_quantized
//! and not _is_ds_init_called`), and its bitsandbytes quantizer puts an unset `device_map` on
//! the current card (`update_device_map`: `{"": torch.cuda.current_device()}`). Each rank holds
//! the whole quantized model until `deepspeed.initialize` partitions it, and PyTorch keeps the
//! freed blocks. deepspeedai/DeepSpeed#5660 (bitsandbytes 0.43.1, transformers 4.41.1):
//! "parameters first be fully loaded to each GPU and then be sharded", while the same script
//! without its `BitsAndBytesConfig` shards first (the same reporter in huggingface/peft#1844:
//! from_pretrained on the CPU, then "the parameters fully loaded to each GPU then sharded" at
//! `trainer.train()`). FSDP is not included: with Accelerate's `cpu_ram_efficient_loading`
//! (Transformers' `is_fsdp_enabled()` requires `FSDP_CPU_RAM_EFFICIENT_LOADING=1`) it loads
//! sharded; without it the same whole load happens, which `wholeload=on` states.
//!
//! axolotl does it too under FSDP for a bitsandbytes base (`axolotl_fsdp_quantized`), and its
//! FSDP2 wrap then holds the whole model and every shard at once. axolotl@067b021c
//! `src/axolotl/loaders/model.py`: `_set_device_map_config` sets `device_map = {"":
//! LOCAL_RANK}` for Q-LoRA + FSDP; for LoRA on an 8-bit base it leaves `device_map` unset and
//! Transformers' bitsandbytes quantizer puts it on the current card; `_build_model` loads
//! sharded (`device_map` "cpu" / "meta") only with `cpu_ram_efficient_loading`, unset by
//! default (`utils/schemas/fsdp.py`) and `false` in the example configs. Then
//! `monkeypatch/accelerate/fsdp2.py` `fsdp2_prepare_model` takes `original_sd =
//! model.state_dict()` (references to every whole parameter) before `fully_shard`, skips the
//! move to meta when `Params4bit` are present ("bypassing the move to meta will still cause the
//! VRAM spike"), and `fully_shard` copies each rank's shard into a new tensor, letting the whole
//! one "be freed normally when its ref count reaches 0" (pytorch/pytorch@17a7e1e0
//! `torch/distributed/fsdp/_fully_shard/_fsdp_param.py` `FSDPParam._init_sharded_param`), which
//! `original_sd` keeps above 0 until `fsdp2_prepare_model` returns: the card holds the whole
//! model and its shard of every parameter together. bitsandbytes' constants are not parameters
//! (`train_weights::bnb_quant_state_bytes`): never copied. With the parameters offloaded
//! (`offload_params`) the shards are copied to the CPU and the card holds the whole model only.
//! Found on held-out 62's GLM-4.7-Flash under FSDP2 on 2 × 48 GB (axolotl's README: ~29 and
//! ~43 GiB a card, above the one-card runs' 24 and 35).

use super::{FitOptions, FitRequest, Zero};

/// Whether axolotl shards a bitsandbytes base (NF4 Q-LoRA or LoRA on LLM.int8) with PyTorch
/// FSDP over several cards, which loads it whole on every card first and holds it beside the
/// shards while wrapping (module doc; `cpu_ram_efficient_loading` off, axolotl's default).
pub(super) fn axolotl_fsdp_quantized(req: &FitRequest, opts: &FitOptions) -> bool {
    req.axolotl
        && !req.unsloth
        && !req.cpu_ram_loading
        && opts.fsdp
        && !opts.device_map
        && req.cards >= 2
        && req.task.is_training()
        && super::bnb_experts::bnb_base(req)
}

/// Whether DeepSpeed ZeRO-3 (not FSDP) shards a bitsandbytes base over several cards, which
/// Transformers loads whole on every card first (module doc).
pub(super) fn zero3_quantized(req: &FitRequest, opts: &FitOptions, zero: Zero) -> bool {
    zero == Zero::Three
        && !opts.fsdp
        && !opts.device_map
        && req.cards >= 2
        && req.task.is_training()
        && super::bnb_experts::bnb_base(req)
}

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
/// exempt (its `zero.Init` partitions while loading) unless the base is bitsandbytes
/// (`zero3_quantized`); a single card or plain data parallel holds the whole model anyway
/// (nothing beyond).
///
/// Under axolotl's FSDP2 wrap of a bitsandbytes base (`axolotl_fsdp_quantized`) the card holds
/// the whole base and its shard (`shard`: the sharded parameters' bytes on one card, without
/// the constants) together, the shard on the CPU when the parameters are offloaded.
pub(super) fn beyond(
    req: &FitRequest,
    opts: &FitOptions,
    zero: Zero,
    (base, shard): (f64, f64),
    (ctx, held): (f64, f64),
) -> f64 {
    if axolotl_fsdp_quantized(req, opts) {
        let shard = if opts.offload { 0.0 } else { shard };
        return (base + shard + ctx - held).max(0.0);
    }
    let zero3_deepspeed = zero == Zero::Three && !opts.fsdp;
    let word = req.whole_load && req.task.is_training() && req.cards >= 2 && !zero3_deepspeed;
    if !word && !zero3_quantized(req, opts, zero) {
        return 0.0;
    }
    (base + ctx - held).max(0.0)
}

/// GiB of the whole quantized model each card holds at load under DeepSpeed ZeRO-3
/// (`zero3_quantized`), for the answer to state; `None` otherwise.
pub(super) fn zero3_quantized_gib(
    shape: &super::Shape,
    req: &FitRequest,
    opts: &FitOptions,
) -> Option<f64> {
    let zero = super::optim_step::deepspeed_zero(req, opts);
    if !zero3_quantized(req, opts, zero) {
        return None;
    }
    let w = super::parts::weight_split(shape, req.quant, req.engine).total();
    Some(super::train_weights::loaded_weight_bytes(shape, req, w) / super::GIB)
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

/// GiB of the whole quantized model on each card, and of the whole model with its shards,
/// under axolotl's FSDP2 wrap of a bitsandbytes base (`axolotl_fsdp_quantized`), for the answer
/// to state; `None` otherwise.
pub(super) fn axolotl_fsdp_gib(
    shape: &super::Shape,
    req: &FitRequest,
    opts: &FitOptions,
) -> Option<(f64, f64)> {
    if !axolotl_fsdp_quantized(req, opts) {
        return None;
    }
    let w = super::parts::weight_split(shape, req.quant, req.engine).total();
    let whole = super::train_weights::loaded_weight_bytes(shape, req, w);
    let shard = if opts.offload {
        0.0
    } else {
        fsdp2_shard_bytes(shape, req, whole, req.cards as f64)
    };
    Some((whole / super::GIB, (whole + shard) / super::GIB))
}

/// One card's shard of the parameters FSDP2 shards: the whole base `base` less bitsandbytes'
/// constants (not parameters, never copied), over `n` cards.
pub(super) fn fsdp2_shard_bytes(shape: &super::Shape, req: &FitRequest, base: f64, n: f64) -> f64 {
    let constants = super::train_weights::bnb_quant_state_bytes(shape, req).min(base);
    (base - constants) / n.max(1.0)
}
