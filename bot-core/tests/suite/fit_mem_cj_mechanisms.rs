//! mem_cj (session 29): vLLM refuses to start at a `--max-model-len` whose one request its KV
//! pool cannot hold (`vram::vllm_max_len`: V1 `check_enough_kv_cache_memory` with
//! `estimate_max_model_len`); the answer names the longest length it starts at and what the
//! card shows then. Cases of our own: models, cards and shares of no row.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, VLLM_CUDA_GRAPHS_GIB,
    estimate_with,
};

fn vllm(c: &Catalog, id: &str, gpu: &str, ctx: u32, util: f64) -> FitReport {
    super::fit_fixtures::vllm_on(c, id, gpu, ctx, 1, util)
}

#[test]
fn vllm_refuses_a_context_its_pool_cannot_hold_and_names_the_longest_it_starts_at() {
    let c = Catalog::embedded().unwrap();
    for (id, gpu, util) in [
        ("llama-3.1-8b", "rtx-4090", 0.9),
        ("llama-3.1-8b", "l40s", 0.5),
        ("qwen2.5-14b", "l40s", 0.9),
    ] {
        let usable = c.gpu(gpu).unwrap().usable_gib();
        let rep = vllm(&c, id, gpu, 131_072, util);
        let m = rep.vllm_max_len.expect("refused at 131072");
        assert!(
            m.tokens > 0 && m.tokens < 131_072,
            "{id} on {gpu}: {}",
            m.tokens
        );
        // Not a fit at the context asked for.
        assert!(
            !matches!(rep.verdict.as_deref(), Some("fits" | "tight")),
            "{id}"
        );
        // The longest: it starts there, and one token more is refused.
        assert!(
            vllm(&c, id, gpu, m.tokens, util).vllm_max_len.is_none(),
            "{id}"
        );
        assert!(
            vllm(&c, id, gpu, m.tokens + 1, util).vllm_max_len.is_some(),
            "{id}"
        );
        // The card then shows the share and the graphs, at most the card.
        let shown = (util * usable + VLLM_CUDA_GRAPHS_GIB).min(usable);
        assert!(
            (m.shown_gib - shown).abs() < 0.01,
            "{id}: {} vs {shown}",
            m.shown_gib
        );
        // A larger share holds a longer request.
        if util < 0.95 {
            let more = vllm(&c, id, gpu, 131_072, util + 0.05).vllm_max_len;
            assert!(more.is_none_or(|x| x.tokens > m.tokens), "{id}");
        }
    }
}

#[test]
fn vllm_max_len_only_where_vllm_itself_refuses() {
    let c = Catalog::embedded().unwrap();
    // A context the share holds: no line.
    assert!(
        vllm(&c, "llama-3.1-8b", "rtx-4090", 8192, 0.9)
            .vllm_max_len
            .is_none()
    );
    assert!(
        vllm(&c, "llama-3.1-8b", "l40s", 131_072, 0.9)
            .vllm_max_len
            .is_none()
    );
    // Transformers, and SGLang with its own pool rule (`vram::sglang_pool`), are not vLLM's
    // start-up check.
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("llama-3.1-8b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.gpu = Some(c.gpu("rtx-4090").unwrap());
    r.context = 131_072;
    r.engine = Engine::Transformers;
    let rep = estimate_with(&c, &r, &FitOptions::default()).unwrap();
    assert!(rep.vllm_max_len.is_none());
    r.engine = Engine::Vllm;
    let sglang = FitOptions {
        server: bot_core::vram::Server::parse("sglang"),
        ..FitOptions::default()
    };
    assert!(
        estimate_with(&c, &r, &sglang)
            .unwrap()
            .vllm_max_len
            .is_none()
    );
    // No card named: nothing to refuse against.
    r.gpu = None;
    let rep = estimate_with(&c, &r, &FitOptions::default()).unwrap();
    assert!(rep.vllm_max_len.is_none());
}
