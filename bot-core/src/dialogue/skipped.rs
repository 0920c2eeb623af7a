//! The step skipped in words (`skip`, `next`, `跳过`): its default taken and said, at every ask
//! that has one, the model step's first model included (never its "Not sure" size list, which
//! `随便` opens), and at the short-run-or-service ask the short run, the smaller commitment the
//! task step's own help offers (`pick-unsure-task`); there `whatever` / `随便` too, since that ask
//! has a default where the bare first question has none (helper und_de, issue 26 §4).

use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::reply::{Msg, Part};

/// The machine, passed in so this module never imports `step`.
pub(super) type Machine = fn(&Ctx, &PickState, PickInput) -> Outcome;

/// `Some` when `text` skips this step and the step took its default; `None` to read it on.
pub(super) fn skipped(ctx: &Ctx, state: &PickState, text: &str, step: Machine) -> Option<Outcome> {
    let skip = crate::lexicon::skip_said(text);
    let handed = state.step == Step::Task && state.inference && super::said::hands_over(text);
    if !(skip || handed) {
        return None;
    }
    let input = match state.step {
        Step::Task if state.inference => PickInput::Choice("t:exp".into()),
        // The first question has no default (`said` asks it in other words); the barriers,
        // result and trial steps read `skip` / `next` as their own way on.
        Step::Task | Step::Barriers | Step::Result | Step::Trial => return None,
        _ => PickInput::Text("ok".into()),
    };
    let mut out = step(ctx, state, input);
    if !out.changed || out.state.is_none() {
        return None;
    }
    if let Some(first) = out.replies.first_mut() {
        first.prepend(Part::Text(Msg::new("pick-took-default")));
    }
    Some(out)
}

/// `i'm done` where a step asks a question: leaving (as `/cancel`); at the needs, result and
/// plan steps it finishes them, read there as their own way on.
pub(super) fn done_leaving(state: &PickState, text: &str) -> Option<Outcome> {
    if !crate::lexicon::done_said(text)
        || matches!(state.step, Step::Barriers | Step::Result | Step::Trial)
    {
        return None;
    }
    Some(Outcome {
        state: None,
        replies: vec![crate::reply::Reply::text(Msg::new("pick-cancelled"))],
        changed: true,
    })
}

#[cfg(test)]
mod tests {
    use super::super::said::{Said, said_in};

    #[test]
    fn traditional_moves_read_as_the_simplified_ones() {
        let said = |t: &str| said_in(t, &|_| false);
        assert_eq!(said("隨便吧"), Some(Said::Unsure));
        assert_eq!(said("隨便"), Some(Said::Unsure));
        assert_eq!(said("不玩了"), Some(Said::Quit));
        assert_eq!(said("算了不玩了"), Some(Said::Quit));
        assert_eq!(said("先這樣吧"), Some(Said::Quit));
        assert_eq!(said("nvm, i'm out"), Some(Said::Quit));
        assert_eq!(said("謝謝"), Some(Said::Thanks));
    }
}
