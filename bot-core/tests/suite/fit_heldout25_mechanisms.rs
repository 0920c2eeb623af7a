//! Held-out 25's session (mem_aj): Transformers' default attention (`sdpa`) on a card without a
//! fused bf16 kernel runs PyTorch's math path, which holds each layer's scores in fp32
//! (`vram::sdpa_math`). Tested on models and cards of no table row: Qwen2.5-7B and Qwen3-8B text,
//! Qwen2.5-VL-3B and Qwen2-VL-2B with an image, on a T4 (7.5), an L4 (8.9) and a 32 GB V100 (7.0).

use bot_core::Catalog;
use bot_core::vram::sdpa_math::{self, MATH_SCORE_BYTES};
use bot_core::vram::{Attention, Engine, FitRequest, GIB, ModelRef, Quant, Task, estimate};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

fn req<'a>(c: &'a Catalog, id: &str, quant: Quant, ctx: u32, gpu: Option<&str>) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = Engine::Transformers;
    r.context = ctx;
    r.gpu = gpu.map(|g| c.gpu(g).unwrap());
    r
}

/// Activations on the busiest card, GiB.
fn act(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().activations_gib
}

#[test]
fn bf16_sdpa_below_compute_capability_8_materializes_fp32_scores() {
    let c = Catalog::embedded().unwrap();
    // Qwen2.5-7B in bf16 at 8k tokens: the L4 (8.9) keeps the fused kernel, the T4 (7.5) and the
    // V100 (7.0) run the math path; without a named card nothing is assumed.
    let l4 = req(&c, "qwen2.5-7b", Quant::Bf16, 8192, Some("l4"));
    let t4 = req(&c, "qwen2.5-7b", Quant::Bf16, 8192, Some("t4"));
    let v100 = req(&c, "qwen2.5-7b", Quant::Bf16, 8192, Some("v100-32g"));
    let none = req(&c, "qwen2.5-7b", Quant::Bf16, 8192, None);
    assert!(!sdpa_math::falls_back(&l4) && !sdpa_math::falls_back(&none));
    assert!(sdpa_math::falls_back(&t4) && sdpa_math::falls_back(&v100));
    let (a_l4, a_t4, a_v100, a_none) = (act(&c, &l4), act(&c, &t4), act(&c, &v100), act(&c, &none));
    assert!((a_l4 - a_none).abs() < 0.01, "{a_l4} {a_none}");
    assert!((a_t4 - a_v100).abs() < 0.01, "{a_t4} {a_v100}");
    // One layer's fp32 scores at 13 bytes per element and head (28 heads) are live at once:
    // 8192^2 x (13 x 28 + 2) bytes = 22.9 GiB beyond the fused kernel's activations.
    let live = 8192.0f64.powi(2) * (MATH_SCORE_BYTES * 28.0 + 2.0) / GIB;
    assert!(a_t4 - a_l4 >= live * 0.99, "{a_l4} -> {a_t4}, live {live}");
    assert!(a_t4 - a_l4 < 2.0 * live, "{a_l4} -> {a_t4}");
}

#[test]
fn the_math_path_costs_more_than_eager_and_fp16_keeps_the_kernel() {
    let c = Catalog::embedded().unwrap();
    // Qwen3-8B at 4k: bf16 on a V100 (math path, 13 bytes) holds more than eager attention said
    // on the same card (bf16 eager: 10 bytes); fp16 there keeps the memory-efficient kernel.
    let math = req(&c, "qwen3-8b", Quant::Bf16, 4096, Some("v100-32g"));
    let mut eager = req(&c, "qwen3-8b", Quant::Bf16, 4096, Some("v100-32g"));
    eager.attention = Some(Attention::Eager);
    let fp16 = req(&c, "qwen3-8b", Quant::Fp16, 4096, Some("v100-32g"));
    let fp16_l4 = req(&c, "qwen3-8b", Quant::Fp16, 4096, Some("l4"));
    assert!(!sdpa_math::falls_back(&eager) && !sdpa_math::falls_back(&fp16));
    let (a_math, a_eager) = (act(&c, &math), act(&c, &eager));
    assert!(a_math > a_eager, "{a_math} {a_eager}");
    // The difference is the 3 bytes per element and head of 32 heads at 4096^2, at least.
    let extra = 4096.0f64.powi(2) * 3.0 * 32.0 / GIB;
    assert!(
        a_math - a_eager >= extra * 0.99,
        "{a_math} {a_eager} {extra}"
    );
    assert!((act(&c, &fp16) - act(&c, &fp16_l4)).abs() < 0.01);
    // Said flash attention is taken as said; another engine is not Transformers' SDPA.
    let mut flash = req(&c, "qwen3-8b", Quant::Bf16, 4096, Some("t4"));
    flash.attention = Some(Attention::Flash);
    let mut vllm = req(&c, "qwen3-8b", Quant::Bf16, 4096, Some("t4"));
    vllm.engine = Engine::Vllm;
    assert!(!sdpa_math::falls_back(&flash) && !sdpa_math::falls_back(&vllm));
}

#[test]
fn a_vision_tower_on_a_t4_in_bf16_no_longer_fits_where_fp16_does() {
    let c = Catalog::embedded().unwrap();
    // Qwen2.5-VL-3B with a 2048-token image (8192 patches, 16 heads in the tower's
    // full-attention blocks): its fp32 scores alone are 8192^2 x (13 x 16 + 2) bytes = 13.1 GiB.
    let bf16 = req(&c, "qwen2.5-vl-3b", Quant::Bf16, 2048, Some("t4"));
    let fp16 = req(&c, "qwen2.5-vl-3b", Quant::Fp16, 2048, Some("t4"));
    let l4 = req(&c, "qwen2.5-vl-3b", Quant::Bf16, 2048, Some("l4"));
    let (r_bf16, r_fp16, r_l4) = (
        estimate(&c, &bf16).unwrap(),
        estimate(&c, &fp16).unwrap(),
        estimate(&c, &l4).unwrap(),
    );
    let tower = 8192.0f64.powi(2) * (MATH_SCORE_BYTES * 16.0 + 2.0) / GIB;
    assert!(
        r_bf16.activations_gib >= tower,
        "{}",
        r_bf16.activations_gib
    );
    assert!(r_bf16.per_gpu_gib > 16.0, "{}", r_bf16.per_gpu_gib);
    assert!(r_fp16.per_gpu_gib < 14.0, "{}", r_fp16.per_gpu_gib);
    assert!(r_l4.per_gpu_gib < 14.0, "{}", r_l4.per_gpu_gib);
    // Qwen2-VL-2B (all 32 tower blocks full attention, 16 heads) the same way on a V100 32 GB
    // at a 4096-token image: 16384^2 x 210 bytes = 52.5 GiB of scores, no fit in bf16.
    let q2 = req(&c, "qwen2-vl-2b", Quant::Bf16, 4096, Some("v100-32g"));
    assert!(estimate(&c, &q2).unwrap().per_gpu_gib > 32.0);
}

#[test]
fn the_answer_says_why_in_both_languages() {
    let en = ask("en", "/fit qwen2.5-vl-3b bf16 transformers ctx=2k t4");
    assert!(
        en.contains("math path") && en.contains("fp16") && en.contains("7.5"),
        "{en}"
    );
    let zh = ask("zh", "/fit qwen2.5-vl-3b bf16 transformers ctx=2k t4");
    assert!(
        zh.contains("math") && zh.contains("fp16") && zh.contains("7.5"),
        "{zh}"
    );
    // Not on a card with the kernel.
    let l4 = ask("en", "/fit qwen2.5-vl-3b bf16 transformers ctx=2k l4");
    assert!(!l4.contains("math path"), "{l4}");
}
