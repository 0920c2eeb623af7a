//! The caching allocator's reserve in training estimates, by what is freed and allocated again
//! (docs/fit-reference.md, "Eighth pass"): not a frozen base allocated once on one card, a
//! share of a base ZeRO-3 gathers layer by layer, nothing for activations that only grow up to
//! a peak without checkpointing; and the recomputed layer's eager scores peak with that layer,
//! not on top of the loss head. Cases of our own, on models no table measured.

use bot_core::Catalog;
use bot_core::vram::{
    Attention, CUDA_CONTEXT_GIB, FitReport, FitRequest, ModelRef, Quant, Task, estimate,
};

fn run(c: &Catalog, id: &str, quant: Quant, task: Task, f: impl Fn(&mut FitRequest)) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.context = 1024;
    r.grad_checkpointing = true;
    f(&mut r);
    estimate(c, &r).unwrap()
}

/// What the allocator holds above the tensors on the busiest card.
fn reserve(r: &FitReport) -> f64 {
    r.per_gpu.overhead_gib - CUDA_CONTEXT_GIB
}

#[test]
fn a_frozen_16_bit_base_on_one_card_carries_no_reserve_share() {
    let c = Catalog::embedded().unwrap();
    for id in [
        "qwen2.5-14b",
        "llama-3.1-8b",
        "mistral-7b-v0.1",
        "gemma-2-9b",
    ] {
        let r = run(&c, id, Quant::Bf16, Task::Lora, |_| {});
        let tensors_but_base = r.per_gpu.activations_gib + r.per_gpu.optimizer_gib + 0.5;
        assert!(
            reserve(&r) <= 0.15 * tensors_but_base,
            "{id}: reserve {:.2} GiB against {:.2} GiB of base",
            reserve(&r),
            r.per_gpu.weights_gib
        );
        // The base itself adds no reserve: the 14B's is far below 15 % of its 27.5 GiB.
        assert!(reserve(&r) < 0.05 * r.per_gpu.weights_gib + 1.0, "{id}");
    }
}

#[test]
fn a_zero3_sharded_base_keeps_its_share() {
    let c = Catalog::embedded().unwrap();
    for id in ["qwen2.5-32b", "llama-3.1-70b"] {
        let r = run(&c, id, Quant::Bf16, Task::Lora, |r| r.cards = 4);
        assert_eq!(r.parallelism, "zero3");
        assert!(
            reserve(&r) >= 0.15 * r.per_gpu.weights_gib * 0.99,
            "{id}: reserve {:.2} GiB, base on the card {:.2} GiB",
            reserve(&r),
            r.per_gpu.weights_gib
        );
        let one = run(&c, id, Quant::Bf16, Task::Lora, |r| r.cards = 1);
        assert!(
            r.per_gpu_gib < one.per_gpu_gib,
            "{id}: sharding never costs a card"
        );
    }
}

#[test]
fn activations_without_checkpointing_carry_no_share() {
    let c = Catalog::embedded().unwrap();
    for id in ["qwen2.5-3b", "llama-3.2-3b"] {
        let at = |ctx: u32, gc: bool| {
            run(&c, id, Quant::Bf16, Task::Lora, |r| {
                r.context = ctx;
                r.grad_checkpointing = gc;
            })
        };
        let (short, long) = (at(512, false), at(2048, false));
        assert!(long.per_gpu.activations_gib > short.per_gpu.activations_gib + 1.0);
        assert!(
            (reserve(&long) - reserve(&short)).abs() < 0.01,
            "{id}: the reserve grows with activations without checkpointing"
        );
        let (short, long) = (at(512, true), at(2048, true));
        let grown = long.per_gpu.activations_gib - short.per_gpu.activations_gib;
        assert!(
            reserve(&long) - reserve(&short) >= 0.14 * grown,
            "{id}: with checkpointing, freed and recomputed activations keep their share"
        );
    }
}

#[test]
fn eager_scores_of_the_recomputed_layer_peak_with_it_not_with_the_loss() {
    let c = Catalog::embedded().unwrap();
    let act = |ctx: u32, attn: Attention| {
        run(&c, "qwen2.5-7b", Quant::Bf16, Task::Lora, |r| {
            r.context = ctx;
            r.attention = Some(attn);
        })
        .per_gpu
        .activations_gib
    };
    // 2048 tokens: one layer's scores (28 heads x 2048^2 x 14 B = 1.5 GiB) stay below the
    // 152k-word loss head (4 GiB): eager costs nothing more.
    let d = act(2048, Attention::Eager) - act(2048, Attention::Sdpa);
    assert!(d.abs() < 0.01, "2048: eager adds {d:.2} GiB");
    // 8192 tokens: the scores (24.5 GiB) outgrow the loss head (16 GiB): the difference is
    // less than the scores themselves.
    let d = act(8192, Attention::Eager) - act(8192, Attention::Sdpa);
    assert!(d > 5.0 && d < 24.0, "8192: eager adds {d:.2} GiB");
}

/// An AWQ base is allocated once at load and never freed (AutoAWQ dequantizes one matrix per
/// matmul and frees it): its Q-LoRA reserve covers what the step frees and allocates again,
/// as a bitsandbytes base's does, not the base. So is a GPTQ base on auto_gptq's PyTorch path
/// (mem_eu, `vram::gptq_train`): its reserve exceeds AWQ's only by the share of its dequantized
/// 16-bit copies (before, it kept a share of the base: ms-swift's first-run GPTQ cells read
/// 13-23 % over with it, docs/fit-reference.md pass 131).
#[test]
fn an_awq_base_is_allocated_once_and_carries_no_reserve_share() {
    let c = Catalog::embedded().unwrap();
    for (id, ctx) in [
        ("llama-3.1-8b", 1024),
        ("qwen2.5-14b", 3000),
        ("mistral-7b-v0.1", 512),
    ] {
        let at = |q: Quant| {
            run(&c, id, q, Task::Qlora, |r| {
                r.context = ctx;
            })
        };
        let (awq, gptq) = (at(Quant::Awq), at(Quant::GptqInt4));
        let moving = awq.per_gpu.activations_gib + awq.per_gpu.optimizer_gib + 0.5;
        assert!(
            reserve(&awq) <= 0.25 * moving,
            "{id}: AWQ reserve {:.2} GiB against {moving:.2} GiB freed and allocated again",
            reserve(&awq)
        );
        // Same packed base, same step: GPTQ's reserve is larger only by the share of what its
        // dequantize path adds to the activations (0.01 GiB of rounding each way).
        let more = reserve(&gptq) - reserve(&awq);
        let copies = gptq.per_gpu.activations_gib - awq.per_gpu.activations_gib;
        assert!(
            more <= 0.25 * copies + 0.02,
            "{id}: GPTQ {:.2} vs AWQ {:.2} GiB of reserve, {copies:.2} GiB more activations",
            reserve(&gptq),
            reserve(&awq),
        );
        assert!(
            more < 0.1 * awq.per_gpu.weights_gib,
            "{id}: GPTQ's reserve grows with its base: {more:.2} GiB more than AWQ's"
        );
    }
}
