//! More cards never make a job need more memory on a card: for every engine, task,
//! attention implementation and a spread of models, contexts and batches, the busiest card's
//! memory (and each of its parts) does not rise with the card count, and the report says which
//! parallelism it assumed.

use bot_core::Catalog;
use bot_core::vram::{
    Attention, Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Shape, Task, Zero,
    estimate_with, fp32_master_weights, nccl_buffers_gib, tp_valid,
};

const CARDS: [u32; 10] = [1, 2, 3, 4, 5, 6, 8, 16, 32, 64];

fn parts(r: &FitReport) -> [(&'static str, f64); 6] {
    [
        ("per_gpu", r.per_gpu_gib),
        ("weights", r.per_gpu.weights_gib),
        ("kv", r.per_gpu.kv_cache_gib),
        ("activations", r.per_gpu.activations_gib),
        ("optimizer", r.per_gpu.optimizer_gib),
        ("overhead", r.per_gpu.overhead_gib),
    ]
}

fn p_cards(prev: &Option<FitReport>) -> Option<u32> {
    prev.as_ref().map(|p| p.cards)
}

fn check(catalog: &Catalog, req: &FitRequest, opts: &FitOptions, what: &str) -> usize {
    let mut prev: Option<FitReport> = None;
    let mut checked = 0;
    for cards in CARDS {
        let mut r = req.clone();
        r.cards = cards;
        let Ok(rep) = estimate_with(catalog, &r, opts) else {
            return checked;
        };
        let sum: f64 = parts(&rep)[1..].iter().map(|(_, v)| v).sum();
        assert!(
            (sum - rep.per_gpu_gib).abs() < 0.05,
            "{what} x{cards}: per-card parts {sum} != per_gpu {}",
            rep.per_gpu_gib
        );
        // vLLM runs a count its heads refuse as tensor parallel as TP x PP where some valid
        // tensor size divides it into at most one stage per layer (`vram::pipeline`).
        let refused = match req.model {
            ModelRef::Known(m) => Shape::from_model(m).is_ok_and(|s| {
                !tp_valid(&s, cards)
                    && (1..cards)
                        .any(|t| cards % t == 0 && tp_valid(&s, t) && cards / t <= s.layers)
            }),
            ModelRef::BySize { .. } => false,
        };
        let expected = match (cards, req.task, req.engine) {
            (1, _, _) => "none",
            (_, Task::Infer, Engine::Vllm) if refused && req.data_parallel <= 1 => "pipeline",
            (_, Task::Infer, Engine::Vllm) => "tensor",
            (_, Task::Infer, _) => "layer",
            _ => match opts.zero.unwrap_or(Zero::Three) {
                Zero::Off => "data",
                Zero::One => "zero1",
                Zero::Two => "zero2",
                Zero::Three => "zero3",
            },
        };
        assert_eq!(rep.parallelism, expected, "{what} x{cards}");
        // One card trains in plain PyTorch (AdamW moments in the bf16 model's dtype); several
        // under DeepSpeed ZeRO, whose optimizer keeps fp32 masters (`fp32_master_weights`):
        // another trainer, so the step from one card to two is not compared when it switches.
        let mut one = req.clone();
        one.cards = 1;
        let switches = cards > 1
            && p_cards(&prev) == Some(1)
            && fp32_master_weights(&one, opts) != fp32_master_weights(&r, opts);
        // Under TP x PP (`vram::pipeline`) a card holds its stage's layers and ends over the
        // stage's tensor size, and the start-up profile runs at that size: against a previous
        // count run as wider tensor parallel a card can hold more (a whole embedding at tensor
        // size 1, a larger profile), as vLLM's own cards do. Not compared across that switch;
        // `fit_mem_ef_mechanisms` checks the stage's share itself.
        let piped = rep.parallelism == "pipeline"
            || prev.as_ref().is_some_and(|p| p.parallelism == "pipeline");
        if let Some(p) = prev.as_ref().filter(|_| !switches && !piped) {
            for ((name, before), (_, now)) in parts(p).iter().zip(parts(&rep).iter()) {
                // A 16-bit frozen base sharded by ZeRO-3 is gathered and freed layer by layer,
                // so the allocator's reserve holds a share of it that one card, whose base is
                // allocated once, does not; the card's total (checked too) still falls.
                let sharded_now = p.cards == 1 && rep.parallelism == "zero3";
                if *name == "overhead" && sharded_now && req.task != Task::Infer {
                    continue;
                }
                // A trainer that loads the whole model on every card before sharding it
                // (`vram::whole_load`, said in the report): the load's peak is the same on any
                // count, and the overhead is what it holds beyond the sharded step's parts, so it
                // grows as they shrink; the card's total (checked too) does not rise.
                if *name == "overhead" && rep.whole_load_gib.is_some() {
                    continue;
                }
                // Training on several cards adds NCCL's own buffers to each card's overhead
                // (`vram::nccl_buffers_gib`), more for a group larger than two: real memory
                // that sharding a small model does not win back.
                let training = req.task.is_training();
                // Plain DDP's all-reduce buckets copy every gradient (`train::compute_train`),
                // which one card does not hold, and the allocator's share of them (at most a
                // quarter) sits in the overhead.
                let ddp = opts.zero == Some(Zero::Off) && training && p.cards == 1;
                let buckets = if ddp {
                    rep.trainable_params_b * 2e9 / bot_core::vram::GIB + 0.01
                } else {
                    0.0
                };
                // DeepSpeed ZeRO-1/2's gradient bucket (`train::deepspeed_ipg_bytes`): 5e8
                // elements of bf16 allocated in every backward pass, which one card does not
                // hold, with the allocator's share of it.
                let zero12 = matches!(opts.zero, Some(Zero::One) | Some(Zero::Two));
                let ipg = if zero12 && training && p.cards == 1 {
                    5e8 * 2.0 / bot_core::vram::GIB
                } else {
                    0.0
                };
                let comm = nccl_buffers_gib(training, cards) - nccl_buffers_gib(training, p.cards);
                // The loader's warm-up block of a bitsandbytes base quantized at load
                // (`vram::bnb_load`) is the same on every card: what ZeRO-1/2 frees of the
                // step shows as that block's cache in the overhead; the card's total (the
                // `per_gpu` part) still does not rise.
                let block = bot_core::vram::bnb_load_reserved_gib(&r, opts);
                let nccl = match *name {
                    "per_gpu" => comm + 1.25 * (buckets + ipg),
                    "overhead" => comm + 0.25 * (buckets + ipg) + block,
                    "optimizer" => buckets,
                    "activations" => ipg,
                    _ => 0.0,
                };
                assert!(
                    *now <= *before + 0.01 + nccl,
                    "{what}: {name} rises from {before} GiB on {} cards to {now} GiB on {cards}",
                    p.cards
                );
            }
            // What all the cards hold of the model itself is never less than one copy.
            assert!(rep.weights_gib + 0.01 >= p.weights_gib.min(rep.weights_gib));
        }
        prev = Some(rep);
        checked += 1;
    }
    checked
}

/// Every model, engine and task in CI, with a quarter of the other switches (context and batch,
/// attention, ZeRO stage, checkpointing) each: which quarter turns with the model, so every
/// combination of switches is still checked on some model. The whole product (four times the
/// configurations, the longest test of the suite) runs by hand:
/// `cargo test -p bot-core --test suite fit_cards::every_configuration -- --ignored`.
#[test]
fn per_card_memory_never_rises_with_card_count() {
    assert!(sweep(4) > 1400);
}

#[test]
#[ignore = "the whole product of switches, four times CI's share: run by hand"]
fn every_configuration_never_needs_more_per_card_with_more_cards() {
    assert!(sweep(1) > 5000);
}

/// Checks one in `stride` combinations of the switches for each model and engine (all when 1),
/// starting at an offset that turns with them; returns how many configurations were checked.
fn sweep(stride: usize) -> usize {
    let catalog = Catalog::embedded().unwrap();
    let models = [
        "qwen2.5-0.5b",
        "qwen2.5-7b",
        "qwen2.5-72b",
        "qwen3-30b-a3b",
        "deepseek-v3",
        "llama-2-7b",
        "mixtral-8x7b",
    ];
    let mut refs: Vec<ModelRef> = models
        .iter()
        .map(|id| ModelRef::Known(catalog.model(id).unwrap()))
        .collect();
    refs.push(ModelRef::BySize {
        params_b: 13.0,
        active_b: None,
    });
    refs.push(ModelRef::BySize {
        params_b: 70.0,
        active_b: None,
    });
    let mut checked = 0;
    for (m, model) in refs.iter().enumerate() {
        for (e, engine) in [Engine::Transformers, Engine::Vllm, Engine::Llamacpp]
            .into_iter()
            .enumerate()
        {
            let mut switches = m + e;
            for (task, quant) in [
                (Task::Infer, Quant::Bf16),
                (Task::Infer, Quant::Int4),
                (Task::Infer, Quant::Fp8),
                (Task::Infer, Quant::Awq),
                (Task::Infer, Quant::Q4KM),
                (Task::Lora, Quant::Bf16),
                (Task::Qlora, Quant::Nf4),
                (Task::Qlora, Quant::GptqInt4),
                (Task::Full, Quant::Bf16),
            ] {
                for (context, batch) in [(2048, 1), (32768, 1), (4096, 8)] {
                    for attention in [None, Some(Attention::Eager)] {
                        for zero in [None, Some(Zero::Off), Some(Zero::One), Some(Zero::Two)] {
                            if zero.is_some() && !task.is_training() {
                                continue;
                            }
                            for gc in [false, true] {
                                if gc && !task.is_training() {
                                    continue;
                                }
                                switches += 1;
                                if switches % stride != 0 {
                                    continue;
                                }
                                let mut req = FitRequest::new(*model, quant, task);
                                req.engine = engine;
                                req.context = context;
                                req.batch = batch;
                                req.attention = attention;
                                req.grad_checkpointing = gc;
                                let opts = FitOptions {
                                    zero,
                                    ..FitOptions::default()
                                };
                                let name = match model {
                                    ModelRef::Known(m) => m.id.clone(),
                                    ModelRef::BySize { params_b, .. } => format!("{params_b}b"),
                                };
                                let what = format!(
                                    "{name} {quant} {} {} ctx={context} batch={batch} attn={} zero={zero:?} gc={gc}",
                                    task.key(),
                                    engine.key(),
                                    req.attention().key()
                                );
                                checked += check(&catalog, &req, &opts, &what);
                            }
                        }
                    }
                }
            }
        }
    }
    checked
}

#[test]
fn the_issue_example_shrinks_per_card() {
    // Qwen2.5-72B int4 at 32k: 1, 2, 3 cards (4 under vLLM, which cannot split its 64 heads
    // over 3: `fit_tp`), every engine; the busiest card needs strictly
    // less each time. Under vLLM the activation peak is its start-up profile's: the forward
    // pass (whose FFN part tensor parallelism splits) or, larger here, the sampler over the whole
    // vocabulary, which every rank holds (llm-d's logs: Qwen3-32B 5.64 GiB on 1 and on 2 H100s),
    // so it never grows with the cards and need not shrink.
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("qwen2.5-72b").unwrap();
    for engine in [Engine::Transformers, Engine::Vllm, Engine::Llamacpp] {
        let mut last = f64::INFINITY;
        let mut act = f64::INFINITY;
        let counts = if engine == Engine::Vllm {
            [1, 2, 4]
        } else {
            [1, 2, 3]
        };
        for cards in counts {
            let mut req = FitRequest::new(ModelRef::Known(m), Quant::Int4, Task::Infer);
            req.engine = engine;
            req.context = 32768;
            req.cards = cards;
            let r = estimate_with(&catalog, &req, &FitOptions::default()).unwrap();
            assert!(
                r.per_gpu_gib < last,
                "{engine:?} x{cards}: {}",
                r.per_gpu_gib
            );
            assert!(r.per_gpu.activations_gib <= act);
            last = r.per_gpu_gib;
            act = r.per_gpu.activations_gib;
        }
    }
}

#[test]
fn eager_attention_materializes_scores_at_long_context() {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("qwen2.5-7b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    req.context = 32768;
    assert_eq!(req.attention(), Attention::Sdpa, "Transformers default");
    let sdpa = estimate_with(&catalog, &req, &FitOptions::default()).unwrap();
    assert_eq!(sdpa.attention, "sdpa");
    req.attention = Some(Attention::Eager);
    let eager = estimate_with(&catalog, &req, &FitOptions::default()).unwrap();
    assert_eq!(eager.attention, "eager");
    // 28 heads x 32768^2 scores x 10 B in bf16 (the fp32 copy softmax makes of a bf16 input)
    // + the 2-byte mask = 282 GiB more live; the allocator's split segments hold 6 B more
    // per score, in the overhead (not allocated, but deciding the fit).
    let extra = eager.activations_gib - sdpa.activations_gib;
    assert!((extra - 282.0).abs() < 1.0, "{extra}");
    let held = eager.overhead_gib - sdpa.overhead_gib;
    assert!((held - 168.0).abs() < 1.0, "{held}");
    assert!(eager.per_gpu_required_gib - sdpa.per_gpu_required_gib > 449.0);
    // fp16 takes ATen's fused half-to-float softmax: no copy, 8 B live and 4 B held.
    let mut h = req.clone();
    h.quant = Quant::Fp16;
    let h_eager = estimate_with(&catalog, &h, &FitOptions::default()).unwrap();
    h.attention = Some(Attention::Sdpa);
    let h_sdpa = estimate_with(&catalog, &h, &FitOptions::default()).unwrap();
    let extra = h_eager.activations_gib - h_sdpa.activations_gib;
    assert!((extra - 226.0).abs() < 1.0, "{extra}");
    let held = h_eager.overhead_gib - h_sdpa.overhead_gib;
    assert!((held - 112.0).abs() < 1.0, "{held}");
    let mut v = req.clone();
    v.engine = Engine::Vllm;
    v.attention = None;
    assert_eq!(v.attention(), Attention::Flash);
    let mut l = req.clone();
    l.engine = Engine::Llamacpp;
    l.attention = None;
    assert_eq!(l.attention(), Attention::Flash);
}
