//! The `/fit` answer's lines on the trainer and the quantized base of a LoRA / Q-LoRA:
//! Unsloth (with its loss and its size), double quantization, PEFT's k-bit preparation and
//! what Transformers' warmed-up load of a 16-bit checkpoint keeps reserved.

use super::fit_options::gib;
use crate::reply::{Msg, Reply};
use crate::vram::{FitOptions, FitRequest};

/// The trainer and the quantized base a LoRA / Q-LoRA is sized with: Unsloth, double
/// quantization (`FitRequest::double_quant`) and PEFT's k-bit preparation
/// (`FitRequest::kbit_upcast`, with what it costs) and the load's reserve
/// (`FitRequest::load_warmup`), each with the word that switches it.
pub(super) fn push_adapter_base(r: &mut Reply, req: &FitRequest<'_>, opts: &FitOptions) {
    if req.unsloth {
        let cce = if !crate::vram::unsloth_loss::applies(req) {
            "yes"
        } else if crate::vram::unsloth_release::stock_forward_logits(req) {
            "stock"
        } else {
            "no"
        };
        r.push(
            Msg::new("advice-assume-unsloth")
                .arg("cce", cce)
                .arg("loss", gib(crate::vram::unsloth_release::loss_gib(req))),
        );
        r.push(unsloth_release_line(req));
        // What its fused LoRA MLP keeps less, with the words that turn it off.
        let fused = crate::vram::unsloth_fused_mlp_saving_gib(req);
        if fused >= 0.05 {
            r.push(Msg::new("advice-unsloth-fused-mlp").arg("gib", gib(fused)));
        }
    }
    let bits = match req.quant {
        crate::vram::Quant::Nf4 | crate::vram::Quant::Fp4 => "4",
        // An LLM.int8 base goes through the same preparation (`vram::kbit_base`).
        crate::vram::Quant::Int8 => "8",
        _ => return,
    };
    if req.quant.is_bnb4() {
        r.push(
            Msg::new("advice-assume-double-quant")
                .arg("on", if req.double_quant { "yes" } else { "no" }),
        );
    }
    if !req.unsloth && !req.axolotl && req.layout == crate::vram::ModelLayout::Transformers {
        r.push(
            Msg::new("advice-assume-bnb-load")
                .arg("bits", bits)
                .arg("on", if req.load_warmup { "yes" } else { "no" })
                .arg("gib", gib(crate::vram::bnb_load_reserved_gib(req, opts))),
        );
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

/// Which Unsloth release the training is sized for (`vram::unsloth_release`), with the word
/// that names another.
fn unsloth_release_line(req: &FitRequest<'_>) -> Msg {
    let Some(r) = req.unsloth_release else {
        return Msg::new("advice-unsloth-release-today");
    };
    let lossway = if crate::vram::unsloth_release::stock_forward_logits(req)
        && crate::vram::unsloth_loss::applies(req)
    {
        "stock"
    } else if crate::vram::unsloth_release::whole_logits(req) {
        "whole"
    } else if crate::vram::unsloth_release::no_cut_ce_on_card(req)
        && crate::vram::unsloth_loss::applies(req)
    {
        "nocce"
    } else if crate::vram::unsloth_release::whole_16bit_logits(req)
        && crate::vram::unsloth_loss::applies(req)
    {
        "triton"
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
        .arg("loss", gib(crate::vram::unsloth_release::loss_gib(req)))
}

/// A word that names a release whose mechanisms differ: `unsloth=2024.5`
/// (`vram::unsloth_release`, and the trainer is Unsloth), `vllm=v0` / `vllm=0.6.4` /
/// `VLLM_USE_V1=0` (vLLM's V0 engine, `FitRequest::vllm_v0`, and the engine is vLLM). `None`
/// for a value that names no release.
pub(super) fn release_word(
    req: &mut FitRequest<'_>,
    engine_given: &mut bool,
    key: &str,
    v: &str,
) -> Option<()> {
    if key == "unsloth" {
        req.unsloth_release = Some(crate::vram::UnslothRelease::parse(v)?);
        req.unsloth = true;
        req.axolotl = false;
        return Some(());
    }
    req.vllm_v0 = match key {
        "vllm" => {
            // A numbered release also says how it loads what it quantizes (`VllmRelease`).
            req.vllm_release = crate::vram::VllmRelease::parse(v);
            crate::vram::vllm_release_is_v0(v)?
        }
        _ => !crate::lexicon::on_off(v)?,
    };
    req.engine = crate::vram::Engine::Vllm;
    *engine_given = true;
    Some(())
}
