//! vLLM sized by its start-up profile (issue 24, session 6): the scheduler defaults follow the
//! card's class (`VllmDefaults::for_card`), the activation peak is the larger of the forward
//! pass over `max_num_batched_tokens` and the sampler over `max_num_seqs` rows of the whole
//! vocabulary, and neither depends on the context or the batch asked for. Measured rows are in
//! `tests/data/measured_memory_heldout2.tsv`; these are the mechanism's own cases.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, VLLM_SAMPLER_BYTES_PER_LOGIT,
    VllmDefaults, estimate_with,
};

const GIB: f64 = 1_073_741_824.0;

fn vllm(
    c: &Catalog,
    model: &str,
    quant: Quant,
    ctx: u32,
    batch: u32,
    gpu: Option<&str>,
) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    r.engine = Engine::Vllm;
    r.context = ctx;
    r.batch = batch;
    r.gpu = gpu.map(|g| c.gpu(g).unwrap());
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

#[test]
fn the_defaults_follow_the_card_class_as_vllm_picks_them() {
    let c = Catalog::embedded().unwrap();
    let class = |id: &str| VllmDefaults::for_card(Some(c.gpu(id).unwrap()));
    // >= 70 GiB and not an A100: 8192 tokens, 1024 sequences.
    for id in [
        "h100-sxm",
        "h100-pcie",
        "h200-sxm",
        "h20",
        "a800-80g-sxm",
        "b200",
        "mi300x",
    ] {
        assert_eq!(class(id), VllmDefaults::LARGE, "{id}");
    }
    // Smaller cards, and every A100 whatever its memory: 2048 and 256.
    for id in [
        "rtx-4090",
        "rtx-3090",
        "l40s",
        "a10",
        "a100-40g-sxm",
        "a100-80g-sxm",
        "a100-80g-pcie",
    ] {
        assert_eq!(class(id), VllmDefaults::SMALL, "{id}");
    }
    // No card named: the smaller class (the answer says what the larger adds).
    assert_eq!(VllmDefaults::for_card(None), VllmDefaults::SMALL);
}

#[test]
fn the_sampler_over_the_whole_vocabulary_is_a_floor_on_every_card() {
    let c = Catalog::embedded().unwrap();
    let mut checked = 0;
    for m in c.models.iter().filter(|m| m.vocab > 0) {
        for (gpu, d) in [
            ("h100-sxm", VllmDefaults::LARGE),
            ("rtx-4090", VllmDefaults::SMALL),
        ] {
            let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
            req.engine = Engine::Vllm;
            req.context = 4096;
            req.gpu = Some(c.gpu(gpu).unwrap());
            let Ok(r) = estimate_with(&c, &req, &FitOptions::default()) else {
                continue;
            };
            let floor = d.max_seqs as f64 * m.vocab as f64 * VLLM_SAMPLER_BYTES_PER_LOGIT / GIB;
            assert!(
                r.per_gpu.activations_gib + 0.01 >= floor,
                "{} on {gpu}: activations {} below the sampler's {floor:.2}",
                m.id,
                r.per_gpu.activations_gib
            );
            checked += 1;
        }
    }
    assert!(checked > 50, "checked {checked}");
}

#[test]
fn a_profile_does_not_grow_with_the_context_or_the_batch() {
    let c = Catalog::embedded().unwrap();
    for model in ["qwen2.5-7b", "llama-3.1-8b", "mistral-small-3.1-24b"] {
        for gpu in ["h100-sxm", "rtx-4090", "a100-80g-sxm"] {
            let a = vllm(&c, model, Quant::Bf16, 2048, 1, Some(gpu));
            let b = vllm(&c, model, Quant::Bf16, 32768, 16, Some(gpu));
            assert_eq!(
                a.per_gpu.activations_gib, b.per_gpu.activations_gib,
                "{model} on {gpu}"
            );
            // The KV cache does grow: it is what the context and the batch change.
            assert!(b.per_gpu.kv_cache_gib > a.per_gpu.kv_cache_gib * 100.0);
        }
    }
    // An A100 80GB takes the smaller defaults, an H100 the larger: the same job needs more on
    // the H100 (Qwen2.5-7B: 1024 x 152064 x 39 B = 5.7 GiB against 1.4).
    let h = vllm(&c, "qwen2.5-7b", Quant::Bf16, 8192, 1, Some("h100-sxm"));
    let a = vllm(&c, "qwen2.5-7b", Quant::Bf16, 8192, 1, Some("a100-80g-sxm"));
    assert!(h.per_gpu.activations_gib > 3.0 * a.per_gpu.activations_gib);
}

/// The card list (no card named) sizes each card by its own class, so it says what a named
/// card says: `/pick` and `/fit model` agree with `/fit model card`.
#[test]
fn the_card_list_agrees_with_a_named_card() {
    let c = Catalog::embedded().unwrap();
    for (model, quant, ctx, batch) in [
        ("qwen2.5-32b", Quant::Awq, 8192, 8),
        ("llama-3.1-8b", Quant::Bf16, 32768, 4),
        ("qwen3-30b-a3b", Quant::Bf16, 4096, 16),
    ] {
        let list = vllm(&c, model, quant, ctx, batch, None);
        assert!(!list.options.is_empty(), "{model}");
        for o in &list.options {
            let mut r =
                FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
            r.engine = Engine::Vllm;
            r.context = ctx;
            r.batch = batch;
            r.cards = o.cards;
            r.gpu = Some(c.gpu(&o.gpu).unwrap());
            let named = estimate_with(&c, &r, &FitOptions::default()).unwrap();
            assert_eq!(
                named.per_gpu_required_gib, o.per_gpu_gib,
                "{model} on {} x {}",
                o.cards, o.gpu
            );
            assert_eq!(named.fits, Some(true), "{model} on {} x {}", o.cards, o.gpu);
        }
    }
}

/// With no card named the figures are the smaller class's, and the answer says what an
/// H100-class card adds; a named card needs no such line.
#[test]
fn no_card_named_says_what_the_larger_class_adds() {
    let c = Catalog::embedded().unwrap();
    let none = vllm(&c, "qwen2.5-7b", Quant::Bf16, 8192, 4, None);
    let note = none
        .warnings
        .iter()
        .find(|m| m.id == "fit-warn-vllm-large-cards")
        .expect("the larger class named");
    let h100 = vllm(&c, "qwen2.5-7b", Quant::Bf16, 8192, 4, Some("h100-sxm"));
    let extra = h100.per_gpu.activations_gib - none.per_gpu.activations_gib;
    assert!(extra > 3.0, "{extra}");
    let dbg = format!("{note:?}");
    let said: f64 = dbg
        .split("(\"extra\", Num(")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .and_then(|n| n.parse().ok())
        .expect("an extra figure");
    assert!((said - extra).abs() <= 0.02, "{dbg} vs {extra}");
    assert!(
        !h100
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-vllm-large-cards")
    );
}

/// On an H100-class card that does not clearly hold a vLLM job, the answer gives the figure
/// with the smaller cards' `--max-num-seqs` (gpt-oss-120b on one H100: vLLM at its defaults
/// cannot start it, llm-d's run needed 0.95 utilization); a job that clearly fits gets no
/// such line, and neither does a smaller card (it already runs with 256).
#[test]
fn a_tight_vllm_job_on_an_h100_class_card_names_fewer_sequences() {
    let c = Catalog::embedded().unwrap();
    let tight = vllm(&c, "gpt-oss-120b", Quant::Mxfp4, 16000, 1, Some("h100-sxm"));
    assert_ne!(tight.verdict.as_deref(), Some("fits"));
    let line = tight
        .warnings
        .iter()
        .find(|m| m.id == "fit-warn-vllm-fewer-seqs")
        .expect("fewer sequences named");
    let dbg = format!("{line:?}");
    let need: f64 = dbg
        .split("(\"need\", Num(")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .and_then(|n| n.parse().ok())
        .expect("a need");
    // 768 fewer rows of 201,088 logits at 39 B, over the 0.9 budget: about 6.2 GiB less.
    assert!(tight.per_gpu_required_gib - need > 5.0, "{dbg}");
    assert!(need < 79.0, "{dbg}");
    let clear = vllm(&c, "qwen2.5-7b", Quant::Bf16, 4096, 1, Some("h100-sxm"));
    assert!(
        !clear
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-vllm-fewer-seqs")
    );
    let small = vllm(&c, "qwen2.5-32b", Quant::Awq, 32768, 4, Some("rtx-4090"));
    assert!(
        !small
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-vllm-fewer-seqs")
    );
}
