//! `/offers vram>=48` with no stored offer to show (no provider fetched yet, or none
//! matching): the catalog's cards with at least that memory, each at its cheapest listed
//! hour, cheapest first, labelled as list prices with their platform and date. A memory floor
//! asks which card is cheapest, and the catalog answers that before any provider is fetched.

use super::common::fmt;
use super::offer_table::platform_name;
use super::view::fmt_num;
use crate::availability::{OfferFilter, OfferKind};
use crate::billing::format_money;
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply, Table};
use rust_decimal::Decimal;

/// Most cards listed.
const MAX_ROWS: usize = 10;

/// `r` (the "no stored offer" answer) with the catalog's cards above the floor appended; `r`
/// alone when the filter is no memory floor over every card (a card, a platform, a region, a
/// machine of several cards or spot narrow it to what only live offers can say).
pub fn from_catalog(ctx: &Ctx, f: &OfferFilter, mut r: Reply) -> Reply {
    let Some(floor) = f.min_vram_gb else {
        return r;
    };
    if f.gpu.is_some()
        || f.provider.is_some()
        || f.region.is_some()
        || f.min_cards.is_some_and(|n| n > 1)
        || f.kind == Some(OfferKind::Spot)
    {
        return r;
    }
    let rate = |to: &str| {
        if to.eq_ignore_ascii_case("USD") {
            Some(Decimal::ONE)
        } else {
            ctx.catalog.fx_rate("USD", to).map(|(r, _)| r)
        }
    };
    let (shown, cap) = (rate(&ctx.currency), rate(&f.currency));
    let zh = ctx.lang == Lang::Zh;
    let mut rows: Vec<(Decimal, Vec<String>)> = ctx
        .catalog
        .gpus
        .iter()
        .filter(|g| g.vram_gb >= floor && f.max_vram_gb.is_none_or(|hi| g.vram_gb <= hi))
        .filter_map(|g| {
            let p = ctx.catalog.cheapest_hourly_usd(&g.id)?;
            // A cap in a currency without a rate cannot be checked: the card is left out.
            if let Some(max) = f.max_price
                && cap.is_none_or(|c| p.usd * c > max)
            {
                return None;
            }
            let price = match shown {
                Some(s) => format_money((p.usd * s).round_dp(2), &ctx.currency),
                None => format_money(p.usd.round_dp(2), "USD"),
            };
            let price = if p.from {
                fmt(ctx.lang, &Msg::new("price-from").arg("price", price))
            } else {
                price
            };
            let row = vec![
                g.display_name(zh).to_string(),
                fmt_num(g.vram_gb),
                price,
                platform_name(ctx, &p.platform_id),
                p.as_of.clone(),
            ];
            Some((p.usd, row))
        })
        .collect();
    if rows.is_empty() {
        return r;
    }
    rows.sort_by_key(|r| r.0);
    r.push(
        Msg::new("offers-floor-catalog")
            .arg("vram", fmt_num(floor))
            .arg("count", rows.len()),
    );
    let more = rows.len().saturating_sub(MAX_ROWS);
    r = r.with_table(Table {
        header: vec![
            Msg::new("col-gpu"),
            Msg::new("offers-col-vram"),
            Msg::new("stock-col-per-gpu"),
            Msg::new("col-platform"),
            Msg::new("col-as-of"),
        ],
        rows: rows.into_iter().take(MAX_ROWS).map(|(_, r)| r).collect(),
        lead: vec![0, 2],
    });
    if more > 0 {
        r.push(Msg::new("stock-more").arg("count", more));
    }
    r.with(Msg::new("offers-floor-catalog-note"))
}
