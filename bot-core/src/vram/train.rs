//! Training memory: the frozen or trained weights, gradients and optimizer state (sharded by
//! ZeRO), activations and the allocator's reserve, per card.

use super::offload::steps_on_cpu;
use super::optim_step::{deepspeed_ipg_bytes, step_bytes};
pub use super::optim_step::{
    deepspeed_step_bytes_per_element, for_loop_step_bytes_per_element, for_loop_step_gib,
    foreach_step_gib, fp32_master_weights, fp32_model_state_bytes, overlap_comm_gib,
};
use super::parts::{Common, Parts, TRAINING_RESERVE, TRAINING_RESERVE_QUANTIZED};
use super::request::{FitOptions, FitRequest, LossHead};
use super::{Quant, Shape, Task, Zero};

use super::train_head::{head_loss, loss_bytes_per_token, triton_head_blocks};
use super::train_weights::base_weights;
pub use super::train_weights::{autocast_copies_gib, bnb_constants_whole_gib, peft_fp32_cast_gib};
pub(super) use super::train_weights::{loaded_weight_bytes, peft_fp32_cast};

/// Activation bytes at the training peak on one card (one micro-batch), loss head included.
///
/// Activations per token (bf16, FlashAttention, SwiGLU), after Korthikanti et al. 2022
/// (arXiv:2205.05198, eq. 1: s*b*h*(34 + 5*a*s/h) per layer for GPT), with the MLP term
/// rewritten for a gated FFN and the s^2 term removed by FlashAttention/SDPA:
/// 16*h + 8*I bytes per layer. Plus the loss head (`LossHead::bytes_per_vocab` * V).
/// Without checkpointing every layer's activations are alive when the loss backward starts:
/// they add. Gradient checkpointing keeps each layer's input (2*h) and recomputes one
/// layer at a time, and the recompute of the last layer only starts once the loss head's
/// backward has freed its buffers: the peak is the checkpoints plus the larger of the two,
/// not their sum (fms-acceleration Mistral-7B LoRA at 4096 x 4 and 4096 x 8 tokens: the
/// measured 735 KB per token is the checkpoints + the loss head alone).
/// Eager attention keeps the s^2 scores of every layer for the backward pass (fp32 softmax
/// output 4 + bf16 probabilities 2 = 6 bytes per element and head), or, with checkpointing,
/// those of the one layer being recomputed plus their gradient (`Common::eager_bytes`).
/// Q-LoRA on bitsandbytes weights goes through PEFT `prepare_model_for_kbit_training`, which
/// casts every remaining 16-bit parameter to fp32 (GPTQ models are exempt). The RMSNorm
/// weights become fp32, so each norm's output, and from the first residual add on the whole
/// hidden-width stream, is fp32: 4 bytes per hidden element instead of 2 (the norms are too
/// small to show in the weights). Measured: fms-acceleration Mistral-7B at 4096 x 4 and x 8
/// tokens, bitsandbytes Q-LoRA with PEFT's preparation holds 999 KB of peak per token, its
/// accelerated plugin (no fp32 cast) and bf16 LoRA 735 KB: the 264 KB difference is the
/// 32 layers x 4096 checkpointed inputs at 2 more bytes. Applied to every bitsandbytes
/// 4-bit training: LitGPT's own 4-bit path (no PEFT) holds even more per token than this.
/// Off (`FitRequest::kbit_upcast`) for a trainer that skips the cast: fms-acceleration's
/// accelerated plugin, Llama-2-70B at 4096 x 4 tokens, 34 % over with the fp32 stream, 3 %
/// without.
fn activations(
    shape: &Shape,
    req: &FitRequest,
    c: &Common,
    head_dequant: f64,
    free: Option<f64>,
) -> Held {
    let (tokens, batch, heads, eager) = (c.tokens, c.batch, c.heads, c.eager);
    let stream = super::layer_kept::stream_bytes(req);
    // An fp32 model without autocast keeps every tensor in fp32 (`vram::fp32_model`).
    let dtype = super::fp32_model::activation_scale(req);
    let per_layer = super::layer_kept::per_layer_bytes(shape, req, stream) * dtype;
    let layers = shape.layers as f64;
    let loss_tok = loss_bytes_per_token(shape, req);
    let checkpoints = if req.unsloth { 1.0 } else { layers };
    let tb = tokens * batch;
    // The positions that carry vocabulary logits: GRPO's completion, none for a reward model.
    let tb_logits = super::method::logit_tokens(req.method, tokens, req.completion) * batch;
    let loss = head_loss(shape, req, loss_tok, (tb_logits, batch), free);
    // A fake-quantized head (`vram::qat`): its saved copy beside the loss, or its fp32 work
    // before the logits, whichever is larger.
    let fq = super::qat::head_bytes(shape, req);
    let loss = fq.held + loss.max(fq.work);
    // Eager attention's score matrices: every layer's for the backward pass, or with
    // checkpointing those of the one layer being recomputed plus their gradient.
    let scores = if eager {
        let per_elem = if req.grad_checkpointing {
            c.eager_bytes + 6.0
        } else {
            6.0 * dtype * layers
        };
        batch * tokens * tokens * (per_elem * heads + 2.0)
    } else {
        0.0
    };
    // With checkpointing the recomputed layer, its scores included, and the loss head are not
    // live together (see above): ms-swift's Qwen-7B LoRA at 2048 tokens reserves 19.0 GiB with
    // its eager attention and 18.9 with flash, where adding the scores put it 26 % over.
    // A tuner's dense per-layer tensors (`tuners::layer_bytes`: BOFT's rotations, in the layers'
    // input dtype; LoHa's and LoKr's delta weights; VeRA's cast projections): kept per layer
    // like the layer's own tensors (every layer's without checkpointing, the recomputed one's
    // with it), the widest adapted Linear's working set beside them.
    let (boft_layer, boft_running) =
        super::tuners::layer_bytes(shape, req, (stream * dtype).min(4.0));
    // axolotl's dequantized expert stacks, saved for the backward (`vram::expert_dequant`): the
    // recomputed layer's with checkpointing, every MoE layer's without.
    let stacks = super::expert_dequant::held_bytes(shape, req);
    // auto_gptq's dequantized 16-bit matrices, saved by `matmul` for the backward
    // (`vram::gptq_train`): the recomputed layer's with checkpointing, every layer's without.
    let stacks = stacks + super::gptq_train::held_bytes(shape, req);
    // An ALiBi bias the model's own code builds before the layers and keeps through the step
    // (`vram::alibi_bias`), in the embeddings' dtype: held like the checkpoints.
    let bias = super::alibi_bias::train_bytes(req, tokens, batch, stream * dtype);
    let (layers_held, one_layer) = if req.grad_checkpointing {
        (
            checkpoints * stream * dtype * shape.hidden as f64 * tb + bias,
            per_layer * tb + scores + boft_layer + stacks,
        )
    } else {
        // Every layer but the one running its backward keeps only what Unsloth's fused LoRA MLP
        // saves (`layer_kept::fused_mlp_saving_bytes`; 0 elsewhere).
        let fused_saving = super::layer_kept::fused_mlp_saving_bytes(shape, req)
            * dtype
            * tb
            * (layers - 1.0).max(0.0);
        (
            layers * (per_layer * tb + boft_layer) + scores - fused_saving + stacks + bias,
            per_layer * tb + boft_layer + scores / layers.max(1.0),
        )
    };
    let a = if req.grad_checkpointing {
        layers_held + one_layer.max(loss)
    } else {
        layers_held + loss
    };
    // DoRA's weight norm of the layer running (`method::dora_transient_bytes`).
    let dora_norm = if req.dora && req.task.is_training() && req.task != Task::Full {
        super::method::dora_transient_bytes(shape, req.quant.is_low_bit())
    } else {
        0.0
    };
    // The head's backward (`grad_accum::head_transient_bytes`): nothing vocabulary-wide for a
    // fused loss or Unsloth's own, which make the logits' gradient in the forward pass.
    let fused = super::liger_scope::effective_loss(req) == LossHead::Fused || req.unsloth;
    let head_transient = if fused {
        0.0
    } else {
        super::grad_accum::head_transient_bytes(shape, tb_logits, tb)
    };
    Held {
        peak: a + head_dequant + dora_norm + boft_running,
        layers_held,
        one_layer,
        head_transient,
        loss,
    }
}

/// The activations' peak (`activations`) and the parts of it the single-step peak reads
/// (`grad_accum::Phases`).
#[derive(Debug, Clone, Copy, Default)]
struct Held {
    peak: f64,
    layers_held: f64,
    one_layer: f64,
    head_transient: f64,
    /// The loss head's own peak (`head_loss`), which `one_layer` is weighed against.
    loss: f64,
}

/// The parameters that train: every one in full fine-tuning, else the adapters on the
/// matrices `FitRequest::lora_targets` names, with DoRA's magnitude vectors beside them.
fn trainable_params(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> f64 {
    let trainable = match (req.task, req.tuner) {
        (Task::Full, _) => shape.params.total,
        (_, Some(_)) => super::tuners::trainable_for(shape, req),
        // A LoRA whose vision tower trains in full beside it (ms-swift `lora_llm`).
        _ => {
            super::expert_adapters::lora_params_for(shape, opts.lora_rank, req)
                + super::vision_train::tower_params_trained(shape, req)
        }
    };
    // DoRA's magnitude vectors train beside the adapters.
    if req.dora && req.task != Task::Full {
        let r1 = super::expert_adapters::lora_params_for(shape, 1, req);
        trainable + super::method::dora_magnitude_params(shape, r1)
    } else {
        trainable
    }
}

/// The optimizer's bytes per trainable parameter (K).
/// Trainable parameters: bf16 copy (LoRA adapters; for full FT it is the base itself) +
/// bf16 gradient (2) + optimizer K (ZeRO paper: 2 + 2 + K, K = 12 for mixed-precision Adam).
/// Full fine-tuning of a model loaded in bf16 keeps the moments in bf16 (no master copy)
/// unless mixed precision (`amp`) is asked for or DeepSpeed ZeRO shards it
/// (`fp32_master_weights`); adapters are fp32 under PEFT either way.
fn optimizer_bytes_per_param(req: &FitRequest, opts: &FitOptions) -> f64 {
    let in_base = super::tuners::trains_in_base(req);
    if req.task == Task::Full && req.quant == Quant::Fp32 {
        super::optim_step::fp32_model_state_bytes(req, opts)
    } else if in_base || (req.task == Task::Full && !fp32_master_weights(req, opts)) {
        opts.optimizer.state_bytes_in_param_dtype(2.0)
    } else {
        opts.optimizer.state_bytes() + super::tuners::extra_state_bytes(req)
    }
}

/// What stays on one card through the step: its part of the base, adapters, gradients and
/// optimizer state, as the job is spread over the cards.
struct Resident {
    /// The whole base (frozen or trained) and the part of it on this card, bytes.
    base: f64,
    base_c: f64,
    adapter_weights: f64,
    grads_c: f64,
    optim_c: f64,
    /// This card's share of the weights and of the layers under a layer split (else 1).
    w_share: f64,
    l_share: f64,
    /// The CUDA context (with a layer split's own on this card).
    ctx: f64,
    zero: Zero,
    /// Whole layers per card in one process (`vram::device_map`).
    layered: bool,
}

/// The weights, gradients and optimizer state one card holds: whole, split by layers, or
/// sharded by ZeRO (`trainable`, `k` and `base` as `compute_train` reads them).
fn resident(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    c: &Common,
    (trainable, k, base): (f64, f64, f64),
) -> Resident {
    let (cards, n) = (c.cards, c.n);
    // A tower trained in full beside the adapters is in the base already.
    let adapter_weights = if req.task == Task::Full || super::tuners::trains_in_base(req) {
        0.0
    } else {
        (trainable - super::vision_train::tower_params_trained(shape, req)) * 2.0
            + super::tuners::frozen_buffer_bytes(shape, req)
    };
    let grads = trainable * super::fp32_model::full_param_bytes(req);
    let optim = trainable * k;
    let dm = super::device_map::layered(shape, opts, c);
    let (w_share, l_share, ctx) = dm.map_or((1.0, 1.0, c.ctx), |l| (l.weights, l.layers, l.ctx));
    let zero = if dm.is_none() {
        super::optim_step::deepspeed_zero(req, opts)
    } else {
        Zero::Off
    };
    // bitsandbytes' 4-bit constants are not in the parameters FSDP / ZeRO-3 shard or offload:
    // whole on every card (`train_weights::bnb_quant_state_bytes`).
    let constants = super::train_weights::bnb_quant_state_bytes(shape, req).min(base);
    // ZeRO-3 gathers the layer being computed and prefetches the next: two layers of the base
    // live in full on every card (DeepSpeed `stage3_prefetch_bucket_size`,
    // `stage3_max_live_parameters`; FSDP gathers one unit and prefetches one).
    let live = 2.0 * (base - constants) / shape.layers.max(1) as f64;
    // Plain data parallel (DDP) copies every gradient into its all-reduce buckets: PyTorch's
    // `DistributedDataParallel(gradient_as_bucket_view=False)`, the default the Hugging Face
    // Trainer keeps ("the saved memory size will be equal to the total gradients size" when
    // it is on, DDP docs). One card has no buckets.
    let buckets = if cards > 1 { grads } else { 0.0 };
    let adapter_weights = adapter_weights * l_share;
    let (base_c, grads_c, optim_c) = match zero {
        Zero::Off if dm.is_some() => (base * w_share, grads * l_share, optim * l_share),
        Zero::Off => (base, grads + buckets, optim),
        Zero::One => (base, grads, optim / n),
        Zero::Two => (base, grads / n, optim / n),
        // FSDP also holds its root unit (embedding, head) whole (`vram::fsdp`).
        Zero::Three => {
            let root = super::fsdp::unsharded_bytes(shape, req, opts).0;
            let shard = (base - constants) / n;
            (
                (shard + live + root + constants).min(base),
                grads / n,
                optim / n,
            )
        }
    };
    // A CPU offload moves the optimizer (and with stage 3 the parameter shards) off the card;
    // what every card holds whole (FSDP's root unit, the 4-bit constants) stays.
    let whole = super::fsdp::unsharded_bytes(shape, req, opts).0 + constants;
    let (base_c, grads_c, optim_c) =
        super::offload::on_card(opts, zero, (live, whole, grads), (base_c, grads_c, optim_c));
    Resident {
        base,
        base_c,
        adapter_weights,
        grads_c,
        optim_c,
        w_share,
        l_share,
        ctx,
        zero,
        layered: dm.is_some(),
    }
}

/// What the forward and backward passes hold beside the resident tensors: the activations
/// with the loss head, autocast's 16-bit weight copies, FSDP's unsharded gradients and
/// DeepSpeed's gradient bucket.
fn step_activations(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    c: &Common,
    r: &Resident,
    (head_dequant, free): (f64, Option<f64>),
) -> Held {
    // FSDP's unsharded gradients live during the backward pass, with the activations.
    let held = activations(shape, req, c, head_dequant, free);
    let beside = autocast_copies(shape, req, r.base_c / r.base)
        + super::fsdp::unsharded_bytes(shape, req, opts).1
        + deepspeed_ipg_bytes(req, opts, r.zero)
        // The vision tower's kept tensors over the micro-batch's patches (`vram::vision_train`).
        + super::vision_train::held_bytes(req, c.batch);
    Held {
        peak: held.peak + beside,
        layers_held: held.layers_held + beside,
        ..held
    }
}

/// The transient part of the peak: the activations `a`, or what is live at another moment of
/// the step when larger (the optimizer step's intermediates, GRPO's rollout cache).
fn transient_peak(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    c: &Common,
    zero: Zero,
    (a, trainable, k): (f64, f64, f64),
) -> f64 {
    // The optimizer step's intermediate is live after the backward pass has freed the
    // activations: the transient part of the peak is the larger of the two.
    // GRPO's rollout by the policy: the completions' KV cache, before the loss forward.
    let rollout = if req.method == super::Method::Grpo {
        let per_seq = c.kv_tok * c.tokens + c.kv_seq;
        super::method::rollout_cache_bytes(req.rollout, c.batch, per_seq)
    } else {
        0.0
    };
    // Before Transformers 4.51 the Qwen-VL tower's forward (frozen or not) holds its math-path
    // scores over the micro-batch's patches before the decoder runs (`vram::vision_sdpa3d`).
    a.max(step_bytes(
        shape,
        req,
        opts,
        (c, zero, steps_on_cpu(opts, zero)),
        (trainable, k),
    ))
    .max(rollout)
    .max(super::vision_sdpa3d::tower_bytes(req))
}

/// A colocated vLLM's share of the named card (`method::colocated_share`): GRPO only.
fn colocated_vllm_bytes(req: &FitRequest, c: &Common) -> f64 {
    match (req.method, req.gpu) {
        (super::Method::Grpo, Some(g)) => {
            super::method::colocated_share(req.rollout, req.unsloth, c.vllm_util)
                * g.vram_gib()
                * super::GIB
        }
        _ => 0.0,
    }
}

/// Training memory per card: the resident weights, gradients and optimizer state
/// (`resident`), the step's activations and transients, the allocator's reserve and what
/// loading and the trainer's own casts keep beside them.
pub(super) fn compute_train(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    c: &Common,
) -> Parts {
    let (cards, n, w_total) = (c.cards, c.n, c.w_total);
    let mut p = Parts::default();
    let trainable = trainable_params(shape, req, opts);
    let (base, head_dequant) = base_weights(shape, req, w_total);
    let k = optimizer_bytes_per_param(req, opts);
    let r = resident(shape, req, opts, c, (trainable, k, base));
    let (base_c, adapter_weights, grads_c, optim_c, zero) =
        (r.base_c, r.adapter_weights, r.grads_c, r.optim_c, r.zero);
    // A GPTQ base trained on several cards (FSDP) gains nothing per card from the sharding:
    // in the fms-acceleration table at 04702cc5, GPTQ-LoRA at 4 x 4096 tokens holds 14.80 GiB
    // on one A100 and 15.15 GiB on each of two, while bitsandbytes Q-LoRA and bf16 LoRA fall
    // from 21.26 to 15.45 and from 24.32 to 19.96. Which tensor eats the saving is not known
    // (the GPTQ plugin re-registers its integer weights as `torch_dtype` parameters for FSDP);
    // each card is sized as one card alone (at the end).
    let sharded_gptq = cards > 1
        && !r.layered
        && req.task == Task::Qlora
        && matches!(req.quant, Quant::GptqInt4 | Quant::Int4 | Quant::Awq);
    // The reference model of a full DPO/KTO/GRPO: a frozen copy in the load dtype.
    let ref_w = super::method::reference_weight_bytes(
        shape,
        req.task,
        req.method,
        super::rl_trainer::reference_on(req),
        if req.fp32_masters() { 4.0 } else { 2.0 },
        if zero == Zero::Three { n } else { 1.0 },
    );
    let free = super::unsloth_loss::free_bytes(
        req,
        r.ctx + base_c + ref_w + adapter_weights + grads_c + optim_c,
    );
    let held_a = step_activations(shape, req, opts, c, &r, (head_dequant, free));
    let a = held_a.peak;
    let reserve = step_reserve(
        shape,
        req,
        c,
        (zero, base_c, adapter_weights + grads_c + optim_c),
        &held_a,
    );
    // An older Unsloth's or Transformers' RoPE caches, one per attention layer
    // (`vram::unsloth_release`, `vram::transformers_rope`); a layer split holds its layers'.
    let ctx = r.ctx
        + super::unsloth_release::rope_cache_bytes(shape, req)
        + super::transformers_rope::per_layer_cache_bytes(shape, req) * r.l_share;
    // AdamW's multi-tensor step runs per device (`optim_step::step_bytes`): a `device_map`
    // card steps its own layers' share, as its gradients and moments are.
    let stepped = trainable * r.l_share;
    let a = transient_peak(shape, req, opts, c, zero, (a, stepped, k));
    let ctx = ctx + colocated_vllm_bytes(req, c);
    // axolotl's fp32 embedding and head copies, cached, beyond what the step reuses of them.
    let round_trip = super::axolotl::cached_beyond(shape, req, opts, a + reserve);
    // One micro-batch per optimizer step (`vram::grad_accum`): no gradient beside the forward
    // pass; their freed blocks stay in the allocator's cache (`cached`, releasable).
    let step = (
        a,
        step_bytes(
            shape,
            req,
            opts,
            (c, zero, steps_on_cpu(opts, zero)),
            (stepped, k),
        ),
    );
    let (a, grads_c, cached) = single_step(shape, req, opts, (&r, zero), held_a, step);
    // What loading a 16-bit checkpoint into bitsandbytes keeps reserved (`vram::bnb_load`).
    let held =
        base_c + ref_w + adapter_weights + grads_c + optim_c + a + reserve + round_trip + cached;
    let loaded = loaded_weight_bytes(shape, req, w_total) * r.w_share;
    let load_in = (r.w_share, loaded, peft_fp32_cast(req));
    let load = super::bnb_load::beyond(shape, req, zero, load_in, (ctx, held))
        // Unsloth's float16 cast of a bf16 checkpoint on a card without bf16 (`vram::unsloth_fp32`).
        + super::unsloth_fp32::cast_copy_bytes(shape, req);
    // A trainer that loads the whole model on every card first (`vram::whole_load`): a peak
    // the card must hold, not a reserve the step can reuse.
    let step_held = ctx + held - reserve - round_trip - cached;
    let shard = super::whole_load::fsdp2_shard_bytes(shape, req, base, n);
    let whole = super::whole_load::beyond(req, opts, zero, (base, shard), (ctx, step_held));
    // The whole model's blocks, freed once it is sharded, stay in PyTorch's cache and the step's
    // churn reuses them: nvidia-smi shows the larger of the two, not their sum.
    let reserve = (reserve - whole).max(0.0);
    // The whole model's weights: split once by layers, else on (sharded from) every card.
    let total_w = if r.layered {
        base + adapter_weights / r.l_share
    } else {
        (base_c + ref_w + adapter_weights) * n
    };
    p.set(
        n,
        total_w,
        0.0,
        [
            base_c + ref_w + adapter_weights,
            0.0,
            a,
            grads_c + optim_c,
            ctx + reserve + round_trip + load + whole + cached,
        ],
        a * n,
        (grads_c + optim_c) * n,
    );
    p.releasable = reserve + round_trip + load + cached;
    p.parallelism = super::train_spread::parallelism(cards, r.layered, zero);
    if sharded_gptq {
        as_one_card(shape, req, opts, c, &mut p);
    }
    p
}

/// The caching allocator's reserve beside the step (`allocator_reserve`), with the blocks it
/// holds whole: the Triton head's logits again (`triton_head_blocks`), and under Unsloth's
/// offloaded checkpointing one layer's forward blocks beside a loss over every token's logits
/// (`vram::unsloth_blocks`). `trained`: adapters, gradients and optimizer state on the card.
fn step_reserve(
    shape: &Shape,
    req: &FitRequest,
    c: &Common,
    (zero, base_c, trained): (Zero, f64, f64),
    held_a: &Held,
) -> f64 {
    let a = held_a.peak;
    // The Triton head's blocks are not a share of what is churned: they are allocated again
    // whole (`triton_head_blocks`).
    let head_blocks = triton_head_blocks(shape, req, c);
    // Under Unsloth's offloaded checkpointing a loss over every token's logits takes segments
    // of its own beside one layer's cached forward blocks (`vram::unsloth_blocks`); those
    // logits are allocated whole and taken back whole by the next step, as the Triton head's
    // are: not a share of what is churned.
    let beside_logits = super::unsloth_blocks::beside_logits_bytes(
        shape,
        req,
        c.tokens * c.batch,
        held_a.loss,
        held_a.one_layer,
    );
    let whole_logits = if super::unsloth_blocks::applies(req) {
        held_a.loss
    } else {
        0.0
    };
    allocator_reserve(
        req,
        zero,
        base_c,
        trained,
        (a - head_blocks - whole_logits).max(held_a.layers_held),
    ) + head_blocks
        + beside_logits
}

/// `accum=1` (`grad_accum::single_step`): the transient peak of one micro-batch per step
/// (`grad_accum::single_step_peak`) with the gradients out of the resident tensors, and the
/// blocks they leave in the caching allocator. Returns (transient, resident gradients, cached);
/// otherwise the accumulating figures unchanged. `a`: the accumulating transient
/// (`transient_peak`), `step`: the optimizer step's intermediate. The cached blocks keep the
/// card's reserved figure where it was: the GPU-measured `max_memory_reserved` of one
/// micro-batch per step stays near the gradient-inclusive sum (docs/fit-reference.md,
/// "Thirtieth pass").
fn single_step(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    (r, zero): (&Resident, Zero),
    held: Held,
    (a, step): (f64, f64),
) -> (f64, f64, f64) {
    if !super::grad_accum::single_step(req, opts, zero) {
        return (a, r.grads_c, 0.0);
    }
    // The gradients themselves (a layer split's share), not DDP's buckets, which stay.
    let trainable = trainable_params(shape, req, opts);
    let grads = (trainable * 2.0 * r.l_share).min(r.grads_c);
    let (head_grads, tied_embedding_grad) = super::grad_accum::head_grad_bytes(shape, req);
    let layers = shape.layers.max(1) as f64;
    let embeddings = head_grads + if shape.tied { 0.0 } else { head_grads };
    let phases = super::grad_accum::Phases {
        activations: held.peak,
        layers_held: held.layers_held,
        one_layer: held.one_layer,
        head_transient: held.head_transient,
        grads,
        head_grads,
        layer_grads: ((grads - embeddings) / layers).max(0.0),
        tied_embedding_grad,
        step,
    };
    // The single-step peak is above the activations and the step alone; `a` is larger only
    // with GRPO's rollout, which comes before the forward pass: no gradient then.
    let t = super::grad_accum::single_step_peak(&phases).max(a);
    let cached = (grads + a - t).max(0.0);
    (t, r.grads_c - grads, cached)
}

/// Each card sized as the same job on one card alone (a GPTQ base sharded by FSDP gains
/// nothing per card): only the card count differs from `c`.
fn as_one_card(shape: &Shape, req: &FitRequest, opts: &FitOptions, c: &Common, p: &mut Parts) {
    let mut one = req.clone();
    one.cards = 1;
    let alone = Common {
        cards: 1,
        n: 1.0,
        ..*c
    };
    let single = compute_train(shape, &one, opts, &alone);
    let card = single.card;
    let n = c.n;
    p.set(n, card[0] * n, 0.0, card, card[2] * n, card[3] * n);
    p.releasable = single.releasable;
}

/// An fp32 base under 16-bit autocast (LoRA, `amp`; `parts::autocast_weight_copies`): the
/// 16-bit cast of every frozen weight is saved for the backward pass, with gradient
/// checkpointing only the recomputed layer's. Full fine-tuning with `amp` already counts its
/// 16-bit model (2 + 2 + K in `compute_train`). `share`: the part of the base on this card.
fn autocast_copies(shape: &Shape, req: &FitRequest, share: f64) -> f64 {
    if req.task == Task::Full || !share.is_finite() {
        return 0.0;
    }
    let copies =
        super::parts::autocast_weight_copies(shape, req.quant, req.mixed_precision) * share;
    if req.grad_checkpointing {
        copies / shape.layers.max(1) as f64
    } else {
        copies
    }
}

/// The caching allocator's reserve above the tensors of one card: a share of what is freed
/// and allocated again. `base_c`: the frozen or trained base on the card; `trained`: adapters,
/// gradients and optimizer state; `a`: the activations.
fn allocator_reserve(req: &FitRequest, zero: Zero, base_c: f64, trained: f64, a: f64) -> f64 {
    let reserve_share = if req.quant.is_low_bit() {
        TRAINING_RESERVE_QUANTIZED
    } else {
        TRAINING_RESERVE
    };
    // The caching allocator's reserve grows with what is freed and allocated again
    // (activations, dequantized tiles, gradients). A bitsandbytes 4-bit base is allocated once
    // at load and never freed, so the share does not apply to it: fsdp_qlora's benchmark
    // (max_memory_reserved, Yi-34B Q-LoRA on 2 cards) went from +14 % to +3 % and its
    // Llama-2-7B rows at batch 1-10 stay within 15 % (docs/fit-reference.md). A GPTQ base keeps
    // the share: Qwen v1's README Q-LoRA rows (GPTQ-Int4, 256-1024 tokens) hold 2-4 GiB more than
    // the tensors, which only the base-proportional share covers (its mechanism is not known).
    // A 16-bit frozen base is allocated once too: with the share it was 10-21 % over in every
    // reserved-basis LoRA table held out (torchtune, ms-swift, Yi-1.5's 6B and 34B) and GLM-4's
    // nvidia-smi figure, within 8 % without; Qwen v1's README LoRA rows stay within 15 % once
    // their loss is read as fp32 (bf16 under the Trainer's autocast, no DeepSpeed). Sharded
    // (ZeRO-3/FSDP), every layer's 16-bit base is gathered and freed in each pass, so the
    // share stays: fsdp_qlora's bf16 LoRA at 6 x 2048 tokens falls 16 % under without it,
    // ms-swift's FSDP2 LoRA on Qwen2.5-7B 21 %.
    // An AWQ base is allocated once too: AutoAWQ's training matmul (`WQLinearMMFunction`)
    // dequantizes one matrix, uses it and frees it, the same sizes again in every layer, so
    // the cache reuses its blocks. ms-swift's Qwen2.5-7B AWQ Q-LoRA (held-out 4) read 31 % over
    // with the base's share and 13 % with it gone (test `fit_reserve::an_awq_base_*`).
    // So is a GPTQ base on auto_gptq's PyTorch path (`vram::gptq_train`): what is churned there
    // is the dequantized 16-bit matrices, counted in the activations, which keep the share.
    let once = req.quant.is_bnb4()
        || req.quant == Quant::Awq
        || super::gptq_train::applies(req)
        || (req.quant.linear_bits() >= 15.0 && zero != Zero::Three);
    let frozen = if req.task != Task::Full && once {
        base_c
    } else {
        0.0
    };
    // Without checkpointing the forward pass only allocates, layer after layer, and the peak
    // comes before anything is freed: the activations leave no cached holes below it.
    let churned = if req.grad_checkpointing { a } else { 0.0 };
    reserve_share * (base_c - frozen + trained + churned)
}
