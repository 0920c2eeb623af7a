//! mem_fi (session 44, issue 24 §1 "real card capacity" and held-out 73's Int8 "Q-LoRA"): cases
//! of our own, on models and cards of no held-out row.
//!
//! A card holds what CUDA reports as its total (`Gpu::usable_gib`), not nvidia-smi's total:
//! PyTorch prints "31.74 GiB total capacity" on a V100 32GB whose nvidia-smi shows 32768 MiB.
//! And Qwen's and ms-swift's scripts call LoRA on a GPTQ-Int8 checkpoint "Q-LoRA"
//! (`qwen_7b_chat_int8/qlora/sft.sh`): `qlora gptq-int8` is read as LoRA on the frozen
//! GPTQ-Int8 base, sized on the same terms as `lora gptq-int8`, and the answer says so.

use bot_core::Catalog;
use bot_core::vram::{self, Engine, FitError, FitRequest, ModelRef, Quant, Task};

use super::chat::{say, world};

fn request<'a>(
    c: &'a Catalog,
    model: &str,
    quant: Quant,
    task: Task,
    ctx: u32,
    gpu: Option<&str>,
) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, task);
    r.context = ctx;
    r.engine = Engine::Transformers;
    r.gpu = gpu.map(|g| c.gpu(g).unwrap());
    r
}

/// The cards this pass gave a CUDA total (before: none, so fits used nvidia-smi's total: V100
/// 32GB 32.00 GiB, H20 95.58, RTX 3080 10.00, RTX 3070 8.00, RTX 4060 Ti 16GB 16.00;
/// L40 48.00, the marketed size as GiB: no driver total was on file either).
const READ: &[(&str, f64)] = &[
    ("v100-32g", 31.74),
    ("h20", 95.00),
    ("rtx-3080", 9.78),
    ("rtx-3070", 7.78),
    ("rtx-4060-ti-16g", 15.55),
    ("l40", 44.40),
];

#[test]
fn each_card_read_this_pass_holds_cudas_total_below_the_driver_total() {
    let c = Catalog::embedded().unwrap();
    for (id, gib) in READ {
        let g = c.gpu(id).unwrap();
        let smi = f64::from(g.memory_mib.unwrap()) / 1024.0;
        assert_eq!(g.cuda_total_gib, Some(*gib), "{id}");
        // Fits are decided on CUDA's total, below the driver's by under a GiB.
        assert!(g.usable_gib() < smi && smi - g.usable_gib() < 1.0, "{id}");
        assert_eq!(g.vram_gib(), smi, "{id}");
        let src = g.cuda_total_source.as_deref().unwrap();
        assert!(src.starts_with("https://github.com/"), "{id}: {src}");
        let note = g.source_note.as_deref().unwrap_or_default();
        assert!(note.contains(&format!("{gib:.2} GiB")), "{id}: {note}");
    }
}

/// A job whose need falls between CUDA's total and nvidia-smi's is a miss on the card: the
/// shortest 16-bit LoRA step of Qwen2.5-7B without checkpointing the V100 32GB refuses (found
/// by halving the length) needs just over its 31.74 GiB, no more than its 32.00 GiB. Before
/// mem_fi it fitted on paper.
#[test]
fn a_need_between_cudas_total_and_the_driver_total_does_not_fit() {
    let c = Catalog::embedded().unwrap();
    let g = c.gpu("v100-32g").unwrap();
    let (usable, size) = (g.usable_gib(), g.vram_gib());
    let run = |ctx: u32| {
        let mut r = request(
            &c,
            "qwen2.5-7b",
            Quant::Fp16,
            Task::Lora,
            ctx,
            Some("v100-32g"),
        );
        r.grad_checkpointing = false;
        vram::estimate(&c, &r).unwrap()
    };
    let holds = |ctx: u32| run(ctx).fits == Some(true);
    let (mut lo, mut hi) = (64u32, 16_384u32);
    assert!(holds(lo) && !holds(hi));
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if holds(mid) { lo = mid } else { hi = mid }
    }
    // The first length the card refuses needs what the card is decided on (CUDA's total less
    // the margin's sign) and still less than nvidia-smi's total: the driver's total would have
    // held it.
    let rep = run(hi);
    let floor = usable - rep.margin_gib.unwrap();
    // (`margin_gib` is rounded to the hundredth.)
    assert!(
        floor > usable - 0.01 && floor <= size,
        "ctx {hi}: {floor:.3} GiB"
    );
    assert_eq!(rep.fits, Some(false));
    assert!(holds(lo), "ctx {lo}");
}

/// `qlora gptq-int8` is LoRA on the frozen Int8 base: the same figure as `lora gptq-int8`, and
/// a note that says how it was read. Before mem_fi: `QloraNeedsLowBit(gptq-int8)`.
#[test]
fn qlora_on_a_gptq_int8_base_is_sized_as_lora_on_that_base() {
    let c = Catalog::embedded().unwrap();
    for (model, ctx) in [("qwen2.5-14b", 2048), ("llama-3.1-8b", 4096)] {
        let q = request(&c, model, Quant::GptqInt8, Task::Qlora, ctx, Some("l40s"));
        let l = request(&c, model, Quant::GptqInt8, Task::Lora, ctx, Some("l40s"));
        let (rq, rl) = (
            vram::estimate(&c, &q).unwrap(),
            vram::estimate(&c, &l).unwrap(),
        );
        assert_eq!(rq.per_gpu_gib, rl.per_gpu_gib, "{model}");
        assert_eq!(rq.per_gpu_required_gib, rl.per_gpu_required_gib, "{model}");
        assert!(
            rq.warning_ids
                .iter()
                .any(|w| w == "fit-note-qlora-gptq-int8"),
            "{model}: {:?}",
            rq.warning_ids
        );
        assert!(
            !rl.warning_ids
                .iter()
                .any(|w| w == "fit-note-qlora-gptq-int8")
        );
    }
}

/// QLoRA on a 16-bit or a bitsandbytes 8-bit base is still refused: only a prequantized GPTQ
/// Int8 checkpoint is a frozen base that LoRA trains on as the scripts do.
#[test]
fn qlora_on_a_16bit_or_bnb_int8_base_is_still_refused() {
    let c = Catalog::embedded().unwrap();
    for q in [Quant::Bf16, Quant::Int8] {
        let r = request(&c, "qwen2.5-7b", q, Task::Qlora, 2048, None);
        assert!(
            matches!(vram::estimate(&c, &r), Err(FitError::QloraNeedsLowBit(..))),
            "{q}"
        );
    }
    // A 4-bit QLoRA keeps its own terms and no reading note.
    let r = request(&c, "qwen2.5-7b", Quant::Nf4, Task::Qlora, 2048, None);
    let rep = vram::estimate(&c, &r).unwrap();
    assert!(
        !rep.warning_ids
            .iter()
            .any(|w| w == "fit-note-qlora-gptq-int8")
    );
}

/// The answer says what `qlora gptq-int8` was read as, in both languages.
#[test]
fn the_answer_says_the_int8_qlora_was_read_as_lora_on_the_frozen_base() {
    let w = world();
    let en = say(&w, "en", "/fit qwen2.5-14b qlora gptq-int8 ctx=2k l40s");
    assert!(en.contains("LoRA on the frozen GPTQ-Int8"), "{en}");
    let zh = say(&w, "zh", "/fit qwen2.5-14b qlora gptq-int8 ctx=2k l40s");
    assert!(zh.contains("冻结的 GPTQ-Int8"), "{zh}");
    // Same figure as typing lora.
    let lora = say(&w, "en", "/fit qwen2.5-14b lora gptq-int8 ctx=2k l40s");
    let first = |a: &str| a.lines().find(|l| l.contains("GiB")).map(str::to_owned);
    assert!(first(&en).is_some(), "{en}");
    assert!(lora.contains("GiB"), "{lora}");
}
