//! What every answer shares: the "not found" and storage-failure replies, and the localized
//! formatting of prices, tiers, dates and facts (`¥2.72/小时`, `按量`, `2025-06-21 *`).

use crate::billing::{PriceUnit, format_money};
use crate::catalog::{EntryKind, NotFound, PriceQuote, STALE_AFTER_DAYS};
use crate::fact::Fact;
use crate::i18n::{Lang, Localizer};
use crate::reply::{Msg, Reply};
use crate::store::StoreError;
use rust_decimal::Decimal;

/// A polite answer for a storage failure; nothing is half-written (redb transactions).
pub fn store_error_reply(e: &StoreError) -> Reply {
    Reply::text(Msg::new("error-store").arg("detail", e.to_string()))
}

/// "No GPU named X" with suggestions.
pub fn not_found_reply(nf: &NotFound) -> Reply {
    let id = match nf.kind {
        EntryKind::Gpu => "error-gpu-not-found",
        EntryKind::Platform => "error-platform-not-found",
        EntryKind::Model => "error-model-not-found",
    };
    let mut r = Reply::text(Msg::new(id).arg("query", &nf.query));
    if nf.suggestions.is_empty() {
        r.push(Msg::new(match nf.kind {
            EntryKind::Gpu => "hint-list-gpus",
            EntryKind::Platform => "hint-list-platforms",
            EntryKind::Model => "hint-list-models",
        }));
    } else {
        r.push(Msg::new("did-you-mean").arg("names", nf.suggestions.join(", ")));
    }
    r
}

/// `yes` / `no` / `unknown`: the selector the Fluent messages branch on.
pub fn yes_no(f: &Fact<bool>) -> &'static str {
    match f {
        Fact::Known(true) => "yes",
        Fact::Known(false) => "no",
        Fact::Unknown => "unknown",
    }
}

/// Text of a fact, or `unknown` (localized by the message's selector).
pub fn text_or_unknown(f: &Fact<String>) -> String {
    f.known().cloned().unwrap_or_else(|| "unknown".into())
}

pub fn fmt(lang: Lang, msg: &Msg) -> String {
    Localizer::get().format(lang, msg)
}

pub fn unit_label(lang: Lang, unit: &str) -> String {
    fmt(lang, &Msg::new("billing-unit").arg("unit", unit))
}

/// `$2.52/hour`, `¥2.52/小时`.
pub fn price_text(lang: Lang, amount: Decimal, currency: &str, unit: PriceUnit) -> String {
    format!(
        "{}/{}",
        format_money(amount, currency),
        unit_label(lang, unit.key())
    )
}

/// A price tier (`on_demand`, `community`, `spot`, ...) in the user's language.
pub fn tier_label(lang: Lang, tier: &str) -> String {
    Localizer::get().format(lang, &Msg::new("price-tier").arg("tier", tier))
}

/// The date cell of a price row: `2025-06-21 *` when stale, `? *` when the price is undated.
pub fn quote_date(today: i64, q: &PriceQuote) -> String {
    if q.undated {
        "? *".to_string()
    } else if q.is_stale(today, STALE_AFTER_DAYS) {
        format!("{} *", q.as_of)
    } else {
        q.as_of.clone()
    }
}

/// `¥1.98/小时`, `$0.69/hour ×8` (no conversion; that is the billing engine's job).
pub fn quote_text(lang: Lang, q: &PriceQuote) -> String {
    let cards = if q.cards > 1 {
        format!(" ×{}", q.cards)
    } else {
        String::new()
    };
    let price = price_text(lang, q.amount, &q.currency, PriceUnit::Time(q.per));
    format!("{price}{cards}")
}
