//! Mechanisms of issue 24's image training misses (session 35, mem_dx): the text encoders
//! trained beside the denoiser (kohya sd-scripts' `text_encoder_lr`, not
//! `--network_train_unet_only`). What the run holds for them, from kohya-ss/sd-scripts @
//! 48d368fa: a LoRA on every linear of each encoder's attention and MLP
//! (`networks/lora.py` `TEXT_ENCODER_TARGET_REPLACE_MODULE = ["CLIPAttention",
//! "CLIPSdpaAttention", "CLIPMLP"]`), the gradients of the embeddings it unfreezes for gradient
//! checkpointing (`train_network.py` `prepare_text_encoder_grad_ckpt_workaround`:
//! `text_model.embeddings.requires_grad_(True)`), and the encoders' activations over their 77
//! tokens. The expected figures below are counted here from the encoders' configs (CLIP ViT-L/14:
//! 12 layers of 768; OpenCLIP ViT-bigG/14: 32 of 1280; both 49408 tokens and 77 positions), not
//! read from the engine.

use bot_core::answer::fit_diffusion::{read, render};
use bot_core::diffusion::estimate::ALLOCATOR_RESERVE;
use bot_core::diffusion::{DiffusionReport, estimate};
use bot_core::i18n::{Lang, Localizer};

const GIB: f64 = (1u64 << 30) as f64;
/// SDXL's two encoders as (layers, width).
const SDXL_TE: [(f64, f64); 2] = [(12.0, 768.0), (32.0, 1280.0)];
/// Token and position embeddings: 49408 + 77 rows of each encoder's width.
const EMBED_ROWS: f64 = 49408.0 + 77.0;

fn sized(q: &str) -> DiffusionReport {
    let catalog = bot_core::Catalog::embedded().unwrap();
    let line = read(&catalog, q)
        .unwrap()
        .unwrap_or_else(|_| panic!("not read: {q}"));
    estimate(&line.req)
}

fn said(q: &str, lang: Lang) -> String {
    let catalog = bot_core::Catalog::embedded().unwrap();
    let line = read(&catalog, q).unwrap().ok().unwrap();
    Localizer::get().render_plain(lang, &render(&catalog, &line))
}

/// LoRA parameters per unit of rank: q, k, v and out (width × width: 2 × width each) and the
/// MLP's fc1 / fc2 (width × 4·width: 5 × width each) in every layer = 18 × width per layer.
fn te_lora_per_rank() -> f64 {
    SDXL_TE.iter().map(|(l, w)| 18.0 * w * l).sum()
}

/// Checkpointed encoders keep each layer's 16-bit input (2 × width per token) and recompute one
/// layer at a time (34 × width, the widest); without checkpointing every layer's 34 × width.
fn te_act_per_token(ckpt: bool) -> f64 {
    if ckpt {
        SDXL_TE.iter().map(|(l, w)| 2.0 * w * l).sum::<f64>() + 34.0 * 1280.0
    } else {
        SDXL_TE.iter().map(|(l, w)| 34.0 * w * l).sum()
    }
}

/// The encoders' share of one step's peak, with the allocator's reserve over it.
fn te_share(rank: f64, state_bytes: f64, batch: f64, ckpt: bool) -> f64 {
    let lora = rank * te_lora_per_rank() * (8.0 + state_bytes);
    let embed = if ckpt {
        EMBED_ROWS * (768.0 + 1280.0) * 2.0
    } else {
        0.0
    };
    let act = 77.0 * batch * te_act_per_token(ckpt);
    (lora + embed + act) / GIB * (1.0 + ALLOCATOR_RESERVE)
}

/// Held-out 21's kohya SDXL LoRA on a 12 GB card with the text encoders trained: the encoders
/// were on the card before (their outputs are not cached when they are trained), but their
/// LoRA, its gradients and AdamW8bit state, the embeddings' gradients and their activations
/// were not counted.
#[test]
fn trained_text_encoders_add_their_lora_embedding_gradients_and_activations() {
    let base = sized("sdxl lora rank=16 opt=adamw8bit cache=off batch=2");
    let trained = sized("sdxl lora rank=16 opt=adamw8bit cache=off batch=2 te=train");
    let want = te_share(16.0, 2.0, 2.0, true);
    assert!(
        (trained.peak_gib - base.peak_gib - want).abs() < 1e-9,
        "{} - {} vs {want}",
        trained.peak_gib,
        base.peak_gib
    );
    // About 0.33 GiB: 14.4 M LoRA parameters at 10 bytes, 101 M embedding rows at 2 bytes.
    assert!((0.3..0.4).contains(&want), "{want}");
    // Training the encoders keeps them on the card even where outputs would be cached: with
    // caching on, only the VAE (latents cached) leaves the card.
    let cached = sized("sdxl lora rank=16 opt=adamw8bit batch=2 te=train");
    let vae = trained.vae_gib * (1.0 + ALLOCATOR_RESERVE);
    assert!((trained.peak_gib - cached.peak_gib - vae).abs() < 1e-9);
}

/// The encoders' LoRA grows with the rank and the optimizer's state; the embeddings are
/// unfrozen only for gradient checkpointing, whose absence keeps every layer's activations.
#[test]
fn rank_optimizer_and_checkpointing_move_the_encoders_share() {
    let share = |q: &str| sized(&format!("{q} te=train")).peak_gib - sized(q).peak_gib;
    let r16 = share("sdxl lora rank=16 opt=adamw cache=off");
    let r64 = share("sdxl lora rank=64 opt=adamw cache=off");
    let want = 48.0 * te_lora_per_rank() * 16.0 / GIB * (1.0 + ALLOCATOR_RESERVE);
    assert!((r64 - r16 - want).abs() < 1e-9, "{r64} {r16} {want}");
    let off = share("sdxl lora rank=16 opt=adamw cache=off ckpt=off");
    let want_off = te_share(16.0, 8.0, 1.0, false);
    assert!((off - want_off).abs() < 1e-9, "{off} {want_off}");
}

/// A full fine-tune that trains the encoders trains every encoder weight: their gradients in
/// 16-bit (kohya `--full_bf16`, as the denoiser's) and the optimizer's state, no LoRA.
#[test]
fn a_full_fine_tune_trains_every_encoder_weight() {
    let share = |q: &str| sized(&format!("{q} te=train")).peak_gib - sized(q).peak_gib;
    let adafactor = share("sdxl full opt=adafactor cache=off");
    let params: f64 = (0.695 + 0.123) * 1e9;
    let act = 77.0 * te_act_per_token(true);
    let want = (params * 2.0 + act) / GIB * (1.0 + ALLOCATOR_RESERVE);
    assert!((adafactor - want).abs() < 1e-9, "{adafactor} {want}");
}

/// The answer says whether the encoders were counted as trained and the word that changes it,
/// in both locales.
#[test]
fn the_encoders_default_and_the_word_are_said_in_both_locales() {
    let en = said("sdxl lora rtx-3060", Lang::En);
    assert!(
        en.contains("te=train") && en.contains("not trained"),
        "{en}"
    );
    let zh = said("sdxl lora rtx-3060", Lang::Zh);
    assert!(zh.contains("te=train") && zh.contains("不训练"), "{zh}");
    let e = sized("sdxl lora rtx-3060 te=train");
    let en = said("sdxl lora rtx-3060 te=train", Lang::En);
    assert!(
        en.contains("trained too") && en.contains("embeddings"),
        "{en}"
    );
    let zh = said("sdxl lora rtx-3060 te=train", Lang::Zh);
    assert!(zh.contains("一起训练") && zh.contains("嵌入"), "{zh}");
    assert!(e.peak_gib > sized("sdxl lora rtx-3060 cache=off").peak_gib);
}

/// An encoder whose shape is not on file (FLUX.1's T5-XXL) is not sized trained: nothing is
/// added, and the answer says that part is not counted rather than guess it.
#[test]
fn an_encoder_without_a_shape_is_said_not_sized() {
    let e = sized("flux.1-dev lora te=train");
    assert_eq!(e.text_train_gib, 0.0);
    let en = said("flux.1-dev lora te=train", Lang::En);
    assert!(en.contains("not in my data"), "{en}");
    let zh = said("flux.1-dev lora te=train", Lang::Zh);
    assert!(zh.contains("没有计入"), "{zh}");
    // The shape is data with its basis: a layer count without one is refused.
    let unbased = bot_core::diffusion::EMBEDDED_DIFFUSION.replacen(
        "shape_basis = \"text_encoder/config.json",
        "shape_basis = \"\" # \"text_encoder/config.json",
        1,
    );
    assert_ne!(unbased, bot_core::diffusion::EMBEDDED_DIFFUSION);
    let err = bot_core::diffusion::parse(&unbased).unwrap_err();
    assert!(err.contains("shape_basis"), "{err}");
}
