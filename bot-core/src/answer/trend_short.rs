//! `/trend` on a phone: the title, each platform's lowest and latest hour with its change in
//! columns that fit 40 (the three cheapest now), and the out-of-stock verdict; the full
//! lines, the rhythm and the note are behind Details.

use super::offer_table::platform_name;
use crate::availability::SeriesSummary;
use crate::billing::format_money;
use crate::context::Ctx;
use crate::phone::{Short, TOP_ROWS};
use crate::reply::{Msg, Part, Reply, Table};
use rust_decimal::Decimal;

/// The short columns: platform, lowest, latest, change.
pub(super) fn table(ctx: &Ctx, summaries: &[SeriesSummary]) -> Table {
    let mut by_latest: Vec<&SeriesSummary> = summaries.iter().collect();
    by_latest.sort_by(|a, b| (&a.currency, a.last).cmp(&(&b.currency, b.last)));
    let rows = by_latest
        .iter()
        .map(|s| {
            let change = s.change_percent.map_or_else(
                || "—".to_string(),
                |c| {
                    let sign = if c > Decimal::ZERO { "+" } else { "" };
                    format!("{sign}{}%", c.normalize())
                },
            );
            vec![
                platform_name(ctx, &s.provider),
                format_money(s.lowest, &s.currency),
                format_money(s.last, &s.currency),
                change,
            ]
        })
        .collect();
    Table {
        header: vec![
            Msg::new("col-platform"),
            Msg::new("trend-col-lowest"),
            Msg::new("trend-col-last"),
            Msg::new("trend-col-change"),
        ],
        rows,
        lead: vec![0, 1, 2, 3],
    }
}

/// `whole` with its phone first message in front; `verdict` is what it says about stock now.
pub(super) fn shape(
    ctx: &Ctx,
    summaries: &[SeriesSummary],
    verdict: Vec<Part>,
    whole: Reply,
) -> Reply {
    let mut short = Short::titled(&whole).top(ctx.lang, &table(ctx, summaries));
    if summaries.len() > TOP_ROWS {
        short = short.line(Msg::new("trend-more").arg("count", summaries.len() - TOP_ROWS));
    }
    for part in verdict {
        short = short.part(part);
    }
    short.over(ctx.lang, whole)
}
