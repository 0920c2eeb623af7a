//! The VAE words of an image/video `/fit`: `vae=fp32`, `vae=tiled`, `vae=sliced` (several at
//! once as `vae=tiled+sliced`), and the line that says how the decode was sized.

use crate::diffusion::decode::DecodeMode;
use crate::diffusion::{DiffusionReport, DiffusionRequest, Precision};
use crate::reply::{Msg, Reply};

/// Reads the value of `vae=`: each part a dtype (`fp32`; another dtype = as published) or a
/// way to cut the decode. `None` for a word it does not know.
pub fn read(r: &mut DiffusionRequest, value: &str) -> Option<()> {
    for part in value.split(['+', ',']) {
        match part.to_lowercase().as_str() {
            "tiled" | "tile" | "tiling" | "enable_tiling" => r.vae_tiled = true,
            "sliced" | "slice" | "slicing" | "enable_slicing" => r.vae_sliced = true,
            "whole" | "untiled" => (r.vae_tiled, r.vae_sliced) = (false, false),
            // The VAE's dtype (diffusers decodes in it): `vae=fp32` as diffusers' Wan docs load it.
            other => r.vae_fp32 = Precision::parse(other)? == Precision::Fp32,
        }
    }
    Some(())
}

/// The words that ask for the VAE as `t` has it and `from` does not.
pub fn change_words(from: &DiffusionRequest, t: &DiffusionRequest, out: &mut Vec<String>) {
    if t.vae_tiled && !from.vae_tiled {
        out.push("vae=tiled".into());
    }
    if t.vae_sliced && !from.vae_sliced {
        out.push("vae=sliced".into());
    }
}

/// A line on how the decode was sized, when a word asked for tiling or slicing.
pub fn explain(reply: &mut Reply, r: &DiffusionRequest, e: &DiffusionReport) {
    if r.vae_tiled {
        let msg = match (&r.pipeline.vae_tiling, e.decode_mode) {
            // generate.py's own VAE has no tiling: sized as it decodes (`causal_decode`).
            (_, DecodeMode::Causal) => Msg::new("diff-vae-tiled-generate"),
            (None, _) => Msg::new("diff-vae-tiled-unknown"),
            (Some(t), DecodeMode::Tiled) => Msg::new("diff-vae-tiled")
                .arg("class", t.class.as_str())
                .arg("tile", t.tile_px)
                .arg("stride", t.stride_px)
                .arg("frames", t.tile_frames)
                .arg("source", t.source.as_str()),
            (Some(t), _) => Msg::new("diff-vae-tiled-small").arg("tile", t.tile_px),
        };
        reply.push(msg);
    }
    if r.vae_sliced {
        reply.push(Msg::new("diff-vae-sliced").arg("batch", r.batch.max(1)));
    }
}
