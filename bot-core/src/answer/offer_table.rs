//! The one offer table `/stock` and `/offers` both show: each answer names its columns, and
//! every cell of an offer is written here, so one card reads the same in both answers.

use super::common::fmt;
use crate::availability::{Freshness, Offer, format_rfc3339};
use crate::billing::format_money;
use crate::catalog::STALE_AFTER_DAYS;
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply, Table};

/// Most rows one `/stock` answer lists, and the catalog rows `/offers` adds under its own.
pub const STOCK_ROWS: usize = 12;

/// A column of an offer table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Col {
    Platform,
    Gpu,
    Cards,
    Vram,
    PerGpu,
    PerInstance,
    Kind,
    Region,
    /// The stock level; "price only" for a catalog row.
    Stock,
    /// The stock level with the count where the provider gives one.
    StockCount,
    /// A live row's age (`*` when stale); a catalog row's label (`SkyPilot 2026-11-30`).
    Seen,
    /// The catalog's label, under its own heading (a table of catalog rows only).
    Catalog,
}

impl Col {
    fn header(self) -> Msg {
        Msg::new(match self {
            Col::Platform => "col-platform",
            Col::Gpu => "offers-col-gpu",
            Col::Cards => "stock-col-cards",
            Col::Vram => "offers-col-vram",
            Col::PerGpu => "stock-col-per-gpu",
            Col::PerInstance => "stock-col-per-instance",
            Col::Kind => "stock-col-kind",
            Col::Region => "col-region",
            Col::Stock | Col::StockCount => "stock-col-stock",
            Col::Seen => "stock-col-age",
            Col::Catalog => "offers-col-catalog",
        })
    }
}

/// One offer to show, and what kind of row it is.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    pub offer: &'a Offer,
    /// `None`: a price-only catalog row (its date is its age).
    pub live: Option<Live>,
    /// Seconds since the row was fetched (a catalog row: since its catalog's date).
    pub age_secs: i64,
}

/// How old a live offer is.
#[derive(Debug, Clone, Copy)]
pub struct Live {
    pub age_secs: i64,
    pub freshness: Freshness,
}

impl<'a> Row<'a> {
    pub fn live(offer: &'a Offer, age_secs: i64, freshness: Freshness) -> Row<'a> {
        Row {
            offer,
            live: Some(Live {
                age_secs,
                freshness,
            }),
            age_secs,
        }
    }

    pub fn catalog(offer: &'a Offer, age_secs: i64) -> Row<'a> {
        Row {
            offer,
            live: None,
            age_secs,
        }
    }

    /// A catalog row older than [`STALE_AFTER_DAYS`]: marked `*` as every price list marks it.
    pub fn stale_catalog(&self) -> bool {
        self.live.is_none() && self.age_secs > STALE_AFTER_DAYS * 86_400
    }

    /// A catalog row's label, `*` when it is stale.
    fn catalog_cell(&self) -> String {
        let mut label = catalog_label(self.offer);
        if self.stale_catalog() {
            label.push_str(" *");
        }
        label
    }

    fn cell(&self, ctx: &Ctx, col: Col) -> String {
        let o = self.offer;
        let lang = ctx.lang;
        match col {
            Col::Platform => platform_name(ctx, &o.provider),
            Col::Gpu => gpu_name(ctx, &o.gpu),
            Col::Cards => o.cards.to_string(),
            Col::Vram => o
                .vram_gb
                .map(|v| format!("{v:.0}"))
                .unwrap_or_else(|| "?".into()),
            Col::PerGpu => format_money(o.price_per_gpu_hour, &o.currency),
            Col::PerInstance => format_money(o.price_per_instance_hour, &o.currency),
            Col::Kind => fmt(lang, &Msg::new("offer-kind").arg("kind", o.kind.key())),
            Col::Region => o.region.clone().unwrap_or_else(|| "—".into()),
            Col::Stock | Col::StockCount if self.live.is_none() => {
                fmt(lang, &Msg::new("offers-price-only"))
            }
            Col::StockCount if o.available_count.is_some() => fmt(
                lang,
                &Msg::new("stock-level-count")
                    .arg("level", o.stock.key())
                    .arg("count", o.available_count.unwrap_or_default()),
            ),
            Col::Stock | Col::StockCount => {
                fmt(lang, &Msg::new("stock-level").arg("level", o.stock.key()))
            }
            Col::Seen => match self.live {
                Some(l) => {
                    let mut age = age_text(lang, l.age_secs);
                    if l.freshness == Freshness::Stale {
                        age.push_str(" *");
                    }
                    age
                }
                None => self.catalog_cell(),
            },
            Col::Catalog => self.catalog_cell(),
        }
    }
}

/// Appends a table of `rows` (the first `max`) in `cols`, and "N more" when `rows` has more.
pub fn push_table<'a>(
    ctx: &Ctx,
    r: Reply,
    cols: &[Col],
    rows: impl ExactSizeIterator<Item = Row<'a>>,
    max: usize,
) -> Reply {
    let total = rows.len();
    let mut stale = false;
    let body = rows
        .take(max)
        .map(|row| {
            stale |= row.stale_catalog();
            cols.iter().map(|c| row.cell(ctx, *c)).collect()
        })
        .collect();
    let mut r = r.with_table(Table {
        header: cols.iter().map(|c| c.header()).collect(),
        rows: body,
        lead: lead_of(cols),
    });
    if total > max {
        r.push(Msg::new("stock-more").arg("count", total - max));
    }
    if stale {
        r.push(Msg::new("offers-stale-footer"));
    }
    r
}

/// A row's one-line summary on a phone: where, which card, the price, the stock.
fn lead_of(cols: &[Col]) -> Vec<usize> {
    let wanted = [
        Col::Platform,
        Col::Gpu,
        Col::Cards,
        Col::PerGpu,
        Col::PerInstance,
        Col::Stock,
        Col::StockCount,
    ];
    (0..cols.len())
        .filter(|&i| wanted.contains(&cols[i]))
        .collect()
}

/// A platform's name in the answer's language.
pub fn platform_name(ctx: &Ctx, id: &str) -> String {
    ctx.catalog.platform_label(id, ctx.lang == Lang::Zh)
}

/// The card's name for a catalog id; a raw provider name is shown as it is (the forgiving
/// lookup could read "NVIDIA A100" as the 80 GB card, which a 4 GB slice is not).
pub fn gpu_name(ctx: &Ctx, id: &str) -> String {
    ctx.catalog
        .gpus
        .iter()
        .find(|g| g.id == id)
        .map(|g| {
            g.display_name(ctx.lang == crate::i18n::Lang::Zh)
                .to_string()
        })
        .unwrap_or_else(|| id.to_string())
}

/// `12 min ago`, `3 h ago`, `刚刚`.
pub fn age_text(lang: Lang, age_secs: i64) -> String {
    let a = age_secs.max(0);
    let (unit, n) = if a < 60 {
        ("now", 0)
    } else if a < 3600 {
        ("minute", a / 60)
    } else if a < 86_400 {
        ("hour", a / 3600)
    } else {
        ("day", a / 86_400)
    };
    fmt(
        lang,
        &Msg::new("stock-age").arg("unit", unit).arg("n", n as f64),
    )
}

/// `2026-11-30`.
pub fn date_of(secs: i64) -> String {
    format_rfc3339(secs)[..10].to_string()
}

/// The first word of a catalog row's source (`SkyPilot`, `gpuhunt`) and its date.
fn catalog_label(o: &Offer) -> String {
    let name = o.source.split_whitespace().next().unwrap_or("catalog");
    format!("{name} {}", date_of(o.fetched_at))
}
