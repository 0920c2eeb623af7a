//! The `/pick` selection dialogue: task → model → method → context → usage → card →
//! barriers → result → trial plan, in the seed guide's order (comparing prices first is the
//! classic mistake).
//!
//! `step(state, input)` is pure apart from reading the catalog: it returns the new state and
//! the replies. `Bot` loads and saves the state in redb per (platform, chat, user), so a
//! dialogue survives a restart and two people in one group each have their own.
//! An invalid answer returns a hint and leaves the state unchanged.
//!
//! - [`state`]: what has been answered (serde data in redb);
//! - [`step`]: the machine, one input at a time; [`flow`]: what its steps share;
//! - [`understand`]: reading typed answers and sentences;
//! - [`listen`]: facts kept from any message at any step, questions asked inside `/pick`;
//! - [`told`]: what a message tells beside a step's answer, taken before the step reads it;
//! - [`cap`]: a ceiling per hour (`每小时不超过3块`), kept, said and used in the rankings;
//! - [`vague`]: `几个小时` and `半天` asked, never guessed;
//! - [`negated`]: a platform refused (`不要autodl`) left out; a refused method dropped;
//! - [`people`]: how many people a service is for, said beside the conversations step;
//! - [`monthly`]: a budget said per month, kept and said so;
//! - [`media`]: image and video generation (a diffusion pipeline, sized by its own estimate);
//! - [`paid`]: a sum already paid for a run like this one, kept and set against the result;
//! - [`ranged`]: a value answered as a range (`2-3 hours`, `一两百块`): the end taken said;
//! - [`recount`]: a card count said for the card already named (`make it 2 cards`);
//! - [`chosen`]: a choice typed by its place (`第二个`, `the first one`, `1`), taken as its
//!   button and said back; a place beyond the choices asked back;
//! - [`replied`]: a step's answer read by what it asks (yes, no, a button's label in a
//!   sentence), and a bare no asked about before answers are lost;
//! - [`said`]: moves said in words (`返回`, `随便`, thanks) and inference asked as a run or a service;
//! - [`ask`]: each step's question and its choices;
//! - [`card`], [`barriers`]: the card and barrier steps; [`result`]: the ranked platforms;
//!   [`plan`]: billing advice and the trial plan.

mod answers;
mod ask;
mod asked_about;
mod asked_pick;
mod back_again;
mod barriers;
mod bound_after;
mod cap;
mod card;
mod chosen;
mod correct;
mod described;
mod family_size;
mod few_people;
mod flow;
mod goal;
mod headcount;
mod heard;
mod heard_as;
mod listen;
mod media;
mod media_verbs;
mod money_period;
mod monthly;
mod need_said;
mod negated;
mod no_figure;
mod other_length;
mod paid;
mod people;
mod period_owner;
mod period_slip;
mod phrase_slip;
mod plan;
mod property;
mod ranged;
mod ranked;
mod rebudget;
mod recount;
mod refused_option;
mod reopen;
mod repipe;
mod replied;
mod restart_said;
mod result;
mod retask;
mod said;
mod said_back;
mod schedule;
mod skipped;
mod slip;
mod state;
mod step;
mod stop_shape;
mod till_point;
mod toggles;
mod told;
mod total_span;
mod understand;
mod unpriced;
mod vague;

pub use ask::{ask, methods_for};
pub use listen::{is_change, is_question, question_inside, still_open};
pub use plan::trial_plan;
pub use result::ranked_offers;
pub use state::{BudgetPer, Needs};
pub use state::{Outcome, Paid, PickInput, PickState, Step, TaskKind, Usage};
pub use step::{start, start_with, step};
pub use understand::{parse_usage, task_from_sentence};

/// A chat context for the dialogue's unit tests: the embedded catalog, a fresh store, a
/// Chinese terminal chat in CNY on `today` (one place for what each test had built itself).
#[cfg(test)]
pub(crate) fn with_test_ctx<R>(today: &str, f: impl FnOnce(&crate::context::Ctx) -> R) -> R {
    let catalog = crate::catalog::Catalog::embedded().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(&dir.path().join("t.redb")).unwrap();
    let who = crate::context::ChatRef::terminal(Some("zh"));
    let ctx = crate::context::Ctx {
        catalog: &catalog,
        store: &store,
        who: &who,
        lang: crate::i18n::Lang::Zh,
        currency: "CNY".into(),
        bare_currency: "CNY".into(),
        today: crate::catalog::parse_date(today).unwrap(),
        is_operator: false,
    };
    f(&ctx)
}
