//! "Change the <step>" with no new value (`wait, change the model`, `改一下模型`, `换个卡`): that
//! step asked again, as `/back` to it would (the answers after it are asked again as the
//! dialogue goes on), said back with `pick-step-reopened`. The current step named is asked
//! again; a step not reached yet is no such move (the message goes on to the other readings).
//! Which words name which step is the lexicon's ([`lexicon::step_to_change`]).

use super::ask::ask;
use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::lexicon::{self, StepNamed};
use crate::reply::{Msg, Reply};
use crate::understand;

/// The step the message reopens, asked; `None` when it names none reached so far.
pub(super) fn reopened(ctx: &Ctx, state: &PickState, input: &PickInput) -> Option<Outcome> {
    let PickInput::Text(t) = input else {
        return None;
    };
    let target = match lexicon::step_to_change(&understand::fold_traditional(t))? {
        StepNamed::Task => Step::Task,
        StepNamed::Model => Step::Model,
        StepNamed::Method => Step::Method,
        StepNamed::Context => Step::Context,
        StepNamed::Concurrency => Step::Concurrency,
        StepNamed::Usage => Step::Usage,
        StepNamed::Card => Step::Card,
        StepNamed::Barriers => Step::Barriers,
    };
    let mut s = state.clone();
    if s.step != target {
        let at = s.history.iter().rposition(|step| *step == target)?;
        s.history.truncate(at);
        s.step = target;
    }
    let changed = s != *state;
    Some(Outcome {
        replies: vec![Reply::text(Msg::new("pick-step-reopened")), ask(ctx, &s)],
        state: Some(s),
        changed,
    })
}
