//! `/gpu 4090 4090d`: several cards side by side, a row per fact, in the reader's currency.
//! On a phone the first message is the facts that decide a rental (memory, speed, the
//! cheapest hour), one short line each; the whole table and the sources are behind Details.

use super::common::unknown_text;
use super::view::{View, fmt_num};
use crate::billing::format_money;
use crate::catalog::Gpu;
use crate::catalog::warn::source_msg;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply, Table};
use rust_decimal::Decimal;

/// The cheapest pay-as-you-go hour of one card in `currency`, from the catalog's USD figure
/// at its dated rate ("from" kept for a floor); unknown when there is no price or no rate.
fn cheapest(v: &View<'_>, g: &Gpu) -> String {
    let Some(price) = v.catalog.cheapest_hourly_usd(&g.id) else {
        return unknown_text(v.lang);
    };
    let rate = if v.currency.eq_ignore_ascii_case("USD") {
        Some(Decimal::ONE)
    } else {
        v.catalog.fx_rate("USD", v.currency).map(|(r, _)| r)
    };
    let usd = price.usd;
    let text = match rate {
        Some(r) => format_money((usd * r).round_dp(2), v.currency),
        None => format_money(usd.round_dp(2), "USD"),
    };
    if price.from {
        crate::answer::common::fmt(v.lang, &Msg::new("price-from").arg("price", text))
    } else {
        text
    }
}

/// Several cards in one table, a row per fact; a row whose values differ is marked.
pub fn gpu_side_by_side(v: &View<'_>, cards: &[&Gpu]) -> Reply {
    let zh = v.lang == Lang::Zh;
    let unknown = || unknown_text(v.lang);
    let each = |f: &dyn Fn(&Gpu) -> String| cards.iter().map(|g| f(g)).collect::<Vec<_>>();
    let facts: Vec<(&str, Vec<String>)> = vec![
        (
            "gpu-cmp-vram",
            each(&|g| {
                format!(
                    "{} GB {}",
                    fmt_num(g.vram_gb),
                    g.mem_type.clone().unwrap_or_default()
                )
                .trim()
                .to_string()
            }),
        ),
        (
            "gpu-cmp-bandwidth",
            each(&|g| {
                g.bandwidth_gbps()
                    .map_or_else(unknown, |b| format!("{} GB/s", fmt_num(b)))
            }),
        ),
        (
            "gpu-cmp-tflops",
            each(&|g| g.tflops().map_or_else(unknown, fmt_num)),
        ),
        (
            "gpu-cmp-interconnect",
            each(&|g| g.interconnect_text(zh).to_string()),
        ),
        ("gpu-cmp-cheapest", each(&|g| cheapest(v, g))),
    ];
    let mut header = vec![Msg::new("gpu-cmp-fact")];
    header.extend(
        cards
            .iter()
            .map(|g| Msg::new("gpu-cmp-card").arg("name", g.display_name(zh))),
    );
    let rows: Vec<Vec<String>> = facts
        .into_iter()
        .map(|(id, values)| {
            let differs = values.iter().any(|x| *x != values[0]);
            let label = crate::i18n::Localizer::get().format(
                v.lang,
                &Msg::new(id).arg("differs", if differs { "yes" } else { "no" }),
            );
            let mut row = vec![label];
            row.extend(values);
            row
        })
        .collect();
    let names: Vec<&str> = cards.iter().map(|g| g.display_name(zh)).collect();
    let table = Table {
        header,
        rows,
        lead: (0..=cards.len()).collect(),
    };
    // The phone's summary: memory, speed and the cheapest hour, "fact · card 1 · card 2".
    let summary = Table {
        rows: [0, 2, 4].iter().map(|&i| table.rows[i].clone()).collect(),
        ..table.clone()
    };
    let mut r = Reply::text(Msg::new("gpu-cmp-title").arg("names", names.join(" / ")));
    r = r.with_table(table);
    r.push(Msg::new("gpu-cmp-footer"));
    for g in cards {
        r.push(source_msg(&g.source, &g.as_of, false));
    }
    crate::phone::Short::titled(&r)
        .top(v.lang, &summary)
        .line(Msg::new("gpu-cmp-footer"))
        .over(v.lang, r)
}
