//! mem_dt (session 34, issue 24): PyTorch's AdamW stepped one tensor at a time (`foreach=off`).
//! Cases of our own, each asserting what the frameworks' source implies:
//! - `torch.optim.Adam(W)` with `foreach` unset ran its for-loop path before PyTorch 2.0
//!   (pytorch/pytorch@005941eb `torch/optim/adam.py` `adam()`: `if foreach is None: foreach =
//!   False`); 2.0 made the multi-tensor path the CUDA default. The for-loop path
//!   (`_single_tensor_adam`) computes `denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt)
//!   .add_(eps)`: `exp_avg_sq.sqrt()` and its quotient are alive at once, two temporaries the
//!   size of the tensor being stepped; the multi-tensor path divides its `_foreach_sqrt` in
//!   place (one temporary the size of all moments).
//! - DeepSpeed ZeRO-1/2 hands the optimizer one flat fp32 partition per parameter group
//!   (`stage_1_and_2.py` `single_partition_of_fp32_groups`), with its fp32 gradient
//!   (`single_grad_partition`) set as `.grad`: on the for-loop path the step holds the fp32
//!   gradient and two partition-sized temporaries, one partition more than the multi-tensor
//!   path. LLaMA-Factory#1221 prints exactly that on 8 x V100 32GB (Llama-2-7B, ZeRO-2, fp16):
//!   the line above, "Tried to allocate 3.14 GiB ... 28.28 GiB already allocated" = 12.55 GiB
//!   of fp16 weights + five fp32 partitions of 0.84e9 elements (master, gradient, two moments,
//!   the square root), the sixth refused.
//! - Without DeepSpeed each parameter is its own tensor: the for-loop path holds two copies of
//!   the largest parameter only, less than the multi-tensor path's copy of every moment.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, Zero, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// Full fine-tuning of `model` in `quant` over `cards` cards (`gpu` named or not) under
/// `zero`, at `ctx` tokens, batch 1, gradient checkpointing on; `foreach`: AdamW's path.
fn full(
    model: &str,
    quant: Quant,
    (cards, gpu, zero): (u32, Option<&str>, Option<Zero>),
    ctx: u32,
    foreach: bool,
) -> FitReport {
    let c = cat();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, Task::Full);
    req.context = ctx;
    req.batch = 1;
    req.cards = cards;
    req.gpu = gpu.map(|g| c.gpu(g).unwrap());
    req.grad_checkpointing = true;
    req.adamw_foreach = foreach;
    let opts = FitOptions {
        zero,
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

#[test]
fn the_for_loop_step_under_zero2_holds_one_more_fp32_partition() {
    // Llama-2-7B over 8 cards under ZeRO-2: the card's fp32 partition is 6.74e9 / 8 elements,
    // 3.14 GiB; the for-loop path's second temporary adds exactly that to the step's peak.
    let params = cat().model("llama-2-7b").unwrap().params_b * 1e9;
    let partition_gib = params / 8.0 * 4.0 / GIB;
    let on = full(
        "llama-2-7b",
        Quant::Fp16,
        (8, None, Some(Zero::Two)),
        1024,
        true,
    );
    let off = full(
        "llama-2-7b",
        Quant::Fp16,
        (8, None, Some(Zero::Two)),
        1024,
        false,
    );
    let grew = off.per_gpu_required_gib - on.per_gpu_required_gib;
    assert!(
        (grew - partition_gib).abs() < 0.1,
        "grew {grew:.2} GiB, partition {partition_gib:.2} GiB"
    );
}

#[test]
fn the_v100_run_that_stepped_on_the_for_loop_path_does_not_fit() {
    // LLaMA-Factory#1221: ZeRO-2 ran out of memory in that step on 8 x V100 32GB, ZeRO-3 ran.
    let z2 = full(
        "llama-2-7b",
        Quant::Fp16,
        (8, Some("v100-32g"), Some(Zero::Two)),
        1024,
        false,
    );
    assert_eq!(z2.fits, Some(false), "{:?}", z2.verdict);
    // Its need is at least what the log shows allocated when it died: 28.28 GiB + 3.14 GiB.
    assert!(
        z2.per_gpu_required_gib >= 31.4,
        "{}",
        z2.per_gpu_required_gib
    );
    let z3 = full(
        "llama-2-7b",
        Quant::Fp16,
        (8, Some("v100-32g"), Some(Zero::Three)),
        1024,
        false,
    );
    assert_eq!(z3.fits, Some(true), "{:?}", z3.verdict);
}

#[test]
fn without_deepspeed_the_for_loop_step_holds_two_copies_of_the_largest_tensor() {
    // Qwen2.5-1.5B full bf16 on one card at 256 tokens (the step is the transient peak): the
    // multi-tensor path holds a bf16 copy of every moment (1.54e9 x 2 bytes), the for-loop
    // path two copies of the embedding (151936 x 1536 x 2 bytes each), which is less.
    let c = cat();
    let m = c.model("qwen2.5-1.5b").unwrap();
    let params = m.params_b * 1e9;
    let embedding = 151936.0 * 1536.0;
    let on = full("qwen2.5-1.5b", Quant::Bf16, (1, None, None), 256, true);
    let off = full("qwen2.5-1.5b", Quant::Bf16, (1, None, None), 256, false);
    let want = (params - 2.0 * embedding) * 2.0 / GIB;
    let fell = on.per_gpu_required_gib - off.per_gpu_required_gib;
    assert!(
        (fell - want).abs() < 0.1,
        "fell {fell:.2} GiB, the moments less two embeddings {want:.2} GiB"
    );
}

#[test]
fn the_chat_reads_foreach_off_and_says_what_it_holds() {
    let line = "/fit llama-2-7b full fp16 ctx=1024 zero=2 8x v100-32g";
    let default = ask("en-US", line);
    let off = ask("en-US", &format!("{line} foreach=off"));
    assert!(!default.contains("foreach=off"), "{default}");
    assert!(off.contains("foreach=off"), "{off}");
    // Each temporary is the card's fp32 partition, 3.14 GiB (shown to one decimal); the answer
    // says the card falls short, inside the margin, with what makes it fit.
    assert!(off.contains("3.1 GiB each"), "{off}");
    assert!(!off.contains("✅") && off.contains("short"), "{off}");
    assert!(off.contains("What makes it fit"), "{off}");
    let zh = ask("zh-CN", &format!("{line} foreach=off"));
    assert!(zh.contains("foreach=off"), "{zh}");
    assert!(zh.contains("逐个"), "{zh}");
}

/// LoRA of `model` over `cards` cards under `zero` at `ctx` tokens; `overlap`: DeepSpeed's
/// `overlap_comm`.
fn lora(model: &str, (cards, zero): (u32, Zero), ctx: u32, overlap: bool) -> FitReport {
    let c = cat();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    req.context = ctx;
    req.cards = cards;
    req.grad_checkpointing = true;
    req.overlap_comm = overlap;
    let opts = FitOptions {
        zero: Some(zero),
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

/// DeepSpeed ZeRO-1/2 with `overlap_comm` and `contiguous_gradients` (`stage_1_and_2.py`
/// `setup_buckets`: "Use double buffers to avoid data access conflict when overlap_comm is
/// enabled", `buf_1 = torch.empty(int(self.reduce_bucket_size), dtype=self.dtype)`) holds a
/// second reduce bucket through the backward pass: 5e8 elements in 16 bits at LLaMA-Factory's
/// `reduce_bucket_size`, 0.93 GiB. A LoRA's step is small, so the backward pass is the peak and
/// the second bucket adds to it; ZeRO-3's buckets are sized "auto" (hidden²): nothing counted.
#[test]
fn overlap_comm_adds_zero2s_second_reduce_bucket() {
    let bucket_gib = 5e8 * 2.0 / GIB;
    let off = lora("qwen2.5-7b", (4, Zero::Two), 2048, false);
    let on = lora("qwen2.5-7b", (4, Zero::Two), 2048, true);
    let grew = on.per_gpu_required_gib - off.per_gpu_required_gib;
    assert!((grew - bucket_gib).abs() < 0.02, "grew {grew:.3} GiB");
    let z3_off = lora("qwen2.5-7b", (4, Zero::Three), 2048, false);
    let z3_on = lora("qwen2.5-7b", (4, Zero::Three), 2048, true);
    assert!(
        (z3_on.per_gpu_required_gib - z3_off.per_gpu_required_gib).abs() < 0.01,
        "ZeRO-3 moved"
    );
}

#[test]
fn the_chat_reads_overlap_comm() {
    let line = "/fit qwen2.5-7b lora ctx=2048 zero=2 4x 4090";
    let off = ask("en-US", line);
    let on = ask("en-US", &format!("{line} overlap_comm=on"));
    assert!(!off.contains("overlap_comm"), "{off}");
    assert!(on.contains("overlap_comm"), "{on}");
    let zh = ask("zh-CN", &format!("{line} overlap_comm=on"));
    assert!(zh.contains("overlap_comm") && zh.contains("梯度桶"), "{zh}");
}
