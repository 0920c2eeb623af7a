//! Which cards the card step may offer under the needs said: a card rented only on platforms
//! the result has no row for is not offered, and the line says which a need removed.

use super::super::state::PickState;
use crate::context::Ctx;
use crate::reply::Msg;
use crate::vram::FitOption;

/// Whether every platform that rents `gpu` is one the result has no row for (refused, or known
/// to fail a need said: `barriers::no_row`), so the card step never offers it. A card no
/// platform prices at all is not this: it is offered as of unknown price, as before.
pub(super) fn only_left_out(ctx: &Ctx, gpu: &str, left: &[String]) -> bool {
    let mut renting = ctx.catalog.platforms_quoting(gpu).peekable();
    renting.peek().is_some() && renting.all(|p| left.contains(&p.id))
}

/// The cards that hold the job but are not offered because every platform renting them is
/// known to fail a need said (not those the user refused or placed elsewhere, which their own
/// lines say): the line that says so, naming up to three, `None` when there are none.
pub(super) fn need_left_cards(ctx: &Ctx, s: &PickState, options: &[FitOption]) -> Option<Msg> {
    let failing = super::super::barriers::failing_needs(ctx, s);
    if failing.is_empty() {
        return None;
    }
    let left = super::super::barriers::no_row(ctx, s);
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let mut cards: Vec<&str> = Vec::new();
    for o in options.iter().filter(|o| o.fits) {
        if cards.contains(&o.gpu.as_str()) || !only_left_out(ctx, &o.gpu, &left) {
            continue;
        }
        // Left out by a need, not only by a refusal or a place.
        if ctx
            .catalog
            .platforms_quoting(&o.gpu)
            .any(|p| failing.contains(&p.id))
        {
            cards.push(o.gpu.as_str());
        }
    }
    if cards.is_empty() {
        return None;
    }
    let names: Vec<String> = cards
        .iter()
        .take(3)
        .map(|g| {
            ctx.catalog
                .gpu(g)
                .map_or_else(|_| g.to_string(), |g| g.display_name(zh).to_string())
        })
        .collect();
    Some(
        Msg::new("pick-cards-need-left-out")
            .arg("count", cards.len())
            .arg("cards", names.join(if zh { "、" } else { ", " })),
    )
}
