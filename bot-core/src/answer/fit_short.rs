//! What a `/fit` answer tells a job that does not fit: why, its 4-bit form on the card, more of
//! the named card, and the configurations that hold it. One tail for a named card and for a
//! memory size (`fit_vram`).

use super::fit_options::{gib, push_options};
use super::fit_parsed::Parsed;
use crate::advice::{self, Fit};
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::vram::{Engine, FitReport, Quant, Task};

/// What a job that does not fit is told (and a vLLM service that starts short of its demand):
/// why, its 4-bit form on the card, more of the named card (`more_cards`: a card named, not a
/// memory size) and the configurations that hold it. One tail for `/fit` on a card and on a
/// memory size.
pub(super) fn push_short(
    r: &mut Reply,
    catalog: &Catalog,
    p: &Parsed<'_>,
    fit: &Fit,
    currency: &str,
    lang: Lang,
    more_cards: bool,
) {
    let req = &p.req;
    r.push(why_not(&fit.report));
    if !fit.fits() {
        let more = more_cards
            .then(|| super::fit_more_cards::more_of_card(catalog, req, &p.opts, lang))
            .flatten();
        for m in four_bit_on_card(catalog, p).into_iter().chain(more) {
            r.push(m);
        }
    }
    push_options(
        catalog,
        r,
        &fit.alternatives,
        currency,
        "fit-alternatives-intro",
        lang,
        req,
    );
}

/// "Can card X run model Y" with no quantization typed, when 16-bit does not fit the card: the
/// 4-bit form people run such a model in (AWQ; Q4_K_M on llama.cpp) on the same card(s), when it
/// fits.
fn four_bit_on_card(catalog: &Catalog, p: &Parsed<'_>) -> Option<Msg> {
    if p.quant_given || p.req.task != Task::Infer || p.req.quant.is_low_bit() {
        return None;
    }
    let mut q4 = p.req.clone();
    q4.quant = if q4.engine == Engine::Llamacpp {
        Quant::Q4KM
    } else {
        Quant::Awq
    };
    let fit = advice::decide(catalog, &q4, &p.opts).ok()?;
    let g = q4.gpu?;
    fit.fits().then(|| {
        Msg::new("fit-4bit-on-card")
            .arg("quant", q4.quant.key())
            .arg("cards", q4.cards)
            .arg("gpu", g.name.as_str())
            .arg("need", gib(fit.report.per_gpu_required_gib))
            .arg("verdict", fit.report.verdict.clone().unwrap_or_default())
    })
}

/// The largest part of the estimate, to say why it does not fit.
fn why_not(rep: &FitReport) -> Msg {
    let parts = [
        ("weights", rep.weights_gib),
        ("kv", rep.kv_cache_gib),
        ("activations", rep.activations_gib),
        ("optimizer", rep.optimizer_gib),
    ];
    let (part, v) = parts
        .iter()
        .copied()
        .fold(("weights", f64::MIN), |a, b| if b.1 > a.1 { b } else { a });
    // Inference keeps no activations for a backward pass: gradient checkpointing is no help.
    let part = match part {
        "activations" if rep.task == "infer" => "activations_infer",
        p => p,
    };
    Msg::new("fit-why-not").arg("part", part).arg("gib", gib(v))
}
