//! mem_cw (session 30, held-out 50's misses): TGI 1.x's AWQ GEMM (llm-awq's `gemm_forward_cuda`,
//! called with `split_k_iters` 8) writes eight 16-bit partial outputs before summing them, so a
//! prefill holds 8 x tokens x the widest projection's shard beyond the output; and nvidia-smi
//! summed over the cards of a vLLM-class server shows each card's KV pool fill, which the
//! estimate's total (what the job needs) leaves out. Cases on models and settings of no table row.

use bot_core::Catalog;
use bot_core::vram::tgi_pool::{WARMUP_PREFILL_TOKENS, awq_split_k_bytes};
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Server, Shape, Task, TgiRelease,
    estimate_with,
};

use crate::fit_reference::public::{Outcome, parse, replay};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn shape(c: &Catalog, id: &str) -> Shape {
    Shape::from_model(c.model(id).unwrap()).unwrap()
}

fn tgi<'a>(c: &'a Catalog, id: &str, quant: Quant, release: Option<&str>) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = Engine::Vllm;
    r.cards = 2;
    r.context = 4096;
    r.gpu = Some(c.gpu("l4").unwrap());
    r.tgi_release = release.map(|w| TgiRelease::parse(w).unwrap());
    r
}

fn run(c: &Catalog, r: &FitRequest) -> FitReport {
    let o = FitOptions {
        server: Some(Server::Tgi),
        ..FitOptions::default()
    };
    estimate_with(c, r, &o).unwrap()
}

#[test]
fn split_k_partials_follow_tokens_mlp_width_and_shards() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen2.5-32b");
    let r = tgi(&c, "qwen2.5-32b", Quant::Awq, Some("1.4"));
    let one = awq_split_k_bytes(&s, &r, 1000.0, 2.0);
    // Eight 16-bit copies of the merged gate/up output of one shard.
    assert_eq!(
        one,
        8.0 * 1000.0 * (2.0 * s.intermediate as f64 / 2.0) * 2.0
    );
    assert_eq!(awq_split_k_bytes(&s, &r, 2000.0, 2.0), 2.0 * one);
    assert_eq!(awq_split_k_bytes(&s, &r, 1000.0, 4.0), one / 2.0);
    let mut wider = s.clone();
    wider.intermediate *= 2;
    assert_eq!(awq_split_k_bytes(&wider, &r, 1000.0, 2.0), 2.0 * one);
}

#[test]
fn split_k_partials_only_for_awq_under_tgi_1x() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen2.5-14b");
    let p = WARMUP_PREFILL_TOKENS;
    assert!(awq_split_k_bytes(&s, &tgi(&c, "qwen2.5-14b", Quant::Awq, Some("1.1")), p, 1.0) > 0.0);
    for (q, rel) in [
        (Quant::GptqInt4, Some("1.1")),
        (Quant::Bf16, Some("1.4")),
        (Quant::Awq, Some("2.2")),
        (Quant::Awq, None),
    ] {
        let r = tgi(&c, "qwen2.5-14b", q, rel);
        assert_eq!(awq_split_k_bytes(&s, &r, p, 1.0), 0.0, "{q:?} {rel:?}");
    }
    // An MoE's experts run through other code: no term.
    let m = shape(&c, "mixtral-8x7b");
    let r = tgi(&c, "mixtral-8x7b", Quant::Awq, Some("1.4"));
    assert_eq!(awq_split_k_bytes(&m, &r, p, 1.0), 0.0);
}

#[test]
fn tgi_1x_awq_needs_the_warm_up_partials_beyond_its_gptq_twin() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen2.5-32b");
    let awq = run(&c, &tgi(&c, "qwen2.5-32b", Quant::Awq, Some("1.4")));
    let gptq = run(&c, &tgi(&c, "qwen2.5-32b", Quant::GptqInt4, Some("1.4")));
    let later = run(&c, &tgi(&c, "qwen2.5-32b", Quant::Awq, Some("2.2")));
    let r = tgi(&c, "qwen2.5-32b", Quant::Awq, Some("1.4"));
    let partials = awq_split_k_bytes(&s, &r, WARMUP_PREFILL_TOKENS, 2.0) / GIB;
    let gap = awq.per_gpu.activations_gib - gptq.per_gpu.activations_gib;
    assert!((gap - partials).abs() < 0.02, "{gap} vs {partials}");
    assert!(
        awq.per_gpu_required_gib > gptq.per_gpu_required_gib + partials - 0.05,
        "{} vs {} + {partials}",
        awq.per_gpu_required_gib,
        gptq.per_gpu_required_gib
    );
    // A release not read for that kernel keeps the twin's activations.
    assert!((later.per_gpu.activations_gib - gptq.per_gpu.activations_gib).abs() < 0.02);
}

fn case(engine: &str, gpu: &str, cards: u32, basis: &str) -> String {
    format!(
        "model\ttask\tquant\tcontext\tbatch\tgpus\tgpu\texpect\tbasis\tengine\tflags\tsource_url\tquote\n\
         qwen2.5-32b\tinfer\tbf16\t16384\t1\t{cards}\t{gpu}\t100\t{basis}\t{engine}\t-\thttps://example.invalid\tq\n"
    )
}

fn estimate_of(text: &str) -> f64 {
    let c = Catalog::embedded().unwrap();
    let cases = parse(text);
    match replay(&c, &cases[0]) {
        Outcome::Error(_, est) => est,
        Outcome::Verdict { .. } => panic!("a numeric row"),
    }
}

#[test]
fn smi_sum_reads_what_each_card_shows_under_a_pool_server() {
    // LMDeploy's pool (0.8 of what the weights leave) fills each card whatever the job needs:
    // summed, the cards show every card's `smi` figure, not the job's total.
    for (gpu, cards) in [("h100-sxm", 2u32), ("a100-80g-sxm", 4)] {
        let sum = estimate_of(&case("lmdeploy", gpu, cards, "smi-sum"));
        let one = estimate_of(&case("lmdeploy", gpu, cards, "smi"));
        let want = one * cards as f64;
        assert!(
            (sum - want).abs() < 0.05 * cards as f64,
            "{gpu}: {sum} vs {want}"
        );
    }
    // Without a pool (Transformers' layer split) nothing is added beyond the allocator's cache.
    let hf = estimate_of(&case("transformers", "h100-sxm", 2, "smi-sum"));
    let hf_one = estimate_of(&case("transformers", "h100-sxm", 2, "smi"));
    assert!(hf <= 2.0 * hf_one + 0.05, "{hf} vs {hf_one}");
}

#[test]
fn qwen3_6_entries_are_sized_as_their_qwen3_5_twins() {
    // Their config.json text_config is Qwen3.5's (catalog source_note): the same shape, the
    // same KV and recurrent state, so the same estimate.
    let c = Catalog::embedded().unwrap();
    for (new, old) in [
        ("qwen3.6-27b", "qwen3.5-27b"),
        ("qwen3.6-35b-a3b", "qwen3.5-35b-a3b"),
    ] {
        let report = |id: &str| {
            let mut r = FitRequest::new(
                ModelRef::Known(c.model(id).unwrap()),
                Quant::Bf16,
                Task::Infer,
            );
            r.engine = Engine::Vllm;
            r.context = 65_536;
            estimate_with(&c, &r, &FitOptions::default()).unwrap()
        };
        let (a, b) = (report(new), report(old));
        assert_eq!(a.per_gpu_gib, b.per_gpu_gib, "{new}");
        assert_eq!(a.kv_cache_gib, b.kv_cache_gib, "{new}");
    }
    assert_eq!(c.model("Qwen/Qwen3.6-27B").unwrap().id, "qwen3.6-27b");
}
