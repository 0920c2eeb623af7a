//! People counted in `/pick`, read by the shape of the phrase (`lexicon::headcounts`): how many
//! use a service (`实验室大概20个人用`, `a team of 8`, `就我们三个`) is kept and never taken as
//! the conversations at once, which the house asks as the peak (`pick-users-peak`); people at
//! one time (`同时最多三四个`, `peak应该5个左右`, `at most about 3 at a time`) are that count,
//! a range at its top and a hedge said as the house says them; one person is one stream. Read
//! at the conversations step (`at_concurrency`) and, through `told`, at every other step and in
//! a first sentence (`users_in`, `at_once_in`). Where no phrase of that shape is said, the older
//! readers of `people` answer as before.

use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::lexicon::{Headcount, headcounts};
use crate::reply::{Msg, Part, Reply};
use rust_decimal::Decimal;

/// The machine, to answer the step with the count read.
type Again = fn(&Ctx, &PickState, PickInput) -> Outcome;

fn read(t: &str) -> Vec<Headcount> {
    headcounts(&crate::understand::fold_traditional(t))
}

/// How many people use the service, said in `t`: a count of people with no scope of one time.
pub(super) fn users_in(t: &str) -> Option<u32> {
    let said = read(t);
    if said.is_empty() {
        return super::people::users_in(t);
    }
    said.iter().find(|h| !h.at_once && h.hi > 1).map(|h| h.hi)
}

/// The conversations at once said in `t`: a count of people at one time, or one person; a
/// count of users alone is none (never taken as a peak it does not say), and so is any count
/// beside training (`lora … 4 of us at the same time`: a training run serves no one).
pub(super) fn at_once_in(ctx: &Ctx, t: &str) -> Option<u32> {
    let said = read(t);
    if said.is_empty() {
        return super::people::at_once_in(t);
    }
    let f = crate::understand::facts(ctx.catalog, t);
    if f.training.is_some() || f.tuning {
        return None;
    }
    said.iter().find(|h| h.at_once).map(|h| h.hi)
}

/// At the conversations-at-once step: people at one time answer it, said back (a range's top
/// and a hedge said); people who use it are kept and the peak asked.
pub(super) fn at_concurrency(
    ctx: &Ctx,
    state: &PickState,
    t: &str,
    again: Again,
) -> Option<Outcome> {
    if state.step != Step::Concurrency {
        return None;
    }
    let said = read(t);
    if let Some(h) = said.iter().find(|h| h.at_once) {
        let mut out = again(ctx, state, PickInput::Choice(format!("n:{}", h.hi)));
        // Beyond what the step takes: the step's own reading answers, as before.
        if !out.changed
            || out
                .state
                .as_ref()
                .is_some_and(|s| s.step == Step::Concurrency)
        {
            return None;
        }
        let mut notes = vec![Msg::new("pick-understood-concurrency").arg("n", h.hi)];
        if h.lo < h.hi {
            notes.push(super::ranged::top_msg(
                Decimal::from(h.lo),
                Decimal::from(h.hi),
                "people",
            ));
        }
        noted(&mut out, notes);
        if h.hedged
            && let Some(first) = out.replies.first_mut()
        {
            first.prepend(Part::Text(
                Msg::new("pick-hedged").arg("answer", h.hi.to_string()),
            ));
        }
        return Some(out);
    }
    // A bare count of people (`4个人`, `两三个人吧`) answers the step's own question ("how many
    // at once?"): the step's reader takes it, as before.
    let h = said.iter().find(|h| h.described && h.hi > 1)?;
    let mut s = state.clone();
    s.users = Some(h.hi);
    let note = Reply::text(Msg::new("pick-noted"))
        .with(Msg::new("pick-understood-users").arg("users", h.hi));
    Some(Outcome {
        replies: vec![note, super::ask::ask(ctx, &s)],
        state: Some(s),
        changed: true,
    })
}

/// `notes` said first, under "noted".
fn noted(out: &mut Outcome, notes: Vec<Msg>) {
    let Some(first) = out.replies.first_mut() else {
        return;
    };
    for m in notes.into_iter().rev() {
        first.prepend(Part::Text(m));
    }
    first.prepend(Part::Text(Msg::new("pick-noted")));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn users_are_never_the_peak() {
        assert_eq!(users_in("实验室大概20个人用"), Some(20));

        assert_eq!(users_in("a team of 8 will use it"), Some(8));

        assert_eq!(
            users_in("serve llama 3.1 8b for 30 users, about 6 at the same time"),
            Some(30)
        );
        assert_eq!(users_in("一般就一个人在用"), None);
        let h = read("團隊大概二十幾個人");
        assert_eq!(h.len(), 1, "{h:?}");
        assert!(h[0].described && !h[0].at_once, "{h:?}");
        assert_eq!(users_in("qwen2.5 7b 3小时"), None);
    }
}
