//! Rent vs API: what a million tokens costs self-hosted on a rented card, against an API price
//! the user gives (API prices are never hard-coded: they move).
//!
//! Formulas (documented in the answer):
//! - `cost_per_mtok(price_per_hour, tokens_per_second, utilisation)` =
//!   price_per_hour * 1e6 / (3600 * tokens_per_second * utilisation)
//! - `break_even_tokens_per_day(price_per_hour, api_price_per_mtok)` = price_per_hour * 24 * 1e6 /
//!   api_price_per_mtok: the daily volume at which a card rented around the clock costs the same as
//!   the API (only reachable if the card can serve that much).

use crate::catalog::{Catalog, Gpu};
use crate::vram::{
    self, Engine, FitError, FitRequest, ModelRef, Quant, Task, decode_tokens_per_second, round2,
};
use serde::Serialize;

/// Concurrent sequences assumed for serving throughput, reduced until the KV cache fits.
pub const SERVING_CONCURRENCY: u32 = 32;
/// Average tokens per sequence assumed while serving (prompt + output).
pub const SERVING_CONTEXT: u32 = 2048;

/// Self-hosted cost of one million tokens: `price_per_hour` for the cards, generating
/// `tokens_per_second` in aggregate, busy `utilisation` (0..=1) of the paid time.
/// `None` for a non-positive throughput or utilisation.
pub fn cost_per_mtok(price_per_hour: f64, tokens_per_second: f64, utilisation: f64) -> Option<f64> {
    if !(tokens_per_second > 0.0 && utilisation > 0.0 && price_per_hour >= 0.0) {
        return None;
    }
    Some(price_per_hour * 1e6 / (3600.0 * tokens_per_second * utilisation.min(1.0)))
}

/// Tokens per day at which renting around the clock (24 h at `price_per_hour`) costs the same
/// as the API at `api_price_per_mtok` (same currency). `None` for a non-positive API price.
pub fn break_even_tokens_per_day(price_per_hour: f64, api_price_per_mtok: f64) -> Option<f64> {
    if api_price_per_mtok.is_nan() || api_price_per_mtok <= 0.0 || price_per_hour < 0.0 {
        return None;
    }
    Some(price_per_hour * 24.0 * 1e6 / api_price_per_mtok)
}

/// One rent-vs-API comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TcoReport {
    pub model: String,
    pub quant: String,
    pub gpu: String,
    pub cards: u32,
    pub currency: String,
    pub price_per_hour: f64,
    pub tokens_per_day: f64,
    /// Estimated aggregate decode throughput (tokens/s) at `concurrency` sequences.
    pub tokens_per_second: f64,
    pub concurrency: u32,
    /// Tokens one rented setup can produce per day at that throughput.
    pub capacity_tokens_per_day: f64,
    pub utilisation: f64,
    /// Renting around the clock: cost per day and per million of the user's tokens.
    pub always_on_cost_per_day: f64,
    pub always_on_cost_per_mtok: f64,
    /// Renting only the hours needed (per-hour billing, perfect batching).
    pub busy_cost_per_mtok: f64,
    pub hours_needed_per_day: f64,
    pub api_price_per_mtok: Option<f64>,
    pub api_cost_per_day: Option<f64>,
    pub break_even_tokens_per_day: Option<f64>,
    /// `rent`, `api`, or `unknown` (no API price given).
    pub verdict: String,
    pub fits: bool,
}

/// Compares renting `cards` x `gpu` at `price_per_hour` (all cards, `currency`) for
/// `tokens_per_day` with an optional API price per million tokens in the same currency.
#[allow(clippy::too_many_arguments)]
pub fn analyze(
    catalog: &Catalog,
    model: ModelRef,
    quant: Quant,
    gpu: &Gpu,
    cards: u32,
    price_per_hour: f64,
    currency: &str,
    tokens_per_day: f64,
    api_price_per_mtok: Option<f64>,
) -> Result<TcoReport, FitError> {
    if !(price_per_hour.is_finite() && price_per_hour >= 0.0) {
        return Err(FitError::BadValue(format!("price={price_per_hour}")));
    }
    if !(tokens_per_day.is_finite() && tokens_per_day > 0.0) {
        return Err(FitError::BadValue(format!("tokens/day={tokens_per_day}")));
    }
    if let Some(a) = api_price_per_mtok
        && !(a.is_finite() && a > 0.0)
    {
        return Err(FitError::BadValue(format!("api price={a}")));
    }
    let engine = if quant.is_gguf() {
        Engine::Llamacpp
    } else {
        Engine::Vllm
    };
    // Largest concurrency (32, 16, ..., 1) whose KV cache fits on the cards.
    let mut concurrency = 0;
    let mut c = SERVING_CONCURRENCY;
    while c >= 1 {
        let mut req = FitRequest::new(model, quant, Task::Infer);
        req.engine = engine;
        req.context = SERVING_CONTEXT;
        req.batch = c;
        req.cards = cards;
        req.gpu = Some(gpu);
        if vram::estimate(catalog, &req)?.fits == Some(true) {
            concurrency = c;
            break;
        }
        c /= 2;
    }
    let fits = concurrency > 0;
    let conc = concurrency.max(1);
    let tps =
        decode_tokens_per_second(model, quant, gpu, cards, engine, conc, SERVING_CONTEXT / 2)?
            .value;
    let capacity = tps * 86_400.0;
    let utilisation = (tokens_per_day / capacity).min(1.0);
    let always_on_day = price_per_hour * 24.0;
    let busy = cost_per_mtok(price_per_hour, tps, 1.0).unwrap_or(f64::INFINITY);
    let api_day = api_price_per_mtok.map(|a| tokens_per_day / 1e6 * a);
    let be = api_price_per_mtok.and_then(|a| break_even_tokens_per_day(price_per_hour, a));
    let verdict = match api_price_per_mtok {
        None => "unknown",
        Some(a)
            if fits
                && tokens_per_day <= capacity
                && busy < a
                && always_on_day <= tokens_per_day / 1e6 * a =>
        {
            "rent"
        }
        Some(_) => "api",
    };
    let name = match model {
        ModelRef::Known(m) => m.id.clone(),
        ModelRef::BySize { params_b } => format!("{params_b}b"),
    };
    Ok(TcoReport {
        model: name,
        quant: quant.key().to_string(),
        gpu: gpu.id.clone(),
        cards,
        currency: currency.to_uppercase(),
        price_per_hour,
        tokens_per_day,
        tokens_per_second: tps,
        concurrency: conc,
        capacity_tokens_per_day: capacity.round(),
        utilisation: (utilisation * 1000.0).round() / 1000.0,
        always_on_cost_per_day: round2(always_on_day),
        always_on_cost_per_mtok: (always_on_day / (tokens_per_day.min(capacity) / 1e6) * 1e4)
            .round()
            / 1e4,
        busy_cost_per_mtok: (busy * 1e4).round() / 1e4,
        hours_needed_per_day: round2(tokens_per_day / tps.max(1e-9) / 3600.0),
        api_price_per_mtok,
        api_cost_per_day: api_day.map(round2),
        break_even_tokens_per_day: be.map(f64::round),
        verdict: verdict.to_string(),
        fits,
    })
}

/// Parses `20m`, `1.5b`, `500k`, `2000000`, `2千万`-free plain forms: a token count.
pub fn parse_tokens(s: &str) -> Option<f64> {
    let t = s.trim().to_lowercase().replace(['_', ','], "");
    let t = t
        .trim_end_matches("tokens")
        .trim_end_matches("tok")
        .trim_end_matches("/day");
    let t = t
        .trim_end_matches("/d")
        .trim_end_matches("/天")
        .trim_end_matches("每天");
    let (num, mult) = if let Some(n) = t.strip_suffix('k') {
        (n, 1e3)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 1e6)
    } else if let Some(n) = t.strip_suffix('b') {
        (n, 1e9)
    } else if let Some(n) = t.strip_suffix('万') {
        (n, 1e4)
    } else if let Some(n) = t.strip_suffix('亿') {
        (n, 1e8)
    } else {
        (t, 1.0)
    };
    let v: f64 = num.trim().parse().ok()?;
    (v.is_finite() && v > 0.0).then_some(v * mult)
}

/// A money amount the user typed: `0.3`, `$0.3`, `0.3usd`, `¥2`, `2cny`, `2元`. Returns the
/// amount and its currency (`None` = the user's display currency).
pub fn parse_money(s: &str) -> Option<(f64, Option<&'static str>)> {
    let t = s.trim().to_lowercase();
    let (t, cur): (&str, Option<&'static str>) = if let Some(r) = t.strip_prefix('$') {
        (r, Some("USD"))
    } else if let Some(r) = t.strip_prefix('¥').or_else(|| t.strip_prefix('￥')) {
        (r, Some("CNY"))
    } else if let Some(r) = t.strip_suffix("usd") {
        (r, Some("USD"))
    } else if let Some(r) = t.strip_suffix("cny").or_else(|| t.strip_suffix("rmb")) {
        (r, Some("CNY"))
    } else if let Some(r) = t.strip_suffix('元') {
        (r, Some("CNY"))
    } else {
        (t.as_str(), None)
    };
    let v: f64 = t
        .trim()
        .trim_end_matches("/m")
        .trim_end_matches("/mtok")
        .parse()
        .ok()?;
    (v.is_finite() && v >= 0.0).then_some((v, cur))
}

/// Converts `amount` from one currency to another with the catalog's dated rate.
pub fn convert(catalog: &Catalog, amount: f64, from: &str, to: &str) -> Option<f64> {
    if from.eq_ignore_ascii_case(to) {
        return Some(amount);
    }
    let (rate, _) = catalog.fx_rate(from, to)?;
    Some(amount * rate.to_string().parse::<f64>().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_per_mtok_by_hand() {
        // $3.49/h, 15,220 tok/s, fully busy: 3.49 * 1e6 / (3600 * 15220) = 0.06370 $/Mtok.
        let c = cost_per_mtok(3.49, 15_220.0, 1.0).unwrap();
        assert!((c - 0.063_70).abs() < 1e-4, "{c}");
        // Half busy doubles it.
        assert!((cost_per_mtok(3.49, 15_220.0, 0.5).unwrap() - 0.127_39).abs() < 1e-4);
        assert_eq!(cost_per_mtok(1.0, 0.0, 1.0), None);
        assert_eq!(cost_per_mtok(1.0, 10.0, 0.0), None);
    }

    #[test]
    fn break_even_by_hand() {
        // 2 CNY/h around the clock = 48 CNY/day; at 0.8 CNY per 1M tokens: 48 / 0.8 = 60M/day.
        let be = break_even_tokens_per_day(2.0, 0.8).unwrap();
        assert!((be - 60e6).abs() < 1.0, "{be}");
        assert_eq!(break_even_tokens_per_day(2.0, 0.0), None);
    }

    #[test]
    fn tokens_and_money_parse() {
        assert_eq!(parse_tokens("20m"), Some(20e6));
        assert_eq!(parse_tokens("1.5B"), Some(1.5e9));
        assert_eq!(parse_tokens("500k"), Some(5e5));
        assert_eq!(parse_tokens("3000万"), Some(3e7));
        assert_eq!(parse_tokens("lots"), None);
        assert_eq!(parse_tokens("-5m"), None);
        assert_eq!(parse_money("$0.3"), Some((0.3, Some("USD"))));
        assert_eq!(parse_money("2元"), Some((2.0, Some("CNY"))));
        assert_eq!(parse_money("0.5"), Some((0.5, None)));
        assert_eq!(parse_money("abc"), None);
    }
}
