//! Gradient accumulation and the training peak (`vram::grad_accum`, mem_ah, session 22): one
//! micro-batch per optimizer step (`accum=1`) holds no gradient beside the forward pass. Cases of
//! no table row: Llama-3.2-1B (tied, 128k vocabulary) and Gemma-2-2B full fine-tuning, Llama-3.1-8B
//! LoRA, Qwen2.5-7B under DeepSpeed on four cards; the phases by hand with made-up sizes.

use bot_core::Catalog;
use bot_core::vram::grad_accum::{Phases, accumulating_peak, single_step_peak};
use bot_core::vram::{
    FitError, FitOptions, FitReport, FitRequest, GIB, ModelRef, Optimizer, Quant, Task,
    estimate_with,
};

fn report(
    c: &Catalog,
    id: &str,
    task: Task,
    (ctx, batch, gc): (u32, u32, bool),
    accum: Option<u32>,
    opts: &FitOptions,
) -> FitReport {
    let mut req = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), Quant::Bf16, task);
    req.context = ctx;
    req.batch = batch;
    req.grad_checkpointing = gc;
    req.grad_accum = accum;
    req.gpu = Some(c.gpu("h100-sxm").unwrap());
    estimate_with(c, &req, opts).unwrap()
}

/// What must be allocated, the CUDA context and the allocator's reserve left out (bytes).
fn allocated(r: &FitReport) -> f64 {
    (r.total_gib - r.overhead_gib) * GIB
}

/// Llama-3.2-1B's parameters counted by hand from its config.json (16 layers, hidden 2048, 32
/// heads and 8 KV heads of 64, FFN 8192, vocabulary 128256, tied embedding, no biases).
fn llama32_1b_params() -> f64 {
    let (l, h, q, kv, f, v) = (16.0, 2048.0, 32.0 * 64.0, 8.0 * 64.0, 8192.0, 128256.0);
    let layer = h * q + 2.0 * h * kv + q * h + 3.0 * h * f + 2.0 * h;
    v * h + l * layer + h
}

#[test]
fn one_micro_batch_per_step_drops_the_gradients_when_the_activations_are_the_peak() {
    // 4 x 4096 tokens: the fp32 loss head (14 bytes per token and vocabulary entry, 29 GB) is
    // far above the gradients plus AdamW's square root (4 bytes a parameter, 5 GB), so one
    // micro-batch per step needs the gradients (2 bytes a parameter) less.
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    let long = (4096, 4, true);
    let acc = report(&c, "llama-3.2-1b", Task::Full, long, None, &opts);
    let one = report(&c, "llama-3.2-1b", Task::Full, long, Some(1), &opts);
    let grads = 2.0 * llama32_1b_params();
    let saved = allocated(&acc) - allocated(&one);
    assert!(
        (saved / grads - 1.0).abs() < 0.01,
        "saved {saved:.3e} bytes, gradients {grads:.3e}"
    );
    // The card's reserved figure stays: the freed blocks are cached, and releasable.
    assert!((acc.per_gpu_gib - one.per_gpu_gib).abs() < 0.011);
    assert!(one.per_gpu_required_gib < acc.per_gpu_required_gib - 2.0);
}

#[test]
fn the_optimizer_step_is_the_peak_of_a_short_single_step() {
    // 512 tokens: the activations (under 1 GB) are below the gradients plus the square root
    // AdamW's foreach path allocates (2 + 2 bytes a parameter); both peaks are weights + state
    // + gradients + square root, so nothing is saved.
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    let short = (512, 1, true);
    let acc = report(&c, "llama-3.2-1b", Task::Full, short, None, &opts);
    let one = report(&c, "llama-3.2-1b", Task::Full, short, Some(1), &opts);
    assert!((allocated(&acc) - allocated(&one)).abs() < 0.01 * GIB);
    // 10 bytes a parameter in pure bf16: weights, gradients, two moments, the square root.
    let by_hand = 10.0 * llama32_1b_params();
    assert!(
        (allocated(&one) / by_hand - 1.0).abs() < 0.01,
        "{} against {by_hand:.3e}",
        allocated(&one)
    );
    // Between the two: 2048 tokens, activations above the step's square root but below the
    // gradients with it: the saving is the activations less the square root, under the
    // gradients' 2 bytes a parameter.
    let mid = (2048, 1, true);
    let acc = report(&c, "llama-3.2-1b", Task::Full, mid, None, &opts);
    let one = report(&c, "llama-3.2-1b", Task::Full, mid, Some(1), &opts);
    let saved = allocated(&acc) - allocated(&one);
    let grads = 2.0 * llama32_1b_params();
    assert!(saved > 0.2 * grads && saved < 0.9 * grads, "{saved:.3e}");
}

#[test]
fn accumulation_over_several_micro_batches_is_the_default_sum() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    for (id, shape) in [
        ("gemma-2-2b", (2048, 2, false)),
        ("llama-3.2-1b", (4096, 1, true)),
    ] {
        let default = report(&c, id, Task::Full, shape, None, &opts);
        let eight = report(&c, id, Task::Full, shape, Some(8), &opts);
        assert_eq!(default.total_gib, eight.total_gib, "{id}");
        assert_eq!(
            default.per_gpu_required_gib, eight.per_gpu_required_gib,
            "{id}"
        );
        let one = report(&c, id, Task::Full, shape, Some(1), &opts);
        assert!(
            one.per_gpu_required_gib < default.per_gpu_required_gib,
            "{id}"
        );
    }
}

#[test]
fn lora_moves_by_its_adapters_gradients_only() {
    // LoRA's gradients are the adapters' (r16 on every linear layer of Llama-3.1-8B: 42M
    // parameters, 2 bytes each): the peak is the loss head's either way.
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    for shape in [(1024, 1, true), (4096, 2, false)] {
        let acc = report(&c, "llama-3.1-8b", Task::Lora, shape, None, &opts);
        let one = report(&c, "llama-3.1-8b", Task::Lora, shape, Some(1), &opts);
        let saved = allocated(&acc) - allocated(&one);
        // 16 x (in + out) per adapted matrix, 32 layers: q, o 4096 + 4096; k, v 4096 + 1024;
        // gate, up, down 4096 + 14336.
        let adapters = 32.0 * 16.0 * (2.0 * 8192.0 + 2.0 * 5120.0 + 3.0 * 18432.0) * 2.0;
        assert!(
            saved >= 0.0 && saved <= adapters * 1.05,
            "{saved:.3e} {adapters:.3e}"
        );
        assert!(saved < 0.01 * allocated(&acc));
        assert!((acc.per_gpu_gib - one.per_gpu_gib).abs() < 0.011);
    }
}

#[test]
fn deepspeed_keeps_its_own_gradient_partitions() {
    // ZeRO's partitions and buckets are its own: accum=1 does not change a sharded figure.
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-7b").unwrap()),
        Quant::Bf16,
        Task::Full,
    );
    req.cards = 4;
    req.context = 4096;
    let acc = estimate_with(&c, &req, &opts).unwrap();
    req.grad_accum = Some(1);
    let one = estimate_with(&c, &req, &opts).unwrap();
    assert_eq!(acc.per_gpu_gib, one.per_gpu_gib);
    assert_eq!(
        acc.total_gib - acc.overhead_gib,
        one.total_gib - one.overhead_gib
    );
}

#[test]
fn the_phases_of_a_single_step_by_hand() {
    // Made-up sizes (bytes): the largest moment decides.
    let p = Phases {
        activations: 30.0,
        layers_held: 10.0,
        one_layer: 2.0,
        head_transient: 4.0,
        grads: 20.0,
        head_grads: 3.0,
        layer_grads: 1.0,
        tied_embedding_grad: 3.0,
        step: 20.0,
    };
    // The step: 20 gradients + 20 of square root.
    assert_eq!(single_step_peak(&p), 40.0);
    assert_eq!(accumulating_peak(&p), 50.0);
    // An 8-bit optimizer steps in place: the loss peak decides.
    let eight_bit = Phases { step: 0.0, ..p };
    assert_eq!(single_step_peak(&eight_bit), 30.0);
    // A short sequence with an 8-bit optimizer: the end of the backward pass, every gradient
    // and the tied embedding's second one.
    let short = Phases {
        activations: 8.0,
        layers_held: 1.0,
        ..eight_bit
    };
    assert_eq!(single_step_peak(&short), 23.0);
    // A huge head and few tokens: the head's backward (layers + head gradient + logits').
    let head = Phases {
        activations: 5.0,
        layers_held: 4.0,
        head_grads: 6.0,
        head_transient: 3.0,
        grads: 6.5,
        tied_embedding_grad: 0.0,
        one_layer: 0.5,
        step: 0.0,
        layer_grads: 0.1,
    };
    assert_eq!(single_step_peak(&head), 13.0);
}

#[test]
fn the_word_is_read_on_the_line_and_in_a_sentence() {
    let line = "/fit llama-3.2-1b full bf16 ctx=4k batch=4 gc=on";
    let en = super::chat::ask_fresh("en", &format!("{line} accum=1"));
    assert!(en.contains("accum=1"), "{en}");
    assert!(en.contains("One micro-batch per optimizer step"), "{en}");
    let zh = super::chat::ask_fresh("zh", &format!("{line} 梯度累积=1"));
    assert!(zh.contains("每个微批次更新一次优化器"), "{zh}");
    // The default states the trainers' accumulation and what accum=1 would take off.
    let default = super::chat::ask_fresh("en", line);
    assert!(
        default.contains("accum=1, the Hugging Face Trainer's default"),
        "{default}"
    );
    let eight = super::chat::ask_fresh("en", &format!("{line} grad_accum=8"));
    assert!(
        eight.contains("Gradient accumulation over 8 micro-batches"),
        "{eight}"
    );
    // Said in a sentence, English and Chinese; negated, it is one micro-batch per step.
    for (lang, said, read) in [
        (
            "en",
            "can I full fine-tune gemma-2-2b on an h100 with gradient accumulation 8?",
            "accum=8",
        ),
        (
            "en",
            "full fine-tuning qwen2.5-3b on a 4090, ctx 2048, gradient_accumulation_steps 16",
            "accum=16",
        ),
        (
            "en",
            "lora llama-3.1-8b on a 4090 with grad accum 4, will it fit?",
            "accum=4",
        ),
        (
            "zh",
            "全参微调 gemma-2-2b，h100 够吗，梯度累积 4 步",
            "accum=4",
        ),
        ("zh", "qwen2.5-3b 全参微调 4090 能跑吗 梯度累积8", "accum=8"),
        (
            "en",
            "full fine-tune qwen2.5-3b on a 4090 without gradient accumulation",
            "accum=1",
        ),
    ] {
        let a = super::chat::ask_fresh(lang, said);
        let first = a.lines().next().unwrap_or_default();
        assert!(first.contains(read), "{said}: {first}");
    }
}

#[test]
fn a_bad_count_or_an_inference_run_is_answered() {
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("llama-3.2-1b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.grad_accum = Some(1);
    assert!(matches!(
        estimate_with(&c, &req, &FitOptions::default()),
        Err(FitError::BadValue(_))
    ));
    req.task = Task::Full;
    req.grad_accum = Some(0);
    assert!(estimate_with(&c, &req, &FitOptions::default()).is_err());
    let opts = FitOptions {
        optimizer: Optimizer::Adam8bit,
        ..FitOptions::default()
    };
    req.grad_accum = Some(1);
    assert!(estimate_with(&c, &req, &opts).is_ok());
    let en = super::chat::ask_fresh("en", "/fit llama-3.2-1b full accum=0");
    assert!(!en.contains("GiB per card less"), "{en}");
    let zh = super::chat::ask_fresh("zh", "/fit llama-3.2-1b full accum=lots");
    assert!(!zh.is_empty());
}
