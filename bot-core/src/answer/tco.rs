//! `/tco <model> <quant> [gpu] <tokens/day> [api price per 1M] [price=P] [cards=N] [platform]`: rent vs
//! API in the chat, from the [`crate::tco`] engine; the line itself is read in `tco_line`. The
//! CLI prints the same reply.

use super::common::not_found_reply;
use super::fit::{model_ref, push_options};
pub use super::tco_basis::{
    BasisOut, CatalogBasis, PlanOut, PriceBasis, TcoJson, catalog_price, catalog_price_on,
    place_plan, plan_for, tco_json, with_plan,
};
use super::tco_basis::{in_currency, no_fx};
pub use super::tco_line::{TcoLine, read_line};
use super::tco_line::{err_reply, usage};
pub use super::tokens::{tokens_text, tokens_text_in};
use crate::advice;
use crate::catalog::{Catalog, Gpu};
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::tco::{SERVING_CONTEXT, TcoQuery, TcoReport, analyze};
use crate::vram::{Engine, FitError, FitOptions, FitRequest, Quant, Task};
use rust_decimal::{Decimal, RoundingStrategy};

/// A reading that said some parts (`自己部署qwen2.5-7b和调API哪个划算`): asks only for the
/// parts still missing, with the whole line to send once they are known.
fn missing(ctx: &Ctx, line: &TcoLine) -> Reply {
    if *line == TcoLine::default() {
        return usage();
    }
    let head = match &line.model {
        Some(m) => {
            let name = ctx
                .catalog
                .model(m)
                .map_or_else(|_| m.clone(), |m| m.name.clone());
            Msg::new("tco-missing").arg("model", name)
        }
        None => Msg::new("tco-missing-any"),
    };
    let mut r = Reply::text(head);
    let mut example = line.clone();
    if line.model.is_none() {
        r.push(Msg::new("tco-missing-model"));
        example.model = Some("qwen2.5-7b".into());
        example.quant = Some(Quant::Bf16);
    }
    if line.gpu.is_none() {
        r.push(Msg::new("tco-missing-gpu"));
        example.gpu = Some("rtx-4090".into());
    }
    if line.tokens.is_none() {
        r.push(Msg::new("tco-missing-tokens"));
        example.tokens = Some(20e6);
    }
    let example = example.words().join(" ");
    r.with(Msg::new("tco-missing-try").arg("example", example))
}

/// `/tco` in the chat, for a line read by [`read_line`] or a question's reading.
pub fn chat(ctx: &Ctx, line: &TcoLine) -> Reply {
    chat_priced(ctx, line)
}

fn chat_priced(ctx: &Ctx, line: &TcoLine) -> Reply {
    // No card named: the cheapest that holds the model, said first (`tco_card`).
    let mut sized_line = line.clone();
    let sized = match (&line.model, line.quant, &line.gpu) {
        (Some(m), Some(q), None) => {
            super::tco_card::sized(ctx, m, q, line.cpu_moe, line.platform.as_deref()).map(
                |(gpu, cards, said)| {
                    sized_line.gpu = Some(gpu);
                    sized_line.cards = Some(cards);
                    said
                },
            )
        }
        _ => None,
    };
    let line = &sized_line;
    let said = |mut r: Reply| {
        if let Some(m) = &sized {
            r.prepend(crate::reply::Part::Text(m.clone()));
        }
        r
    };
    let (Some(model), Some(quant), Some(gpu), Some(tokens)) =
        (&line.model, line.quant, &line.gpu, line.tokens)
    else {
        return said(missing(ctx, line));
    };
    let model = match model_ref(ctx, model) {
        Ok(m) => m,
        Err(r) => return *r,
    };
    let gpu = match ctx.catalog.gpu(gpu) {
        Ok(g) => g,
        Err(nf) => return not_found_reply(&nf),
    };
    let cards = line.cards.unwrap_or(1);
    let price = line.price.clone();
    let cur = ctx.currency.clone();
    // A price typed without a currency is read in the chat's `/currency` (not the reader's
    // language), converted to the display one, and the answer says so.
    let mut bare = price.as_ref().is_some_and(|p| p.currency.is_none());
    let api = match &line.api {
        Some(p) => {
            bare |= p.currency.is_none();
            let from = p
                .currency
                .clone()
                .unwrap_or_else(|| ctx.bare_currency.clone());
            match in_currency(ctx.catalog, p.amount, &from, &cur) {
                Some(x) => Some(x),
                None => return no_fx(&from, &cur),
            }
        }
        None => None,
    };
    // GPU price: the user's, else the cheapest catalog list price (dated) converted.
    let (price_h, basis) = match price {
        Some(p) => {
            let from = p
                .currency
                .clone()
                .unwrap_or_else(|| ctx.bare_currency.clone());
            match in_currency(ctx.catalog, p.amount, &from, &cur) {
                Some(x) => (x, PriceBasis::User),
                None => return no_fx(&from, &cur),
            }
        }
        None => match catalog_price_on(ctx.catalog, gpu, cards, &cur, line.platform.as_deref()) {
            Ok(x) => x,
            Err(r) => return *r,
        },
    };
    let query = TcoQuery {
        model,
        quant,
        gpu,
        cards,
        price_per_hour: price_h,
        tokens_per_day: tokens,
        api_price_per_mtok: api,
        plan_per_day: None,
        cpu_moe: line.cpu_moe,
    };
    // A prepaid plan elsewhere is no price on the platform named.
    let plan_here = |basis: &PriceBasis| match (&line.platform, basis) {
        (Some(p), PriceBasis::Catalog { .. }) => {
            plan_for(ctx.catalog, &query, basis, &cur).is_none_or(|plan| plan.platform_id == *p)
        }
        _ => true,
    };
    let (query, plan) = match plan_here(&basis) {
        true => with_plan(ctx.catalog, ctx.lang, query, &basis, &cur),
        false => (query, None),
    };
    let mut r =
        tco_answer(ctx.catalog, &query, &cur, &basis, ctx.lang).unwrap_or_else(|e| err_reply(&e));
    if let Some(m) = plan {
        place_plan(&mut r, m);
    }
    if bare {
        r = super::common::with_bare_currency(r, &ctx.bare_currency);
    }
    let r = said(r);
    // On a phone: the price it assumed (with the word that changes it), the two costs, the
    // verdict; or, when the model does not fit, the cheapest setups that hold it.
    crate::phone::Short::titled(&r)
        .keep(&r, SHORT)
        .top_of(ctx.lang, &r)
        .over(ctx.lang, r)
}

/// The lines of a /tco answer its first message on a phone keeps.
const SHORT: &[&str] = &[
    "tco-card-sized",
    "bare-number-currency",
    "tco-price-catalog",
    "tco-price-user",
    "tco-price-where",
    "tco-prepaid-plan",
    "tco-does-not-fit",
    "tco-cpu-moe-speed",
    "tco-self-hosted",
    "tco-over-capacity",
    "tco-api",
    "tco-verdict",
    "tco-no-api",
];

/// The whole /tco answer for a query; the CLI prints the same. When the model does not fit
/// the cards, the answer is the fit failure and the configurations that do hold it: no cost
/// per token for a setup that cannot serve.
pub fn tco_answer(
    catalog: &Catalog,
    q: &TcoQuery<'_>,
    currency: &str,
    basis: &PriceBasis,
    lang: Lang,
) -> Result<Reply, FitError> {
    let rep = analyze(catalog, q, currency)?;
    let bare = super::fit::bare_size_warning(catalog, q.model);
    if rep.fits {
        let mut r = tco_reply(q.gpu, &rep, basis, lang);
        // Experts in system RAM: the rent is known (a prepaid plan's day where cheaper, as the
        // answer says above), the speed is the host's; the day's rent and the formula for the
        // user's own tokens/s, never a guessed cost per token.
        if let Some(layers) = rep.cpu_moe {
            let hourly_day = rep.price_per_hour * Decimal::from(24);
            let day = q.plan_per_day.map_or(hourly_day, |p| p.min(hourly_day));
            // The host's share: the experts it keeps (`vram::expert_offload`), as /fit says it.
            let shape = match q.model {
                crate::vram::ModelRef::Known(m) => crate::vram::Shape::from_model(m)?,
                crate::vram::ModelRef::BySize { params_b, active_b } => {
                    crate::vram::Shape::by_size(params_b, active_b)
                }
            };
            let ram = crate::vram::expert_offload::bytes_in_ram(&shape, q.quant, layers);
            let line = Msg::new("tco-cpu-moe-speed")
                .arg("day", amount(day))
                .arg("ram", crate::vram::round2(ram / crate::vram::GIB))
                .arg("currency", rep.currency.as_str());
            r.push(line);
        }
        // Which platform's price it is, and its tier (a promotion said so), under the price.
        if let PriceBasis::Catalog { quote, .. } = basis {
            let zh = lang == Lang::Zh;
            let platform = catalog
                .platform(&quote.platform_id)
                .map_or(quote.platform_id.as_str(), |p| p.display_name(zh));
            let line = Msg::new("tco-price-where")
                .arg("platform", platform)
                .arg("tier", super::common::tier_label(lang, &quote.tier));
            let at = r.parts.len().min(2);
            r.parts.insert(at, crate::reply::Part::Text(line));
        }
        if let Some(w) = bare.clone() {
            r.push(w);
        }
        // Serving over several cards is tensor parallel: say when their link is not known to
        // be NVLink (a GGUF layer split does not talk every layer).
        if !q.quant.is_gguf()
            && let Some(w) = advice::link_warning(q.gpu, q.cards, true)
        {
            r.push(w);
        }
        return Ok(r);
    }
    let mut serve = FitRequest::new(q.model, q.quant, Task::Infer);
    serve.cpu_moe = q.cpu_moe;
    serve.engine = if q.quant.is_gguf() || q.cpu_moe.is_some() {
        Engine::Llamacpp
    } else {
        Engine::Vllm
    };
    serve.context = SERVING_CONTEXT;
    serve.cards = q.cards;
    serve.gpu = Some(q.gpu);
    let fit = advice::decide(catalog, &serve, &FitOptions::default())?;
    let mut r = Reply::text(
        Msg::new("tco-title")
            .arg("model", rep.model.as_str())
            .arg("quant", rep.quant.as_str())
            .arg("gpu", q.gpu.name.as_str())
            .arg("cards", rep.cards),
    )
    .with(
        Msg::new("tco-does-not-fit")
            .arg("model", rep.model.as_str())
            .arg("quant", rep.quant.as_str())
            .arg("gpu", q.gpu.name.as_str())
            .arg("cards", rep.cards),
    );
    push_options(
        catalog,
        &mut r,
        &fit.alternatives,
        currency,
        "fit-alternatives-intro",
        lang,
        &serve,
    );
    if let Some(w) = bare {
        r.push(w);
    }
    Ok(r)
}

/// `x` as the /tco answers show money: whole units from 100, cents from 1, else 4 decimals.
/// A card's hourly price as every price list shows it: cents (0.23, not 0.2282), with more
/// places only below a dime, where cents would hide the price.
fn hourly(x: Decimal) -> String {
    if x >= Decimal::new(1, 1) {
        format!(
            "{:.2}",
            x.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
        )
    } else {
        amount(x)
    }
}

fn amount(x: Decimal) -> String {
    let dp = if x >= Decimal::from(100) {
        0
    } else if x >= Decimal::ONE {
        2
    } else {
        4
    };
    let r = x.round_dp_with_strategy(dp, RoundingStrategy::MidpointNearestEven);
    let text = format!("{r:.prec$}", prec = dp as usize);
    // Four places are for small per-token figures; a price such as 0.3 reads 0.30, not 0.3000.
    match text.split_once('.') {
        Some((whole, frac)) if dp == 4 => {
            let kept = frac.trim_end_matches('0');
            format!("{whole}.{kept:0<2}")
        }
        _ => text,
    }
}

/// The rent-vs-API answer for one report; the CLI prints the same reply.
pub fn tco_reply(gpu: &Gpu, rep: &TcoReport, basis: &PriceBasis, lang: Lang) -> Reply {
    let tokens_text = |x| tokens_text_in(x, lang == Lang::Zh);
    let cur = rep.currency.as_str();
    let mut r = Reply::text(
        Msg::new("tco-title")
            .arg("model", rep.model.as_str())
            .arg("quant", rep.quant.as_str())
            .arg("gpu", gpu.display_name(lang == Lang::Zh))
            .arg("cards", rep.cards),
    );
    match basis {
        PriceBasis::Catalog { as_of, from, .. } => r.push(
            Msg::new("tco-price-catalog")
                .arg("price", hourly(rep.price_per_hour))
                .arg("currency", cur)
                .arg("as_of", as_of.as_str())
                .arg("from", if *from { "yes" } else { "no" }),
        ),
        PriceBasis::User => r.push(
            Msg::new("tco-price-user")
                .arg("price", hourly(rep.price_per_hour))
                .arg("currency", cur),
        ),
    };
    // Only a setup that holds the model carries throughput and cost (`tco_answer` answers the
    // others with the fit failure).
    let Some(sv) = &rep.serving else {
        // No throughput was estimated with experts in system RAM: no basis line for one.
        if rep.cpu_moe.is_none() {
            r.push(Msg::new("tco-basis"));
        }
        return r;
    };
    r.push(
        Msg::new("tco-throughput")
            .arg("tps", sv.tokens_per_second.round())
            .arg("concurrency", sv.concurrency)
            .arg("context", SERVING_CONTEXT)
            .arg("capacity", tokens_text(sv.capacity_tokens_per_day)),
    );
    r.push(
        Msg::new("tco-self-hosted")
            .arg("busy", amount(sv.busy_cost_per_mtok))
            .arg("always", amount(sv.always_on_cost_per_mtok))
            .arg("day", amount(sv.always_on_cost_per_day))
            .arg("hours", sv.hours_needed_per_day)
            .arg("setups", sv.setups_needed)
            .arg("tokens", tokens_text(rep.tokens_per_day))
            .arg("currency", cur),
    );
    if sv.setups_needed > 1 {
        r.push(
            Msg::new("tco-over-capacity")
                .arg("setups", sv.setups_needed)
                .arg("cards", sv.setups_needed.saturating_mul(rep.cards))
                .arg("gpu", gpu.display_name(lang == Lang::Zh)),
        );
    }
    match (
        rep.api_price_per_mtok,
        rep.api_cost_per_day,
        rep.break_even_tokens_per_day,
    ) {
        (Some(a), Some(day), Some(be)) => {
            r.push(
                Msg::new("tco-api")
                    .arg("api", amount(a))
                    .arg("day", amount(day))
                    .arg("currency", cur),
            );
            let reachable = if be <= sv.capacity_tokens_per_day {
                "yes"
            } else {
                "no"
            };
            r.push(
                Msg::new("tco-break-even")
                    .arg("tokens", tokens_text(be))
                    .arg("reachable", reachable),
            );
            r.push(
                Msg::new("tco-verdict")
                    .arg("verdict", rep.verdict.as_str())
                    .arg("hours", sv.hours_needed_per_day),
            );
        }
        _ => {
            r.push(Msg::new("tco-no-api"));
        }
    }
    r.push(Msg::new("tco-basis"));
    r.push(Msg::new("tco-faq"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_token_counts_use_wan_and_yi() {
        assert_eq!(tokens_text_in(168_400_000.0, true), "1.68亿");
        assert_eq!(tokens_text_in(20_000_000.0, true), "2000万");
        assert_eq!(tokens_text_in(500_000.0, true), "50万");
        assert_eq!(tokens_text_in(900.0, true), "900");
        assert_eq!(tokens_text_in(20_000_000.0, false), "20.0M");
    }

    #[test]
    fn small_amounts_keep_what_they_need_and_prices_read_as_money() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert_eq!(amount(d("0.3")), "0.30");
        assert_eq!(amount(d("0.125")), "0.125");
        assert_eq!(amount(d("0.00072")), "0.0007");
        assert_eq!(amount(d("0")), "0.00");
        assert_eq!(amount(d("2.5")), "2.50");
        assert_eq!(amount(d("1234.5")), "1234");
    }
}
