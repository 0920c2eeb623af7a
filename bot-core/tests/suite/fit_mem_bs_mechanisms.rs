//! Helper mem_bs (session 27): Qwen2-VL / Qwen2.5-VL's vision tower under Transformers' default
//! attention (`sdpa`) before 4.51, whose 3-D SDPA call takes PyTorch's math path on every card
//! (`vram::vision_sdpa3d`). Tested on models, images, batches and cards of no table row:
//! Qwen2.5-VL-7B and -3B at a 1920 × 1080 image on an A100 and an L40S, Qwen2-VL-2B on 16 GB
//! cards, batches of two images; Qwen3-VL, Llama-3.2-Vision and Mistral-Small-3.1 as the towers
//! it leaves alone, flash and eager as the attentions it leaves alone.

use bot_core::Catalog;
use bot_core::vram::vision_sdpa3d::{MATH_BYTES_PER_SCORE, SDPA_4D_FROM};
use bot_core::vram::{
    Attention, Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Task,
    TransformersRelease, estimate_with,
};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

/// A 1920 × 1080 image: the processor's cap the user sets.
const FULL_HD: u64 = 1920 * 1080;

/// A Transformers inference of `id` in `quant` at `ctx` tokens, `batch` prompts with one image of
/// at most `pixels`, under `attention` (`None`: the default) and Transformers `release`.
fn run(
    c: &Catalog,
    id: &str,
    quant: Quant,
    (ctx, batch, pixels): (u32, u32, u64),
    attention: Option<Attention>,
    release: Option<&str>,
) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = Engine::Transformers;
    r.context = ctx;
    r.batch = batch;
    r.max_pixels = Some(pixels);
    r.attention = attention;
    r.transformers_release = release.map(|v| TransformersRelease::parse(v).unwrap());
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

fn act(r: &FitReport) -> f64 {
    r.per_gpu.activations_gib
}

/// Patches of one image of at most `pixels`: 28 × 28 pixels a merged token, four patches each.
fn patches(pixels: u64) -> f64 {
    (pixels / (28 * 28)) as f64 * 4.0
}

#[test]
fn before_4_51_the_default_sdpa_holds_the_towers_scores_over_every_patch() {
    let c = Catalog::embedded().unwrap();
    // Qwen2.5-VL-7B, a 1920 × 1080 image (2644 tokens, 10 576 patches), 3072 tokens in all.
    let job = (3072, 1, FULL_HD);
    let old = run(&c, "qwen2.5-vl-7b", Quant::Bf16, job, None, Some("4.49"));
    let new = run(&c, "qwen2.5-vl-7b", Quant::Bf16, job, None, Some("4.51"));
    let today = run(&c, "qwen2.5-vl-7b", Quant::Bf16, job, None, None);
    let n = patches(FULL_HD);
    let want = n * n * (MATH_BYTES_PER_SCORE * 16.0 + 3.0) / GIB;
    assert!(want > 13.0 && want < 14.0, "{want}");
    assert!((act(&old) - want).abs() < 0.05, "{} {want}", act(&old));
    assert!((act(&new) - act(&today)).abs() < 1e-9);
    assert!(act(&today) < want / 4.0, "{}", act(&today));
    assert!(old.per_gpu_required_gib > today.per_gpu_required_gib + want * 0.8);
    // 4.50.3 is the last release of the 3-D call.
    assert!(TransformersRelease::parse("4.50.3").unwrap() < SDPA_4D_FROM);
    assert!(TransformersRelease::parse("v4.51.0").unwrap() >= SDPA_4D_FROM);
}

#[test]
fn the_scores_cover_the_whole_batch_at_once_and_shrink_with_max_pixels() {
    let c = Catalog::embedded().unwrap();
    let at = |batch, pixels| {
        act(&run(
            &c,
            "qwen2.5-vl-3b",
            Quant::Bf16,
            (3072, batch, pixels),
            None,
            Some("4.50"),
        ))
    };
    // Two prompts' images are one sequence of patches to the tower: four times the scores.
    let (one, two) = (at(1, FULL_HD), at(2, FULL_HD));
    assert!((two / one - 4.0).abs() < 0.05, "{one} {two}");
    // Half the pixels, a quarter of the scores (the 3B's tower is the 7B's: same figure).
    let half = at(1, FULL_HD / 2);
    assert!((one / half - 4.0).abs() < 0.2, "{one} {half}");
}

#[test]
fn flash_eager_other_towers_and_other_engines_are_left_alone() {
    let c = Catalog::embedded().unwrap();
    let same = |id: &str, attention: Option<Attention>| {
        let job = (3072, 1, FULL_HD);
        let a = run(&c, id, Quant::Bf16, job, attention, Some("4.46"));
        let b = run(&c, id, Quant::Bf16, job, attention, None);
        (a.per_gpu_required_gib - b.per_gpu_required_gib).abs() < 1e-9
            && a.warnings.len() == b.warnings.len()
    };
    // flash_attention_2 runs `flash_attn_varlen_func`; eager is sized on its own already.
    assert!(same("qwen2.5-vl-7b", Some(Attention::Flash)));
    assert!(same("qwen2.5-vl-7b", Some(Attention::Eager)));
    assert!(!same("qwen2.5-vl-7b", None));
    // Qwen3-VL came after the change; Llama-3.2-Vision and Pixtral have their own code.
    assert!(same("qwen3-vl-8b", None));
    assert!(same("llama-3.2-11b-vision", None));
    assert!(same("mistral-small-3.1-24b", None));
    // A Transformers release says nothing about vLLM's own tower.
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-vl-7b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    r.context = 4096;
    let b = estimate_with(&c, &r, &FitOptions::default()).unwrap();
    r.transformers_release = TransformersRelease::parse("4.46");
    let a = estimate_with(&c, &r, &FitOptions::default()).unwrap();
    assert!((a.per_gpu_required_gib - b.per_gpu_required_gib).abs() < 1e-9);
}

#[test]
fn the_verdict_turns_where_the_scores_do_not_fit_the_card() {
    // Qwen2-VL-2B in fp16 with max_pixels 2560 × 28 × 28 (10 240 patches) on a 12 GB RTX 3060:
    // the 4.5 GiB model fits today; 4.46's tower holds 10 240² × (16 × 8 + 3) bytes = 12.8 GiB
    // of scores on top, past the card.
    let line = "/fit qwen2-vl-2b fp16 ctx=3072 max_pixels=2560*28*28 engine=transformers rtx-3060";
    let today = ask("en-US", line);
    let old = ask(
        "en-US",
        "/fit qwen2-vl-2b fp16 ctx=3072 max_pixels=2560*28*28 transformers=4.46 rtx-3060",
    );
    assert!(today.contains('✅') || today.contains("⚠️"), "{today}");
    assert!(old.contains('❌'), "{old}");
    assert!(old.contains("Transformers 4.46 runs Qwen2-VL"), "{old}");
    assert!(!today.contains("3-D tensors"), "{today}");
    // The word names Transformers as the engine too, and says so in Chinese.
    let zh = ask(
        "zh-CN",
        "/fit qwen2-vl-2b fp16 ctx=3072 max_pixels=2560*28*28 transformers=4.46 rtx-3060",
    );
    assert!(zh.contains("Transformers 4.46 用默认注意力"), "{zh}");
    let bad = ask("en-US", "/fit qwen2-vl-2b fp16 transformers=main rtx-3060");
    assert!(bad.contains("transformers=main"), "{bad}");
}

/// A LoRA of Qwen2.5-VL-7B on one card at `ctx` tokens with one image of at most `pixels`.
fn lora(c: &Catalog, ctx: u32, pixels: u64, release: Option<&str>) -> FitReport {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-vl-7b").unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.engine = Engine::Transformers;
    r.context = ctx;
    r.grad_checkpointing = true;
    r.max_pixels = Some(pixels);
    r.transformers_release = release.map(|v| TransformersRelease::parse(v).unwrap());
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

#[test]
fn a_lora_before_4_51_peaks_at_the_towers_scores_when_they_pass_the_decoders_activations() {
    let c = Catalog::embedded().unwrap();
    // max_pixels 2560 x 28 x 28 (2560 tokens, 10 240 patches) at 3072 tokens: 10 240² x 131
    // bytes = 12.8 GiB of scores, more than the checkpointed decoder holds; the step's
    // peak rises by what the scores pass the decoder's activations.
    let big = 2560 * 28 * 28;
    let scores = 10_240f64.powi(2) * (MATH_BYTES_PER_SCORE * 16.0 + 3.0) / GIB;
    let (old, today) = (lora(&c, 3072, big, Some("4.49")), lora(&c, 3072, big, None));
    let rise = old.per_gpu_required_gib - today.per_gpu_required_gib;
    assert!(act(&today) < scores, "{} {scores}", act(&today));
    assert!(
        rise > scores - act(&today) - 0.1 && rise < scores + 0.1,
        "{rise} {scores} {}",
        act(&today)
    );
    // A 448 x 448 image (1024 patches, 0.13 GiB of scores): the decoder's peak, as before.
    let small = 448 * 448;
    let (old, today) = (
        lora(&c, 1536, small, Some("4.49")),
        lora(&c, 1536, small, None),
    );
    assert!((old.per_gpu_required_gib - today.per_gpu_required_gib).abs() < 1e-9);
}
