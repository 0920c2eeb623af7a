//! `/tco <model> <quant> <gpu> <tokens/day> [api price per 1M] [price=P] [cards=N]`: rent vs
//! API in the chat, from the [`crate::tco`] engine. The CLI prints the same reply.

use super::common::not_found_reply;
use super::fit::{model_ref, push_options};
pub use super::tco_basis::{
    BasisOut, CatalogBasis, PlanOut, PriceBasis, TcoJson, catalog_price, place_plan, plan_for,
    tco_json, with_plan,
};
use super::tco_basis::{in_currency, no_fx};
pub use super::tokens::{tokens_text, tokens_text_in};
use crate::advice;
use crate::billing::PriceUnit;
use crate::catalog::{Catalog, Gpu};
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::lexicon::{self, PriceText, parse_price, token_count};
use crate::reply::{Msg, Reply};
use crate::tco::{SERVING_CONTEXT, TcoQuery, TcoReport, analyze};
use crate::vram::{self, Engine, FitError, FitOptions, FitRequest, Quant, Task};
use rust_decimal::{Decimal, RoundingStrategy};

/// `0.3`, `$0.3`, `¥2`, `2元`, `0.3/mtok`: an amount with an optional currency (`None` = the
/// user's display currency). A price per hour or per million tokens is accepted; any other
/// unit is not what this question asks for.
pub(super) fn money(text: &str, per_ok: PriceUnit) -> Option<PriceText> {
    let p = parse_price(text).ok()?;
    match p.per {
        None => Some(p),
        Some(u) if u == per_ok => Some(p),
        Some(_) => None,
    }
}

/// A `/tco` line (or a question's reading) part by part: the model as written, its format,
/// the card (catalog id) and how many, tokens a day, the API's price per 1M tokens and the
/// card's price per hour where given. A part a question did not say is `None`, and the
/// answer then says what `/tco` needs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TcoLine {
    pub model: Option<String>,
    pub quant: Option<Quant>,
    pub gpu: Option<String>,
    pub cards: Option<u32>,
    pub tokens: Option<f64>,
    pub api: Option<PriceText>,
    pub price: Option<PriceText>,
}

fn usage() -> Reply {
    Reply::text(Msg::new("error-missing-args")).with(Msg::new("usage-tco"))
}

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

impl TcoLine {
    /// The words after `/tco`, which [`read_line`] reads back to the same struct.
    pub fn words(&self) -> Vec<String> {
        let mut w = Vec::new();
        w.extend(self.model.clone());
        w.extend(self.quant.map(|q| q.key().to_string()));
        w.extend(self.gpu.as_ref().map(|g| match self.cards {
            Some(n) if n != 1 => format!("{n}x{g}"),
            _ => g.clone(),
        }));
        w.extend(self.tokens.map(|t| match t.fract() == 0.0 && t >= 0.0 {
            true => lexicon::volume_word(t as u64),
            false => t.to_string(),
        }));
        w.extend(self.api.as_ref().map(|a| match a.per {
            Some(u) => a.rate_word(u),
            None => a.amount_word(),
        }));
        w.extend(self.price.as_ref().map(|p| {
            format!(
                "price={}",
                p.rate_word(PriceUnit::Time(crate::units::TimeUnit::Hour))
            )
        }));
        w
    }
}

/// Reads `/tco`'s words: model, quantization and card in any order, tokens a day, an API
/// price; `price=` and `cards=`. Each part is checked as it is read (a model the catalog does
/// not know, a misspelt card), in the order the line gives them.
pub fn read_line(ctx: &Ctx, args: &str) -> Result<TcoLine, Reply> {
    let mut owned: Vec<String> = args.split_whitespace().map(str::to_string).collect();
    // `2x a100`: the count before the card, read as /compare and /fit read it.
    let prefix = lexicon::take_card_prefix(&mut owned);
    let words: Vec<&str> = owned.iter().map(String::as_str).collect();
    let mut pos = Vec::new();
    let mut line = TcoLine::default();
    let hour = PriceUnit::Time(crate::units::TimeUnit::Hour);
    for w in &words {
        match lexicon::option(w) {
            Some((k, v)) if matches!(k.as_str(), "price" | "价格") => match money(&v, hour) {
                Some(p) => line.price = Some(p),
                None => return Err(bad("fit-error-value", w)),
            },
            Some((k, v)) if matches!(k.as_str(), "cards" | "卡") => match v.parse::<u32>() {
                Ok(n) if (1..=vram::MAX_CARDS).contains(&n) => line.cards = Some(n),
                _ => {
                    return Err(err_reply(&FitError::BadCards(
                        v.parse::<u64>().unwrap_or(0),
                    )));
                }
            },
            _ => pos.push(*w),
        }
    }
    // A line with parts left out (`/tco llama-3.1-70b bf16 5m`, `/tco 1m 0.5usd`), as a
    // question's reading writes it: [`chat`] sizes the card or asks for what is missing.
    if let Some(parts) = super::tco_parts::read(ctx, &pos, prefix, line.clone()) {
        return parts;
    }
    // No format typed (`/tco qwen2.5-7b 4090 20m`): the one a question gets, never the card
    // read as a format.
    let published = default_quant_word(ctx, &pos);
    if let Some(q) = &published {
        pos.insert(1, q);
    }
    if pos.len() < 4 {
        return Err(usage());
    }
    if let Some(n) = prefix {
        if !(1..=vram::MAX_CARDS).contains(&n) {
            return Err(err_reply(&FitError::BadCards(u64::from(n))));
        }
        // An explicit cards= wins over the count written before the card.
        line.cards.get_or_insert(n);
    }
    in_model_quant_gpu_order(ctx, &mut pos);
    model_ref(ctx, pos[0]).map_err(|r| *r)?;
    line.model = Some(pos[0].to_string());
    line.quant = Some(pos[1].parse::<Quant>().map_err(|e| err_reply(&e))?);
    // "4090" or "2x4090": the card, and its count unless cards= says otherwise.
    // `find_gpu` first: the "did you mean" search scans every card, so it runs only when
    // neither reading names one.
    let gpu = match ctx.catalog.find_gpu(pos[2]) {
        Some(g) => g,
        None => {
            let (name, n) = lexicon::cards_and_name(pos[2]);
            match ctx.catalog.find_gpu(&name) {
                Some(g) if name != pos[2].to_lowercase() => {
                    // A count out of range (`0x4090`) is a bad count; an explicit cards= wins.
                    if !(1..=vram::MAX_CARDS).contains(&n) {
                        return Err(err_reply(&FitError::BadCards(u64::from(n))));
                    }
                    line.cards.get_or_insert(n);
                    g
                }
                _ => ctx.catalog.gpu(pos[2]).map_err(|nf| not_found_reply(&nf))?,
            }
        }
    };
    line.gpu = Some(gpu.id.clone());
    // Which argument is wrong and why, not only the word (`0` could be either).
    line.tokens = Some(token_count(pos[3]).ok_or_else(|| bad("tco-error-tokens", pos[3]))?);
    if let Some(a) = pos.get(4) {
        line.api = Some(
            money(a, PriceUnit::MillionTokens)
                .filter(|p| p.amount > Decimal::ZERO)
                .ok_or_else(|| bad("tco-error-api", a))?,
        );
    }
    Ok(line)
}

/// `/tco` in the chat, for a line read by [`read_line`] or a question's reading.
pub fn chat(ctx: &Ctx, line: &TcoLine) -> Reply {
    // No card named: the cheapest that holds the model, said first (`tco_card`).
    let mut sized_line = line.clone();
    let sized = match (&line.model, line.quant, &line.gpu) {
        (Some(m), Some(q), None) => super::tco_card::sized(ctx, m, q).map(|(gpu, cards, said)| {
            sized_line.gpu = Some(gpu);
            sized_line.cards = Some(cards);
            said
        }),
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
        None => match catalog_price(ctx.catalog, gpu, cards, &cur) {
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
    };
    let (query, plan) = with_plan(ctx.catalog, ctx.lang, query, &basis, &cur);
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
    "tco-self-hosted",
    "tco-over-capacity",
    "tco-api",
    "tco-verdict",
    "tco-no-api",
];

/// `/tco 4090 qwen2.5-7b int4 20m`: the model, quantization and card may come in any order;
/// puts them as model, quantization, card in the first three places.
/// The format for a line whose first words are a model and a card with no format among
/// them: the model's published one (gpt-oss: MXFP4), else BF16, as the question reader does.
fn default_quant_word(ctx: &Ctx, pos: &[&str]) -> Option<String> {
    let first = pos.get(..2)?;
    let is_gpu = |w: &str| {
        let name = lexicon::cards_and_name(w).0;
        ctx.catalog
            .find_gpu(w)
            .or(ctx.catalog.find_gpu(&name))
            .is_some()
    };
    if pos.iter().take(3).any(|w| w.parse::<Quant>().is_ok()) || !first.iter().any(|w| is_gpu(w)) {
        return None;
    }
    let model = first.iter().find(|w| !is_gpu(w))?;
    let q = ctx.catalog.find_model(model).and_then(advice::native_quant);
    Some(q.unwrap_or(Quant::Bf16).to_string())
}

fn in_model_quant_gpu_order(ctx: &Ctx, pos: &mut [&str]) {
    let is_gpu = |w: &str| {
        ctx.catalog.find_gpu(w).is_some()
            || ctx
                .catalog
                .find_gpu(&lexicon::cards_and_name(w).0)
                .is_some()
    };
    let gpu_at = (0..3).find(|i| is_gpu(pos[*i]));
    let quant_at = (0..3).find(|i| pos[*i].parse::<Quant>().is_ok() && Some(*i) != gpu_at);
    if let (Some(g), Some(q)) = (gpu_at, quant_at)
        && (g, q) != (2, 1)
    {
        let m = 3 - g - q;
        let (model, quant, gpu) = (pos[m], pos[q], pos[g]);
        pos[0] = model;
        pos[1] = quant;
        pos[2] = gpu;
    }
}

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
    serve.engine = if q.quant.is_gguf() {
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
        crate::advice::link_matters(&serve),
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
        r.push(Msg::new("tco-basis"));
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

/// A word that is not what its argument must be, said by `id` (which argument and why).
fn bad(id: &str, w: &str) -> Reply {
    Reply::text(Msg::new(id).said("value", w)).with(Msg::new("usage-tco"))
}

pub(super) fn err_reply(e: &FitError) -> Reply {
    match e {
        // Not a typing mistake: the catalog lacks a card figure; the usage line would not help.
        FitError::SpecUnknown(..) => Reply::text(e.msg()),
        _ => Reply::text(e.msg()).with(Msg::new("usage-tco")),
    }
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
