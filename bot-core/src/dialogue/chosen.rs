//! An option typed by its place (`第二个`, `the first one`, `选2`, `#2`, a bare `1`) at a step
//! that shows numbered choices: taken exactly as the button would be, and said back. The place
//! is read by the one lexicon ([`lexicon::ordinal`]); whether a bare number is a place is the
//! step's: where the step takes a number as a value (a size at the model step, thousands of
//! tokens at the context step, conversations, hours, a budget) it is that value, never a place.
//! A place beyond the choices is asked back with the choices, never guessed.

use super::ask::ask;
use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::i18n::Localizer;
use crate::lexicon;
use crate::reply::{Msg, Reply};

/// The machine, to read the button's id as a tap.
pub(super) type Again = fn(&Ctx, &PickState, PickInput) -> Outcome;

/// Whether a bare number typed at `step` is a value the step takes rather than a place.
fn number_is_value(step: Step) -> bool {
    match step {
        Step::Model | Step::Context | Step::Concurrency | Step::Usage | Step::Barriers => true,
        Step::Task | Step::Method | Step::Card | Step::Result | Step::Trial => false,
    }
}

/// The step's answer when `text` names one of its choices by its place; `None` when it names
/// no place, or a bare number the step reads as a value.
pub(super) fn by_place(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    again: Again,
) -> Option<Outcome> {
    let PickInput::Text(text) = input else {
        return None;
    };
    let place = lexicon::ordinal(text)?;
    if place.bare && number_is_value(state.step) {
        return None;
    }
    let asked = ask(ctx, state);
    if asked.choices.is_empty() {
        return None;
    }
    let Some(choice) = asked.choices.get(place.n - 1) else {
        return Some(Outcome {
            replies: vec![
                Reply::text(
                    Msg::new("pick-choice-beyond")
                        .arg("n", place.n)
                        .arg("count", asked.choices.len()),
                ),
                asked,
            ],
            state: Some(state.clone()),
            changed: false,
        });
    };
    let label = Localizer::get().format(ctx.lang, &choice.label);
    let mut out = again(ctx, state, PickInput::Choice(choice.id.clone()));
    // Said back only when the tap was taken: a refused card says why on its own.
    if out.changed {
        out.replies.insert(
            0,
            Reply::text(
                Msg::new("pick-choice-taken")
                    .arg("n", place.n)
                    .arg("label", label),
            ),
        );
    }
    Some(out)
}
