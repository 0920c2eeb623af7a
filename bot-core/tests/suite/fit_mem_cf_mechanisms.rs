//! Helper mem_cf (session 29): how many patches one attention call of a Qwen-VL vision tower
//! covers in Transformers (`vram::vision_calls`): one image at a time from 4.53 (the call split
//! by `cu_seqlens`), every image of the batch in one masked call before; a text-only prompt runs
//! no tower. Tested on models, images, batches and cards of no table row: Qwen2-VL-2B and
//! Qwen2.5-VL-3B / -32B, images of 448² to 1344², batches of 2 to 4, 3 images a prompt, an L40S
//! and a T4.

use bot_core::Catalog;
use bot_core::vram::sdpa_math::{self, MATH_SCORE_BYTES};
use bot_core::vram::vision_calls::{self, CHUNKED_FROM};
use bot_core::vram::vision_sdpa3d::{self, SDPA_4D_FROM};
use bot_core::vram::{
    Attention, EAGER_SCORE_BYTES, Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant,
    Task, TransformersRelease, estimate_with,
};

/// A bf16 Transformers inference of `id` at 8192 tokens, `batch` prompts, images of `side`²
/// pixels at most, under `attn`; `set` adjusts the request.
fn req<'a>(
    c: &'a Catalog,
    id: &str,
    attn: Attention,
    (side, batch): (u64, u32),
    set: impl Fn(&mut FitRequest<'a>),
) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = Engine::Transformers;
    r.attention = Some(attn);
    r.context = 8192;
    r.batch = batch;
    r.max_pixels = Some(side * side);
    set(&mut r);
    r
}

fn run(c: &Catalog, r: &FitRequest) -> FitReport {
    estimate_with(c, r, &FitOptions::default()).unwrap()
}

fn release(s: &str) -> Option<TransformersRelease> {
    TransformersRelease::parse(s)
}

/// One image's scores by hand: `patches`² × (heads × per-score bytes + the 16-bit mask).
fn by_hand(patches: f64, heads: f64, per_score: f64) -> f64 {
    patches * patches * (heads * per_score + 2.0)
}

#[test]
fn eager_scores_grow_with_the_square_of_the_patches_and_flash_holds_none() {
    let c = Catalog::embedded().unwrap();
    let v = c.model("qwen2-vl-2b").unwrap().vision.unwrap();
    let heads = v.heads as f64;
    // 448², 896², 1344²: 256, 1024, 2304 tokens; 1024, 4096, 9216 patches.
    let mut terms = Vec::new();
    for side in [448, 896, 1344] {
        let eager = req(&c, "qwen2-vl-2b", Attention::Eager, (side, 1), |_| {});
        let patches = (side / 14).pow(2) as f64;
        let term = vision_calls::call_scores_bytes(&eager, EAGER_SCORE_BYTES);
        assert!(
            (term - by_hand(patches, heads, EAGER_SCORE_BYTES)).abs() < 1.0,
            "{side}"
        );
        terms.push(term);
        // Flash attention: the same image, no warning about the tower's scores.
        let flash = req(&c, "qwen2-vl-2b", Attention::Flash, (side, 1), |_| {});
        let f = run(&c, &flash);
        assert!(!f.warning_ids.iter().any(|w| w == "fit-warn-vision-eager"));
    }
    // Three times the side, nine times the patches, 81 times the scores.
    assert!((terms[2] / terms[0] - 81.0).abs() < 1e-6, "{terms:?}");
    assert!((terms[1] / terms[0] - 16.0).abs() < 1e-6, "{terms:?}");
    // End to end at the large image: eager holds the tower's scores, flash does not, and
    // flash's activations hardly move with the image.
    let e_big = run(
        &c,
        &req(&c, "qwen2-vl-2b", Attention::Eager, (1344, 1), |_| {}),
    );
    assert!(e_big.activations_gib >= terms[2] / GIB - 0.01);
    let f_small = run(
        &c,
        &req(&c, "qwen2-vl-2b", Attention::Flash, (448, 1), |_| {}),
    );
    let f_big = run(
        &c,
        &req(&c, "qwen2-vl-2b", Attention::Flash, (1344, 1), |_| {}),
    );
    assert!(f_big.activations_gib - f_small.activations_gib < 0.5);
    assert!(f_big.activations_gib < terms[2] / GIB);
}

#[test]
fn from_4_53_one_image_at_a_time_before_it_the_whole_batch_in_one_call() {
    let c = Catalog::embedded().unwrap();
    let v = c.model("qwen2.5-vl-3b").unwrap().vision.unwrap();
    let heads = v.heads as f64;
    let side = 672; // 576 tokens, 2304 patches an image
    let one = by_hand(2304.0, heads, EAGER_SCORE_BYTES);
    let at = |batch: u32, images: Option<u32>, rel: Option<&str>| {
        let r = req(&c, "qwen2.5-vl-3b", Attention::Eager, (side, batch), |r| {
            r.images_per_prompt = images;
            r.transformers_release = rel.and_then(release);
        });
        vision_calls::call_scores_bytes(&r, EAGER_SCORE_BYTES)
    };
    // Today's Transformers (no release said) and 4.53 itself: one image's full-attention block
    // at a time, whatever the batch or the images a prompt carries; the window blocks' chunks
    // (windows of the image) are smaller, so the peak is the image's.
    for rel in [None, Some("4.53"), Some("4.57.1")] {
        for (batch, images) in [(1, None), (4, None), (2, Some(3))] {
            assert!(
                (at(batch, images, rel) - one).abs() < 1.0,
                "{rel:?} {batch}"
            );
        }
    }
    // 4.52 and older: a [1, n, n] mask over the batch's every patch, one call.
    assert!(release("4.52").unwrap() < CHUNKED_FROM && CHUNKED_FROM > SDPA_4D_FROM);
    let four = by_hand(4.0 * 2304.0, heads, EAGER_SCORE_BYTES);
    assert!((at(4, None, Some("4.52")) - four).abs() < 1.0);
    let six = by_hand(6.0 * 2304.0, heads, EAGER_SCORE_BYTES);
    assert!((at(2, Some(3), Some("4.49")) - six).abs() < 1.0);
    // A prompt's images are no more than its sequence: 3 images of 576 tokens in 1024 tokens.
    let capped = req(&c, "qwen2.5-vl-3b", Attention::Eager, (side, 2), |r| {
        r.context = 1024;
        r.images_per_prompt = Some(3);
        r.transformers_release = release("4.49");
    });
    assert_eq!(vision_calls::call_tokens(&v, &capped), 2 * 1024);
    // End to end: batch 4 under 4.52 needs more than today's by about the difference.
    let old = req(&c, "qwen2.5-vl-3b", Attention::Eager, (side, 4), |r| {
        r.transformers_release = release("4.52");
    });
    let new = req(&c, "qwen2.5-vl-3b", Attention::Eager, (side, 4), |_| {});
    let (o, n) = (run(&c, &old).activations_gib, run(&c, &new).activations_gib);
    assert!(o - n > 0.9 * (four - one) / GIB - n, "{o} {n}");
}

#[test]
fn a_text_only_question_pays_nothing_for_the_towers_attention() {
    let c = Catalog::embedded().unwrap();
    // Qwen2.5-VL-32B, eager, the processor's largest image (16 384 tokens) had one been sent.
    let ask = |images: Option<u32>, attn: Attention, rel: Option<&str>| {
        let r = req(&c, "qwen2.5-vl-32b", attn, (3584, 1), |r| {
            r.images_per_prompt = images;
            r.transformers_release = rel.and_then(release);
        });
        (
            vision_calls::call_scores_bytes(&r, EAGER_SCORE_BYTES),
            run(&c, &r),
        )
    };
    let (with, w) = ask(None, Attention::Eager, None);
    assert!(with > 10.0 * GIB);
    assert!(w.warning_ids.iter().any(|x| x == "fit-warn-vision-eager"));
    let (none, t) = ask(Some(0), Attention::Eager, None);
    assert_eq!(none, 0.0);
    assert!(!t.warning_ids.iter().any(|x| x == "fit-warn-vision-eager"));
    assert!(t.activations_gib + 5.0 < w.activations_gib);
    // The tower's weights stay: the same weights with or without an image.
    assert!((t.per_gpu.weights_gib - w.per_gpu.weights_gib).abs() < 1e-9);
    // Nor the 3-D SDPA call of 4.46: no image, no math-path scores.
    let (_, old) = ask(Some(0), Attention::Sdpa, Some("4.46"));
    let (_, today) = ask(Some(0), Attention::Sdpa, None);
    assert!((old.activations_gib - today.activations_gib).abs() < 1e-9);
    let r = req(&c, "qwen2.5-vl-32b", Attention::Sdpa, (3584, 1), |r| {
        r.images_per_prompt = Some(0);
        r.transformers_release = release("4.46");
    });
    assert_eq!(vision_sdpa3d::patches(&r), 0.0);
}

#[test]
fn the_math_fallback_and_the_3d_call_follow_the_same_release_rule() {
    let c = Catalog::embedded().unwrap();
    let v = c.model("qwen2-vl-2b").unwrap().vision.unwrap();
    let heads = v.heads as f64;
    // bf16 on a T4 (7.5): SDPA's math path; 448² = 1024 patches an image, batch 3.
    let on_t4 = |rel: Option<&str>| {
        let mut r = req(&c, "qwen2-vl-2b", Attention::Sdpa, (448, 3), |r| {
            r.transformers_release = rel.and_then(release);
        });
        r.gpu = Some(c.gpu("t4").unwrap());
        sdpa_math::tower_scores_bytes(&r)
    };
    let one = by_hand(1024.0, heads, MATH_SCORE_BYTES);
    assert!((on_t4(None) - one).abs() < 1.0);
    assert!((on_t4(Some("4.51")) - by_hand(3072.0, heads, MATH_SCORE_BYTES)).abs() < 1.0);
    // The 3-D call before 4.51 holds the batch's and the prompt's images together, on any card.
    let mut r = req(&c, "qwen2-vl-2b", Attention::Sdpa, (448, 2), |r| {
        r.images_per_prompt = Some(2);
        r.transformers_release = release("4.46");
    });
    r.gpu = Some(c.gpu("l40s").unwrap());
    assert_eq!(vision_sdpa3d::patches(&r), 4.0 * 1024.0);
}
