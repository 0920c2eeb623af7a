//! Helper mem_cg (session 29): Transformers' RoPE caches, one per attention layer, in the
//! releases that built them (`vram::transformers_rope`): `max_position_embeddings` x `head_dim`
//! cos and sin tables in the load's dtype, gone for Llama from 4.41, Mistral from 4.42 and
//! Qwen2 from 4.45. Tested on models, methods and card counts of no table row: Qwen2.5-7B and
//! Qwen1.5-7B LoRA, Llama-2-7B Q-LoRA, Mistral-7B-v0.3 LoRA in fp32 and bf16, over one card,
//! ZeRO-2 and a `device_map` split; Gemma-2 and Unsloth as the cases it must leave alone.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitRequest, GIB, ModelRef, Quant, Task, TransformersRelease, Zero, estimate_with,
};

/// A LoRA (or Q-LoRA for a 4-bit `quant`) of `id` at 1024 tokens with checkpointing on `cards`
/// cards, run on Transformers `release` (`None`: today's); the busiest card's need, GiB.
fn need(id: &str, quant: Quant, release: Option<&str>, cards: u32, opts: &FitOptions) -> f64 {
    need_with(id, quant, release, cards, opts, false)
}

fn need_with(
    id: &str,
    quant: Quant,
    release: Option<&str>,
    cards: u32,
    opts: &FitOptions,
    unsloth: bool,
) -> f64 {
    let c = Catalog::embedded().unwrap();
    let task = if quant == Quant::Nf4 {
        Task::Qlora
    } else {
        Task::Lora
    };
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.context = 1024;
    r.batch = 1;
    r.cards = cards;
    r.grad_checkpointing = true;
    r.unsloth = unsloth;
    r.transformers_release = release.map(|v| TransformersRelease::parse(v).unwrap());
    estimate_with(&c, &r, opts).unwrap().per_gpu_required_gib
}

/// The caches of the whole model: layers x (cos + sin) x positions x head_dim x bytes, GiB.
fn caches_gib(id: &str, bytes: f64) -> f64 {
    let m = Catalog::embedded().unwrap().model(id).unwrap().clone();
    f64::from(m.layers) * 2.0 * f64::from(m.max_context) * f64::from(m.head_dim) * bytes / GIB
}

fn one() -> FitOptions {
    FitOptions::default()
}

#[test]
fn each_class_keeps_its_caches_up_to_the_release_that_shared_one_rotary_module() {
    // (model, last release with per-layer caches, first without), from the wheels read.
    for (id, quant, last, first) in [
        ("qwen2.5-7b", Quant::Bf16, "4.44", "4.45"),
        ("qwen1.5-7b", Quant::Bf16, "4.39.3", "4.45.2"),
        ("llama-2-7b", Quant::Nf4, "4.40", "4.41"),
        ("mistral-7b-v0.3", Quant::Bf16, "4.41", "4.42"),
    ] {
        let today = need(id, quant, None, 1, &one());
        let before = need(id, quant, Some(last), 1, &one());
        let after = need(id, quant, Some(first), 1, &one());
        let caches = caches_gib(id, 2.0);
        // The report rounds each figure to 0.01 GiB.
        assert!((after - today).abs() < 1e-9, "{id}: {after} vs {today}");
        assert!(
            (before - today - caches).abs() < 0.011,
            "{id}: {before} - {today} vs {caches}"
        );
        // Big enough to matter at the long positions these models declare (64 MiB for
        // Llama-2's 4096, up to 1.75 GiB for Qwen2.5-7B's 131072).
        assert!(caches > 0.06, "{id}: {caches}");
    }
}

#[test]
fn an_fp32_load_builds_them_in_fp32() {
    let today = need("mistral-7b-v0.3", Quant::Fp32, None, 1, &one());
    let old = need("mistral-7b-v0.3", Quant::Fp32, Some("4.36"), 1, &one());
    let caches = caches_gib("mistral-7b-v0.3", 4.0);
    // The report rounds each figure to 0.01 GiB.
    assert!(
        (old - today - caches).abs() < 0.011,
        "{old} - {today} vs {caches}"
    );
}

#[test]
fn every_data_parallel_card_holds_them_whole_and_a_layer_split_its_layers_only() {
    let zero2 = FitOptions {
        zero: Some(Zero::Two),
        ..FitOptions::default()
    };
    let caches = caches_gib("qwen2.5-7b", 2.0);
    let d = need("qwen2.5-7b", Quant::Bf16, Some("4.40"), 2, &zero2)
        - need("qwen2.5-7b", Quant::Bf16, None, 2, &zero2);
    assert!((d - caches).abs() < 0.011, "ZeRO-2: {d} vs {caches}");
    let split = FitOptions {
        device_map: true,
        ..FitOptions::default()
    };
    let d = need("qwen2.5-7b", Quant::Bf16, Some("4.40"), 2, &split)
        - need("qwen2.5-7b", Quant::Bf16, None, 2, &split);
    // The busiest card of a two-card split holds about half the layers, never all of them.
    assert!(
        d > 0.4 * caches && d < 0.65 * caches,
        "device_map: {d} vs {caches}"
    );
}

#[test]
fn classes_not_read_and_unsloth_own_rope_are_left_alone() {
    // Gemma-2's rotary module was not read: no caches sized for it on any release.
    let g = need("gemma-2-9b", Quant::Bf16, Some("4.42"), 1, &one());
    assert!((g - need("gemma-2-9b", Quant::Bf16, None, 1, &one())).abs() < 1e-9);
    // Unsloth replaces the attention's rotary embedding with its own
    // (`unsloth_release::rope_cache_bytes`): the Transformers release adds nothing.
    let u = need_with("llama-2-7b", Quant::Nf4, Some("4.38"), 1, &one(), true);
    let u0 = need_with("llama-2-7b", Quant::Nf4, None, 1, &one(), true);
    assert!((u - u0).abs() < 1e-9, "{u} vs {u0}");
}

#[test]
fn the_answer_names_the_release_and_the_caches_in_both_languages() {
    // Qwen2.5-7B inference on Transformers 4.44: 28 layers x 131072 positions x 128 x 2 x 2
    // bytes = 1.75 GiB beside the weights, said in the answer; nothing said on 4.45.
    let old = super::chat::ask_fresh("en-US", "/fit qwen2.5-7b bf16 ctx=4096 transformers=4.44");
    assert!(
        old.contains("Transformers 4.44 builds this model's RoPE tables"),
        "{old}"
    );
    assert!(old.contains("1.75 GiB"), "{old}");
    let new = super::chat::ask_fresh("en-US", "/fit qwen2.5-7b bf16 ctx=4096 transformers=4.45");
    assert!(!new.contains("RoPE tables"), "{new}");
    let zh = super::chat::ask_fresh("zh-CN", "/fit qwen2.5-7b bf16 ctx=4096 transformers=4.44");
    assert!(zh.contains("每个注意力层里各建一份"), "{zh}");
}

#[test]
fn an_inference_on_an_old_release_holds_them_too() {
    let c = Catalog::embedded().unwrap();
    let run = |release: Option<&str>| {
        let mut r = FitRequest::new(
            ModelRef::Known(c.model("mistral-7b-v0.3").unwrap()),
            Quant::Bf16,
            Task::Infer,
        );
        r.engine = bot_core::vram::Engine::Transformers;
        r.context = 4096;
        // One forward pass: a generation on 4.38 also holds the cache twice while it decodes
        // (`vram::generate_steps`, mem_fd), which is not this case's mechanism.
        r.new_tokens = Some(1);
        r.transformers_release = release.map(|v| TransformersRelease::parse(v).unwrap());
        estimate_with(&c, &r, &FitOptions::default())
            .unwrap()
            .per_gpu_required_gib
    };
    let d = run(Some("4.38")) - run(None);
    let caches = caches_gib("mistral-7b-v0.3", 2.0);
    assert!((d - caches).abs() < 0.011, "{d} vs {caches}");
}
