//! mem_ew (session 40, issue 24, the older tables' over-estimates): cases of our own, on models
//! and cards of no table row, each asserting what vLLM's own start-up accounting implies for the
//! memory nvidia-smi shows once a server has started on a named card.
//!
//! vLLM gives its KV cache `total × gpu_memory_utilization` less the weights, the start-up
//! profile's activation peak and what sits outside PyTorch (V0: vllm-project/vllm@6ae52299
//! `vllm/worker/worker.py` `determine_num_available_blocks`, `peak_memory =
//! allocated_bytes.all.peak` then `torch.cuda.empty_cache()`; V1:
//! vllm-project/vllm@a6d5c390 `vllm/utils/mem_utils.py` `memory_profiling`, `gc.collect()` and
//! `torch.cuda.empty_cache()` after the profile, `non_kv_cache_memory = non_torch +
//! torch_peak_increase + weights`). The profile's activations are freed and their blocks handed
//! back before the cache is allocated, so a server read right after start-up (`--vllm-started`)
//! holds the budget less that peak, with the CUDA graphs captured after it; under load (the
//! default) a step takes the peak again and the figure is the budget.

use bot_core::Catalog;
use bot_core::vram::{Engine, FitOptions, FitRequest, ModelRef, Quant, Task, estimate_with};

fn served<'a>(c: &'a Catalog, model: &str, quant: Quant, gpu: Option<&str>) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    r.engine = Engine::Vllm;
    r.context = 8192;
    r.gpu = gpu.map(|g| c.gpu(g).unwrap());
    r.vllm_started = true;
    r
}

/// On a named card nvidia-smi shows the budget less the profile's activation peak (released
/// after the profile), the graphs beside it; the need and the verdict do not move.
#[test]
fn a_started_vllm_server_holds_its_budget_less_the_profiles_activations() {
    let c = Catalog::embedded().unwrap();
    for (model, quant, gpu) in [
        ("qwen2.5-coder-7b", Quant::Awq, "l20"),
        ("deepseek-r1-distill-llama-8b", Quant::Awq, "rtx-a5000"),
        ("gemma-2-27b", Quant::Awq, "a40"),
    ] {
        let g = c.gpu(gpu).unwrap();
        for util in [0.8, 0.9, 0.95] {
            let opts = FitOptions {
                vllm_utilization: util,
                ..FitOptions::default()
            };
            let named = estimate_with(&c, &served(&c, model, quant, Some(gpu)), &opts).unwrap();
            let bare = estimate_with(&c, &served(&c, model, quant, None), &opts).unwrap();
            let act = named.per_gpu.activations_gib;
            assert!(act > 0.3, "{model}: a profile peak to release: {named:?}");
            let shown = (util * g.usable_gib() - act + 0.5).min(g.usable_gib());
            assert!(
                (named.per_gpu_gib - shown).abs() < 0.03,
                "{model} on {gpu} at {util}: shown {} vs budget - {act:.2} = {shown:.2}",
                named.per_gpu_gib
            );
            // What must fit is the need, named card or not.
            assert!((named.per_gpu_required_gib - bare.per_gpu_required_gib).abs() < 0.02);
            assert_eq!(named.verdict.as_deref(), Some("fits"), "{named:?}");
        }
    }
}

/// A larger profile peak leaves less on the card after start-up: the same model on the same card
/// with a longer sampler profile (more sequences) shows less, by that peak's growth.
#[test]
fn more_profiled_sequences_leave_less_shown_after_start_up() {
    let c = Catalog::embedded().unwrap();
    let at = |seqs: u32| {
        let opts = FitOptions {
            vllm_max_seqs: Some(seqs),
            ..FitOptions::default()
        };
        let r = served(&c, "qwen2.5-coder-7b", Quant::Awq, Some("l20"));
        estimate_with(&c, &r, &opts).unwrap()
    };
    let (few, many) = (at(64), at(1024));
    let grown = many.per_gpu.activations_gib - few.per_gpu.activations_gib;
    assert!(grown > 0.2, "{few:?} {many:?}");
    let fell = few.per_gpu_gib - many.per_gpu_gib;
    assert!(
        (fell - grown).abs() < 0.03,
        "fell {fell:.2}, peak grew {grown:.2}"
    );
}

/// Under load (the default) the server holds its whole budget again: the flag moves only the
/// start-up figure, by the profile's peak, and never the need.
#[test]
fn under_load_the_budget_is_shown_and_the_need_never_moves() {
    let c = Catalog::embedded().unwrap();
    let started = served(&c, "qwen2.5-coder-7b", Quant::Awq, Some("l20"));
    let mut loaded = served(&c, "qwen2.5-coder-7b", Quant::Awq, Some("l20"));
    loaded.vllm_started = false;
    let s = estimate_with(&c, &started, &FitOptions::default()).unwrap();
    let l = estimate_with(&c, &loaded, &FitOptions::default()).unwrap();
    let g = c.gpu("l20").unwrap();
    let budget = (0.9 * g.usable_gib() + 0.5).min(g.usable_gib());
    assert!((l.per_gpu_gib - budget).abs() < 0.02, "{l:?}");
    assert!(
        (l.per_gpu_gib - s.per_gpu_gib - s.per_gpu.activations_gib).abs() < 0.03,
        "{s:?} {l:?}"
    );
    assert_eq!(s.per_gpu_required_gib, l.per_gpu_required_gib);
    assert_eq!(s.verdict, l.verdict);
}

/// The answer says what nvidia-smi shows right after start-up, in both languages; a server
/// read at start-up and Transformers say nothing of it.
#[test]
fn the_answer_gives_the_start_up_figure_beside_the_budget() {
    use super::chat::ask_fresh as ask;
    let en = ask("en-US", "/fit qwen2.5-coder-7b awq ctx=8192 vllm l20");
    assert!(
        en.contains("Right after start-up, before its first request"),
        "{en}"
    );
    assert!(en.contains("hands its start-up profile's"), "{en}");
    let zh = ask("zh-CN", "/fit qwen2.5-coder-7b awq ctx=8192 vllm l20");
    assert!(zh.contains("刚启动、还没处理第一个请求时"), "{zh}");
    let hf = ask("en-US", "/fit qwen2.5-coder-7b awq ctx=8192 l20");
    assert!(!hf.contains("Right after start-up"), "{hf}");
}
