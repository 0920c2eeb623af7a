//! An option chosen by its rank in the list as shown (issue 26 §4, helper und_du): the n-th
//! along a property column (`第二便宜的`, `the second cheapest`, `第二贵的`), or the next one up
//! or down that column from another option (`比第一张贵一档的那张`, `第一张太挤了，要比它贵一档的`,
//! `the next one up in price from the first`). The column is the step's own values
//! (`property::values`: the card step's prices are the `from` prices its buttons show, its
//! memory their GB), the other option a place the message names, else the option this step
//! keeps from before; with neither, asked back (`pick-rank-ask`), never guessed. A rank two
//! options share is asked back with both named (`pick-property-absent`).

use super::ask::ask;
use super::property::ByProperty;
use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::lexicon::{self, Property};
use crate::reply::{Msg, Reply};

/// The step's option chosen by a rank, or the rank asked back; `None` when the message says
/// no rank (a place alone, an extreme: their own readers).
pub(super) fn ranked(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    again: super::replied::Again,
) -> Option<Outcome> {
    let PickInput::Text(raw) = input else {
        return None;
    };
    let t = lexicon::ordinal_text(raw);
    // `第二便宜的是哪个？` asks; the question path answers it.
    if t.contains(['?', '？', '吗']) {
        return None;
    }
    if let Some((nth, rest)) = lexicon::place_rank_said(&t) {
        let by = super::property::nth_by_property(ctx, state, &rest, nth)?;
        return Some(super::slip::by_property_outcome(ctx, state, raw, by, again));
    }
    let (property, up) = lexicon::relative_said(&t)?;
    let choices = ask(ctx, state).choices;
    if choices.len() < 2 {
        return None;
    }
    let from = lexicon::place_in(&t)
        .and_then(|o| o.place_among(choices.len()))
        .map(|at| at - 1)
        .or_else(|| kept(state, &choices));
    let Some(from) = from else {
        return Some(Outcome {
            replies: vec![
                Reply::text(Msg::new("pick-rank-ask").arg("up", if up { "yes" } else { "no" })),
                ask(ctx, state),
            ],
            state: Some(state.clone()),
            changed: false,
        });
    };
    let by = next_along(ctx, state, &choices, property, from, up);
    Some(super::slip::by_property_outcome(ctx, state, raw, by, again))
}

/// The option this step keeps from before (a card chosen, then `/back`): what `它`/`that one`
/// points at when the message names no place.
fn kept(state: &PickState, choices: &[crate::reply::Choice]) -> Option<usize> {
    if state.step != Step::Card {
        return None;
    }
    let id = format!("g:{}:{}", state.gpu.as_ref()?, state.cards?);
    choices.iter().position(|c| c.id == id)
}

/// The option next along `property` from the option at `from`, above it (`up`) or below: the
/// nearest value past it; asked back where it is unknown, none is past it, or two share it.
fn next_along(
    ctx: &Ctx,
    state: &PickState,
    choices: &[crate::reply::Choice],
    property: Property,
    from: usize,
    up: bool,
) -> ByProperty {
    let values = super::property::values(ctx, state, choices, property).unwrap_or_default();
    let value = |i: usize| values.iter().find(|(j, _)| *j == i).and_then(|(_, v)| *v);
    let Some(v) = value(from) else {
        return ByProperty::Cannot(property, Vec::new());
    };
    let past: Vec<(usize, f64)> = values
        .iter()
        .filter_map(|(i, w)| w.map(|w| (*i, w)))
        .filter(|(_, w)| if up { *w > v + 1e-9 } else { *w < v - 1e-9 })
        .collect();
    let next = past
        .iter()
        .map(|(_, w)| *w)
        .fold(None, |a: Option<f64>, w| {
            Some(a.map_or(w, |a| if up { a.min(w) } else { a.max(w) }))
        });
    let Some(next) = next else {
        return ByProperty::Cannot(property, Vec::new());
    };
    let at: Vec<usize> = past
        .iter()
        .filter(|(_, w)| (*w - next).abs() < 1e-9)
        .map(|(i, _)| *i)
        .collect();
    match at[..] {
        [i] => ByProperty::Taken(choices[i].id.clone(), choices[i].label.clone()),
        _ => ByProperty::Cannot(
            property,
            at.iter().map(|i| choices[*i].label.clone()).collect(),
        ),
    }
}
