//! SGLang starts with a token pool shorter than the job asks for (`vram::sglang_pool`, held-out
//! 37's Kimi-K2.5 server that ran where the answer said "short"). SGLang sizes its pool from
//! `--mem-fraction-static` of the card less what loading used (`rest_memory =
//! available_device_memory - total_device_memory * (1 - mem_fraction_static)`), refuses to start
//! only when that pool is empty, and caps a request at the pool (`max_req_input_len =
//! min(context_len - 1, max_total_num_tokens - 1)`, `managers/tp_worker.py`); vLLM refuses to
//! start when its pool cannot hold one `max_model_len` sequence. Our own cases: models, cards
//! and fractions of no table row (DeepSeek-R1 at sglang#4048's settings on cards that issue does
//! not name, Qwen2.5 7B/14B on single cards).

use bot_core::Catalog;
use bot_core::advice;
use bot_core::vram::{
    CUDA_CONTEXT_GIB, Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Server, Task,
};

struct Job<'a> {
    model: &'a str,
    quant: Quant,
    context: u32,
    batch: u32,
    cards: u32,
    gpu: &'a str,
}

fn fit(job: &Job, engine: &str, fraction: Option<f64>) -> advice::Fit {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model(job.model).unwrap()),
        job.quant,
        Task::Infer,
    );
    req.engine = Engine::Vllm;
    req.context = job.context;
    req.batch = job.batch;
    req.cards = job.cards;
    req.gpu = Some(catalog.gpu(job.gpu).unwrap());
    let mut opts = FitOptions {
        server: Server::parse(engine),
        server_fraction: fraction,
        ..FitOptions::default()
    };
    if engine == "vllm" {
        opts.vllm_utilization = fraction.unwrap_or(opts.vllm_utilization);
    }
    advice::decide(&catalog, &req, &opts).unwrap()
}

fn report(job: &Job, engine: &str, fraction: Option<f64>) -> FitReport {
    fit(job, engine, fraction).report
}

/// sglang#4048's settings: DeepSeek-R1 (FP8) at `--tp 8 --mem-fraction-static 0.9
/// --context-length 163840`; there it started and refused a 160062-token request.
const R1_163K: Job = Job {
    model: "deepseek-r1",
    quant: Quant::Fp8,
    context: 163_840,
    batch: 1,
    cards: 8,
    gpu: "h20",
};

#[test]
fn sglang_starts_with_a_pool_shorter_than_the_context() {
    let r = report(&R1_163K, "sglang", Some(0.9));
    assert_eq!(r.verdict.as_deref(), Some("pool"), "{r:?}");
    assert_eq!(r.fits, Some(true));
    assert!(r.starts_short() && !r.holds_all());
    let pool = r.server_pool.expect("the pool it starts with");
    assert!(pool.clipped && pool.full_requests == 0);
    assert!(pool.tokens > 0 && pool.tokens < u64::from(R1_163K.context));
    // The mechanism, not a figure: the pool is the fraction of the card less the weights and
    // the CUDA context, over one token's cache on a card (MLA's latent, on every rank).
    let card = Catalog::embedded()
        .unwrap()
        .gpu("h20")
        .unwrap()
        .usable_gib();
    let room = 0.9 * card - r.per_gpu.weights_gib - CUDA_CONTEXT_GIB;
    let per_token = r.per_gpu.kv_cache_gib / f64::from(R1_163K.context);
    let want = room / per_token;
    assert!(
        (pool.tokens as f64 - want).abs() / want < 0.01,
        "{} tokens vs {want:.0}",
        pool.tokens
    );
    // The figures stay the whole demand (over the card); the margin is the started server's.
    assert!(r.per_gpu_required_gib > card);
    assert!(r.margin_gib.unwrap() > 0.0 && pool.held_gib <= card);
}

#[test]
fn vllm_still_refuses_a_pool_shorter_than_one_sequence() {
    let r = report(&R1_163K, "vllm", Some(0.9));
    assert_eq!(r.fits, Some(false), "{:?}", r.verdict);
    assert!(r.server_pool.is_none());
}

#[test]
fn an_empty_pool_does_not_start() {
    // Each H100 holds about 78 GiB of DeepSeek-R1's weights: more than 0.9 of its 79.6 GiB
    // less the CUDA context, so SGLang raises "Not enough memory".
    let on_h100 = Job {
        gpu: "h100-sxm",
        ..R1_163K
    };
    let r = report(&on_h100, "sglang", Some(0.9));
    assert_eq!(r.fits, Some(false), "{:?}", r.verdict);
    assert!(r.server_pool.is_none());
}

#[test]
fn a_pool_that_holds_the_demand_keeps_the_usual_verdict() {
    let on_h200 = Job {
        gpu: "h200-sxm",
        ..R1_163K
    };
    let r = report(&on_h200, "sglang", Some(0.9));
    assert_eq!(r.verdict.as_deref(), Some("fits"));
    assert!(r.server_pool.is_none() && r.holds_all());
}

#[test]
fn a_larger_fraction_makes_the_pool_longer_until_it_holds_the_context() {
    let job = Job {
        model: "qwen2.5-14b",
        quant: Quant::Bf16,
        context: 32_768,
        batch: 1,
        cards: 1,
        gpu: "a100-40g-pcie",
    };
    let tokens = |f: f64| {
        report(&job, "sglang", Some(f))
            .server_pool
            .map(|p| p.tokens)
    };
    let (low, mid) = (tokens(0.80).unwrap(), tokens(0.83).unwrap());
    assert!(low < mid && mid < 32_768, "{low} {mid}");
    // At 0.88 the pool holds the whole context: the usual verdict, no pool line.
    let high = report(&job, "sglang", Some(0.88));
    assert!(high.server_pool.is_none());
    assert!(matches!(high.verdict.as_deref(), Some("fits" | "tight")));
}

#[test]
fn a_pool_with_room_for_some_full_requests_says_how_many() {
    let job = Job {
        model: "qwen2.5-7b",
        quant: Quant::Bf16,
        context: 32_768,
        batch: 16,
        cards: 1,
        gpu: "rtx-4090",
    };
    let f = fit(&job, "sglang", None);
    let pool = f.report.server_pool.expect("pool");
    assert!(!pool.clipped);
    assert!(pool.full_requests >= 1 && pool.full_requests < 16);
    assert!(pool.tokens >= u64::from(pool.full_requests) * 32_768);
    // The cards that hold every request at once are offered beside it.
    assert!(!f.alternatives.is_empty());
}

#[test]
fn the_answer_says_the_pool_in_both_languages() {
    let line = "/fit qwen2.5-14b bf16 ctx=32k engine=sglang a100-40g-pcie";
    let en = super::chat::ask_fresh("en-US", line);
    let zh = super::chat::ask_fresh("zh-CN", line);
    let tokens = report(
        &Job {
            model: "qwen2.5-14b",
            quant: Quant::Bf16,
            context: 32_768,
            batch: 1,
            cards: 1,
            gpu: "a100-40g-pcie",
        },
        "sglang",
        None,
    )
    .server_pool
    .expect("pool")
    .tokens
    .to_string();
    assert!(en.contains("SGLang starts on"), "{en}");
    assert!(
        en.contains(&tokens) && en.contains("--allow-auto-truncate"),
        "{en}"
    );
    assert!(!en.contains("Does not fit"), "{en}");
    assert!(zh.contains("SGLang 能在"), "{zh}");
    assert!(zh.contains(&tokens) && zh.contains("报错拒绝"), "{zh}");
    assert!(!zh.contains("放不下，"), "{zh}");
}
