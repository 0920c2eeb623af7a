//! Rent vs API: what a million tokens costs self-hosted on a rented card, against an API price
//! the user gives (API prices are never hard-coded: they move).
//!
//! Formulas (documented in the answer):
//! - `cost_per_mtok(price_per_hour, tokens_per_second, utilisation)` =
//!   price_per_hour * 1e6 / (3600 * tokens_per_second * utilisation)
//! - `break_even_tokens_per_day(price_per_hour, api_price_per_mtok)` = price_per_hour * 24 * 1e6 /
//!   api_price_per_mtok: the daily volume at which a card rented around the clock costs the same as
//!   the API (only reachable if the card can serve that much).

use crate::billing::{as_number, opt_as_number};
use crate::catalog::{Catalog, Gpu};
use crate::vram::{
    self, Engine, FitError, FitRequest, ModelRef, Quant, Task, decode_tokens_per_second, round2,
};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::Serialize;

/// Concurrent sequences assumed for serving throughput, reduced until the KV cache fits.
pub const SERVING_CONCURRENCY: u32 = 32;
/// Average tokens per sequence assumed while serving (prompt + output).
pub const SERVING_CONTEXT: u32 = 2048;

/// Self-hosted cost of one million tokens: `price_per_hour` for the cards, generating
/// `tokens_per_second` in aggregate, busy `utilisation` (0..=1) of the paid time.
/// `None` for a non-positive throughput or utilisation.
pub fn cost_per_mtok(
    price_per_hour: Decimal,
    tokens_per_second: f64,
    utilisation: f64,
) -> Option<Decimal> {
    if !(tokens_per_second > 0.0 && utilisation > 0.0 && price_per_hour >= Decimal::ZERO) {
        return None;
    }
    // Throughput is an estimate (f64); it enters the money arithmetic once, as a divisor.
    let tokens_per_hour =
        Decimal::try_from(3600.0 * tokens_per_second * utilisation.min(1.0)).ok()?;
    (price_per_hour * Decimal::from(1_000_000)).checked_div(tokens_per_hour)
}

/// Tokens per day at which renting around the clock (24 h at `price_per_hour`) costs the same
/// as the API at `api_price_per_mtok` (same currency). `None` for a non-positive API price.
pub fn break_even_tokens_per_day(
    price_per_hour: Decimal,
    api_price_per_mtok: Decimal,
) -> Option<f64> {
    if api_price_per_mtok <= Decimal::ZERO || price_per_hour < Decimal::ZERO {
        return None;
    }
    let tokens = (price_per_hour * Decimal::from(24_000_000)).checked_div(api_price_per_mtok)?;
    tokens.to_f64()
}

/// One rent-vs-API comparison. Money is exact (`Decimal`, JSON numbers); token counts and
/// throughputs are estimates (`f64`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TcoReport {
    pub model: String,
    pub quant: String,
    pub gpu: String,
    pub cards: u32,
    pub currency: String,
    /// The cards' price for one hour, in `currency`: in the JSON only beside the serving
    /// figures ([`Serving::price_per_hour`]), so a setup that cannot run carries no price.
    #[serde(skip)]
    pub price_per_hour: Decimal,
    pub tokens_per_day: f64,
    /// Throughput and self-hosted cost: only when the model fits the cards (a setup that
    /// cannot run is never priced; the JSON then has none of these keys).
    #[serde(flatten)]
    pub serving: Option<Serving>,
    #[serde(serialize_with = "opt_as_number")]
    pub api_price_per_mtok: Option<Decimal>,
    /// The API's cost of the daily volume; `None` (null) without an API price or when the
    /// model does not fit the cards (no cost figure for a comparison that cannot be made).
    #[serde(serialize_with = "opt_as_number")]
    pub api_cost_per_day: Option<Decimal>,
    /// Absent when the model does not fit the cards or no API price was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub break_even_tokens_per_day: Option<f64>,
    /// `rent` (around the clock beats the API), `rent_part_time` (only renting the busy hours
    /// does), `api`, `no_fit` (the model does not fit the cards), `unknown` (no API price), or
    /// `speed_unknown` (experts in system RAM: the host sets the speed, see `cpu_moe`).
    pub verdict: String,
    pub fits: bool,
    /// The MoE layers whose experts stay in system RAM (`TcoQuery::cpu_moe`): `"all"` or a
    /// count; absent without.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "cpu_moe_out"
    )]
    pub cpu_moe: Option<u32>,
}

/// `cpu_moe` as the JSON writes it: `"all"` for every MoE layer, else the count.
fn cpu_moe_out<S: serde::Serializer>(v: &Option<u32>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(vram::expert_offload::ALL_LAYERS) => s.serialize_str("all"),
        Some(n) => s.serialize_u32(*n),
        None => s.serialize_none(),
    }
}

/// Throughput and self-hosted cost of a setup that holds the model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Serving {
    /// The cards' price for one hour, in the report's currency (the one the costs use).
    #[serde(serialize_with = "as_number")]
    pub price_per_hour: Decimal,
    /// Estimated aggregate decode throughput (tokens/s) at `concurrency` sequences.
    pub tokens_per_second: f64,
    pub concurrency: u32,
    /// Tokens one rented setup can produce per day at that throughput.
    pub capacity_tokens_per_day: f64,
    pub utilisation: f64,
    /// Setups (each `cards` cards) needed at once for the daily volume: more than 1 when one
    /// setup cannot serve it.
    pub setups_needed: u32,
    /// Renting around the clock, every setup needed: cost per day and per million of the
    /// user's tokens.
    #[serde(serialize_with = "as_number")]
    pub always_on_cost_per_day: Decimal,
    #[serde(serialize_with = "as_number")]
    pub always_on_cost_per_mtok: Decimal,
    /// Renting only the hours needed (per-hour billing, perfect batching).
    #[serde(serialize_with = "as_number")]
    pub busy_cost_per_mtok: Decimal,
    pub hours_needed_per_day: f64,
}

/// What to compare: the chat's `/tco` line and the CLI's flags both become one.
#[derive(Debug, Clone, Copy)]
pub struct TcoQuery<'a> {
    pub model: ModelRef<'a>,
    pub quant: Quant,
    pub gpu: &'a Gpu,
    pub cards: u32,
    /// Rental price of all the cards for one hour, in `currency`.
    pub price_per_hour: Decimal,
    pub tokens_per_day: f64,
    /// API price per million tokens, in `currency`.
    pub api_price_per_mtok: Option<Decimal>,
    /// Keeping the cards on for a day on a published prepaid plan, in `currency`: used for
    /// "around the clock" when cheaper than 24 × `price_per_hour` (a plan is billed whether
    /// the cards are busy or not, which around the clock they are anyway).
    pub plan_per_day: Option<Decimal>,
    /// llama.cpp's expert offload (`cpu-moe`, `ncmoe=N`; `vram::expert_offload`): the routed
    /// experts of that many MoE layers in system RAM. The fit is sized so; the speed then
    /// depends on the host's RAM or PCIe bandwidth, which no card figure gives, so no cost per
    /// token is estimated (`Serving` stays empty, verdict `speed_unknown`).
    pub cpu_moe: Option<u32>,
}

/// Compares renting the query's cards for its daily volume with the API price, in `currency`.
pub fn analyze(catalog: &Catalog, q: &TcoQuery<'_>, currency: &str) -> Result<TcoReport, FitError> {
    let TcoQuery {
        model,
        quant,
        gpu,
        cards,
        price_per_hour,
        tokens_per_day,
        api_price_per_mtok,
        plan_per_day,
        cpu_moe,
    } = *q;
    if price_per_hour < Decimal::ZERO {
        return Err(FitError::BadValue(format!("price={price_per_hour}")));
    }
    if !(tokens_per_day.is_finite() && tokens_per_day > 0.0) {
        return Err(FitError::BadValue(format!("tokens/day={tokens_per_day}")));
    }
    if let Some(a) = api_price_per_mtok
        && a <= Decimal::ZERO
    {
        return Err(FitError::BadValue(format!("api price={a}")));
    }
    let engine = if quant.is_gguf() || cpu_moe.is_some() {
        Engine::Llamacpp
    } else {
        Engine::Vllm
    };
    let concurrency = serving_concurrency(catalog, q, engine)?;
    let fits = concurrency > 0;
    // The query's own figures, with what the analysis found.
    let report = |serving, api_cost_per_day, break_even_tokens_per_day, verdict: &str| TcoReport {
        model: model_name(model),
        quant: quant.key().to_string(),
        gpu: gpu.id.clone(),
        cards,
        currency: currency.to_uppercase(),
        price_per_hour,
        tokens_per_day,
        serving,
        api_price_per_mtok,
        api_cost_per_day,
        break_even_tokens_per_day,
        verdict: verdict.to_string(),
        fits,
        cpu_moe,
    };
    if cpu_moe.is_some() {
        // Experts in system RAM: it fits or not, but tokens come at the host's speed.
        let verdict = if fits { "speed_unknown" } else { "no_fit" };
        return Ok(report(None, None, None, verdict));
    }
    let conc = concurrency.max(1);
    let tps =
        decode_tokens_per_second(model, quant, gpu, cards, engine, conc, SERVING_CONTEXT / 2)?
            .value;
    let capacity = tps * 86_400.0;
    let utilisation = (tokens_per_day / capacity).min(1.0);
    let hourly_day = price_per_hour * Decimal::from(24);
    let always_on_day = plan_per_day.map_or(hourly_day, |p| p.min(hourly_day));
    let busy = cost_per_mtok(price_per_hour, tps, 1.0)
        .ok_or_else(|| FitError::BadValue(format!("throughput={tps}")))?;
    let user_mtok = Decimal::try_from(tokens_per_day / 1e6)
        .map_err(|_| FitError::BadValue(format!("tokens/day={tokens_per_day}")))?;
    // A volume one setup cannot serve needs more setups at once, each rented all day around
    // the clock; renting only the busy hours spreads the same setup-hours over them.
    let setups = (tokens_per_day / capacity.max(1e-9)).ceil().clamp(1.0, 1e6) as u32;
    let always_on_all = always_on_day * Decimal::from(setups);
    let api_day = api_price_per_mtok.map(|a| user_mtok * a);
    // Break-even on the around-the-clock figure (the plan's when it is cheaper). None when the
    // model does not fit the cards: a volume at which renting pays is no answer for a job
    // that cannot run.
    let be = api_price_per_mtok
        .filter(|_| fits)
        .and_then(|a| break_even_tokens_per_day(always_on_day / Decimal::from(24), a));
    // The verdict follows the figures the answer prints: around the clock, part time (only the
    // hours the volume needs, on a platform billed by the second or minute), or the API.
    let verdict = match (api_price_per_mtok, api_day) {
        _ if !fits => "no_fit",
        (None, _) | (_, None) => "unknown",
        (Some(_), Some(day)) if always_on_all <= day => "rent",
        (Some(a), Some(_)) if busy < a => "rent_part_time",
        _ => "api",
    };
    let serving = fits
        .then(|| -> Result<Serving, FitError> {
            Ok(Serving {
                price_per_hour,
                tokens_per_second: tps,
                concurrency: conc,
                capacity_tokens_per_day: capacity.round(),
                utilisation: (utilisation * 1000.0).round() / 1000.0,
                setups_needed: setups,
                always_on_cost_per_day: always_on_all,
                always_on_cost_per_mtok: always_on_all
                    .checked_div(user_mtok)
                    .ok_or_else(|| FitError::BadValue(format!("tokens/day={tokens_per_day}")))?,
                busy_cost_per_mtok: busy,
                hours_needed_per_day: round2(tokens_per_day / tps.max(1e-9) / 3600.0),
            })
        })
        .transpose()?;
    Ok(report(
        serving,
        api_day.filter(|_| fits),
        be.map(f64::round),
        verdict,
    ))
}

/// The largest concurrency (32, 16, ..., 1) whose KV cache the query's cards hold for every
/// sequence at once (not a server that starts with fewer, `starts`); 0 when none fits.
fn serving_concurrency(
    catalog: &Catalog,
    q: &TcoQuery<'_>,
    engine: Engine,
) -> Result<u32, FitError> {
    let mut c = SERVING_CONCURRENCY;
    while c >= 1 {
        let mut req = FitRequest::new(q.model, q.quant, Task::Infer);
        req.engine = engine;
        req.context = SERVING_CONTEXT;
        req.batch = c;
        req.cards = q.cards;
        req.gpu = Some(q.gpu);
        req.cpu_moe = q.cpu_moe;
        if vram::estimate(catalog, &req)?.holds_all() {
            return Ok(c);
        }
        c /= 2;
    }
    Ok(0)
}

/// The model as the report names it: its id, or its size (`70b`, `30b-a3b`).
fn model_name(model: ModelRef<'_>) -> String {
    match model {
        ModelRef::Known(m) => m.id.clone(),
        ModelRef::BySize {
            params_b,
            active_b: None,
        } => format!("{params_b}b"),
        ModelRef::BySize {
            params_b,
            active_b: Some(a),
        } => format!("{params_b}b-a{a}b"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_per_mtok_by_hand() {
        // $3.49/h, 15,220 tok/s, fully busy: 3.49 * 1e6 / (3600 * 15220) = 0.06370 $/Mtok.
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        let c = cost_per_mtok(d("3.49"), 15_220.0, 1.0).unwrap();
        assert_eq!(c.round_dp(5), d("0.06370"), "{c}");
        // Half busy doubles it.
        assert_eq!(
            cost_per_mtok(d("3.49"), 15_220.0, 0.5).unwrap().round_dp(5),
            d("0.12739")
        );
        assert_eq!(cost_per_mtok(Decimal::ONE, 0.0, 1.0), None);
        assert_eq!(cost_per_mtok(Decimal::ONE, 10.0, 0.0), None);
    }

    #[test]
    fn break_even_by_hand() {
        // 2 CNY/h around the clock = 48 CNY/day; at 0.8 CNY per 1M tokens: 48 / 0.8 = 60M/day.
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        let be = break_even_tokens_per_day(d("2"), d("0.8")).unwrap();
        assert!((be - 60e6).abs() < 1.0, "{be}");
        assert_eq!(break_even_tokens_per_day(d("2"), Decimal::ZERO), None);
    }
}
