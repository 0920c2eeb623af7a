//! Held-out 21's mechanisms (training image and video models), tested on models, cards and sizes
//! of no table row: SD3.5 Large and Medium, HunyuanVideo, Wan2.1-T2V-1.3B, on an L4, an A10, an
//! RTX 5090 and an L40S.

use bot_core::Catalog;
use bot_core::answer::fit_diffusion::fits_card;
use bot_core::diffusion::estimate::ALLOCATOR_RESERVE;
use bot_core::diffusion::train::{
    self, BLOCK_ACT_PER_WIDTH, OptimizerKind, Train, act_bytes_per_token, kept_share, lora_params,
};
use bot_core::diffusion::{self, DiffusionRequest, Precision, Role, estimate};

const GIB: f64 = (1u64 << 30) as f64;

fn find(name: &str) -> &'static diffusion::Pipeline {
    diffusion::find(name).unwrap_or_else(|| panic!("{name}"))
}

fn training(name: &str, t: Train) -> DiffusionRequest<'static> {
    let mut r = DiffusionRequest::new(find(name));
    r.train = Some(t);
    r
}

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

#[test]
fn a_lora_grows_with_its_rank_and_the_denoiser_over_its_width() {
    // SD3.5 Large: 8.1B-class MMDiT at width 2432; the adapter is linear in the rank.
    let p = find("sd3.5-large");
    let b = p.weights_b(Role::Denoiser);
    assert_eq!(
        lora_params(b, p.hidden, 64),
        2.0 * lora_params(b, p.hidden, 32)
    );
    assert!((lora_params(b, p.hidden, 32) - 32.0 * 1.5 * b * 1e9 / 2432.0).abs() < 1.0);
    // The peak moves by exactly the adapter's bytes (fp32 weight and gradient + AdamW's two
    // moments = 16 bytes a parameter), plus the allocator's share.
    let mut lo = Train::lora();
    lo.optimizer = OptimizerKind::AdamW;
    let mut hi = lo;
    (lo.rank, hi.rank) = (Some(8), Some(128));
    let (el, eh) = (
        estimate(&training("sd3.5-large", lo)),
        estimate(&training("sd3.5-large", hi)),
    );
    let extra = lora_params(b, p.hidden, 120) * 16.0 / GIB * (1.0 + ALLOCATOR_RESERVE);
    assert!((eh.peak_gib - el.peak_gib - extra).abs() < 1e-6);
}

#[test]
fn the_optimizer_state_is_counted_per_trained_parameter() {
    let p = find("sd3.5-medium");
    let n = lora_params(p.weights_b(Role::Denoiser), p.hidden, 32);
    let peak = |o: OptimizerKind| {
        let mut t = Train::lora();
        (t.rank, t.optimizer) = (Some(32), o);
        estimate(&training("sd3.5-medium", t)).peak_gib
    };
    let step = |a: OptimizerKind, b: OptimizerKind| {
        (a.state_bytes() - b.state_bytes()) * n / GIB * (1.0 + ALLOCATOR_RESERVE)
    };
    for (a, b) in [
        (OptimizerKind::Prodigy, OptimizerKind::AdamW),
        (OptimizerKind::AdamW, OptimizerKind::AdamW8bit),
        (OptimizerKind::AdamW8bit, OptimizerKind::Adafactor),
    ] {
        assert!(peak(a) > peak(b), "{a:?} over {b:?}");
        assert!((peak(a) - peak(b) - step(a, b)).abs() < 1e-6, "{a:?} {b:?}");
    }
    assert_eq!(
        OptimizerKind::parse("AdamW8bit"),
        Some(OptimizerKind::AdamW8bit)
    );
    assert_eq!(
        OptimizerKind::parse("paged_adamw_8bit"),
        Some(OptimizerKind::AdamW8bit)
    );
    assert_eq!(OptimizerKind::parse("lion"), None, "unknown: never guessed");
}

#[test]
fn checkpointing_keeps_each_blocks_input_instead_of_its_activations() {
    let p = find("hunyuanvideo");
    assert_eq!(p.blocks, 60);
    let h = p.hidden as f64;
    assert_eq!(
        act_bytes_per_token(p, false),
        60.0 * BLOCK_ACT_PER_WIDTH * h
    );
    assert_eq!(
        act_bytes_per_token(p, true),
        60.0 * 2.0 * h + BLOCK_ACT_PER_WIDTH * h
    );
    // A short clip: the step's activations scale with the tokens, not the weights.
    let mut on = training("hunyuanvideo", Train::lora());
    (on.width, on.height, on.frames) = (512, 320, 33);
    let mut off = on;
    off.train = on.train.map(|t| Train {
        grad_ckpt: false,
        ..t
    });
    let (a, b) = (estimate(&on), estimate(&off));
    assert_eq!(a.tokens, b.tokens);
    let ratio = b.step_gib / a.step_gib;
    assert!((ratio - 60.0 * 34.0 / (120.0 + 34.0)).abs() < 1e-9);
    // Training runs one forward per step: no classifier-free guidance batch (SD3.5 uses CFG when
    // it generates, never when it trains).
    let sd = find("sd3.5-medium");
    assert!(sd.cfg);
    let generation = estimate(&DiffusionRequest::new(sd));
    let tr = estimate(&training("sd3.5-medium", Train::lora()));
    assert_eq!(generation.tokens, 2.0 * tr.tokens);
}

#[test]
fn cached_outputs_take_the_encoders_and_vae_off_the_card() {
    let cached = training("wan2.1-t2v-1.3b", Train::lora());
    let mut loaded = cached;
    loaded.train = cached.train.map(|t| Train {
        cache_latents: false,
        cache_text: false,
        ..t
    });
    let (a, b) = (estimate(&cached), estimate(&loaded));
    let both = (a.text_gib + a.vae_gib) * (1.0 + ALLOCATOR_RESERVE);
    assert!((b.peak_gib - a.peak_gib - both).abs() < 1e-6);
    // Training the text encoders keeps them on the card even with cached outputs.
    let mut te = cached;
    te.train = cached.train.map(|t| Train {
        train_text: true,
        ..t
    });
    let c = estimate(&te);
    assert!((c.peak_gib - a.peak_gib - a.text_gib * (1.0 + ALLOCATOR_RESERVE)).abs() < 1e-6);
}

#[test]
fn block_swap_moves_a_share_of_the_denoiser_and_a_full_tune_drops_its_gradients() {
    let p = find("hunyuanvideo");
    assert_eq!(kept_share(p, 0), 1.0);
    assert_eq!(kept_share(p, 30), 0.5);
    // The swap never takes the last block.
    assert_eq!(kept_share(p, 500), 1.0 / 60.0);
    let mut swap = Train::lora();
    swap.blocks_to_swap = 30;
    let (a, b) = (
        estimate(&training("hunyuanvideo", Train::lora())),
        estimate(&training("hunyuanvideo", swap)),
    );
    let half = a.denoiser_gib * 0.5 * (1.0 + ALLOCATOR_RESERVE);
    assert!((a.peak_gib - b.peak_gib - half).abs() < 1e-6);
    // A full fine-tune holds bf16 gradients for every weight; with swap, fused backward frees
    // each as it is made.
    let sd = find("sd3.5-medium");
    let full = estimate(&training("sd3.5-medium", Train::full()));
    let lora = estimate(&training("sd3.5-medium", Train::lora()));
    assert!(full.peak_gib > lora.peak_gib + 0.9 * sd.weights_b(Role::Denoiser) * 2e9 / GIB);
    let mut fs = Train::full();
    fs.blocks_to_swap = 1;
    let r = training("sd3.5-medium", fs);
    assert!(
        train::trained_gib(&r, &fs)
            < train::trained_gib(&training("sd3.5-medium", Train::full()), &Train::full())
                - sd.weights_b(Role::Denoiser) * 1.9e9 / GIB
    );
}

#[test]
fn an_fp8_base_halves_the_denoiser_and_fixes_say_what_fits() {
    let catalog = Catalog::embedded().unwrap();
    let l4 = catalog.gpu("l4").unwrap();
    let bf16 = training("sd3.5-large", Train::lora());
    let mut fp8 = bf16;
    fp8.precision = Some(Precision::Fp8);
    let (a, b) = (estimate(&bf16), estimate(&fp8));
    assert!(b.denoiser_gib < 0.6 * a.denoiser_gib);
    // Every fix offered lands under the L4's memory; each names a change.
    for f in train::fixes(&bf16, l4.vram_gib()) {
        assert!(fits_card(&estimate(&f), l4));
        assert!(f.precision != bf16.precision || f.train != bf16.train);
    }
}

#[test]
fn fit_lora_answers_with_parts_verdict_and_sources_in_both_languages() {
    let en = ask("en", "/fit sd3.5-large lora rank=32 l40s");
    for part in [
        "Memory estimate (training)",
        "LoRA rank 32",
        "activations kept for the backward pass",
        "not on the card (outputs cached",
        "Fits on 1 ×",
        "Korthikanti",
        "Sources: https://huggingface.co/stabilityai/stable-diffusion-3.5-large",
    ] {
        assert!(en.contains(part), "{part}\n{en}");
    }
    let zh = ask("zh", "/fit sd3.5-large lora rank=32 l40s");
    assert!(
        zh.contains("显存估算（训练）") && zh.contains("LoRA 秩 32"),
        "{zh}"
    );
    // A full fine-tune of HunyuanVideo on a 5090 does not fit, and says what would.
    let full = ask("en", "/fit hunyuanvideo full rtx-5090");
    assert!(
        full.contains("full fine-tune") && full.contains("❌"),
        "{full}"
    );
    // A pipeline without its block count is not sized, said so in both languages.
    let sd15 = ask("en", "/fit sd1.5 lora a10");
    assert!(sd15.contains("is not sized"), "{sd15}");
    let sd15zh = ask("zh", "/fit sd1.5 lora a10");
    assert!(sd15zh.contains("没法估算训练"), "{sd15zh}");
    // A training word it cannot read is an error, never a guess.
    let bad = ask("en", "/fit wan2.1-t2v-1.3b lora opt=lion");
    assert!(bad.contains("opt=lion"), "{bad}");
}

#[test]
fn a_plain_question_about_training_an_image_model_gets_the_training_fit() {
    // Read as `/fit <pipeline> lora <card>` by the reader (unchanged); answered as the typed line.
    for (lang, q, typed) in [
        (
            "en",
            "could I train an sd3.5 medium lora on an a10?",
            "/fit sd3.5-medium lora a10",
        ),
        (
            "zh",
            "l40s能训练hunyuan video lora吗",
            "/fit hunyuanvideo lora l40s",
        ),
    ] {
        let plain = ask(lang, q);
        let line = ask(lang, typed);
        let body: Vec<&str> = plain.lines().skip(1).collect();
        assert_eq!(body.join("\n"), line, "{q}");
        assert!(line.contains("训练") || line.contains("training"), "{line}");
    }
}
