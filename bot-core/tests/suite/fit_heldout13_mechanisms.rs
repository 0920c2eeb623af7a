//! The mechanisms held-out 13's misses pointed to (docs/misses/heldout13_misses.md), each on
//! models of no table: Transformers' Qwen2-VL keeps the logits of every prompt position
//! (`Shape::prompt_logit_bytes`; 4.45.0 also upcast them, `FitRequest::prompt_logits`), and
//! Unsloth's own loss before 2024.11 holds every token's 16-bit logits
//! (`unsloth_release::whole_16bit_logits`).

use bot_core::Catalog;
use bot_core::catalog::{EMBEDDED_FX, EMBEDDED_GPUS, EMBEDDED_MODELS, EMBEDDED_PLATFORMS};
use bot_core::vram::unsloth_loss::loss_bytes;
use bot_core::vram::unsloth_release::loss_gib;
use bot_core::vram::{Engine, FitRequest, ModelRef, Quant, Shape, Task, UnslothRelease, estimate};

const GIB: f64 = 1_073_741_824.0;

/// The embedded catalog with one more line: Qwen2.5-3B's shape in the `qwen2-vl` family (a
/// Qwen2-VL of a size the catalog lacks), so the rule is the family's, not one entry's.
fn with_qwen2_vl_line() -> Catalog {
    let line = "\n[[variant]]\nid = \"test-qwen2-vl-3b\"\nname = \"test-qwen2-vl-3b\"\n\
                of = \"qwen2.5-3b\"\nfamily = \"qwen2-vl\"\nhf_ids = []\naliases = []\n\
                params_b = 3.09\nsource = \"https://example.org/test\"\nas_of = \"2026-12-03\"\n";
    let models = format!("{EMBEDDED_MODELS}{line}");
    Catalog::from_sources(EMBEDDED_GPUS, EMBEDDED_PLATFORMS, &models, EMBEDDED_FX).unwrap()
}

fn infer<'a>(c: &'a Catalog, id: &str, engine: Engine, tokens: u32, batch: u32) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = engine;
    r.context = tokens;
    r.batch = batch;
    r
}

fn act(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().per_gpu.activations_gib
}

/// Same decoder, two families: in Transformers the Qwen2-VL line holds 16-bit logits of every
/// prompt position (2 bytes per vocabulary entry per token), the plain Qwen2.5 line does not
/// (`logits_to_keep`); vLLM computes logits for the sampled positions only, so both agree.
#[test]
fn transformers_qwen2_vl_keeps_every_prompt_positions_logits() {
    let c = with_qwen2_vl_line();
    let vocab = Shape::from_model(c.model("qwen2.5-3b").unwrap())
        .unwrap()
        .vocab as f64;
    for (tokens, batch) in [(65_536u32, 2u32), (24_576, 4)] {
        let logits = f64::from(tokens) * f64::from(batch) * vocab * 2.0 / GIB;
        let vl = act(
            &c,
            &infer(&c, "test-qwen2-vl-3b", Engine::Transformers, tokens, batch),
        );
        let plain = act(
            &c,
            &infer(&c, "qwen2.5-3b", Engine::Transformers, tokens, batch),
        );
        assert!(vl >= logits * 0.999, "{tokens} x {batch}: {vl} < {logits}");
        assert!(plain < logits, "{tokens} x {batch}: plain {plain}");
        let vl = act(
            &c,
            &infer(&c, "test-qwen2-vl-3b", Engine::Vllm, tokens, batch),
        );
        let plain = act(&c, &infer(&c, "qwen2.5-3b", Engine::Vllm, tokens, batch));
        assert!((vl - plain).abs() < 1e-9, "vLLM: {vl} vs {plain}");
    }
}

/// Transformers 4.45.0 (`prompt_logits`): the prompt's logits in 16-bit and their fp32 copy,
/// 6 bytes per entry over the prompt only (the decoded tokens are not prefilled).
#[test]
fn the_4_45_upcast_triples_the_prompt_logits() {
    let c = with_qwen2_vl_line();
    let vocab = Shape::from_model(c.model("qwen2.5-3b").unwrap())
        .unwrap()
        .vocab as f64;
    let mut r = infer(&c, "test-qwen2-vl-3b", Engine::Transformers, 40_960, 1);
    let today = act(&c, &r);
    r.prompt_logits = Some(36_864);
    let old = act(&c, &r);
    let upcast = 36_864.0 * vocab * 6.0 / GIB;
    assert!((old - upcast).abs() < 0.01, "{old} vs {upcast}");
    assert!(old > today * 2.5, "{old} vs {today}");
}

/// Unsloth before 2024.11 on an own-forward family (Yi-1.5-9B): at 65,536 tokens its Triton
/// loss holds every token's 16-bit logits and Accelerate's fp32 copy of them (mem_by), more
/// than today's chunk; at 2,048 tokens as much as today's one chunk; from 2024.11 (Cut Cross
/// Entropy) today's chunk.
#[test]
fn unsloth_before_2024_11_holds_every_tokens_16bit_logits() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("yi-1.5-9b").unwrap();
    let vocab = Shape::from_model(m).unwrap().vocab as f64;
    let req = |tokens: u32, release: &str| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
        r.context = tokens;
        r.unsloth = true;
        r.unsloth_release = UnslothRelease::parse(release);
        r
    };
    let whole = 65_536.0 * vocab * (2.0 + 4.0) / GIB;
    let today_long = loss_bytes(65_536.0, vocab, None) / GIB;
    assert!(whole > today_long);
    assert!((loss_gib(&req(65_536, "2024.9")) - whole).abs() < 1e-6);
    assert!((loss_gib(&req(65_536, "2024.11")) - today_long).abs() < 1e-6);
    let today_short = loss_bytes(2048.0, vocab, None) / GIB;
    assert!((loss_gib(&req(2048, "2024.4")) - today_short).abs() < 1e-6);
    // The step's activations carry it: more than with today's release, on an L40S as without.
    let mut old = req(65_536, "2024.9");
    let mut new = req(65_536, "2024.11");
    old.gpu = c.gpu("l40s").ok();
    new.gpu = c.gpu("l40s").ok();
    assert!(act(&c, &old) > act(&c, &new) + (whole - today_long) * 0.5);
}

/// The answer names the older loss and its size, in both languages.
#[test]
fn the_answer_names_the_pre_2024_11_loss() {
    let w = crate::chat::world();
    let en = crate::chat::say(
        &w,
        "en",
        "/fit yi-1.5-9b qlora unsloth unsloth=2024.9 ctx=65536",
    );
    assert!(
        en.contains("Triton cross-entropy over every token's 16-bit logits"),
        "{en}"
    );
    let zh = crate::chat::say(
        &w,
        "zh",
        "/fit yi-1.5-9b qlora unsloth unsloth=2024.9 ctx=65536",
    );
    assert!(
        zh.contains("Triton 交叉熵保留全部 token 的 16 位 logits"),
        "{zh}"
    );
    let today = crate::chat::say(
        &w,
        "en",
        "/fit yi-1.5-9b qlora unsloth unsloth=2024.11 ctx=65536",
    );
    assert!(!today.contains("Triton cross-entropy"), "{today}");
}
