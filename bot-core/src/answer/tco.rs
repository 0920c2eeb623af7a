//! `/tco <model> <quant> <gpu> <tokens/day> [api price per 1M] [price=P] [cards=N]`: rent vs
//! API in the chat, from the [`crate::tco`] engine.

use super::common::not_found_reply;
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::tco::{SERVING_CONTEXT, analyze, convert, parse_money, parse_tokens};
use crate::vram::{self, FitError, Quant};

fn money(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.4}")
    }
}

/// Human token count: 20M, 1.5B, 500K.
pub fn tokens_text(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2}B", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.1}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.0}K", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

/// `/tco <model> <quant> <gpu> <tokens/day> [api price per 1M] [price=P] [cards=N]`.
pub fn chat(ctx: &Ctx, args: &str) -> Reply {
    let usage = || Reply::text(Msg::new("error-missing-args")).with(Msg::new("usage-tco"));
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut pos = Vec::new();
    let mut price: Option<(f64, Option<&'static str>)> = None;
    let mut cards = 1u32;
    for w in &words {
        let lw = w.to_lowercase();
        if let Some(v) = lw
            .strip_prefix("price=")
            .or_else(|| lw.strip_prefix("价格="))
        {
            match parse_money(v) {
                Some(p) => price = Some(p),
                None => return bad(w),
            }
        } else if let Some(v) = lw.strip_prefix("cards=").or_else(|| lw.strip_prefix("卡=")) {
            match v.parse::<u32>() {
                Ok(n) if (1..=vram::MAX_CARDS).contains(&n) => cards = n,
                _ => return err_reply(&FitError::BadCards(v.parse::<u64>().unwrap_or(0))),
            }
        } else {
            pos.push(*w);
        }
    }
    if pos.len() < 4 {
        return usage();
    }
    let model = match super::fit::model_ref(ctx, pos[0]) {
        Ok(m) => m,
        Err(r) => return *r,
    };
    let quant: Quant = match pos[1].parse() {
        Ok(q) => q,
        Err(e) => return err_reply(&e),
    };
    let gpu = match ctx.catalog.gpu(pos[2]) {
        Ok(g) => g,
        Err(nf) => return not_found_reply(&nf),
    };
    let Some(tokens) = parse_tokens(pos[3]) else {
        return bad(pos[3]);
    };
    let api = match pos.get(4) {
        Some(a) => match parse_money(a) {
            Some((v, cur)) => {
                let from = cur.unwrap_or(ctx.currency.as_str());
                match convert(ctx.catalog, v, from, &ctx.currency) {
                    Some(x) => Some(x),
                    None => return no_fx(from, &ctx.currency),
                }
            }
            None => return bad(a),
        },
        None => None,
    };
    let cur = ctx.currency.clone();
    // GPU price: the user's, else the cheapest catalog list price (dated) converted.
    let (price_h, price_note) = match price {
        Some((v, c)) => {
            let from = c.unwrap_or(cur.as_str());
            match convert(ctx.catalog, v, from, &cur) {
                Some(x) => (x, None),
                None => return no_fx(from, &cur),
            }
        }
        None => match vram::cheapest_usd_per_hour(ctx.catalog, &gpu.id) {
            Some((usd, as_of)) => match convert(ctx.catalog, usd, "USD", &cur) {
                // `?` marks an undated quote; the message names it.
                Some(x) => (
                    x * cards as f64,
                    Some(if as_of == "?" {
                        "undated".to_string()
                    } else {
                        as_of
                    }),
                ),
                None => return no_fx("USD", &cur),
            },
            None => {
                return Reply::text(Msg::new("tco-no-price").arg("gpu", gpu.name.as_str()))
                    .with(Msg::new("usage-tco"));
            }
        },
    };
    let rep = match analyze(
        ctx.catalog,
        model,
        quant,
        gpu,
        cards,
        price_h,
        &cur,
        tokens,
        api,
    ) {
        Ok(r) => r,
        Err(e) => return err_reply(&e),
    };
    let mut r = Reply::text(
        Msg::new("tco-title")
            .arg("model", rep.model.as_str())
            .arg("quant", rep.quant.as_str())
            .arg("gpu", gpu.name.as_str())
            .arg("cards", cards),
    );
    match price_note {
        Some(d) => r.push(
            Msg::new("tco-price-catalog")
                .arg("price", money(price_h))
                .arg("currency", cur.as_str())
                .arg("as_of", d),
        ),
        None => r.push(
            Msg::new("tco-price-user")
                .arg("price", money(price_h))
                .arg("currency", cur.as_str()),
        ),
    };
    if !rep.fits {
        r.push(Msg::new("tco-does-not-fit"));
    }
    r.push(
        Msg::new("tco-throughput")
            .arg("tps", rep.tokens_per_second.round())
            .arg("concurrency", rep.concurrency)
            .arg("context", SERVING_CONTEXT)
            .arg("capacity", tokens_text(rep.capacity_tokens_per_day)),
    );
    r.push(
        Msg::new("tco-self-hosted")
            .arg("busy", money(rep.busy_cost_per_mtok))
            .arg("always", money(rep.always_on_cost_per_mtok))
            .arg("day", money(rep.always_on_cost_per_day))
            .arg("hours", rep.hours_needed_per_day)
            .arg("tokens", tokens_text(tokens))
            .arg("currency", cur.as_str()),
    );
    if tokens > rep.capacity_tokens_per_day {
        r.push(Msg::new("tco-over-capacity"));
    }
    match (
        rep.api_price_per_mtok,
        rep.api_cost_per_day,
        rep.break_even_tokens_per_day,
    ) {
        (Some(a), Some(day), Some(be)) => {
            r.push(
                Msg::new("tco-api")
                    .arg("api", money(a))
                    .arg("day", money(day))
                    .arg("currency", cur.as_str()),
            );
            let reachable = if be <= rep.capacity_tokens_per_day {
                "yes"
            } else {
                "no"
            };
            r.push(
                Msg::new("tco-break-even")
                    .arg("tokens", tokens_text(be))
                    .arg("reachable", reachable),
            );
            r.push(Msg::new("tco-verdict").arg("verdict", rep.verdict.as_str()));
        }
        _ => {
            r.push(Msg::new("tco-no-api"));
        }
    }
    r.push(Msg::new("tco-basis"));
    r.push(Msg::new("tco-faq"));
    r
}

fn bad(w: &str) -> Reply {
    Reply::text(Msg::new("fit-error-value").arg("value", w)).with(Msg::new("usage-tco"))
}

fn err_reply(e: &FitError) -> Reply {
    Reply::text(e.msg()).with(Msg::new("usage-tco"))
}

fn no_fx(from: &str, to: &str) -> Reply {
    Reply::text(Msg::new("tco-no-fx").arg("from", from).arg("to", to))
}
