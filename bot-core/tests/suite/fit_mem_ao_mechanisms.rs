//! Helper mem_ao (session 23): TGI before 3.3 prefills Gemma-3 with an image through a dense mask
//! on SDPA's math path (`vram::tgi_release`). Tested on models, cards and contexts of no table row:
//! Gemma-3-12B and -4B on A100s and L40S cards at 8k-16k, Gemma-3-1B (text only) and
//! Qwen2.5-VL-7B (not Gemma-3) as the models it leaves alone, vLLM as the engine it leaves alone.

use bot_core::Catalog;
use bot_core::vram::TgiRelease;
use bot_core::vram::tgi_release::FLASHINFER_GEMMA3_FROM;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Server, Task, estimate_with,
};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

/// A bf16 inference of `id` at `ctx` tokens on `cards` cards, served by TGI of `release`
/// (`None`: today's) or, with `tgi` false, by vLLM.
fn run(c: &Catalog, id: &str, ctx: u32, cards: u32, release: Option<&str>, tgi: bool) -> FitReport {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    r.context = ctx;
    r.cards = cards;
    r.tgi_release = release.map(|v| TgiRelease::parse(v).unwrap());
    let opts = FitOptions {
        server: tgi.then_some(Server::Tgi),
        ..FitOptions::default()
    };
    estimate_with(c, &r, &opts).unwrap()
}

/// Activations on the busiest card, GiB.
fn act(r: &FitReport) -> f64 {
    r.per_gpu.activations_gib
}

#[test]
fn gemma3_with_its_tower_on_tgi_before_3_3_holds_one_layers_fp32_scores_per_shard() {
    let c = Catalog::embedded().unwrap();
    // Gemma-3-12B: 16 query heads. On 2 shards at 16384 tokens, 8 heads a card:
    // 16384^2 x (8 x 13 + 4) bytes = 27 GiB of scores and masks on each card.
    let old = run(&c, "gemma-3-12b", 16_384, 2, Some("3.2"), true);
    let new = run(&c, "gemma-3-12b", 16_384, 2, Some("3.3"), true);
    let today = run(&c, "gemma-3-12b", 16_384, 2, None, true);
    let want = 16_384f64.powi(2) * (8.0 * 13.0 + 4.0) / GIB;
    assert!((act(&old) - want).abs() < 0.05, "{} {want}", act(&old));
    assert!(act(&new) < want / 4.0, "{}", act(&new));
    assert!((act(&new) - act(&today)).abs() < 1e-9);
    assert!(old.per_gpu_required_gib > new.per_gpu_required_gib + want * 0.8);
    // The patch number does not matter; 3.3 is where it ends.
    assert!(TgiRelease::parse("3.2.3").unwrap() < FLASHINFER_GEMMA3_FROM);
}

#[test]
fn the_scores_grow_with_the_square_of_the_prefill_and_split_with_the_shards() {
    let c = Catalog::embedded().unwrap();
    // Gemma-3-4B (8 query heads): doubling the prefill quadruples the per-card peak, which the
    // scores set (more than the profile's own activations); doubling the shards halves its
    // heads (the masks stay whole on every card).
    let at = |ctx, cards| act(&run(&c, "gemma-3-4b", ctx, cards, Some("3.2"), true));
    let (short, long) = (at(8192, 1), at(16_384, 1));
    assert!((long / short - 4.0).abs() < 0.05, "{short} {long}");
    assert!(short > act(&run(&c, "gemma-3-4b", 8192, 1, Some("3.3"), true)) * 2.0);
    let one = act(&run(&c, "gemma-3-4b", 16_384, 1, Some("3.2"), true));
    let two = act(&run(&c, "gemma-3-4b", 16_384, 2, Some("3.2"), true));
    let n2 = 16_384f64.powi(2);
    assert!((one - n2 * (8.0 * 13.0 + 4.0) / GIB).abs() < 0.05, "{one}");
    assert!((two - n2 * (4.0 * 13.0 + 4.0) / GIB).abs() < 0.05, "{two}");
}

#[test]
fn text_only_gemma3_other_vision_models_and_vllm_are_left_alone() {
    let c = Catalog::embedded().unwrap();
    let same = |id: &str, tgi: bool| {
        let a = run(&c, id, 8192, 1, Some("3.2"), tgi);
        let b = run(&c, id, 8192, 1, None, tgi);
        (a.per_gpu_required_gib - b.per_gpu_required_gib).abs() < 1e-9
            && a.warnings.len() == b.warnings.len()
    };
    // Gemma-3-1B loads without a vision tower: no `pixel_values`, flash attention.
    assert!(same("gemma-3-1b", true));
    // Qwen2.5-VL's TGI model code has no such mask.
    assert!(same("qwen2.5-vl-7b", true));
    // The release of a server that is not serving: vLLM sizes as before.
    assert!(same("gemma-3-12b", false));
    assert!(!same("gemma-3-12b", true));
}

#[test]
fn the_verdict_turns_where_the_scores_do_not_fit_the_card() {
    // Gemma-3-12B on one 48 GB L40S at 16k: 23 GiB of weights and the cache fit on today's TGI;
    // 3.2's prefill adds 16384^2 x (16 x 13 + 4) bytes = 53 GiB: no.
    let line = "/fit gemma-3-12b bf16 ctx=16k engine=tgi l40s";
    let today = ask("en-US", line);
    let old = ask("en-US", "/fit gemma-3-12b bf16 ctx=16k tgi=3.2 l40s");
    assert!(today.contains('✅') || today.contains("⚠️"), "{today}");
    assert!(old.contains('❌'), "{old}");
    assert!(
        old.contains("TGI 3.2 serves Gemma-3 with its vision tower"),
        "{old}"
    );
    assert!(!today.contains("vision tower"), "{today}");
    // `tgi=3.2` names TGI as the server too, and says so in Chinese.
    let zh = ask("zh-CN", "/fit gemma-3-12b bf16 ctx=16k tgi=3.2 l40s");
    assert!(zh.contains("TGI 3.2 以带视觉塔的方式加载 Gemma-3"), "{zh}");
    let bad = ask(
        "en-US",
        "/fit gemma-3-12b bf16 ctx=16k tgi=sha-411a282 l40s",
    );
    assert!(bad.contains("tgi=sha-411a282"), "{bad}");
}

/// A bf16 inference of `id` served by vLLM (V0 or V1) at `ctx` tokens with `images` a prompt.
fn vllm(c: &Catalog, id: &str, ctx: u32, v0: bool, images: Option<u32>) -> FitReport {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    r.context = ctx;
    r.vllm_v0 = v0;
    r.images_per_prompt = images;
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

#[test]
fn vllm_v0_profiles_every_image_a_prompt_may_carry() {
    let c = Catalog::embedded().unwrap();
    // Qwen2.5-VL-7B under V0 at 8192 tokens: the processor's largest image is 16 384 tokens, so
    // one dummy sequence; with 4 images a prompt it carries 4 of them, and the decoder's profile
    // runs over their 65 536 tokens: the activations grow about 4-fold (the encoder's and the
    // decoder's terms are both linear in the images).
    let one = vllm(&c, "qwen2.5-vl-7b", 8192, true, None);
    let said_one = vllm(&c, "qwen2.5-vl-7b", 8192, true, Some(1));
    let four = vllm(&c, "qwen2.5-vl-7b", 8192, true, Some(4));
    assert!((one.per_gpu_required_gib - said_one.per_gpu_required_gib).abs() < 1e-9);
    let ratio = act(&four) / act(&one);
    assert!((3.5..=4.1).contains(&ratio), "{} {}", act(&one), act(&four));
    // V1 encodes as many images as its token budget holds, whatever the limit: unchanged.
    let v1 = vllm(&c, "qwen2.5-vl-7b", 8192, false, None);
    let v1_four = vllm(&c, "qwen2.5-vl-7b", 8192, false, Some(4));
    assert!((v1.per_gpu_required_gib - v1_four.per_gpu_required_gib).abs() < 1e-9);
    // A text model has no images to profile.
    let text = vllm(&c, "qwen2.5-7b", 8192, true, None);
    let text_four = vllm(&c, "qwen2.5-7b", 8192, true, Some(4));
    assert!((text.per_gpu_required_gib - text_four.per_gpu_required_gib).abs() < 1e-9);
}

#[test]
fn the_images_word_reads_as_vllms_flag_and_turns_the_verdict() {
    // Qwen2.5-VL-7B on a 48 GB L40S under V0 at 8192 tokens: one image a prompt starts (2.4 GiB
    // of activations); sixteen largest images (38 GiB of profile) push it past the card.
    let base = "/fit qwen2.5-vl-7b bf16 ctx=8k vllm=v0 l40s";
    let one = ask("en-US", base);
    let many = ask("en-US", &format!("{base} images_per_prompt=16"));
    assert!(!one.contains('❌'), "{one}");
    assert!(many.contains('❌'), "{many}");
    // The answer says how many images each dummy request carries, and the word that changes it.
    assert!(
        one.contains("one such image in each dummy request"),
        "{one}"
    );
    assert!(one.contains("images_per_prompt=N"), "{one}");
    assert!(many.contains("16 such images"), "{many}");
    let zh = ask("zh-CN", &format!("{base} images_per_prompt=16"));
    assert!(zh.contains("每条虚拟请求里放 16 张"), "{zh}");
    assert_eq!(
        many,
        ask("en-US", &format!("{base} limit_mm_per_prompt=image=16"))
    );
    let bad = ask("en-US", &format!("{base} images_per_prompt=0"));
    assert!(bad.contains("images_per_prompt=0"), "{bad}");
}
