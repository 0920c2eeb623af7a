//! The peak at load when a server quantizes a 16-bit checkpoint on the fly
//! (`FitRequest::online_quant`: `--quantization fp8` on a BF16 repository; CLI
//! `--online-quant`, the chat's `online=on`, or a Hugging Face repository id without a
//! quantization ending). A checkpoint stored in FP8 (`Qwen/Qwen3-8B-FP8`) loads as stored: no
//! stage. What each loader allocates:
//!
//! - vLLM to 0.12: `Fp8LinearMethod` / `Fp8MoEMethod.create_weights` allocate every weight in
//!   `params_dtype` when the checkpoint is not FP8-serialized; the loader loads them all, then
//!   `process_weights_after_loading` quantizes module by module, each FP8 copy made before its
//!   16-bit original is freed (vllm `model_executor/layers/quantization/fp8.py`; the FP8 docs'
//!   warning "we load the model at original precision before quantizing down to 8-bits, so you
//!   need enough memory to load the whole model", removed by PR 37851 in 2026-03). Peak: the
//!   card's 16-bit share and one layer's FP8.
//! - vLLM 0.13 and 0.14: PR 29196 post-processes each layer as its last chunk loads, but the
//!   16-bit weights stay referenced through the whole loop (PR 31914: it "did not actually
//!   reduce peak memory"), so the FP8 copies pile up beside them (PR 32773: Qwen3-30B-A3B
//!   starts on one 80 GB card in BF16 and not with online FP8, "vllm 0.13.0 and 0.14.0 are
//!   affected"). Peak: the 16-bit share and the FP8 share together.
//! - vLLM from 0.15 (the first release after PR 31914, merged in late January 2026): weights
//!   created on `meta` and materialized layer by layer just before they are quantized. Peak:
//!   the FP8 share and one layer in 16-bit, under what the server then holds.
//! - SGLang, every release checked (`Fp8LinearMethod.create_fp8_weight_`: `params_dtype` for
//!   a checkpoint not serialized in FP8; sglang PR 36733, 2026-08, still open for MXFP8 MoE:
//!   conversion "starts module-by-module ... only after the full local BF16/FP16 model has
//!   loaded"): as vLLM to 0.12.
//! - vLLM's bitsandbytes in-flight quantization (`BitsAndBytesModelLoader.
//!   _unquantized_generator`): each tensor moved to the card and `quantize_4bit`-ed as it
//!   streams, never the whole 16-bit model: no stage. Transformers' `load_in_4bit/8bit` is
//!   `vram::bnb_load` (its warm-up block).
//!
//! The stage is transient: the steady server (its budget, KV cache, graphs) comes after it, so
//! the card needs the larger of the two, and the answer says when the load is the larger.

use super::parts::{Common, weight_split};
use super::{FitRequest, Quant, Server, Shape};
use crate::reply::Msg;

/// A vLLM release as its tags number them (`0.11`, `v0.10.2`, `0.8.3`; no patch is `.0`): the
/// CLI's `--vllm-release`, the chat's `vllm=0.11.0`. The patch is kept: V1's scheduler
/// defaults changed inside 0.8 (`vram::vllm_seqs::at_release`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct VllmRelease {
    pub major: u8,
    pub minor: u8,
    pub patch: u16,
}

impl VllmRelease {
    /// `0.11`, `v0.10.2`, `1.0`. Majors above 9 are refused.
    pub fn parse(s: &str) -> Option<Self> {
        let (major, minor, patch) = super::releases::major_minor_patch(s, 0..=9)?;
        Some(Self {
            major,
            minor,
            patch,
        })
    }

    /// As the answer writes it: `0.8.1`.
    pub fn label(self) -> String {
        format!("{}.{}.{}", self.major, self.minor, self.patch)
    }

    pub const fn new(major: u8, minor: u8, patch: u16) -> Self {
        Self {
            major,
            minor,
            patch,
        }
    }

    /// The first release that keeps the 16-bit originals referenced while it quantizes (PR 29196).
    const STREAM_KEEPS_ORIGINALS: VllmRelease = VllmRelease::new(0, 13, 0);
    /// The first release that materializes each layer just in time (PR 31914).
    const STREAMS: VllmRelease = VllmRelease::new(0, 15, 0);
}

/// How a loader holds the weights while it quantizes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// The card's 16-bit share whole, then one layer's FP8 copy at a time.
    Whole16,
    /// The 16-bit share and the FP8 share together (vLLM 0.13, 0.14).
    Both,
    /// The FP8 share and one layer in 16-bit (vLLM from 0.15).
    Layer,
}

fn stage(req: &FitRequest, server: Option<Server>) -> Option<Stage> {
    if !req.online_quant || req.task.is_training() || req.quant != Quant::Fp8 {
        return None;
    }
    match (req.engine, server) {
        (super::Engine::Vllm, Some(Server::Sglang)) => Some(Stage::Whole16),
        (super::Engine::Vllm, None) => Some(match req.vllm_release {
            Some(r) if r < VllmRelease::STREAM_KEEPS_ORIGINALS => Stage::Whole16,
            Some(r) if r < VllmRelease::STREAMS => Stage::Both,
            _ => Stage::Layer,
        }),
        _ => None,
    }
}

/// Bytes the busiest card holds at the peak of the load, CUDA context included, with its
/// quantized weights `w` (the steady share); 0 where the stage does not apply.
pub(super) fn load_bytes(shape: &Shape, req: &FitRequest, c: &Common, w: f64) -> f64 {
    let Some(stage) = stage(req, c.server.map(|(s, _)| s)) else {
        return 0.0;
    };
    // The card's share as the checkpoint stores it: the same split in 16-bit.
    let split16 = weight_split(shape, Quant::Bf16, req.engine);
    let mut r16 = req.clone();
    r16.quant = Quant::Bf16;
    let w16 = super::data_parallel::weights_per_card(shape, &r16, &split16, split16.total());
    let layer16 = w16 / shape.layers.max(1) as f64;
    let held = match stage {
        Stage::Whole16 => w16 + layer16 / 2.0,
        Stage::Both => w16 + w,
        Stage::Layer => w + layer16 * 1.5,
    };
    held + c.ctx
}

/// The line that says the server quantizes at load, the busiest card's peak there (`load`,
/// bytes) and whether it is the job's (against `need`, what the card must hold in all);
/// `None` where no stage applies.
pub(super) fn note(req: &FitRequest, server: Option<Server>, load: f64, need: f64) -> Option<Msg> {
    if load <= 0.0 {
        return None;
    }
    let way = match stage(req, server)? {
        Stage::Whole16 => "whole",
        Stage::Both => "both",
        Stage::Layer => "layer",
    };
    // The stage sets the peak when the card's need is the load itself.
    let sets = load + 1.0 >= need;
    Some(
        Msg::new("fit-note-online-quant-load")
            .arg("gib", super::round2(load / super::GIB))
            .arg("way", way)
            .arg("sets", if sets { "yes" } else { "no" }),
    )
}
