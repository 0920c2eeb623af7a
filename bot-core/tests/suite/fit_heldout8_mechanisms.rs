//! Held-out 8's mechanisms (session 13, mem-j) on models, sizes and cards of no table: Wan's own
//! `generate.py` (`diffusion::wan`) keeps the DiT in fp32 unless `--convert_model_dtype` (the
//! word `bf16`) and holds its fp32 residual stream, fp32 modulation (per token in Wan2.2) and
//! float64 RoPE per token; the answer says so in both languages, and says what `generate.py`
//! would need when the word is not given.

use bot_core::Catalog;
use bot_core::diffusion::{self, DiffusionRequest, Offload, Precision, estimate, what_fits};

const GIB: f64 = (1u64 << 30) as f64;

fn wan(id: &str) -> DiffusionRequest<'static> {
    DiffusionRequest::new(diffusion::find(id).unwrap())
}

/// Tokens of one forward at `w` x `h` x `frames` (8x VAE, 2x2 patches, 4x time).
fn tokens(w: u32, h: u32, frames: u32) -> f64 {
    ((w / 16) * (h / 16) * ((frames - 1) / 4 + 1)) as f64
}

#[test]
fn generate_py_loads_the_dit_in_fp32_unless_a_precision_is_given() {
    // Wan2.1-1.3B at 1280x720 (no table has it): the DiT doubles (and the VAE, below), the
    // text encoder does not.
    let mut r = wan("wan2.1-t2v-1.3b");
    (r.width, r.height) = (1280, 720);
    let bf16 = estimate(&r);
    r.wan_generate = true;
    assert_eq!(r.denoiser_precision(), Precision::Fp32);
    let fp32 = estimate(&r);
    assert!((fp32.denoiser_gib - 2.0 * bf16.denoiser_gib).abs() < 1e-9);
    assert_eq!(fp32.text_gib, bf16.text_gib);
    assert!((fp32.vae_gib - 2.0 * bf16.vae_gib).abs() < 1e-9);
    // `bf16` with the word: Wan2.2's --convert_model_dtype; the weights are bf16 again.
    r.precision = Some(Precision::Bf16);
    assert!((estimate(&r).denoiser_gib - bf16.denoiser_gib).abs() < 1e-9);
    // A pipeline `generate.py` does not run ignores the flag.
    let mut flux = DiffusionRequest::new(diffusion::find("flux.1-dev").unwrap());
    let plain = estimate(&flux);
    flux.wan_generate = true;
    assert_eq!(estimate(&flux), plain);
}

#[test]
fn generate_py_activations_follow_its_forward_per_token() {
    // Wan2.2-A14B at 960x544, 49 frames: 60 x 34 x 13 tokens, 90 x 5120 bytes each.
    let mut r = wan("wan2.2-t2v-a14b");
    (r.width, r.height, r.frames) = (960, 544, 49);
    r.precision = Some(Precision::Bf16);
    let t = tokens(960, 544, 49);
    let pipeline = estimate(&r);
    assert!((pipeline.tokens - t).abs() < 1e-9);
    r.wan_generate = true;
    let own = estimate(&r);
    assert!((own.step_gib - t * 90.0 * 5120.0 / GIB).abs() < 1e-9);
    assert!(
        own.step_gib > 2.0 * pipeline.step_gib,
        "{own:?} {pipeline:?}"
    );
    // Wan2.1-14B's per-sample timestep: 38 x 5120 a token at 1024x576, 33 frames.
    let mut w21 = wan("wan2.1-t2v-14b");
    (w21.width, w21.height, w21.frames) = (1024, 576, 33);
    w21.wan_generate = true;
    let e = estimate(&w21);
    assert!((e.step_gib - tokens(1024, 576, 33) * 38.0 * 5120.0 / GIB).abs() < 1e-9);
    // With offload=model one expert waits on the card beside the step (Wan2.2's
    // `_prepare_model_for_timestep`): the peak grows with tokens, not with both experts.
    r.offload = Offload::Model;
    let one = estimate(&r);
    assert!(one.denoise_weights_gib < 0.55 * one.denoiser_gib);
}

#[test]
fn an_fp32_dit_that_does_not_fit_is_told_bf16_first() {
    // Wan2.2-A14B by generate.py at 720P on one H100: an fp32 expert (52 GiB) and its step do
    // not fit; --convert_model_dtype (`bf16`) is the first change that does.
    let catalog = Catalog::embedded().unwrap();
    let h100 = catalog.gpu("h100-sxm").unwrap().vram_gib();
    let mut r = wan("wan2.2-t2v-a14b");
    r.wan_generate = true;
    r.offload = Offload::Model;
    assert!(estimate(&r).peak_gib > h100);
    let fixes = what_fits(&r, h100, 3);
    let (first, e) = fixes.first().expect("a change that fits");
    assert_eq!(first.denoiser_precision(), Precision::Bf16);
    assert!(first.wan_generate, "bf16 is still generate.py");
    assert!(e.peak_gib <= h100);
}

use super::chat::ask_fresh as ask;

#[test]
fn the_answer_says_which_runner_it_sized_in_both_languages() {
    // Wan2.1-1.3B at 720p on a 3060 (no table has it).
    let line = "/fit wan2.1-t2v-1.3b rtx-3060 res=720p offload=model";
    let en = ask("en", line);
    assert!(en.contains("Running Wan's own generate.py"), "{en}");
    assert!(en.contains("The word generate.py sizes it"), "{en}");
    let zh = ask("zh", line);
    assert!(zh.contains("generate.py") && zh.contains("fp32"), "{zh}");
    assert!(!zh.contains("Running Wan"), "{zh}");
    // With the word: fp32 in the title and the line that says how and what it would be without.
    let own = ask("en", &format!("{line} generate.py"));
    assert!(own.contains("denoiser FP32"), "{own}");
    assert!(own.contains("Sized as Wan's own generate.py"), "{own}");
    assert!(own.contains("itself loads it in fp32"), "{own}");
    assert!(
        own.contains("from the forward of Wan's generate.py"),
        "{own}"
    );
    assert!(
        !en.contains("from the forward of Wan's generate.py"),
        "{en}"
    );
    // The word's figure is the other answer's figure, both ways.
    let peak = |s: &str| -> String {
        let at = s.find("Peak on the card: ").unwrap() + "Peak on the card: ".len();
        s[at..].split(' ').next().unwrap().to_string()
    };
    assert!(
        en.contains(&format!("It needs {} GiB", peak(&own))),
        "{en}\n{own}"
    );
    assert!(
        own.contains(&format!("it needs {} GiB", peak(&en))),
        "{own}\n{en}"
    );
    let own_zh = ask("zh", &format!("{line} generate.py"));
    assert!(
        own_zh.contains("按 Wan 官方 generate.py 的跑法估算"),
        "{own_zh}"
    );
    // Wan2.2 names its flag; `runner=wan` is the same word; other models refuse it.
    let w22 = ask("en", "/fit wan2.2-ti2v-5b runner=wan 4090");
    assert!(w22.contains("unless --convert_model_dtype"), "{w22}");
    assert!(w22.contains("an fp32 modulation for every token"), "{w22}");
    let flux = ask("en", "/fit flux.1-dev generate.py 4090");
    assert!(flux.contains("I can't read \"generate.py\""), "{flux}");
}

/// gpt-oss's sliding-window layers (`Model::sliding_layers`): 12 of gpt-oss-20b's 24 layers
/// attend over the last 128 tokens, so their KV cache stops there in every engine; only the
/// full-attention half grows with the context. Lengths and engines of no table.
#[test]
fn sliding_window_layers_hold_their_window_only() {
    use bot_core::vram::{Engine, FitRequest, GIB, ModelRef, Quant, Task, estimate as fit};
    let c = Catalog::embedded().unwrap();
    let m = c.model("gpt-oss-20b").unwrap();
    let kv = |ctx: u32, engine: Engine| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Mxfp4, Task::Infer);
        r.context = ctx;
        r.engine = engine;
        // Many sequences, so that short ones weigh (the report rounds to 0.01 GiB).
        r.batch = 512;
        fit(&c, &r).unwrap().per_gpu.kv_cache_gib
    };
    // K and V, 8 KV heads of 64, 2 bytes: per layer per token.
    let per_layer = 2.0 * 8.0 * 64.0 * 2.0;
    for engine in [Engine::Transformers, Engine::Vllm, Engine::Llamacpp] {
        let grown = kv(49152, engine) - kv(24576, engine);
        let want = 12.0 * per_layer * 24576.0 * 512.0 / GIB;
        assert!((grown - want).abs() < 0.02, "{engine:?}: {grown} vs {want}");
        // Below the window every layer holds every token, in Transformers exactly; vLLM's
        // sliding layers take whole 16-token blocks plus one and llama.cpp's SWA cache 256-cell
        // steps (mem_ap, `swa::sliding_tokens`), so there the short ratio is not 1.5.
        if engine == Engine::Transformers {
            let short = kv(96, engine) / kv(64, engine);
            assert!((short - 1.5).abs() < 0.02, "{engine:?}: {short}");
        }
    }
    // The 120b: 18 of 36 at 131072 tokens is half the full-length figure (and the window).
    let big = c.model("gpt-oss-120b").unwrap();
    let mut r = FitRequest::new(ModelRef::Known(big), Quant::Mxfp4, Task::Infer);
    r.context = 131072;
    let got = fit(&c, &r).unwrap().per_gpu.kv_cache_gib;
    let want = (18.0 * 131072.0 + 18.0 * 128.0) * per_layer / GIB;
    assert!((got - want).abs() < 0.01, "{got} vs {want}");
}

/// Wan2.1's image-to-video DiT is its own entry: each of 40 blocks adds image cross-attention
/// (k_img, v_img, norm_k_img), 2.1B weights the text-to-video DiT does not have (Wan2.2's
/// model.py has no such class: its I2V-A14B stays the T2V shape). 480P in bf16, no table.
#[test]
fn wan21_image_to_video_carries_its_image_cross_attention() {
    let i2v = wan("wan2.1-i2v-14b");
    let t2v = wan("wan2.1-t2v-14b");
    assert_eq!(i2v.pipeline.id, "wan2.1-i2v-14b");
    assert_eq!(
        diffusion::find("Wan-AI/Wan2.1-I2V-14B-480P").unwrap().id,
        "wan2.1-i2v-14b"
    );
    let extra = 40.0 * (2.0 * 5120.0f64.powi(2) + 3.0 * 5120.0);
    let got = estimate(&i2v).denoiser_gib - estimate(&t2v).denoiser_gib;
    // 2.1B in the catalog: the blocks' 2.098B and the image embedding's MLP.
    assert!((got * GIB / 2.0 - extra).abs() < 0.01e9, "{got}");
    assert_eq!(wan("wan2.2-i2v-a14b").pipeline.id, "wan2.2-t2v-a14b");
    let zh = ask("zh", "/fit wan2.1-i2v-14b a6000");
    assert!(zh.contains("图像交叉注意力"), "{zh}");
    let en = ask("en", "/fit wan2.1-i2v-14b a6000");
    assert!(en.contains("image cross-attention"), "{en}");
}

/// generate.py builds its VAE in fp32 on the card and never offloads it: with offload=model it
/// waits beside the text encoder and every denoising step. Wan2.1-1.3B at 1280x720, Wan2.2-5B
/// at 960x544 (no table).
#[test]
fn generate_py_keeps_an_fp32_vae_on_the_card_at_every_stage() {
    for (id, w, h) in [("wan2.1-t2v-1.3b", 1280, 720), ("wan2.2-ti2v-5b", 960, 544)] {
        let mut r = wan(id);
        (r.width, r.height) = (w, h);
        r.offload = Offload::Model;
        r.precision = Some(Precision::Bf16);
        let plain = estimate(&r);
        r.wan_generate = true;
        let own = estimate(&r);
        let vae_fp32 = r.pipeline.weights_b(diffusion::Role::Vae) * 4.0e9 / GIB;
        assert!((own.vae_gib - vae_fp32).abs() < 1e-9, "{id}");
        assert!((own.vae_gib - 2.0 * plain.vae_gib).abs() < 1e-9, "{id}");
        // One model at a time, and the VAE beside it.
        let dit = own.denoiser_gib;
        assert!(
            (own.denoise_weights_gib - (dit + vae_fp32)).abs() < 1e-9,
            "{id}"
        );
        assert!((plain.denoise_weights_gib - dit).abs() < 1e-9, "{id}");
    }
    let own = ask(
        "en",
        "/fit wan2.2-ti2v-5b generate.py bf16 offload=model te=cpu 4090",
    );
    assert!(own.contains("its VAE stays on the card in fp32"), "{own}");
    let zh = ask(
        "zh",
        "/fit wan2.2-ti2v-5b generate.py bf16 offload=model te=cpu 4090",
    );
    assert!(zh.contains("VAE 以 fp32 全程留在卡上"), "{zh}");
}

/// Wan2.2-A14B by generate.py on one card without offload: `init_on_cpu` (the single-GPU
/// default) still swaps the experts, so one 14B expert is on the card beside T5 and the VAE; a
/// diffusers pipeline without offload holds both. 960x544, 33 frames (no table).
#[test]
fn generate_py_swaps_the_experts_even_without_offload() {
    let mut r = wan("wan2.2-t2v-a14b");
    (r.width, r.height, r.frames) = (960, 544, 33);
    r.precision = Some(Precision::Bf16);
    let both = estimate(&r);
    r.wan_generate = true;
    let one = estimate(&r);
    let expert = both.denoiser_gib / 2.0;
    assert!(
        (both.denoise_weights_gib - (both.denoiser_gib + both.text_gib + both.vae_gib)).abs()
            < 1e-9
    );
    assert!((one.denoise_weights_gib - (expert + one.text_gib + one.vae_gib)).abs() < 1e-9);
    assert!(one.peak_gib < both.peak_gib - 20.0, "{one:?} {both:?}");
}

/// `generate.py` said in a question is the word: the reading carries `runner=wan` and the
/// answer is sized as the script runs (Wan2.1-1.3B at 720p on a 3080, no table).
#[test]
fn generate_py_said_in_a_question_is_read() {
    let zh = ask("zh", "用官方 generate.py 跑 wan2.1 1.3b 720p，3080 够吗");
    assert!(zh.contains("runner=wan"), "{zh}");
    assert!(zh.contains("按 Wan 官方 generate.py 的跑法估算"), "{zh}");
    let en = ask("en", "wan2.1 1.3b with generate.py on a 3080?");
    assert!(en.contains("Sized as Wan's own generate.py"), "{en}");
}
