//! Held-out 10's mechanism (session 14, mem-m) on models, lengths and cards of no table:
//! Transformers' loader warms PyTorch's caching allocator up with half the 16-bit model before it
//! quantizes a 16-bit checkpoint into bitsandbytes (`modeling_utils.caching_allocator_warmup`,
//! the quantizer's default factor 4), and PEFT's fp32 embedding and head land beside that block
//! (`vram::bnb_load`). nvidia-smi and `max_memory_reserved` show the larger of that reserve and
//! the training step's own peak; what is allocated does not change. `warmup=off` (chat) and
//! `--no-load-warmup` (CLI) size a checkpoint saved in 4-bit; the answer says which in both
//! languages.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Shape, Task, WARMUP_HEADROOM_GIB,
    bnb_load_reserved_gib, estimate_with,
};

struct Job {
    model: &'static str,
    ctx: u32,
    batch: u32,
    cards: u32,
    gpu: Option<&'static str>,
}

fn sized(job: &Job, warmup: bool, tune: impl Fn(&mut FitRequest)) -> (FitReport, f64) {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model(job.model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
    req.context = job.ctx;
    req.batch = job.batch;
    req.cards = job.cards;
    req.grad_checkpointing = true;
    req.gpu = job.gpu.map(|g| catalog.gpu(g).unwrap());
    req.load_warmup = warmup;
    tune(&mut req);
    let opts = FitOptions::default();
    let reserve = bnb_load_reserved_gib(&req, &opts);
    (estimate_with(&catalog, &req, &opts).unwrap(), reserve)
}

/// The load's reserve in GiB from the catalog's shape and the sized weights: half the 16-bit
/// model, and each fp32 copy (embedding, then head) that what the weights as loaded leave of
/// that block cannot hold whole.
fn load_reserve(model: &str, sized_weights_gib: f64) -> f64 {
    let catalog = Catalog::embedded().unwrap();
    let s = Shape::from_model(catalog.model(model).unwrap()).unwrap();
    let (embed, head) = (s.params.embed / GIB, s.params.lm_head / GIB);
    let block = s.params.total / GIB;
    // The sized weights carry the fp32 cast (2 more bytes per embedding and head parameter).
    let loaded = sized_weights_gib - (embed + head) * 2.0;
    let mut tail = block - loaded;
    let mut reserved = block;
    for copy in [embed * 4.0, head * 4.0] {
        if copy <= tail {
            tail -= copy;
        } else {
            reserved += copy;
        }
    }
    reserved
}

fn allocated(r: &FitReport) -> f64 {
    r.per_gpu_gib - r.per_gpu.overhead_gib
}

#[test]
fn a_checkpoint_quantized_while_loading_shows_at_least_the_loads_reserve() {
    // GLM-4-9B at 256 tokens on a 16 GB card; Yi-1.5-9B at 512 tokens with no card named (at
    // 768 and 1536 x 2 their steps alone are above the reserve, the case of
    // `a_step_larger_than_the_reserve_hides_it`).
    for job in [
        Job {
            model: "glm-4-9b",
            ctx: 256,
            batch: 1,
            cards: 1,
            gpu: Some("rtx-4080"),
        },
        Job {
            model: "yi-1.5-9b",
            ctx: 512,
            batch: 1,
            cards: 1,
            gpu: None,
        },
    ] {
        let (on, reserve) = sized(&job, true, |_| {});
        let (off, none) = sized(&job, false, |_| {});
        let expect = load_reserve(job.model, on.weights_gib);
        assert!(
            (reserve - expect).abs() < 0.01,
            "{}: {reserve} vs {expect}",
            job.model
        );
        assert_eq!(none, 0.0, "{}", job.model);
        // What the card shows covers the load's reserve and its CUDA context.
        assert!(
            on.per_gpu_gib >= reserve,
            "{}: {} < {reserve}",
            job.model,
            on.per_gpu_gib
        );
        assert!(on.per_gpu_gib > off.per_gpu_gib, "{}", job.model);
        // Nothing more is allocated: the step carves its tensors from the reserve.
        assert!(
            (allocated(&on) - allocated(&off)).abs() < 1e-9,
            "{}",
            job.model
        );
        assert!(
            (on.weights_gib - off.weights_gib).abs() < 1e-9,
            "{}",
            job.model
        );
    }
}

#[test]
fn a_step_larger_than_the_reserve_hides_it() {
    // Yi-1.5-9B at 8192 x 8 without checkpointing: the step's own peak is far above the load's.
    let job = Job {
        model: "yi-1.5-9b",
        ctx: 8192,
        batch: 8,
        cards: 1,
        gpu: None,
    };
    let (on, reserve) = sized(&job, true, |r| r.grad_checkpointing = false);
    let (off, _) = sized(&job, false, |r| r.grad_checkpointing = false);
    assert!(
        off.per_gpu_gib > reserve + 10.0,
        "{} vs {reserve}",
        off.per_gpu_gib
    );
    assert!((on.per_gpu_gib - off.per_gpu_gib).abs() < 1e-9);
}

#[test]
fn no_reserve_for_unsloth_sharded_bases_or_16_bit_lora() {
    let glm = Job {
        model: "glm-4-9b",
        ctx: 768,
        batch: 1,
        cards: 1,
        gpu: None,
    };
    // Unsloth loads checkpoints saved in 4-bit.
    let (on, r) = sized(&glm, true, |q| q.unsloth = true);
    let (off, _) = sized(&glm, false, |q| q.unsloth = true);
    assert_eq!(r, 0.0);
    assert!((on.per_gpu_gib - off.per_gpu_gib).abs() < 1e-9);
    // ZeRO-3 over two cards (the default there): the base is sharded from the CPU.
    let two = Job { cards: 2, ..glm };
    let (on, r) = sized(&two, true, |_| {});
    let (off, _) = sized(&two, false, |_| {});
    assert_eq!(r, 0.0);
    assert!((on.per_gpu_gib - off.per_gpu_gib).abs() < 1e-9);
    // A 16-bit LoRA loads no bitsandbytes base.
    let (on, r) = sized(&glm, true, |q| {
        q.quant = Quant::Bf16;
        q.task = Task::Lora;
    });
    let (off, _) = sized(&glm, false, |q| {
        q.quant = Quant::Bf16;
        q.task = Task::Lora;
    });
    assert_eq!(r, 0.0);
    assert!((on.per_gpu_gib - off.per_gpu_gib).abs() < 1e-9);
}

#[test]
fn the_block_never_exceeds_the_card_less_its_headroom() {
    // Mistral-Small-3.1-24B on a 16 GB card: half its 16-bit size (about 22 GiB) does not fit.
    let job = Job {
        model: "mistral-small-3.1-24b",
        ctx: 1024,
        batch: 1,
        cards: 1,
        gpu: Some("rtx-4080"),
    };
    let (_, capped) = sized(&job, true, |_| {});
    let (_, free) = sized(&Job { gpu: None, ..job }, true, |_| {});
    let catalog = Catalog::embedded().unwrap();
    let s = Shape::from_model(catalog.model(job.model).unwrap()).unwrap();
    let fp32 = (s.params.embed + s.params.lm_head) * 4.0 / GIB;
    let card = catalog.gpu("rtx-4080").unwrap().vram_gib();
    assert!(capped < free, "{capped} vs {free}");
    assert!(
        capped - fp32 <= card - WARMUP_HEADROOM_GIB + 1e-9,
        "{capped}"
    );
    assert!(capped - fp32 > 0.0);
}

#[test]
fn the_answer_states_the_reserve_and_the_word_in_both_languages() {
    let on = super::chat::ask_fresh("en-US", "/fit glm-4-9b qlora ctx=768 4080");
    let off = super::chat::ask_fresh("en-US", "/fit glm-4-9b qlora ctx=768 4080 warmup=off");
    let job = Job {
        model: "glm-4-9b",
        ctx: 768,
        batch: 1,
        cards: 1,
        gpu: Some("rtx-4080"),
    };
    let (_, reserve) = sized(&job, true, |_| {});
    let figure = format!("{reserve:.1} GiB kept reserved");
    assert!(on.contains(&figure), "{figure}\n{on}");
    assert!(on.contains("warmup=off"), "{on}");
    assert!(
        off.contains("without the loader's half-model reserve"),
        "{off}"
    );
    assert_ne!(on, off);
    let zh = super::chat::ask_fresh("zh-CN", "/fit glm-4-9b qlora ctx=768 4080");
    assert!(zh.contains(&format!("共 {reserve:.1} GiB")), "{zh}");
    assert!(zh.contains("warmup=off"), "{zh}");
    let zh_off = super::chat::ask_fresh("zh-CN", "/fit glm-4-9b qlora ctx=768 4080 加载预热=关");
    assert!(zh_off.contains("加载时不做预留"), "{zh_off}");
}
