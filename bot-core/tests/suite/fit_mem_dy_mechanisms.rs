//! mem_dy (session 35, issue 24): fms-acceleration's `fast_loss`, Unsloth's Triton
//! cross-entropy over the whole logits (`LossHead::Triton`; chat `fast_loss`, CLI
//! `--fast-loss`). Cases of our own, each asserting what the kernels' source implies:
//! - the kernel (fms-acceleration@733992ae `kernels/unsloth/cross_entropy_loss.py`) saves the
//!   logits it is given and writes the gradient over them; it is given Transformers' fp32
//!   shifted copy, beside the fp32 logits (4 + 4), and the slice's backward makes a zero-filled
//!   fp32 gradient beside the in-place one (4 + 4): 8 bytes per logit entry, where Transformers'
//!   own loss holds 14;
//! - from Transformers 4.46 the model returns its 16-bit logits and the loss function upcasts
//!   them, so the 16-bit logits are held beside: 10;
//! - nvidia-smi shows the head's blocks about twice (allocated afresh each step), but the
//!   allocator gives them back before it fails: the verdict does not count them;
//! - the loss runs only where fms patches the model's own loss (Llama / Mistral / Mixtral /
//!   Granite classes, a trainer that passes labels): elsewhere Transformers' loss is counted.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, LoraTargets, LossHead, Method, ModelRef, Quant, Task,
    TransformersRelease, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

/// fms-acceleration's benchmark setting: LoRA r 16 on q/k/v/o, 4096 packed tokens x `batch`,
/// gradient checkpointing on, one card (`gpu` named or not), `loss` and `release` as given.
fn fms(
    model: &str,
    (task, quant): (Task, Quant),
    batch: u32,
    loss: LossHead,
    release: Option<&str>,
    gpu: Option<&str>,
) -> FitReport {
    let c = cat();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, task);
    req.context = 4096;
    req.batch = batch;
    req.cards = 1;
    req.gpu = gpu.map(|g| c.gpu(g).unwrap());
    req.grad_checkpointing = true;
    req.lora_targets = LoraTargets::Attention;
    req.kbit_upcast = false;
    req.loss = loss;
    req.transformers_release = release.map(|r| TransformersRelease::parse(r).unwrap());
    let opts = FitOptions {
        lora_rank: 16,
        ..FitOptions::default()
    };
    estimate_with(c, &req, &opts).unwrap()
}

fn logit_gib(model: &str, batch: u32) -> f64 {
    let m = cat().model(model).unwrap();
    let s = bot_core::vram::Shape::from_model(m).unwrap();
    4096.0 * f64::from(batch) * s.vocab as f64 / GIB
}

const BF16_LORA: (Task, Quant) = (Task::Lora, Quant::Bf16);

#[test]
fn before_4_46_the_triton_head_holds_8_bytes_a_logit_where_transformers_holds_14() {
    for batch in [4, 8] {
        let fp32 = fms(
            "llama-3-8b",
            BF16_LORA,
            batch,
            LossHead::Fp32,
            Some("4.45"),
            None,
        );
        let fast = fms(
            "llama-3-8b",
            BF16_LORA,
            batch,
            LossHead::Triton,
            Some("4.45"),
            None,
        );
        let fell = fp32.per_gpu_required_gib - fast.per_gpu_required_gib;
        let want = 6.0 * logit_gib("llama-3-8b", batch);
        assert!(
            (fell - want).abs() < 0.03 * want,
            "batch {batch}: fell {fell:.2} GiB, 6 bytes a logit entry {want:.2}"
        );
    }
}

#[test]
fn from_4_46_the_returned_16bit_logits_are_held_beside_the_fp32_ones() {
    let old = fms(
        "llama-3-8b",
        BF16_LORA,
        4,
        LossHead::Triton,
        Some("4.45"),
        None,
    );
    let new = fms(
        "llama-3-8b",
        BF16_LORA,
        4,
        LossHead::Triton,
        Some("4.46"),
        None,
    );
    let today = fms("llama-3-8b", BF16_LORA, 4, LossHead::Triton, None, None);
    let rose = new.per_gpu_required_gib - old.per_gpu_required_gib;
    let want = 2.0 * logit_gib("llama-3-8b", 4);
    assert!((rose - want).abs() < 0.03 * want, "{rose:.2} vs {want:.2}");
    // No release named: today's Transformers.
    assert!((today.per_gpu_required_gib - new.per_gpu_required_gib).abs() < 1e-9);
    // Still below Transformers' own loss, above Liger's fused one.
    let fp32 = fms("llama-3-8b", BF16_LORA, 4, LossHead::Fp32, None, None);
    let liger = fms("llama-3-8b", BF16_LORA, 4, LossHead::Fused, None, None);
    assert!(today.per_gpu_required_gib < fp32.per_gpu_required_gib);
    assert!(today.per_gpu_required_gib > liger.per_gpu_required_gib + 5.0);
}

#[test]
fn nvidia_smi_shows_the_heads_blocks_again_and_the_verdict_does_not_count_them() {
    for (task, quant) in [BF16_LORA, (Task::Qlora, Quant::Nf4)] {
        let fast = fms(
            "llama-3-8b",
            (task, quant),
            8,
            LossHead::Triton,
            Some("4.45"),
            None,
        );
        let shown_above = fast.per_gpu_gib - fast.per_gpu_required_gib;
        let head = 8.0 * logit_gib("llama-3-8b", 8);
        assert!(
            shown_above >= head,
            "{quant:?}: shown {shown_above:.2} GiB above the need, head {head:.2}"
        );
        // Liger's chunks leave no such blocks: far less shown above the need.
        let liger = fms(
            "llama-3-8b",
            (task, quant),
            8,
            LossHead::Fused,
            Some("4.45"),
            None,
        );
        assert!(liger.per_gpu_gib - liger.per_gpu_required_gib < head / 2.0);
    }
    // fms's bf16 LoRA at 8 x 4096 trained on one A100 80GB (55 GiB allocated): the figure on a
    // roomy card is above the A100, the need is not, and the verdict goes by the need. On the
    // A100 itself the cache fills the card at most (`vram::card_cap`, mem_fc: PyTorch frees its
    // cached blocks before an out-of-memory error; the run showed 58,301 MiB).
    let roomy = fms(
        "llama-3-8b",
        BF16_LORA,
        8,
        LossHead::Triton,
        Some("4.45"),
        None,
    );
    assert!(roomy.per_gpu_gib > 80.0, "{}", roomy.per_gpu_gib);
    let on_card = fms(
        "llama-3-8b",
        BF16_LORA,
        8,
        LossHead::Triton,
        Some("4.45"),
        Some("a100-80g-sxm"),
    );
    assert!(on_card.per_gpu_gib <= 79.32, "{}", on_card.per_gpu_gib);
    assert!(on_card.per_gpu_gib > on_card.per_gpu_required_gib);
    assert!(on_card.per_gpu_required_gib < 70.0);
    assert_eq!(on_card.fits, Some(true), "{:?}", on_card.verdict);
}

#[test]
fn the_triton_loss_counts_only_where_fms_patches_the_models_own_loss() {
    // Qwen2 is not among fms's patched classes: Transformers' loss, as without the word.
    let qwen_fast = fms("qwen2.5-7b", BF16_LORA, 4, LossHead::Triton, None, None);
    let qwen_plain = fms("qwen2.5-7b", BF16_LORA, 4, LossHead::Fp32, None, None);
    assert!((qwen_fast.per_gpu_gib - qwen_plain.per_gpu_gib).abs() < 1e-9);
    // Mistral is: less than Transformers' loss.
    let mistral_fast = fms(
        "mistral-7b-v0.3",
        BF16_LORA,
        4,
        LossHead::Triton,
        None,
        None,
    );
    let mistral_plain = fms("mistral-7b-v0.3", BF16_LORA, 4, LossHead::Fp32, None, None);
    assert!(mistral_fast.per_gpu_required_gib < mistral_plain.per_gpu_required_gib - 1.0);
    // A DPO trainer takes its log-probabilities from the logits itself: no Triton loss.
    let c = cat();
    let dpo = |loss| {
        let mut req = FitRequest::new(
            ModelRef::Known(c.model("llama-3-8b").unwrap()),
            Quant::Bf16,
            Task::Lora,
        );
        req.context = 2048;
        req.grad_checkpointing = true;
        req.method = Method::Dpo;
        req.loss = loss;
        estimate_with(c, &req, &FitOptions::default()).unwrap()
    };
    let (a, b) = (dpo(LossHead::Triton), dpo(LossHead::Fp32));
    assert!((a.per_gpu_gib - b.per_gpu_gib).abs() < 1e-9);
}

#[test]
fn the_chat_reads_fast_loss_and_says_what_it_holds() {
    let line = "/fit llama-3-8b lora ctx=4096 batch=4 rank=16 targets=attn a100-80g-sxm";
    let plain = ask("en-US", line);
    let fast = ask("en-US", &format!("{line} fast_loss"));
    assert!(!plain.contains("fast_loss"), "{plain}");
    assert!(
        fast.contains("fast_loss") && fast.contains("10 bytes"),
        "{fast}"
    );
    let old = ask("en-US", &format!("{line} fast_loss transformers=4.45"));
    assert!(old.contains("8 bytes"), "{old}");
    let zh = ask("zh-CN", &format!("{line} fast_loss"));
    assert!(zh.contains("fast_loss") && zh.contains("10 字节"), "{zh}");
    // Where it does not run, the answer says so, in both languages.
    let qwen = "/fit qwen2.5-7b lora ctx=4096 batch=4 fast_loss";
    assert!(
        ask("en-US", qwen).contains("does not"),
        "{}",
        ask("en-US", qwen)
    );
    assert!(
        ask("zh-CN", qwen).contains("不生效"),
        "{}",
        ask("zh-CN", qwen)
    );
}
