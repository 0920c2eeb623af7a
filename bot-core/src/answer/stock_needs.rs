//! `/stock` with needs said beside the card (`/stock rtx-4090 no-card`, or a question's
//! `不用信用卡 哪里有4090现货`): only offers on platforms known to meet every need are shown,
//! and the answer says so with how many it left out; a platform whose fact is unknown is left
//! out too (counted), never shown as meeting a need it may not.

use crate::availability::{StockQuery, StockView};
use crate::context::Ctx;
use crate::lexicon::Need;
use crate::reply::{Msg, Part, Reply};

/// The stock answer for `query`, kept to the platforms known to meet `needs`.
pub fn chat(ctx: &Ctx, query: &StockQuery, needs: &[Need], now: i64) -> Reply {
    if needs.is_empty() {
        return super::stock::chat(ctx, query, now);
    }
    let mut view = match super::stock::lookup(ctx, query, now) {
        Ok(view) => view,
        Err(reply) => return reply,
    };
    let left_out = keep(ctx, needs, &mut view);
    let mut r = super::stock::reply(ctx, query, &view);
    let keys: Vec<&str> = needs.iter().map(Need::key).collect();
    let names = super::platform_filter::need_names(ctx.lang, &keys);
    let line = Msg::new("stock-needs")
        .arg("needs", names)
        .arg("count", left_out);
    let at = 1.min(r.parts.len());
    r.parts.insert(at, Part::Text(line));
    r
}

/// Whether the catalog knows `platform` meets every need.
fn meets(ctx: &Ctx, needs: &[Need], platform: &str) -> bool {
    ctx.catalog
        .platform(platform)
        .is_ok_and(|p| needs.iter().all(|n| n.met_by(p) == Some(true)))
}

/// Drops the rows of platforms not known to meet `needs`; how many were dropped.
pub(super) fn keep(ctx: &Ctx, needs: &[Need], view: &mut StockView) -> usize {
    let before = view.rows.len() + view.catalog_rows.len() + view.sightings.len();
    view.rows.retain(|r| meets(ctx, needs, &r.offer.provider));
    view.catalog_rows
        .retain(|r| meets(ctx, needs, &r.offer.provider));
    view.sightings
        .retain(|s| meets(ctx, needs, &s.sighting.platform));
    view.providers.retain(|p| meets(ctx, needs, &p.provider));
    before - (view.rows.len() + view.catalog_rows.len() + view.sightings.len())
}
