//! `/fit <model> [method] [quant] 16gb` (`will phi-4 fit on a 16gb card`, `24G显存能微调qwen2.5
//! 14b吗`): one job judged on a memory size, not a card. People who own or rent a card often
//! name its memory, not its model; the job is judged on the card `/fit 16gb` judges on
//! (`fit_memory::judged_on`: the tightest catalog card sold with that memory), so a fit there
//! fits every such card the catalog knows. Tight or short there, the roomier cards of the same
//! size that hold it are named, each by the capacity the catalog has for it.

use super::fit_options::gib;
use super::fit_render::{Parsed, push_remedies, render_fit_with};
use super::fit_short::push_short;
use super::memory_card::judged_on;
use crate::advice::Fit;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::vram;

/// Roomier cards of the size named, at most; the rest are counted.
const SHOWN_ROOMIER: usize = 5;

/// The `/fit` answer for a job judged on `gb` (`p.req.gpu` is the card it is judged on): the
/// answer `/fit` gives on a card, with this verdict.
pub(super) fn render(
    catalog: &Catalog,
    p: &Parsed<'_>,
    fit: &Fit,
    gb: u32,
    currency: &str,
    lang: Lang,
) -> Reply {
    render_fit_with(catalog, p, fit, currency, lang, |r| {
        push_verdict(r, catalog, p, fit, gb, currency, lang);
    })
}

/// The verdict on a memory size: on the card it is judged on, named with what it gives a job;
/// what makes a tight job fit or safe; the roomier cards of that size that hold it; and when it
/// does not fit, why, its 4-bit form and the configurations that hold it.
fn push_verdict(
    r: &mut Reply,
    catalog: &Catalog,
    p: &Parsed<'_>,
    fit: &Fit,
    gb: u32,
    currency: &str,
    lang: Lang,
) {
    let (req, rep) = (&p.req, &fit.report);
    let zh = lang == Lang::Zh;
    let (card, tightest) = judged_on(catalog, gb);
    let verdict = rep.verdict.as_deref().unwrap_or("no");
    r.push(
        Msg::new("fit-vram-verdict")
            .arg("verdict", verdict)
            .arg("gb", gb)
            .arg("cards", req.cards)
            .arg("need", gib(rep.per_gpu_required_gib))
            .arg("margin", gib(rep.margin_gib.unwrap_or(0.0).abs()))
            .arg("pct", rep.margin_pct.round())
            .arg("card", tightest.map_or("none", |t| t.display_name(zh)))
            .arg("usable", gib(card.usable_gib())),
    );
    if let Some(f) = &rep.checkpointing_flip {
        r.push(super::fit_gc::checkpointing_flip(
            f,
            gib(f.margin_gib.abs()),
            lang,
        ));
    }
    if matches!(verdict, "tight" | "short") {
        push_remedies(r, catalog, p, verdict, lang);
    }
    if verdict != "fits" {
        // Tight there, only a clear fit is roomier; short or no, a tight fit is news too.
        let tight_too = verdict != "tight";
        push_roomier(r, catalog, p, (gb, card.usable_gib()), tight_too, zh);
    }
    if !fit.fits() || rep.starts_short() {
        push_short(r, catalog, p, fit, currency, lang, false);
    }
}

/// The catalog's cards sold with `gb` that give a job more than `usable` and hold the job (a
/// tight one marked ⚠️), roomiest first, each with what it gives; said as one line, with the
/// basis of a capacity that is no driver reading.
fn push_roomier(
    r: &mut Reply,
    catalog: &Catalog,
    p: &Parsed<'_>,
    (gb, usable): (u32, f64),
    tight_too: bool,
    zh: bool,
) {
    let mut held: Vec<(&crate::catalog::Gpu, bool)> = catalog
        .gpus
        .iter()
        .filter(|g| g.vram_gb == f64::from(gb) && g.usable_gib() > usable + 0.05)
        .filter_map(|g| {
            let mut req = p.req.clone();
            req.gpu = Some(g);
            let rep = vram::estimate_with(catalog, &req, &p.opts).ok()?;
            match rep.verdict.as_deref() {
                Some("fits") => Some((g, false)),
                Some("tight") if tight_too => Some((g, true)),
                _ => None,
            }
        })
        .collect();
    if held.is_empty() {
        return;
    }
    held.sort_by(|a, b| b.0.usable_gib().total_cmp(&a.0.usable_gib()));
    let unread = held
        .iter()
        .any(|(g, _)| g.memory_mib.is_none() && g.cuda_total_gib.is_none());
    let tight = held.iter().any(|(_, t)| *t);
    let mut names: Vec<String> = held
        .iter()
        .take(SHOWN_ROOMIER)
        .map(|(g, t)| {
            let mark = if *t { " ⚠️" } else { "" };
            let (name, gib) = (g.display_name(zh), gib(g.usable_gib()));
            match zh {
                true => format!("{name}（{gib} GiB{mark}）"),
                false => format!("{name} ({gib} GiB{mark})"),
            }
        })
        .collect();
    let more = held.len().saturating_sub(SHOWN_ROOMIER);
    if more > 0 {
        names.push(match zh {
            true => format!("另 {more} 种"),
            false => format!("{more} more"),
        });
    }
    r.push(
        Msg::new("fit-vram-roomier")
            .arg("gb", gb)
            .arg("list", names.join(if zh { "、" } else { ", " }))
            .arg("tight", if tight { "yes" } else { "no" })
            .arg("unread", if unread { "yes" } else { "no" }),
    );
}
