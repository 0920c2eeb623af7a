//! `/stock <gpu> [platform] [max price]`: every stored offer for a card, in stock first,
//! cheapest first, each with its age; what each provider's feed looks like (no data yet,
//! stale, failing, too old). Reads only the snapshots in the store, so it works offline.

use super::common::{audience, store_error_reply};
pub use super::offer_table::age_text;
use super::offer_table::{Col, Row, platform_name, push_table};
use crate::availability::{Freshness, LIVE_PROVIDERS, ProviderStatus, StockQuery, StockView};
use crate::billing::format_money;
use crate::context::Ctx;
use crate::reply::{Msg, Reply};

/// Most rows one `/stock` answer lists (kept with the table `/offers` shares).
pub use super::offer_table::STOCK_ROWS as MAX_ROWS;

/// The live offers' table.
const LIVE_COLUMNS: [Col; 8] = [
    Col::Platform,
    Col::Cards,
    Col::PerGpu,
    Col::PerInstance,
    Col::Kind,
    Col::Region,
    Col::StockCount,
    Col::Seen,
];

/// The chat answer for a parsed query at `now` (seconds since the epoch).
pub fn chat(ctx: &Ctx, query: &StockQuery, now: i64) -> Reply {
    match lookup(ctx, query, now) {
        Ok(view) => reply(ctx, query, &view),
        Err(reply) => reply,
    }
}

/// `r` with the card's other variants named, each to tap (`/stock a100` is the 80 GB SXM4;
/// the 40 GB and PCIe cards have their own stock, which an "out of stock" must not hide).
/// `command` is the stock command's name, to tap.
pub fn with_siblings(ctx: &Ctx, query: &StockQuery, mut r: Reply, command: &str) -> Reply {
    let Ok(g) = ctx.catalog.gpu(&query.gpu) else {
        return r;
    };
    let others = ctx.catalog.sibling_variants(g);
    if others.is_empty() {
        return r;
    }
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let names: Vec<&str> = others.iter().map(|o| o.display_name(zh)).collect();
    let line = crate::reply::Part::Text(
        Msg::new("stock-family-others")
            .arg("gpu", g.display_name(zh))
            .arg("others", names.join(", ")),
    );
    // Said in the phone's first message and in the whole answer behind it alike.
    if !r.details.is_empty() {
        r.details.push(line.clone());
    }
    r.parts.push(line);
    for o in others.iter().take(4) {
        let mut line = format!("/{command} {}", o.id);
        if let Some(p) = &query.provider {
            line.push_str(&format!(" {p}"));
        }
        if let Some(id) = crate::choice::ChoiceId::Run(line.clone()).wire_within(60) {
            r = r.with_choice(&id, Msg::new("understand-choice").arg("command", line));
        }
    }
    r
}

/// The offers and feed states for a parsed query.
pub fn lookup(ctx: &Ctx, query: &StockQuery, now: i64) -> Result<StockView, Reply> {
    let to = query.max_currency.clone();
    crate::availability::stock(ctx.store, query, now, |from| {
        super::offers::rate(ctx, from, &to).map(|r| r.rate)
    })
    .map_err(|e| store_error_reply(&e))
}

/// The reply for a view.
pub fn reply(ctx: &Ctx, query: &StockQuery, view: &StockView) -> Reply {
    let gpu_name = ctx
        .catalog
        .gpu(&query.gpu)
        .map(|g| {
            g.display_name(ctx.lang == crate::i18n::Lang::Zh)
                .to_string()
        })
        .unwrap_or_else(|_| query.gpu.clone());
    let max_text = query
        .max_per_gpu_hour
        .map(|m| format_money(m, &query.max_currency));
    let nothing_polled = view.providers.iter().all(|p| p.state.is_none());
    let nothing_else = view.catalog_rows.is_empty() && view.sightings.is_empty();
    if let Some(p) = &query.provider
        && !LIVE_PROVIDERS.contains(&p.as_str())
        && view.rows.is_empty()
        && nothing_else
    {
        return Reply::text(Msg::new("stock-no-feed").arg("platform", platform_name(ctx, p)));
    }
    if nothing_polled && view.rows.is_empty() && nothing_else {
        return Reply::text(Msg::new("stock-no-data").arg("where", audience(&ctx.who.platform)));
    }
    let title = if view.rows.is_empty() && !nothing_else {
        "stock-title-no-live"
    } else if view.rows.is_empty() {
        "stock-title-none"
    } else {
        "stock-title"
    };
    let mut r = Reply::text(
        Msg::new(title)
            .arg("gpu", gpu_name)
            .arg("count", view.rows.len())
            .arg(
                "platform",
                query
                    .provider
                    .as_deref()
                    .map_or("none".to_string(), |p| platform_name(ctx, p)),
            )
            .arg("max", max_text.clone().unwrap_or_else(|| "none".into())),
    );
    if !view.rows.is_empty() {
        let rows = view
            .rows
            .iter()
            .map(|row| Row::live(&row.offer, row.age_secs, row.freshness));
        r = push_table(ctx, r, &LIVE_COLUMNS, rows, MAX_ROWS);
    }
    for p in &view.providers {
        if query.provider.as_ref().is_some_and(|q| *q != p.provider) {
            continue;
        }
        if !LIVE_PROVIDERS.contains(&p.provider.as_str()) && p.state.is_none() {
            // A platform known only from catalogs or people: no live feed to describe.
            continue;
        }
        if let Some(msg) = provider_line(ctx, p) {
            r.push(msg);
        }
    }
    r = super::offers::catalog_section(ctx, r, &view.catalog_rows, view.catalog_over_price);
    r = super::offers::sightings_section(ctx, r, &view.sightings);
    let over: usize = view.providers.iter().map(|p| p.over_price).sum();
    let no_fx: usize = view.providers.iter().map(|p| p.no_fx).sum();
    if let Some(max) = &max_text {
        if over > 0 {
            r.push(
                Msg::new("stock-over-price")
                    .arg("count", over)
                    .arg("max", max),
            );
        }
        if no_fx > 0 {
            r.push(Msg::new("stock-no-fx").arg("count", no_fx).arg("max", max));
        }
    }
    if let Some(first) = view.rows.first() {
        r.push(Msg::new("stock-prices-note").arg("currency", &first.offer.currency));
    }
    if query.max_per_gpu_hour.is_some() {
        let mut currencies: Vec<&str> = view
            .rows
            .iter()
            .chain(&view.catalog_rows)
            .map(|row| row.offer.currency.as_str())
            .collect();
        currencies.sort_unstable();
        currencies.dedup();
        for c in currencies {
            if let Some(note) = super::offers::rate_note(ctx, c, &query.max_currency) {
                r.push(note);
            }
        }
    }
    // On a phone: the first three of the first list (live, else the price catalogs), and
    // how many more are behind Details.
    let listed = if view.rows.is_empty() {
        view.catalog_rows.len()
    } else {
        view.rows.len()
    };
    let mut short = crate::phone::Short::titled(&r).top_of(ctx.lang, &r);
    if listed > crate::phone::TOP_ROWS {
        short = short.line(Msg::new("stock-more").arg("count", listed - crate::phone::TOP_ROWS));
    }
    short.over(ctx.lang, r)
}

/// One line about a provider's feed, when there is something to say.
fn provider_line(ctx: &Ctx, p: &ProviderStatus) -> Option<Msg> {
    let name = platform_name(ctx, &p.provider);
    let Some(state) = &p.state else {
        return Some(Msg::new("stock-provider-missing").arg("provider", name));
    };
    let age = p.age_secs.map(|a| age_text(ctx.lang, a));
    let Some(age) = age else {
        // Polled, but never a good answer.
        return Some(Msg::new("stock-provider-missing").arg("provider", name));
    };
    let failing = state.misses_in_a_row > 0 && (p.shown > 0 || p.over_price > 0);
    if state.partial.is_some() && p.freshness != Some(Freshness::Hidden) && !failing {
        // The provider's answer was cut (its row cap, one page of several): a card missing
        // from it is not known to be gone, and dearer offers of a card shown may be missing.
        let full = p
            .full_age_secs
            .map_or("none".to_string(), |a| age_text(ctx.lang, a));
        return Some(
            Msg::new("stock-provider-cut")
                .arg("provider", name)
                .arg("age", age)
                .arg("full", full),
        );
    }
    if p.freshness == Some(Freshness::Hidden) || (p.shown == 0 && p.hidden_old > 0) {
        return Some(
            Msg::new("stock-provider-too-old")
                .arg("provider", name)
                .arg("age", age),
        );
    }
    if failing {
        return Some(
            Msg::new("stock-provider-failing")
                .arg("provider", name)
                .arg("misses", state.misses_in_a_row)
                .arg("age", age),
        );
    }
    if p.freshness == Some(Freshness::Stale) && p.shown > 0 {
        return Some(
            Msg::new("stock-provider-stale")
                .arg("provider", name)
                .arg("age", age),
        );
    }
    if p.shown == 0 && p.over_price == 0 && p.no_fx == 0 {
        return Some(
            Msg::new("stock-provider-fresh-none")
                .arg("provider", name)
                .arg("age", age),
        );
    }
    None
}
