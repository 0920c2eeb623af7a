//! `/offers` (every stored offer through `vastai search offers`-style filters) and the parts
//! `/stock` and `/report` (`commands/report.rs`) share with it: the price-catalog rows,
//! people's sightings, and which exchange rate an answer used.

use super::common::{audience, fmt, not_found_reply, store_error_reply};
use super::offer_table::{Col, Live, Row, age_text, gpu_name, platform_name, push_table};
use crate::availability::{
    OfferFilter, OfferKind, OfferRow, OffersView, RateUsed, SightingRow, Sort, StockLevel,
    StockRow, name_offer_gpu, rate_for, search_offers,
};
use crate::billing::format_money;
use crate::catalog::NAME_WORDS_MAX;
use crate::context::Ctx;
use crate::lexicon::parse_price;
use crate::reply::{Msg, Reply, Table};
use rust_decimal::Decimal;

/// Most rows `/offers` lists.
pub const MAX_ROWS: usize = 15;

/// `/offers`: live and catalog rows in one table.
const OFFERS_COLUMNS: [Col; 9] = [
    Col::Platform,
    Col::Gpu,
    Col::Cards,
    Col::Vram,
    Col::PerGpu,
    Col::Kind,
    Col::Region,
    Col::Stock,
    Col::Seen,
];

/// The price catalogs' rows under `/stock`'s live ones.
const CATALOG_COLUMNS: [Col; 6] = [
    Col::Platform,
    Col::Cards,
    Col::PerGpu,
    Col::Kind,
    Col::Region,
    Col::Catalog,
];

/// The rate from `from` into `to` for this answer: the ECB feed's when fresh, else the
/// catalog's (see `availability::rate_for`).
pub fn rate(ctx: &Ctx, from: &str, to: &str) -> Option<RateUsed> {
    rate_for(ctx.store, ctx.catalog, from, to, ctx.today)
}

/// "Rate used: 1 USD = 7.2 CNY (ECB reference rate of 2026-11-30)", or `None` for one currency.
pub fn rate_note(ctx: &Ctx, from: &str, to: &str) -> Option<Msg> {
    if from.eq_ignore_ascii_case(to) {
        return None;
    }
    Some(match rate(ctx, from, to) {
        Some(r) => Msg::new("offers-fx-used")
            .arg("from", r.from)
            .arg("to", r.to)
            .arg("rate", r.rate.round_dp(4).normalize().to_string())
            .arg("origin", if r.live { "ecb" } else { "catalog" })
            .arg("date", r.as_of),
        None => Msg::new("offers-fx-none")
            .arg("from", from.to_uppercase())
            .arg("to", to.to_uppercase()),
    })
}

/// Appends the imported price catalogs' rows, labelled prices only.
pub fn catalog_section(ctx: &Ctx, mut r: Reply, rows: &[StockRow], over_price: usize) -> Reply {
    if rows.is_empty() {
        if over_price > 0 {
            r.push(Msg::new("offers-catalog-over-price").arg("count", over_price));
        }
        return r;
    }
    r.push(Msg::new("offers-catalog-title").arg("count", rows.len()));
    let body = rows
        .iter()
        .map(|row| Row::catalog(&row.offer, row.age_secs));
    r = push_table(
        ctx,
        r,
        &CATALOG_COLUMNS,
        body,
        super::offer_table::STOCK_ROWS,
    );
    if over_price > 0 {
        r.push(Msg::new("offers-catalog-over-price").arg("count", over_price));
    }
    r.push(Msg::new("offers-catalog-note"));
    r
}

/// Appends what people saw (the curated file, `/report`), with who and when.
pub fn sightings_section(ctx: &Ctx, mut r: Reply, rows: &[SightingRow]) -> Reply {
    if rows.is_empty() {
        return r;
    }
    r.push(Msg::new("offers-seen-title").arg("count", rows.len()));
    let body = rows
        .iter()
        .take(super::offer_table::STOCK_ROWS)
        .map(|row| {
            let s = &row.sighting;
            let level = if row.stock_expired {
                StockLevel::Unknown
            } else {
                s.stock
            };
            vec![
                platform_name(ctx, &s.platform),
                fmt(ctx.lang, &Msg::new("stock-level").arg("level", level.key())),
                match (s.price_per_gpu_hour, &s.currency) {
                    (Some(p), Some(c)) => format_money(p, c),
                    _ => "—".into(),
                },
                fmt(
                    ctx.lang,
                    &Msg::new("offers-seen-by")
                        .arg("origin", s.origin.key())
                        .arg("who", s.who.as_str()),
                ),
                age_text(ctx.lang, row.age_secs),
                s.source.clone(),
            ]
        })
        .collect();
    r = r.with_table(Table {
        header: vec![
            Msg::new("col-platform"),
            Msg::new("stock-col-stock"),
            Msg::new("stock-col-per-gpu"),
            Msg::new("offers-col-who"),
            Msg::new("stock-col-age"),
            Msg::new("offers-col-source"),
        ],
        rows: body,
        lead: vec![0, 1, 2],
    });
    if rows
        .iter()
        .any(|r| r.stock_expired && r.sighting.stock != StockLevel::Unknown)
    {
        r.push(Msg::new("offers-seen-expired"));
    }
    r
}

/// After a ranking: which platforms are at their live price, and which were out of stock
/// (those keep the list price). Nothing is added when no live price was fresh.
pub fn live_notes(ctx: &Ctx, mut r: Reply, used: &[crate::billing::LiveUse]) -> Reply {
    use crate::billing::LiveUse;
    for u in used {
        let (id, q) = match u {
            LiveUse::Priced(q) => ("live-price-used", q),
            LiveUse::OutOfStock(q) => ("live-out-of-stock", q),
        };
        // In the first message and the whole answer: a live price changed the ranking.
        r.append(
            Msg::new(id)
                .arg("platform", platform_name(ctx, &q.provider))
                .arg("price", format_money(q.price_per_gpu_hour, &q.currency))
                .arg("level", q.stock.key())
                .arg("age", age_text(ctx.lang, q.age_secs)),
        );
    }
    if used
        .iter()
        .any(|u| matches!(u, crate::billing::LiveUse::Priced(_)))
    {
        r.append(Msg::new("live-list-note"));
    }
    r
}

/// For `/fit` options: the cheapest fresh live price of `gpu` across providers, as a note.
pub fn live_option_note(ctx: &Ctx, gpu: &str, now: i64) -> Option<Msg> {
    let quotes = crate::availability::live_quotes(ctx.store, gpu, 1, now).ok()?;
    let q = quotes
        .iter()
        .filter(|q| q.stock != StockLevel::Unavailable)
        .min_by(|a, b| {
            let price = |q: &crate::availability::LiveQuote| {
                rate(ctx, &q.currency, &ctx.currency)
                    .map(|r| q.price_per_gpu_hour * r.rate)
                    .unwrap_or(q.price_per_gpu_hour)
            };
            price(a).cmp(&price(b))
        })?;
    Some(
        Msg::new("live-fit-option")
            .arg("gpu", gpu_name(ctx, gpu))
            .arg("platform", platform_name(ctx, &q.provider))
            .arg("price", format_money(q.price_per_gpu_hour, &q.currency))
            .arg("level", q.stock.key())
            .arg("age", age_text(ctx.lang, q.age_secs)),
    )
}

/// Why `/offers` arguments were refused.
fn bad(text: &str) -> Reply {
    Reply::text(Msg::new("offers-error-arg").said("text", text)).with(Msg::new("usage-offers"))
}

/// `key op value` with `op` one of `>=`, `<=`, `=`, `>`, `<`, `:`.
fn split_op(word: &str) -> Option<(String, &'static str, &str)> {
    for op in [">=", "<=", "=", ">", "<", ":"] {
        if let Some(i) = word.find(op) {
            let key = word[..i].trim().to_lowercase();
            let value = word[i + op.len()..].trim();
            if !key.is_empty() && !value.is_empty() {
                return Some((key, op, value));
            }
        }
    }
    None
}

fn number(text: &str) -> Option<f64> {
    let t = text.trim().to_lowercase();
    let t = t
        .strip_suffix("gib")
        .or_else(|| t.strip_suffix("gb"))
        .or_else(|| t.strip_suffix('g'))
        .unwrap_or(&t);
    t.parse::<f64>().ok().filter(|f| f.is_finite() && *f >= 0.0)
}

/// Reads `/offers` arguments: an optional card, then filters in any order:
/// `cards>=2` (`num_gpus`, `2x`), `vram>=40` (`gpu_ram`), `region=us` (`geolocation`),
/// `spot` / `on-demand` (`kind=`), `max=2.5` (`price<=`, `dph<`, or a bare `$2.5`),
/// a platform name (`provider=`), `sort=price|-price|vram|cards|age`, `live`.
pub fn parse(ctx: &Ctx, args: &str) -> Result<OfferFilter, Reply> {
    parse_stated(ctx, args).map(|(f, _)| f)
}

/// [`parse`], and whether the price cap was a bare number (read in the chat's
/// `bare_currency`, which the answer then states).
pub fn parse_stated(ctx: &Ctx, args: &str) -> Result<(OfferFilter, bool), Reply> {
    let mut f = OfferFilter {
        currency: ctx.currency.clone(),
        ..OfferFilter::default()
    };
    let mut bare = false;
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut gpu_words: Vec<&str> = Vec::new();
    for w in &words {
        let lower = w.to_lowercase();
        if let Some((key, op, value)) = split_op(w) {
            let ceiling = matches!(op, "<=" | "<" | "=" | ":");
            let floor = matches!(op, ">=" | ">" | "=" | ":");
            match key.as_str() {
                "cards" | "num_gpus" | "gpus" | "n" => {
                    let n = number(value)
                        .filter(|n| n.fract() == 0.0 && *n >= 1.0 && *n <= 4096.0)
                        .ok_or_else(|| bad(w))? as u32;
                    let (lo, hi) = match op {
                        ">" => (Some(n + 1), None),
                        "<" => (None, Some(n.saturating_sub(1))),
                        _ => (floor.then_some(n), ceiling.then_some(n)),
                    };
                    f.min_cards = lo.or(f.min_cards);
                    f.max_cards = hi.or(f.max_cards);
                }
                "vram" | "gpu_ram" | "mem" | "memory" => {
                    let v = number(value).ok_or_else(|| bad(w))?;
                    if floor {
                        f.min_vram_gb = Some(v);
                    }
                    if ceiling {
                        f.max_vram_gb = Some(v);
                    }
                }
                "region" | "geolocation" | "geo" | "location" => f.region = Some(value.into()),
                "kind" | "type" => {
                    f.kind = Some(kind_word(value).ok_or_else(|| bad(w))?);
                }
                "max" | "price" | "dph" | "dph_total" | "max_price" => {
                    if op.starts_with('>') {
                        return Err(bad(w));
                    }
                    bare = set_price(&mut f, value, &ctx.bare_currency).map_err(|_| bad(w))?;
                }
                "provider" | "platform" => {
                    let p = ctx
                        .catalog
                        .platform(value)
                        .map_err(|nf| not_found_reply(&nf))?;
                    f.provider = Some(p.id.clone());
                }
                "sort" | "order" | "o" => {
                    f.sort = match value.to_lowercase().as_str() {
                        "price" | "dph" | "cheap" | "cheapest" => Sort::Price,
                        "-price" | "-dph" | "price-" => Sort::PriceDesc,
                        "vram" | "gpu_ram" | "-vram" | "memory" => Sort::Vram,
                        "cards" | "num_gpus" | "-cards" => Sort::Cards,
                        "age" | "new" | "newest" | "fresh" => Sort::Age,
                        _ => return Err(bad(w)),
                    };
                }
                "gpu" | "gpu_name" => gpu_words.push(value),
                _ => return Err(bad(w)),
            }
            continue;
        }
        if let Some(k) = kind_word(&lower) {
            f.kind = Some(k);
            continue;
        }
        if lower == "live" {
            f.live_only = true;
            continue;
        }
        if let Some(n) = lower
            .strip_suffix('x')
            .or_else(|| lower.strip_prefix('x'))
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| (1..=4096).contains(n))
        {
            f.min_cards = Some(n);
            f.max_cards = Some(n);
            continue;
        }
        // A platform before or after the card (`/offers lambda h100`, `/offers l40s lambda`),
        // unless the word continues the card's name.
        if f.provider.is_none()
            && ctx.catalog.find_platform(w).is_some()
            && ctx.catalog.find_gpu(w).is_none()
            && (gpu_words.is_empty()
                || gpu_words.len() >= NAME_WORDS_MAX
                || ctx
                    .catalog
                    .find_gpu(&format!("{} {w}", gpu_words.join(" ")))
                    .is_none())
        {
            f.provider = ctx.catalog.platform(w).ok().map(|p| p.id.clone());
            continue;
        }
        if parse_price(w).is_ok_and(|p| p.currency.is_some()) {
            bare = set_price(&mut f, w, &ctx.bare_currency).map_err(|_| bad(w))?;
            continue;
        }
        gpu_words.push(w);
    }
    if !gpu_words.is_empty() {
        f.gpu = Some(offered_gpu(ctx, &gpu_words.join(" "))?);
    }
    if f.min_cards.zip(f.max_cards).is_some_and(|(lo, hi)| lo > hi)
        || f.min_vram_gb
            .zip(f.max_vram_gb)
            .is_some_and(|(lo, hi)| lo > hi)
    {
        return Err(
            Reply::text(Msg::new("offers-error-empty-range")).with(Msg::new("usage-offers"))
        );
    }
    Ok((f, bare))
}

/// The card `/offers` looks for: a catalog id, or the raw name of a card only a provider or a
/// price catalog names (searched as it is); else "not found" with suggestions.
fn offered_gpu(ctx: &Ctx, text: &str) -> Result<String, Reply> {
    match ctx.catalog.gpu(text) {
        Ok(g) => Ok(g.id.clone()),
        Err(nf) => {
            let (raw, _) = name_offer_gpu(ctx.catalog, text, None);
            let key = crate::availability::gpu_key(&raw);
            let known = crate::availability::latest_offers(ctx.store, &key, None)
                .map(|v| !v.is_empty())
                .unwrap_or(false)
                || crate::availability::priced_offers(ctx.store, &key)
                    .map(|v| !v.is_empty())
                    .unwrap_or(false);
            if known {
                Ok(raw)
            } else {
                Err(not_found_reply(&nf))
            }
        }
    }
}

fn kind_word(w: &str) -> Option<OfferKind> {
    Some(match w.to_lowercase().as_str() {
        "spot" | "interruptible" | "bid" | "竞价" => OfferKind::Spot,
        "on-demand" | "ondemand" | "on_demand" | "demand" | "按需" | "按量" => {
            OfferKind::OnDemand
        }
        "reserved" | "预留" => OfferKind::Reserved,
        _ => return None,
    })
}

/// Sets the price cap; `Ok(true)` when it was a bare number, read in `bare_currency`.
fn set_price(f: &mut OfferFilter, text: &str, bare_currency: &str) -> Result<bool, ()> {
    let p = parse_price(text).map_err(|_| ())?;
    if p.amount <= Decimal::ZERO || p.per.is_some_and(|u| u.key() != "hour") {
        return Err(());
    }
    f.max_price = Some(p.amount);
    let bare = p.currency.is_none();
    f.currency = p.currency.unwrap_or_else(|| bare_currency.to_string());
    Ok(bare)
}

/// The offers for a filter at `now`.
pub fn lookup(ctx: &Ctx, f: &OfferFilter, now: i64) -> Result<OffersView, Reply> {
    let to = f.currency.clone();
    search_offers(ctx.store, f, now, |from| {
        rate(ctx, from, &to).map(|r| r.rate)
    })
    .map_err(|e| store_error_reply(&e))
}

/// The reply for a view.
pub fn reply(ctx: &Ctx, f: &OfferFilter, view: &OffersView) -> Reply {
    // A memory floor with nothing stored to show is answered from the catalog as well.
    if view.stored == 0 && view.hidden_old == 0 {
        return super::memory_floor::from_catalog(
            ctx,
            f,
            Reply::text(Msg::new("offers-no-data").arg("where", audience(&ctx.who.platform))),
        );
    }
    if view.rows.is_empty() {
        let mut r = Reply::text(Msg::new("offers-none"));
        if view.hidden_old > 0 {
            r.push(Msg::new("offers-hidden-old").arg("count", view.hidden_old));
        }
        return super::memory_floor::from_catalog(ctx, f, r);
    }
    let r = Reply::text(Msg::new("offers-title").arg("count", view.rows.len()));
    let rows = view.rows.iter().map(|row: &OfferRow| Row {
        offer: &row.offer,
        live: row.freshness.map(|freshness| Live {
            age_secs: row.age_secs,
            freshness,
        }),
        age_secs: row.age_secs,
    });
    let mut r = push_table(ctx, r, &OFFERS_COLUMNS, rows, MAX_ROWS);
    // On a phone: the three cheapest, then what was left out; every row behind Details.
    let mut short = crate::phone::Short::titled(&r).top_of(ctx.lang, &r);
    if view.rows.len() > crate::phone::TOP_ROWS {
        short = short
            .line(Msg::new("stock-more").arg("count", view.rows.len() - crate::phone::TOP_ROWS));
    }
    if view.hidden_old > 0 {
        r.push(Msg::new("offers-hidden-old").arg("count", view.hidden_old));
        short = short.line(Msg::new("offers-hidden-old").arg("count", view.hidden_old));
    }
    if view.no_fx > 0 {
        r.push(Msg::new("offers-no-fx").arg("count", view.no_fx));
    }
    if view.rows.iter().any(OfferRow::price_only) {
        r.push(Msg::new("offers-catalog-note"));
    }
    let mut currencies: Vec<&str> = view
        .rows
        .iter()
        .map(|r| r.offer.currency.as_str())
        .collect();
    currencies.sort_unstable();
    currencies.dedup();
    if f.max_price.is_some() || currencies.len() > 1 {
        for c in currencies {
            if let Some(note) = rate_note(ctx, c, &f.currency) {
                r.push(note);
            }
        }
    }
    short.over(ctx.lang, r)
}
