//! A card sold with two memory sizes, named without one (`v100 跑 qwen2.5-7b lora 够吗`: 16
//! or 32 GB; `a100 跑 qwen2.5-32b bf16`: 40 or 80 GB). The catalog's default variant is kept
//! when the verdict (fits, tight, no; on how many cards) is the same on every size, and said in the reading (`v100-16g`); where the
//! verdict differs between them, the sizes are asked back: "fits" on one and "does not" on
//! the other is no answer to give on a guess.

mod full_alone;

use super::Reading;
use super::request::Request;
use crate::advice;
use crate::answer::fit::{Given, settle};
use crate::answer::fit_memory;
use crate::catalog::Catalog;
use crate::commands::fit::{FitArgs, FitMemoryArgs};
use crate::lexicon;
use crate::vram::{FitOptions, FitRequest, ModelRef, Quant, Task};

/// A card's memory as its sizes are said (`10` for `rtx-3080`, `80` for `a100-80g-sxm`).
fn memory_of(catalog: &Catalog, id: &str) -> Option<String> {
    catalog
        .find_gpu(id)
        .map(|g| (g.vram_gb.round() as u32).to_string())
}

/// The same card with another memory size: the catalog's own family data
/// ([`Catalog::memory_siblings`]), so a card whose default id carries no size (`rtx-3080`,
/// `rtx-a2000`) has its other size as well as `v100-16g` has `v100-32g`.
fn siblings<'c>(catalog: &'c Catalog, id: &str) -> Vec<&'c str> {
    catalog.find_gpu(id).map_or_else(Vec::new, |g| {
        catalog
            .memory_siblings(g)
            .into_iter()
            .map(|o| o.id.as_str())
            .collect()
    })
}

/// What `/fit` prints about `gpu` (its defaults; options aside): the verdict (fits, tight, short,
/// no) on the cards sized, and, with no count said and one card short, the fewest of this card
/// that hold the job (the count the answer searched for and lists: 8 of 80 GB and 16 of 40 GB
/// are two answers; `None` where no count up to 8 holds it). With a count said the verdict on
/// it is what is printed (corpus49's header).
fn verdict(
    catalog: &Catalog,
    a: &FitArgs,
    gpu: &str,
) -> Option<(Option<String>, u32, Option<u32>)> {
    let model = match catalog.model(&a.model) {
        Ok(m) => ModelRef::Known(m),
        Err(_) => match lexicon::model_size_in_name(&a.model)? {
            Ok(b) => ModelRef::BySize {
                params_b: b.total_b,
                active_b: b.active_b,
            },
            Err(_) => return None,
        },
    };
    let mut req = FitRequest::new(model, a.quant.unwrap_or(Quant::Bf16), Task::Infer);
    req.task = a.task.unwrap_or(Task::Infer);
    req.gpu = Some(catalog.gpu(gpu).ok()?);
    if let Some(n) = a.cards {
        req.cards = n;
    }
    let given = Given {
        quant: a.quant.is_some(),
        ..Given::default()
    };
    let p = settle(catalog, req, FitOptions::default(), given);
    let f = advice::decide(catalog, &p.req, &p.opts).ok()?;
    let searched = if a.cards.is_some() || f.report.holds_all() {
        None
    } else {
        f.alternatives
            .iter()
            .filter(|o| o.gpu == gpu)
            .map(|o| o.cards)
            .min()
    };
    Some((f.report.verdict, f.report.cards, searched))
}

/// `r` with a card's memory sizes asked back where the verdict differs between them; the
/// memory said in the words (`v100 32g`, `80gb`) is kept.
pub(super) fn memory_asked(catalog: &Catalog, padded: &str, r: Reading) -> Reading {
    // `full` alone first: a line asked back is no card's memory to ask about.
    let r = full_alone::full_asked(catalog, padded, r);
    if let Reading::Command(Request::FitMemory(m)) = &r {
        return lists_asked(catalog, padded, m).unwrap_or(r);
    }
    let Reading::Command(Request::Fit(a)) = &r else {
        return r;
    };
    let Some(gpu) = a.gpu.as_deref() else {
        return r;
    };
    let Some(n) = memory_of(catalog, gpu) else {
        return r;
    };
    let said = memory_said(padded, &n);
    let others = siblings(catalog, gpu);
    if said || others.is_empty() || !a.options.is_empty() {
        return r;
    }
    let Some(own) = verdict(catalog, a, gpu) else {
        return r;
    };
    let differing: Vec<&str> = others
        .into_iter()
        .filter(|o| verdict(catalog, a, o).is_some_and(|v| v != own))
        .collect();
    if differing.is_empty() {
        return r;
    }
    let mut asks = vec![Request::Fit(a.clone())];
    asks.extend(differing.into_iter().map(|o| {
        let mut b = a.clone();
        b.gpu = Some(o.to_string());
        Request::Fit(b)
    }));
    Reading::Ask(asks)
}

/// Whether the memory `n` (GB) is said in the words: `32g`, `80gb`, `80 g`, `40G`.
fn memory_said(padded: &str, n: &str) -> bool {
    [format!("{n}g"), format!("{n} g")]
        .iter()
        .any(|w| padded.contains(w.as_str()))
        || super::memory_beside::size_said(padded, n.parse().unwrap_or(0))
}

/// `a100能跑哪些模型`: a card sold in two memory sizes, no model to size and no size said. The
/// answer is the list of models the card holds, so the sizes are asked back where their lists
/// differ (the card the bare name means first), and the card kept where they are alike.
fn lists_asked(catalog: &Catalog, padded: &str, m: &FitMemoryArgs) -> Option<Reading> {
    let gpu = m.card.as_deref()?;
    let n = memory_of(catalog, gpu)?;
    if memory_said(padded, &n) {
        return None;
    }
    let own = fit_memory::models_named(catalog, m);
    let differing: Vec<FitMemoryArgs> = siblings(catalog, gpu)
        .into_iter()
        .filter_map(|o| {
            let g = catalog.gpu(o).ok()?;
            let line = FitMemoryArgs {
                gb: g.vram_gb.round() as u32,
                card: Some(o.to_string()),
                ..m.clone()
            };
            (fit_memory::models_named(catalog, &line) != own).then_some(line)
        })
        .collect();
    if differing.is_empty() {
        return None;
    }
    let mut asks = vec![Request::FitMemory(m.clone())];
    asks.extend(differing.into_iter().map(Request::FitMemory));
    Some(Reading::Ask(asks))
}
