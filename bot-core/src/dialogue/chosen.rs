//! An option typed by its place (`第二个`, `the first one`, `选2`, `#2`, a bare `1`) at a step
//! that shows numbered choices: taken exactly as the button would be, and said back. The place
//! is read by the one lexicon ([`lexicon::ordinal`]). A bare number may also be the step's value
//! (a size at the model step, thousands of tokens, conversations, hours, a budget): one rule for
//! every step, both readings are run through the machine, and where both are taken and lead to
//! different answers the number is asked back with both as buttons (`pick-number-ask`), never
//! guessed; where only one is taken, or both end the same (`1` at the usage step is one run of
//! 1 h either way), that one. A value that another option's label prints (`4` where `4 at once`
//! is option 2 and option 4 is `64 at once`; `3` where option 2 is one run of 3 hours) is no
//! exception: the label makes the value likely, not certain, so it is asked like any other (the
//! issue's rule: a word that means two things is asked back, never guessed with a notice). A
//! number with its unit (`4k`, `4 hours`, `4路`) names no place, so it is never asked. A number
//! beyond the choices is a value. Once the person tapped the option of such a question, their
//! later bare numbers are options, each said back, labelled or not.
//! A place said inside a longer message (`ok 第二个，然后预算50`) is the tap, then the rest of
//! the message read at the step the tap led to, so its facts are kept.
//! A place beyond the choices is asked back with the choices, never guessed.

use super::ask::ask;
use super::state::{Outcome, PickInput, PickState, Step, Usage};
use crate::context::Ctx;
use crate::i18n::Localizer;
use crate::lexicon;
use crate::reply::{Msg, Reply};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

/// The machine, to read the button's id as a tap.
pub(super) type Again = fn(&Ctx, &PickState, PickInput) -> Outcome;

/// The id prefix of an asked-back number's option (`o:b:done`): the option, and the person's
/// bare numbers are options from then on.
const AS_OPTION: &str = "o:";
/// The id prefix of an asked-back number's value (`v:barriers:8`): the number read as the
/// value of that step, never a place.
const AS_VALUE: &str = "v:";

/// A tap on a button of the question [`by_place`] asked: the option or the value; `None` for any
/// other input. `typed` is the machine that reads a bare number as a value, never a place.
pub(super) fn asked_tap(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    again: Again,
    typed: Again,
) -> Option<Outcome> {
    let PickInput::Choice(id) = input else {
        return None;
    };
    if let Some(option) = id.strip_prefix(AS_OPTION) {
        let mut s = state.clone();
        s.numbers_are_places = true;
        return Some(again(ctx, &s, PickInput::Choice(option.to_string())));
    }
    let (step, n) = id.strip_prefix(AS_VALUE)?.split_once(':')?;
    if step != step_key(state.step) {
        // A button left from a step since answered: where it stands now.
        return Some(Outcome {
            replies: vec![ask(ctx, state)],
            state: Some(state.clone()),
            changed: false,
        });
    }
    Some(typed(ctx, state, PickInput::Text(n.to_string())))
}

/// The state a message after an asked-back number is read in: the question dropped (any
/// message answers it or goes on without it), and where the message names the option asked
/// about by its place, typed (`option 2`, `选项3`, `第2个`), the person's later bare numbers
/// are options, exactly as after a tap of the option's button ([`asked_tap`]). The value typed
/// with its unit (`2 hours`, `the 4k one`) is the value's button, which changes nothing more.
pub(super) fn after_asked(ctx: &Ctx, state: &PickState, input: &PickInput) -> PickState {
    let mut s = state.clone();
    let Some(n) = s.number_asked.take() else {
        return s;
    };
    let PickInput::Text(text) = input else {
        return s;
    };
    let place = lexicon::ordinal(text)
        .filter(|o| !o.bare)
        .or_else(|| lexicon::ordinal_in(text).map(|(o, _)| o));
    let count = ask(ctx, &s).choices.len();
    if place.and_then(|o| o.place_among(count)) == Some(n) {
        s.numbers_are_places = true;
    }
    s
}

/// Whether an outcome is a number asked back rather than an answer taken: it is saved (the
/// question is kept), but the step was not answered.
pub(super) fn asks_back(out: &Outcome) -> bool {
    out.state.as_ref().is_some_and(|s| s.number_asked.is_some())
}

/// The step's answer when `text` names one of its choices by its place; `None` when it names
/// no place, or a bare number the step reads only as a value.
pub(super) fn by_place(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    again: Again,
    typed: Again,
) -> Option<Outcome> {
    let PickInput::Text(text) = input else {
        return None;
    };
    let (place, rest) = match lexicon::ordinal(text) {
        Some(place) => (place, String::new()),
        None => lexicon::ordinal_in(text)?,
    };
    let asked = ask(ctx, state);
    if asked.choices.is_empty() {
        return None;
    }
    if place.bare && place.n > asked.choices.len() {
        // `50` where there are fewer options: the step's value, where the step takes one; a
        // number the step reads as nothing (`7` at the task step) is a place past the last.
        let value = typed(ctx, state, PickInput::Text(place.n.to_string()));
        if value.changed {
            return Some(value);
        }
    }
    // `the last one`, `倒数第二个`: counted from the end of this step's choices.
    let at = place.place_among(asked.choices.len());
    let Some(choice) = at.and_then(|at| asked.choices.get(at - 1)) else {
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
    let tap = again(ctx, state, PickInput::Choice(choice.id.clone()));
    if place.bare {
        let value = typed(ctx, state, PickInput::Text(place.n.to_string()));
        let value_label = value
            .state
            .as_ref()
            .filter(|_| value.changed)
            .and_then(|after| value_label(ctx, state, after));
        let said = |m: &Msg| Localizer::get().format(ctx.lang, m);
        match value_label {
            // Only the value is taken, or both end the same: the value, as the step reads it.
            Some(_) if !tap.changed || tap.state == value.state => return Some(value),
            // Both taken, different answers: asked, unless the person said their numbers are
            // options; a value another option's label prints is asked too (the module's doc).
            Some(v) if !state.numbers_are_places => {
                let option = Msg::new("pick-number-option")
                    .arg("n", place.n)
                    .arg("label", label);
                let key = step_key(state.step);
                let ask = Msg::new("pick-number-ask")
                    .arg("word", place.n)
                    .arg("option", said(&option))
                    .arg("value", said(&v));
                let reply = Reply::text(ask)
                    .with_choice(&format!("{AS_OPTION}{}", choice.id), option)
                    .with_choice(&format!("{AS_VALUE}{key}:{}", place.n), v);
                // The question is kept (as `quit_asked` keeps its own), so a typed answer
                // (`option 2`) is read as its button; nothing of the step is answered.
                let mut s = state.clone();
                s.number_asked = Some(place.n);
                return Some(Outcome {
                    replies: vec![reply],
                    state: Some(s),
                    changed: true,
                });
            }
            _ => {}
        }
    }
    let mut out = tap;
    // Said back only when the tap was taken: a refused card says why on its own.
    if !out.changed {
        return Some(out);
    }
    // The rest of a longer message, read at the step the tap led to: its facts kept.
    if let Some(next) = out.state.clone().filter(|_| !rest.trim().is_empty()) {
        let more = again(ctx, &next, PickInput::Text(rest));
        if more.changed && !asks_back(&more) {
            out = more;
        }
    }
    out.replies.insert(
        0,
        Reply::text(
            Msg::new("pick-choice-taken")
                .arg("n", at.unwrap_or(place.n))
                .arg("label", label),
        ),
    );
    Some(out)
}

/// What a bare number was read as at `before`'s step, in the words of that step's options
/// (`8k tokens`, `4 at once`, `One run of 2 hours`, `a budget of 8 yuan`); `None` when it set no
/// value of the step, so the number is no value there.
fn value_label(ctx: &Ctx, before: &PickState, after: &PickState) -> Option<Msg> {
    match before.step {
        Step::Model => after
            .params_b
            .filter(|_| after.model.is_none() && after.params_b != before.params_b)
            .map(|b| Msg::new("pick-number-size").arg("b", format!("{b}"))),
        Step::Context => after
            .context
            .filter(|c| after.context != before.context && c % 1024 == 0)
            .map(|c| Msg::new("pick-context").arg("k", c / 1024)),
        Step::Concurrency => after
            .concurrency
            .filter(|_| after.concurrency != before.concurrency)
            .map(|n| Msg::new("pick-concurrency").arg("n", n)),
        Step::Usage => after
            .usage
            .filter(|_| after.usage != before.usage)
            .map(|u| match u {
                Usage::OneOff { hours } => Msg::new("pick-usage-oneoff").arg("hours", whole(hours)),
                Usage::Daily { hours } => Msg::new("pick-usage-daily").arg("hours", whole(hours)),
                Usage::Always => Msg::new("pick-usage-always"),
            }),
        // A reading, not the echo's `Budget: $5.00` (which reads as already set): the number
        // with the currency a bare amount is read in, as the question asks it typed.
        Step::Barriers => after
            .needs
            .budget
            .filter(|_| after.needs.budget != before.needs.budget)
            .map(|b| {
                Msg::new("pick-number-budget")
                    .arg("amount", b.normalize().to_string())
                    .arg(
                        "currency",
                        super::barriers::budget_currency(ctx, &after.needs),
                    )
                    .arg("per", super::barriers::budget_per(&after.needs))
            }),
        Step::Task | Step::Method | Step::Card | Step::Result | Step::Trial => None,
    }
}

/// Hours as a number, so the message's plural reads it (`1 hour`, `2 hours`).
fn whole(h: Decimal) -> f64 {
    h.round_dp(2).to_f64().unwrap_or_default()
}

/// A step's key in a value button's id, so a button left from another step is not read there.
fn step_key(step: Step) -> &'static str {
    match step {
        Step::Task => "task",
        Step::Model => "model",
        Step::Method => "method",
        Step::Context => "context",
        Step::Concurrency => "concurrency",
        Step::Usage => "usage",
        Step::Card => "card",
        Step::Barriers => "barriers",
        Step::Result => "result",
        Step::Trial => "trial",
    }
}
