//! Session 46, mem_fr: two readings of the training unders on an nvidia-smi basis (held-out 80,
//! TRL SFTTrainer 0.23 + Transformers 4.57), pinned on cases of our own so that a later change
//! cannot undo them unread (docs/misses/mem_fr.md).
//! - TRL's SFTTrainer (0.22 on) computes the entropy and the token accuracy over the step's
//!   logits (trl v0.23.1 `trainer/sft_trainer.py` lines 1103 and 1142): the
//!   accuracy's `outputs.logits[..., :-1, :].contiguous()` is one more copy of Accelerate's fp32
//!   output logits (accelerate v1.10.1 `accelerator.py` line 1755, `utils/operations.py` line
//!   777) beside the loss's saved fp32 log-softmax: 12 bytes a token a vocabulary entry at the
//!   forward's end, what the backward of `cross_entropy` holds too. The loss budget
//!   (`LossHead::Fp32`, 14) already holds it, on any model.
//! - Transformers' bitsandbytes load block is not added beside a larger step: on held-out 10's
//!   TRL notebook (reserved basis) that would put Qwen2.5-7B and Llama-3.2-3B 21-22 % over and
//!   Gemma-3-4B at the edge, so held-out 80's Llama-2-7B rows (11.5 GiB on 8.0) are not answered
//!   by it.

use bot_core::Catalog;
use bot_core::vram::{
    Attention, Engine, FitOptions, FitRequest, GIB, ModelRef, Quant, Shape, Task,
    TransformersRelease, bnb_load_reserved_gib, estimate_with,
};

fn sft<'a>(c: &'a Catalog, model: &str, quant: Quant, task: Task) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, task);
    r.engine = Engine::Transformers;
    r.context = 1024;
    r.batch = 4;
    r.grad_checkpointing = true;
    r.lora_dropout = true;
    r.attention = Some(Attention::Flash);
    r.transformers_release = Some(TransformersRelease::parse("4.57").unwrap());
    r
}

fn vocab(c: &Catalog, id: &str) -> f64 {
    f64::from(Shape::from_model(c.model(id).unwrap()).unwrap().vocab)
}

/// Bytes a token a vocabulary entry TRL 0.23's SFTTrainer holds at the forward's end under
/// bf16 autocast: the fp32 log-softmax `cross_entropy` saves (4), the fp32 logits Accelerate's
/// `convert_outputs_to_fp32` returns (4) and the accuracy's shifted contiguous copy of them (4).
const TRL_SFT_FORWARD_END: f64 = 12.0;

#[test]
fn trl_sft_accuracy_copy_is_inside_the_loss_budget() {
    // Before this pass and after: qwen3-4b bf16 LoRA 4 x 1024 answered 8.82 GiB of activations,
    // 8.12 of them the 14-byte loss over 4096 x 151,936 logits.
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions {
        lora_rank: 1,
        ..FitOptions::default()
    };
    for (id, quant, task) in [
        ("qwen3-4b", Quant::Bf16, Task::Lora),
        ("qwen3-4b", Quant::Fp32, Task::Lora),
        ("qwen3-4b", Quant::Nf4, Task::Qlora),
        ("llama-2-7b", Quant::Nf4, Task::Qlora),
        ("llama-3.1-8b", Quant::Bf16, Task::Lora),
        ("gemma-2-2b", Quant::Bf16, Task::Lora),
    ] {
        let r = estimate_with(&c, &sft(&c, id, quant, task), &opts).unwrap();
        let tokens = 4.0 * 1024.0;
        let held = TRL_SFT_FORWARD_END * tokens * vocab(&c, id) / GIB;
        assert!(
            r.activations_gib >= held,
            "{id} {quant:?}: activations {:.2} GiB below TRL's {held:.2} GiB of logits",
            r.activations_gib
        );
    }
}

#[test]
fn bnb_load_block_is_not_added_beside_a_larger_step() {
    // Before this pass and after: llama-2-7b NF4 QLoRA 4 x 1024 (held-out 80 v3) answered
    // 7.97 GiB as nvidia-smi, the 6.3 GiB load block inside it.
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions {
        lora_rank: 1,
        ..FitOptions::default()
    };
    for id in ["llama-2-7b", "qwen3-4b", "mistral-7b-v0.1", "llama-3.1-8b"] {
        let mut r = sft(&c, id, Quant::Nf4, Task::Qlora);
        r.double_quant = false;
        r.kbit_upcast = false;
        let with = estimate_with(&c, &r, &opts).unwrap();
        let block = bnb_load_reserved_gib(&r, &opts);
        assert!(block > 0.0, "{id}: the load block applies");
        r.load_warmup = false;
        let step = estimate_with(&c, &r, &opts).unwrap();
        // The card shows the larger of the two, never the block beside the step (the block less
        // the weights carved from it, added to the step's own figure).
        let beside = step.per_gpu_gib + block - step.weights_gib;
        assert!(block > step.weights_gib, "{id}: a tail left in the block");
        assert!(
            with.per_gpu_gib + 0.5 < beside,
            "{id}: {} shown with the block, step {} and block {block}",
            with.per_gpu_gib,
            step.per_gpu_gib
        );
        assert!(with.per_gpu_gib + 0.05 >= step.per_gpu_gib, "{id}");
    }
}
