//! The `/fit` answer's lines on the trainer and the quantized base of a LoRA / Q-LoRA:
//! Unsloth (with its loss and its size), double quantization and PEFT's k-bit preparation.

use crate::reply::{Msg, Reply};
use crate::vram::FitRequest;

/// The trainer and the quantized base a LoRA / Q-LoRA is sized with: Unsloth, double
/// quantization (`FitRequest::double_quant`) and PEFT's k-bit preparation
/// (`FitRequest::kbit_upcast`, with what it costs), each with the word that switches it.
pub(super) fn push_adapter_base(r: &mut Reply, req: &FitRequest<'_>) {
    if req.unsloth {
        let cce = !crate::vram::unsloth_loss::applies(req);
        r.push(
            Msg::new("advice-assume-unsloth")
                .arg("cce", if cce { "yes" } else { "no" })
                .arg("loss", gib(crate::vram::unsloth_loss::loss_gib(req))),
        );
        r.push(unsloth_release_line(req));
    }
    let bits = match req.quant {
        crate::vram::Quant::Nf4 => "4",
        // An LLM.int8 base goes through the same preparation (`vram::kbit_base`).
        crate::vram::Quant::Int8 => "8",
        _ => return,
    };
    if req.quant == crate::vram::Quant::Nf4 {
        r.push(
            Msg::new("advice-assume-double-quant")
                .arg("on", if req.double_quant { "yes" } else { "no" }),
        );
    }
    if !req.unsloth && !req.axolotl && req.layout == crate::vram::ModelLayout::Transformers {
        r.push(
            Msg::new("advice-assume-kbit-upcast")
                .arg("bits", bits)
                .arg("on", if req.kbit_upcast { "yes" } else { "no" })
                .arg(
                    "gib",
                    format!("{:.1}", crate::vram::peft_fp32_cast_gib(req)),
                ),
        );
    }
}

/// GiB as the `/fit` answer prints them (`fit_render::gib`; not imported: no import circle).
fn gib(x: f64) -> String {
    format!("{x:.1}")
}

/// Which Unsloth release the training is sized for (`vram::unsloth_release`), with the word
/// that names another.
fn unsloth_release_line(req: &FitRequest<'_>) -> Msg {
    let Some(r) = req.unsloth_release else {
        return Msg::new("advice-unsloth-release-today");
    };
    let lossway = if crate::vram::unsloth_release::whole_logits(req) {
        "whole"
    } else if crate::vram::unsloth_release::uncapped_chunks(req)
        && crate::vram::unsloth_loss::applies(req)
    {
        "uncapped"
    } else {
        "today"
    };
    Msg::new("advice-unsloth-release")
        .arg("release", r.label())
        .arg(
            "rope",
            gib(crate::vram::unsloth_release::rope_cache_gib(req)),
        )
        .arg("lossway", lossway)
        .arg("loss", gib(crate::vram::unsloth_loss::loss_gib(req)))
}
