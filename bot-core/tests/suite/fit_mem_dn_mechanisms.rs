//! mem_dn (session 32, issue 24): the peak at load when a server quantizes a 16-bit checkpoint
//! on the fly (`FitRequest::online_quant`). Cases of our own, each asserting what the loaders'
//! source implies:
//! - vLLM `--quantization fp8` on a BF16 checkpoint: `Fp8LinearMethod` / `Fp8MoEMethod.create_weights`
//!   allocate the weights in `params_dtype` when the checkpoint is not FP8-serialized, and
//!   `process_weights_after_loading` quantizes module by module only after every weight is
//!   loaded (vllm `model_executor/layers/quantization/fp8.py`, 0.10-0.12; the docs' warning "we
//!   load the model at original precision before quantizing down to 8-bits, so you need enough
//!   memory to load the whole model"). 0.13 and 0.14 post-process each layer as it completes
//!   but keep the BF16 originals referenced through the whole loop (vllm PR 29196; PR 31914: "did
//!   not actually reduce peak memory"; PR 32773: Qwen3-30B-A3B starts on one 80 GB card in BF16
//!   and fails with online FP8, "vllm 0.13.0 and 0.14.0 are affected"). From 0.15 the weights are
//!   created on `meta` and materialized layer by layer (PR 31914): no whole-model stage.
//! - SGLang: `Fp8LinearMethod.create_fp8_weight_` takes `params_dtype` for a checkpoint not
//!   serialized in FP8 and quantizes after loading (sglang `srt/layers/quantization/fp8.py`;
//!   sglang PR 36733, 2026-08: online conversion "starts module-by-module ... only after the
//!   full local BF16/FP16 model has loaded").
//! - vLLM `--quantization bitsandbytes` on a 16-bit checkpoint: `BitsAndBytesModelLoader.
//!   _unquantized_generator` moves each tensor to the card and `quantize_4bit`s it as it streams:
//!   never the whole 16-bit model, so no stage.
//! - A pre-quantized FP8 checkpoint (`Qwen/Qwen3-14B-FP8`) loads as stored: no stage.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Server, Task, VllmRelease,
    estimate_with,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// How the weights reach the card: as stored, or quantized at load under a vLLM release (None:
/// today's) or under SGLang.
#[derive(Clone, Copy)]
enum Load {
    Stored,
    Vllm(Option<&'static str>),
    Sglang,
}

fn fit(c: &Catalog, model: &str, quant: Quant, (gpu, cards): (&str, u32), load: Load) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    r.context = 4096;
    r.engine = Engine::Vllm;
    r.gpu = Some(c.gpu(gpu).unwrap());
    r.cards = cards;
    let mut o = FitOptions::default();
    match load {
        Load::Stored => {}
        Load::Vllm(rel) => {
            r.online_quant = true;
            r.vllm_release = rel.map(|s| VllmRelease::parse(s).unwrap());
        }
        Load::Sglang => {
            r.online_quant = true;
            o.server = Some(Server::Sglang);
        }
    }
    estimate_with(c, &r, &o).unwrap()
}

/// The weights of `model` in BF16 on each of `cards` cards (GiB), as the estimate splits them.
fn bf16_per_card(c: &Catalog, model: &str, (gpu, cards): (&str, u32)) -> f64 {
    fit(c, model, Quant::Bf16, (gpu, cards), Load::Stored)
        .per_gpu
        .weights_gib
}

const NOTE: &str = "fit-note-online-quant-load";

#[test]
fn dense_one_card_online_fp8_holds_the_bf16_model_before_quantizing() {
    let c = cat();
    let card = ("rtx-4090", 1);
    let stored = fit(&c, "qwen2.5-14b", Quant::Fp8, card, Load::Stored);
    assert_eq!(stored.fits, Some(true), "FP8 weights of a 14B fit a 4090");
    assert!(!stored.warning_ids.iter().any(|w| w == NOTE));
    let bf16 = bf16_per_card(&c, "qwen2.5-14b", card);
    for load in [
        Load::Vllm(Some("0.11")),
        Load::Vllm(Some("0.12.0")),
        Load::Sglang,
    ] {
        let online = fit(&c, "qwen2.5-14b", Quant::Fp8, card, load);
        assert!(
            online.per_gpu_required_gib >= bf16,
            "{} < the BF16 weights {bf16}",
            online.per_gpu_required_gib
        );
        assert_eq!(online.fits, Some(false));
        assert!(online.warning_ids.iter().any(|w| w == NOTE));
    }
    // Today's vLLM (and a 0.15 typed) streams layer by layer: the stage stays under the steady need.
    for rel in [None, Some("0.15"), Some("v0.20.1")] {
        let streamed = fit(&c, "qwen2.5-14b", Quant::Fp8, card, Load::Vllm(rel));
        assert!((streamed.per_gpu_required_gib - stored.per_gpu_required_gib).abs() < 0.01);
        assert_eq!(streamed.fits, Some(true));
    }
}

#[test]
fn two_cards_each_hold_their_bf16_half_at_load() {
    let c = cat();
    let cards = ("l40s", 2);
    let stored = fit(&c, "llama-3.3-70b", Quant::Fp8, cards, Load::Stored);
    assert_eq!(stored.fits, Some(true), "FP8 70B over 2 x L40S");
    let online = fit(
        &c,
        "llama-3.3-70b",
        Quant::Fp8,
        cards,
        Load::Vllm(Some("0.10.2")),
    );
    let half = bf16_per_card(&c, "llama-3.3-70b", cards);
    assert!(online.per_gpu_required_gib >= half);
    assert_eq!(online.fits, Some(false));
    // On cards that hold the BF16 half, it starts, and the load is still its peak per card.
    let h100 = fit(
        &c,
        "llama-3.3-70b",
        Quant::Fp8,
        ("h100-sxm", 2),
        Load::Vllm(Some("0.10")),
    );
    assert_eq!(h100.fits, Some(true));
    assert!(h100.per_gpu_required_gib >= bf16_per_card(&c, "llama-3.3-70b", ("h100-sxm", 2)));
}

#[test]
fn moe_one_card_releases_0_13_and_0_14_hold_bf16_and_fp8_together() {
    // vllm PR 32773 (2026-01-21): `vllm serve Qwen/Qwen3-30B-A3B --quantization fp8` on one
    // 80 GB H card OOMs on 0.13 / 0.14 while BF16 starts.
    let c = cat();
    let card = ("h100-sxm", 1);
    let bf16 = fit(&c, "qwen3-30b-a3b", Quant::Bf16, card, Load::Stored);
    assert_eq!(bf16.fits, Some(true));
    for rel in ["0.13.0", "0.14"] {
        let r = fit(&c, "qwen3-30b-a3b", Quant::Fp8, card, Load::Vllm(Some(rel)));
        assert_eq!(r.fits, Some(false), "{rel}");
        assert!(
            r.per_gpu_required_gib > bf16.per_gpu.weights_gib * 1.4,
            "{rel}"
        );
    }
    for rel in [Some("0.12"), Some("0.15"), None] {
        let r = fit(&c, "qwen3-30b-a3b", Quant::Fp8, card, Load::Vllm(rel));
        assert_eq!(r.fits, Some(true), "{rel:?}");
    }
}

#[test]
fn moe_eight_cards_the_stage_sets_the_peak() {
    let c = cat();
    let cards = ("a100-40g-sxm", 8);
    let stored = fit(&c, "qwen3-235b-a22b", Quant::Fp8, cards, Load::Stored);
    let online = fit(&c, "qwen3-235b-a22b", Quant::Fp8, cards, Load::Sglang);
    let share = bf16_per_card(&c, "qwen3-235b-a22b", cards);
    assert!(online.per_gpu_required_gib >= share);
    assert!(online.per_gpu_required_gib > stored.per_gpu_required_gib + 15.0);
    assert_eq!(online.fits, Some(false));
    // Expert parallel or tensor parallel, the BF16 share per card is an eighth of the model.
    let whole = bf16_per_card(&c, "qwen3-235b-a22b", ("h100-sxm", 1));
    assert!((share * 8.0 - whole).abs() / whole < 0.05);
}

#[test]
fn bitsandbytes_in_flight_under_vllm_streams_tensor_by_tensor() {
    let c = cat();
    let card = ("rtx-4090", 1);
    let stored = fit(&c, "qwen2.5-14b", Quant::Nf4, card, Load::Stored);
    for rel in [Some("0.8.5"), Some("0.11"), None] {
        let online = fit(&c, "qwen2.5-14b", Quant::Nf4, card, Load::Vllm(rel));
        assert!((online.per_gpu_required_gib - stored.per_gpu_required_gib).abs() < 0.01);
        assert!(!online.warning_ids.iter().any(|w| w == NOTE));
    }
}

#[test]
fn a_repository_id_names_the_checkpoint_in_the_chat() {
    // `Qwen/Qwen3-32B` is the BF16 repository: `fp8` typed on it is online quantization; the
    // `-FP8` repository is stored in FP8. On two 4090s under vLLM 0.11 the first cannot load
    // (each card's BF16 half, about 30 GiB, is over the card by more than the stated margin).
    let online = ask("en-US", "/fit Qwen/Qwen3-32B fp8 vllm=0.11 2x4090");
    let stored = ask("en-US", "/fit Qwen/Qwen3-32B-FP8 vllm=0.11 2x4090");
    assert!(online.contains("quantizes"), "{online}");
    assert!(online.contains('❌'), "{online}");
    assert!(
        !stored.contains('❌') && !stored.contains("quantizes"),
        "{stored}"
    );
    // Today's vLLM streams: the BF16 repository fits as the FP8 one does.
    let today = ask("en-US", "/fit Qwen/Qwen3-32B fp8 vllm 2x4090");
    assert!(!today.contains('❌'), "{today}");
    // The word, in Chinese, says when the stage sets the peak.
    let zh = ask("zh-CN", "/fit qwen3-14b fp8 online=on sglang 4090");
    assert!(zh.contains("现场量化") && zh.contains("显存峰值"), "{zh}");
}
