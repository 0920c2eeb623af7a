//! `/stock` read from a question that says where the person is (`我在美国，哪里能租到h100`,
//! `based in SG, any a100 in stock`): every row kept, those of platforms with machines there
//! first, then those whose location the catalog does not know, then those known to be
//! elsewhere; the answer says so and names each group, so a platform of unknown location is
//! listed as such, never dropped or assumed (und_cl, `docs/misses/und_und_cl.md`).

use crate::availability::{StockQuery, StockView};
use crate::context::Ctx;
use crate::lexicon::Need;
use crate::reply::{Msg, Part, Reply};

/// Where a platform stands against the place: 0 machines there, 1 unknown, 2 elsewhere.
pub(super) fn standing(ctx: &Ctx, place: &str, id: &str) -> u8 {
    let Ok(p) = ctx.catalog.platform(id) else {
        return 1;
    };
    crate::lexicon::platform_standing(p, place)
}

/// The stock answer for `query` with `needs` kept, its rows ordered by `home` (the place's
/// text and the words said) and the line that says how.
pub fn chat(ctx: &Ctx, query: &StockQuery, needs: &[Need], home: (&str, &str), now: i64) -> Reply {
    let mut view = match super::stock::lookup(ctx, query, now) {
        Ok(view) => view,
        Err(reply) => return reply,
    };
    let left_out = super::stock_needs::keep(ctx, needs, &mut view);
    let (place, said) = home;
    rank(ctx, place, &mut view);
    let mut r = super::stock::reply(ctx, query, &view);
    let at = 1.min(r.parts.len());
    if !needs.is_empty() {
        let keys: Vec<&str> = needs.iter().map(Need::key).collect();
        let names = super::platform_filter::need_names(ctx.lang, &keys);
        let line = Msg::new("stock-needs")
            .arg("needs", names)
            .arg("count", left_out);
        r.parts.insert(at, Part::Text(line));
    }
    r.parts
        .insert(at, Part::Text(said_line(ctx, query, place, said, &view)));
    r
}

/// Stable: the price order within each group is kept.
fn rank(ctx: &Ctx, place: &str, view: &mut StockView) {
    view.rows
        .sort_by_key(|r| standing(ctx, place, &r.offer.provider));
    view.catalog_rows
        .sort_by_key(|r| standing(ctx, place, &r.offer.provider));
    view.sightings
        .sort_by_key(|s| standing(ctx, place, &s.sighting.platform));
}

/// "You said you are in X: …", with the platforms of the rows shown in each group; with no
/// row to rank, the platforms whose catalog record lists the card, grouped the same way.
fn said_line(ctx: &Ctx, query: &StockQuery, place: &str, said: &str, view: &StockView) -> Msg {
    let mut groups: [Vec<String>; 3] = Default::default();
    let mut ids: Vec<&str> = view
        .rows
        .iter()
        .chain(&view.catalog_rows)
        .map(|r| r.offer.provider.as_str())
        .chain(view.sightings.iter().map(|s| s.sighting.platform.as_str()))
        .collect();
    let listed = ids.is_empty();
    if listed {
        ids = ctx
            .catalog
            .quotes_for(&query.gpu)
            .map(|(p, _)| p.id.as_str())
            .collect();
    }
    for id in ids {
        let name = super::offer_table::platform_name(ctx, id);
        let g = &mut groups[usize::from(standing(ctx, place, id))];
        if !g.contains(&name) {
            g.push(name);
        }
    }
    let list = |g: &Vec<String>| match g.is_empty() {
        true => super::common::fmt(ctx.lang, &Msg::new("stock-home-none")),
        false => g.join(&super::common::fmt(ctx.lang, &Msg::new("advice-list-sep"))),
    };
    Msg::new(if listed {
        "stock-home-listed"
    } else {
        "stock-home"
    })
    .arg("place", crate::lexicon::place_written(said))
    .arg("there", list(&groups[0]))
    .arg("unknown", list(&groups[1]))
    .arg("elsewhere", list(&groups[2]))
}

/// Where one offer stands against the place (`/offers` for a person somewhere, und_ct): by its
/// own region text where the provider wrote one that lies in a place the lexicon knows (there,
/// or elsewhere), else by its platform ([`standing`]).
pub(super) fn offer_standing(ctx: &Ctx, place: &str, provider: &str, region: Option<&str>) -> u8 {
    let codes = crate::lexicon::place_codes(place);
    match region {
        // `global` is the catalog's split, no place an offer's text lies in.
        Some(_) if place == "global" => standing(ctx, place, provider),
        Some(r) if crate::availability::region_text_in(r, place, &codes) => 0,
        Some(r) if crate::lexicon::placed(r) => 2,
        _ => standing(ctx, place, provider),
    }
}

/// `/offers` for a person somewhere: every row kept, those on machines there first, then those
/// of unknown location, then those known to be elsewhere (stable: the filter's order within
/// each group), and the line that says so.
pub fn offers(
    ctx: &Ctx,
    f: &crate::availability::OfferFilter,
    view: &crate::availability::OffersView,
    home: (&str, &str),
) -> Reply {
    let (place, said) = home;
    let at = |r: &crate::availability::OfferRow| {
        offer_standing(ctx, place, &r.offer.provider, r.offer.region.as_deref())
    };
    let mut view = view.clone();
    view.rows.sort_by_key(|r| at(r));
    let mut groups = [0usize; 3];
    for r in &view.rows {
        groups[usize::from(at(r))] += 1;
    }
    let mut r = super::offers::reply(ctx, f, &view);
    if !view.rows.is_empty() {
        let line = super::platform_filter::home_line("offers-home", said, groups);
        r.parts.insert(1.min(r.parts.len()), Part::Text(line));
    }
    r
}
