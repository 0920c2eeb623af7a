//! Held-out 25's session (mem_aj): Transformers' default attention (`sdpa`) on a card without a
//! fused bf16 kernel runs PyTorch's math path, which holds each layer's scores in fp32
//! (`vram::sdpa_math`), sized for the vision tower. Tested on models and cards of no table row:
//! Qwen2.5-VL-3B/-7B and Qwen2-VL-2B with an image (Qwen2.5-7B as the text model it leaves as it
//! was), on a T4 (7.5), an L4 (8.9) and a 32 GB V100 (7.0).

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
fn the_math_path_applies_in_bf16_below_compute_capability_8_only() {
    let c = Catalog::embedded().unwrap();
    // Qwen2.5-VL-7B in bf16: the L4 (8.9) keeps the fused kernel, the T4 (7.5) and the V100
    // (7.0) run the math path; fp16, flash attention said, another engine, or no named card:
    // not.
    let at = |quant, gpu: Option<&str>| req(&c, "qwen2.5-vl-7b", quant, 2048, gpu);
    assert!(sdpa_math::falls_back(&at(Quant::Bf16, Some("t4"))));
    assert!(sdpa_math::falls_back(&at(Quant::Bf16, Some("v100-32g"))));
    assert!(!sdpa_math::falls_back(&at(Quant::Bf16, Some("l4"))));
    assert!(!sdpa_math::falls_back(&at(Quant::Fp16, Some("v100-32g"))));
    assert!(!sdpa_math::falls_back(&at(Quant::Bf16, None)));
    let mut flash = at(Quant::Bf16, Some("t4"));
    flash.attention = Some(Attention::Flash);
    let mut vllm = at(Quant::Bf16, Some("t4"));
    vllm.engine = Engine::Vllm;
    assert!(!sdpa_math::falls_back(&flash) && !sdpa_math::falls_back(&vllm));
    // The tower's scores at 13 bytes per element and head: a 2048-token image is 8192 patches,
    // 16 heads: 8192^2 x (13 x 16 + 2) bytes.
    let want = 8192.0f64.powi(2) * (MATH_SCORE_BYTES * 16.0 + 2.0);
    let got = sdpa_math::tower_scores_bytes(&at(Quant::Bf16, Some("t4")));
    assert!((got - want).abs() < 1.0, "{got} {want}");
    assert_eq!(
        sdpa_math::tower_scores_bytes(&at(Quant::Bf16, Some("l4"))),
        0.0
    );
    // A text model has no tower: the text prefill is left as it was (the misses file says why).
    let text = req(&c, "qwen2.5-7b", Quant::Bf16, 8192, Some("t4"));
    let text_l4 = req(&c, "qwen2.5-7b", Quant::Bf16, 8192, Some("l4"));
    assert_eq!(sdpa_math::tower_scores_bytes(&text), 0.0);
    assert!((act(&c, &text) - act(&c, &text_l4)).abs() < 0.01);
}

#[test]
fn the_tower_on_the_math_path_costs_more_than_eager_said_on_a_newer_card() {
    let c = Catalog::embedded().unwrap();
    // Qwen2-VL-2B at a 1024-token image (4096 patches, 16 heads): eager attention said on an L4
    // holds bf16 scores at 10 bytes; the math path on a T4 holds 13 - the difference is at
    // least 3 bytes per element and head of one block's scores.
    let math = req(&c, "qwen2-vl-2b", Quant::Bf16, 1024, Some("t4"));
    let mut eager = req(&c, "qwen2-vl-2b", Quant::Bf16, 1024, Some("l4"));
    eager.attention = Some(Attention::Eager);
    let (a_math, a_eager) = (act(&c, &math), act(&c, &eager));
    let extra = 4096.0f64.powi(2) * 3.0 * 16.0 / GIB;
    assert!(
        a_math - a_eager >= extra * 0.99,
        "{a_math} {a_eager} {extra}"
    );
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

#[test]
fn the_card_list_sizes_a_math_path_card_as_its_own_verdict_does() {
    // Qwen2.5-VL-7B bf16 with a 3072-token image: the V100's own verdict is "no"; the list of
    // cards that hold it must not offer one V100 32GB, and must still offer an RTX 4090.
    let c = Catalog::embedded().unwrap();
    let named = req(&c, "qwen2.5-vl-7b", Quant::Bf16, 3072, Some("v100-32g"));
    let r = estimate(&c, &named).unwrap();
    assert!(r.per_gpu_gib > 32.0, "{}", r.per_gpu_gib);
    let open = req(&c, "qwen2.5-vl-7b", Quant::Bf16, 3072, None);
    let list = estimate(&c, &open).unwrap().options;
    let v100 = list.iter().find(|o| o.gpu == "v100-32g");
    assert!(v100.is_none_or(|o| o.cards > 1), "{v100:?}");
    assert!(list.iter().any(|o| o.gpu == "rtx-4090" && o.cards == 1));
}
