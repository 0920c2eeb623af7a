//! Rent vs API with no card named (`should I self-host llama 3.1 70b or use an api`): the card
//! is the cheapest configuration that holds the model as a service (the fit engine's ranking:
//! firm list prices, the fewest cards of each type), said in the answer's first lines so the
//! user sees what was assumed and names another card to change it. Never a card that does not
//! hold the model, and never a "from" floor.

use crate::advice;
use crate::context::Ctx;
use crate::reply::Msg;
use crate::vram::{self, Engine, FitRequest, Quant, Task};

/// The cheapest firm configuration that holds `model` in `quant` at the serving context: its
/// card id, card count and the line saying so; `None` when nothing can be sized (no priced
/// card holds it: the answer then asks for one as before). With llama.cpp's expert offload
/// (`cpu_moe`) the card holds only what stays on it, as `/fit … cpu-moe` sizes it.
pub(super) fn sized(
    ctx: &Ctx,
    model: &str,
    quant: Quant,
    cpu_moe: Option<u32>,
    platform: Option<&str>,
) -> Option<(String, u32, Msg)> {
    let model = super::fit::model_ref(ctx, model).ok()?;
    let mut req = FitRequest::new(model, quant, Task::Infer);
    req.cpu_moe = cpu_moe;
    req.engine = if quant.is_gguf() || cpu_moe.is_some() {
        Engine::Llamacpp
    } else {
        Engine::Vllm
    };
    req.context = crate::tco::SERVING_CONTEXT;
    let fit = advice::decide(ctx.catalog, &req, &vram::FitOptions::default()).ok()?;
    let held = fit
        .report
        .options
        .iter()
        .filter(|o| o.fits && o.usd_per_hour.is_some() && !o.price_from);
    // On a platform named: the setup cheapest at that platform's own firm list prices, of the
    // cards it lists (its ranking, not the catalog's).
    let best = match platform {
        None => held.into_iter().next()?,
        Some(p) => {
            held.filter_map(|o| {
                let h = ctx.catalog.cheapest_hourly_usd_on(&o.gpu, p)?;
                (!h.from).then(|| (h.usd * rust_decimal::Decimal::from(o.cards), o))
            })
            .min_by(|a, b| a.0.cmp(&b.0))?
            .1
        }
    };
    let gpu = ctx.catalog.find_gpu(&best.gpu)?;
    let said = Msg::new("tco-card-sized")
        .arg("cards", best.cards)
        .arg("gpu", gpu.display_name(ctx.lang == crate::i18n::Lang::Zh));
    Some((gpu.id.clone(), best.cards, said))
}
