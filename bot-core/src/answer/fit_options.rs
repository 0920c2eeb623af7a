//! The configurations that hold a job, as `/fit` and `/tco` list them: card, count, memory per
//! card (tight ones marked), the cheapest known hourly list price, speed and interconnect.

use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply, Table};
use crate::vram::{FitOption, FitRequest, Task};

/// Options shown when no card is given.
pub(super) const SHOWN_OPTIONS: usize = 6;

pub(super) fn gib(x: f64) -> String {
    format!("{x:.1}")
}

/// An option's hourly list price in `shown_currency` (USD times `rate`) with its date, or the
/// words for an unknown price.
fn price_cell(
    catalog: &Catalog,
    o: &FitOption,
    rate: Option<rust_decimal::Decimal>,
    shown_currency: &str,
    lang: Lang,
) -> String {
    match (o.usd_per_hour, &o.price_as_of) {
        (Some(usd), Some(d)) => {
            let amount = usd * rate.unwrap_or(rust_decimal::Decimal::ONE);
            let per = if lang == Lang::Zh { "小时" } else { "h" };
            let price = format!(
                "{}/{per}",
                crate::billing::format_money(amount, shown_currency)
            );
            // A floor keeps its word: it is not what these cards will cost.
            let price = if o.price_from {
                crate::i18n::Localizer::get()
                    .format(lang, &Msg::new("price-from").arg("price", price))
            } else {
                price
            };
            // A promotion is labelled: it is the catalog's cheapest hour only while it lasts.
            let promo = catalog.cheapest_hourly_usd(&o.gpu).filter(|p| {
                p.tier == "promo" && p.usd * rust_decimal::Decimal::from(o.cards) == usd
            });
            let tier = promo.map_or_else(String::new, |p| {
                format!(" {}", super::common::tier_label(lang, &p.tier))
            });
            format!("{price}{tier} ({d})")
        }
        // No catalog price: said so, never a bare "?".
        _ => crate::i18n::Localizer::get().format(lang, &Msg::new("fit-price-unknown")),
    }
}

/// [`price_cell`] in the user's currency where the catalog has a rate, else in USD.
pub(super) fn option_price(catalog: &Catalog, o: &FitOption, currency: &str, lang: Lang) -> String {
    match crate::billing::resolve_fx(Some(catalog), "USD", currency, None) {
        Ok(fx) => price_cell(catalog, o, fx.map(|f| f.rate), currency, lang),
        Err(_) => price_cell(catalog, o, None, "USD", lang),
    }
}

/// What besides one more card makes a tight option safe for this job, as the legend names it: a
/// smaller form only where one exists (a job already in 4 bits or QLoRA has none left to take).
fn safer_form(req: &FitRequest<'_>) -> &'static str {
    match req.task {
        Task::Infer if !req.quant.is_low_bit() => "four-bit",
        Task::Lora if !req.quant.is_low_bit() => "qlora",
        Task::Full => "lora",
        _ => "cards",
    }
}

/// The configurations that hold the job, cheapest first, under the `intro` message.
pub fn push_options(
    catalog: &Catalog,
    r: &mut Reply,
    options: &[FitOption],
    currency: &str,
    intro: &str,
    lang: Lang,
    req: &FitRequest<'_>,
) {
    let link_matters = crate::advice::link_matters(req);
    if options.is_empty() {
        r.push(Msg::new("fit-no-option"));
        return;
    }
    // Prices come in USD at the catalog rate; show them in the user's currency when a
    // rate exists, else in USD.
    let fx = crate::billing::resolve_fx(Some(catalog), "USD", currency, None).ok();
    let shown_currency = if fx.is_some() { currency } else { "USD" };
    // Inference options carry a decode speed: those too slow for a reader rank last
    // (advice::rank_options).
    let by_speed = options.iter().any(|o| o.decode_tok_s.is_some());
    r.push(
        Msg::new(intro)
            .arg("count", options.len())
            .arg("currency", shown_currency.to_uppercase())
            .arg("by", if by_speed { "speed" } else { "price" })
            .arg(
                "reader",
                format!("{:.1}", crate::advice::reading_tokens_per_second()),
            ),
    );
    // Where several cards talk every layer, those not known to be on NVLink ranked with a
    // margin (`advice::INTERCONNECT_MARGIN_PERCENT`): say so when such a row is shown.
    let slow_multi = options.iter().take(SHOWN_OPTIONS).any(|o| {
        catalog
            .gpu(&o.gpu)
            .ok()
            .and_then(|g| crate::advice::config_link(g, o.cards))
            .is_some_and(|l| !l.is_known_fast())
    });
    if link_matters && slow_multi {
        r.push(
            Msg::new("advice-link-margin").arg("pct", crate::advice::INTERCONNECT_MARGIN_PERCENT),
        );
    }
    let mut rows = Vec::new();
    for o in options.iter().take(SHOWN_OPTIONS) {
        let gpu = catalog.gpus.iter().find(|g| g.id == o.gpu);
        let name = gpu.map_or(o.gpu.clone(), |g| {
            g.display_name(lang == Lang::Zh).to_string()
        });
        // The catalog's own text in the answer's language (the report carries the English).
        let interconnect = gpu.map_or(o.interconnect.clone(), |g| {
            g.interconnect_text(lang == Lang::Zh).to_string()
        });
        let rate = fx.as_ref().and_then(|f| f.as_ref().map(|f| f.rate));
        let price = price_cell(catalog, o, rate, shown_currency, lang);
        let per_card = match o.tight {
            true => format!("{} ⚠️", gib(o.per_gpu_gib)),
            false => gib(o.per_gpu_gib),
        };
        let mut row = vec![name, format!("×{}", o.cards), per_card, price];
        if by_speed {
            row.push(
                o.decode_tok_s
                    .map_or_else(|| "?".to_string(), |t| format!("{t:.0}")),
            );
        }
        row.push(interconnect);
        rows.push(row);
    }
    let mut header = vec![
        Msg::new("fit-col-gpu"),
        Msg::new("fit-col-cards"),
        Msg::new("fit-col-per-card"),
        Msg::new("fit-col-price"),
    ];
    if by_speed {
        header.push(Msg::new("fit-col-speed"));
    }
    header.push(Msg::new("fit-col-interconnect"));
    *r = std::mem::take(r).with_table(Table {
        header,
        rows,
        lead: vec![0, 1, 3],
    });
    if options.iter().take(SHOWN_OPTIONS).any(|o| o.tight) {
        r.push(Msg::new("fit-options-tight").arg("safer", safer_form(req)));
    }
    r.push(Msg::new("fit-options-note"));
}
