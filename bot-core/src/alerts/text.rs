//! Alert text: card, platform, price in the subscriber's currency, count and region where
//! known, when it was seen, and commands to act on it; one compact line for groups and
//! channels.

use super::access::ChatKind;
use super::event::{Event, rate};
use super::subscription::Subscription;
use crate::availability::{Offer, OfferKind, format_minute_utc};
use crate::billing::format_money;
use crate::catalog::Catalog;
// The follow-up lines an alert offers name their commands through the definitions.
use crate::commands::{cost, stock};
use crate::i18n::{Lang, Localizer};
use crate::reply::{Msg, Reply};

/// The card's name in the subscriber's language (`RTX 4090 48GB（魔改）` in Chinese).
fn gpu_name(catalog: &Catalog, lang: Lang, gpu: &str) -> String {
    catalog
        .gpu(gpu)
        .map(|g| g.display_name(lang == Lang::Zh).to_string())
        .unwrap_or_else(|_| gpu.to_string())
}

fn platform_name(catalog: &Catalog, lang: Lang, id: &str) -> String {
    catalog.platform_label(id, lang == Lang::Zh)
}

/// `09:30 UTC` (the date too when it is not today's, which an alert read late may need).
fn seen_text(at: i64) -> String {
    format_minute_utc(at)
}

/// The price in the subscriber's currency, with the provider's own when they differ.
fn price_text(catalog: &Catalog, sub: &Subscription, o: &Offer) -> String {
    let own = format_money(o.price_per_gpu_hour, &o.currency);
    if o.currency.eq_ignore_ascii_case(&sub.currency) {
        return own;
    }
    match rate(catalog, &o.currency, &sub.currency) {
        Some(r) => format!(
            "{} ({own})",
            format_money((o.price_per_gpu_hour * r).round_dp(2), &sub.currency)
        ),
        None => own,
    }
}

/// Cards one could rent among `matching`, counted as sold: the same cards are offered under
/// each way of buying them (Vast lists a host's on-demand price and its bid as two rows), so
/// the kinds are counted apart and the largest taken, never added.
fn cards_available(matching: &[Offer]) -> u32 {
    let mut by_kind: std::collections::HashMap<OfferKind, u32> = std::collections::HashMap::new();
    for o in matching {
        if let Some(n) = o.available_count {
            let sum = by_kind.entry(o.kind).or_default();
            *sum = sum.saturating_add(n);
        }
    }
    by_kind.into_values().max().unwrap_or(0)
}

/// The alert for one event of `sub` on `provider`, seen at `at`; `matching` are the offers that
/// satisfy it now (cheapest first; empty when gone).
pub fn alert_reply(
    catalog: &Catalog,
    sub: &Subscription,
    provider: &str,
    event: Event,
    matching: &[Offer],
    at: i64,
) -> Reply {
    let lang = sub.lang;
    let gpu = gpu_name(catalog, lang, &sub.gpu);
    let platform = platform_name(catalog, lang, provider);
    let compact = sub.kind != ChatKind::Private;
    let seen = seen_text(at);
    match event {
        Event::Back => {
            let best = matching.first();
            let price = best.map_or_else(|| "unknown".to_string(), |o| price_text(catalog, sub, o));
            let count = cards_available(matching);
            let regions: Vec<&str> = {
                let mut r: Vec<&str> = matching
                    .iter()
                    .filter_map(|o| o.region.as_deref())
                    .collect();
                r.sort_unstable();
                r.dedup();
                r.truncate(3);
                r
            };
            let region = if regions.is_empty() {
                "unknown".to_string()
            } else {
                regions.join(", ")
            };
            let cost = format!("/{} {provider} {} 1h", cost::DEF.name, sub.gpu);
            let stock = format!("/{} {} {provider}", stock::DEF.name, sub.gpu);
            let id = if compact {
                "alerts-back-compact"
            } else {
                "alerts-back"
            };
            let r = Reply::text(
                Msg::new(id)
                    .arg("gpu", gpu)
                    .arg("platform", platform)
                    .arg("price", price)
                    .arg("count", count)
                    .arg("offers", matching.len())
                    .arg("region", region)
                    .arg("seen", seen)
                    .arg("cost", cost)
                    .arg("stock", stock)
                    .arg("id", sub.id),
            );
            // Two lines in a private chat (the way to stop it ends the second), one in a
            // group or channel.
            r
        }
        Event::Gone { lasted_secs } => {
            let minutes = (lasted_secs / 60).max(1);
            let id = if compact {
                "alerts-gone-compact"
            } else {
                "alerts-gone"
            };
            let mut r = Reply::text(
                Msg::new(id)
                    .arg("gpu", gpu)
                    .arg("platform", platform)
                    .arg("minutes", minutes as f64)
                    .arg("seen", seen)
                    .arg("stock", format!("/{} {}", stock::DEF.name, sub.gpu)),
            );
            if !compact {
                r.push(Msg::new("alerts-footer").arg("id", sub.id));
            }
            r
        }
    }
}

/// One line describing a subscription: `#2 H100 SXM on RunPod, at or under $2.50/GPU-hour`.
pub fn describe(catalog: &Catalog, lang: Lang, sub: &Subscription) -> String {
    let max = sub.max_price.map_or_else(
        || "none".to_string(),
        |m| format_money(m, &sub.max_currency),
    );
    let platform = sub
        .provider
        .as_deref()
        .map_or_else(|| "none".to_string(), |p| platform_name(catalog, lang, p));
    let stock: Vec<String> = sub
        .in_stock_on()
        .iter()
        .map(|p| platform_name(catalog, lang, p))
        .collect();
    Localizer::get().format(
        lang,
        &Msg::new("alerts-sub-line")
            .arg("id", sub.id)
            .arg("gpu", gpu_name(catalog, lang, &sub.gpu))
            .arg("platform", platform)
            .arg("max", max)
            .arg("cards", sub.min_cards.unwrap_or(0))
            .arg(
                "stock",
                if stock.is_empty() {
                    "none".to_string()
                } else {
                    stock.join(", ")
                },
            ),
    )
}
