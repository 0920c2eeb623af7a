//! A step's answer read by what the step asks. The barriers step asks for needs, the result
//! and the trial plan each offer one way on: there a yes (`sure, why not`, `行啊`), a no
//! (`nothing`, `都不需要`, `no thanks`), a button's own label inside a sentence (`好，看下试跑计划`)
//! or the result asked for (`直接给结果`, `just show me the cheapest`) is that step's answer,
//! clause by clause, with the words of the one lexicon ([`crate::lexicon::assent`]). Labels
//! come from the step's own buttons in both locales, never a list of their words.
//!
//! Leaving is said as leaving (`lexicon::stopping`); a bare no at a step that asks no yes/no
//! question (`不用了` at the context step) is asked about first, since leaving loses answers.

use super::ask::ask;
use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::lexicon::{self, Assent};
use crate::reply::{Msg, Reply};
use crate::understand;

/// What a sentence answered at a step that asks a yes/no question or for needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Replied {
    /// The step's one way on (the needs are done, the trial plan, finished).
    Forward,
    /// No to what the result offers: the dialogue ends, as thanks end it.
    Decline,
    /// A button named by its label (`试跑计划`, `alert me`).
    Choice(String),
}

/// What one clause says.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Yes,
    No,
    /// `that's all`, `谢谢`: nothing asked, nothing refused.
    Close,
    /// The result asked for (`直接给结果`, `show me the cheapest`).
    Result,
    Label(String),
    /// The choice handed over (`都行`, `whatever`, `don't care`: the lexicon's `HANDED` and
    /// `UNSURE`): beside a no or the result asked for at the needs step (`都行，没什么要求`,
    /// `don't care, just show me`), no needs; alone, or at another step, read as before
    /// (`dialogue::said` takes the step's default and says so).
    Handed,
}

const CLAUSE_MARKS: &str = ",，。.!！;；、~…";

/// Each clause's kinds; `None` when any clause says something else (a fact, a question).
fn kinds(ctx: &Ctx, state: &PickState, text: &str) -> Option<Vec<Kind>> {
    let mut out = Vec::new();
    // Traditional Chinese read as the tables write it (`這樣就好`).
    let text = &understand::fold_traditional(text);
    for clause in text
        .split(|c: char| CLAUSE_MARKS.contains(c))
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        out.extend(clause_kinds(ctx, state, clause)?);
    }
    // `嗯` alone is a filler where a step asks for a value, but where the step asks only to go
    // on (the result, the trial plan) it is the lexicon's yes: never "I couldn't use that".
    if out.is_empty()
        && matches!(state.step, Step::Result | Step::Trial)
        && lexicon::assent(text.trim()) == Some(Assent::Yes)
    {
        out.push(Kind::Yes);
    }
    (!out.is_empty()).then_some(out)
}

fn clause_kinds(ctx: &Ctx, state: &PickState, clause: &str) -> Option<Vec<Kind>> {
    if super::said::is_filler(clause) {
        return Some(Vec::new());
    }
    if let Some(a) = lexicon::assent(clause) {
        return Some(vec![match a {
            Assent::Yes => Kind::Yes,
            Assent::No => Kind::No,
        }]);
    }
    // `我先去试试`, `i'll go try it` at the trial plan: off to run it, a close (und_ec).
    let going = state.step == Step::Trial && lexicon::going_to_try(clause);
    if lexicon::closing(clause) || super::said::thanks(clause) || going {
        return Some(vec![Kind::Close]);
    }
    // `just show me` at the needs step asks for the result; elsewhere it is read as before.
    if state.step == Step::Barriers && lexicon::show_alone(clause) {
        return Some(vec![Kind::Result]);
    }
    if super::said::hands_over(clause) {
        return Some(vec![Kind::Handed]);
    }
    // `试跑计划就不用了`, `no need for the trial plan`: a no to what the step offers, named
    // first (only where the step offers one way on: at the needs step `实名就不用了` is a need).
    if matches!(state.step, Step::Result | Step::Trial)
        && let Some(thing) = lexicon::declined(clause)
        && typed_choice(ctx, state, thing).is_some()
    {
        return Some(vec![Kind::No]);
    }
    if let Some(thing) = lexicon::shown(clause) {
        if lexicon::result_named(thing) || lexicon::cheapest_chosen(thing) {
            return Some(vec![Kind::Result]);
        }
        return typed_choice(ctx, state, thing).map(|id| vec![Kind::Label(id)]);
    }
    if let Some(id) = typed_choice(ctx, state, clause) {
        return Some(vec![Kind::Label(id)]);
    }
    let rest = lexicon::yes_before(clause)?;
    let mut more = clause_kinds(ctx, state, rest)?;
    more.insert(0, Kind::Yes);
    Some(more)
}

/// A sentence read as the answer of a step that asks a yes/no question or for needs; `None`
/// at other steps, or when the sentence says more than that.
fn read(ctx: &Ctx, state: &PickState, text: &str) -> Option<Replied> {
    if !matches!(state.step, Step::Barriers | Step::Result | Step::Trial) {
        return None;
    }
    let kinds = kinds(ctx, state, text)?;
    let has = |k: &Kind| kinds.contains(k);
    // "Anything goes" answers only the needs step, beside another answer; else the message
    // is read as before.
    if has(&Kind::Handed)
        && (state.step != Step::Barriers || kinds.iter().all(|k| *k == Kind::Handed))
    {
        return None;
    }
    let mut labels = kinds.iter().filter_map(|k| match k {
        Kind::Label(id) => Some(id.clone()),
        _ => None,
    });
    if let Some(id) = labels.next() {
        return labels.all(|l| l == id).then_some(Replied::Choice(id));
    }
    match state.step {
        // "What do you need?": nothing, or go on to the result.
        // Closing words (`that's all`, `好了就这样`) say nothing more is needed.
        Step::Barriers => (has(&Kind::Yes)
            || has(&Kind::No)
            || has(&Kind::Result)
            || has(&Kind::Handed)
            || has(&Kind::Close))
        .then_some(Replied::Forward),
        // One way on (the trial plan): a yes takes it, a no ends here.
        Step::Result if has(&Kind::Yes) && !has(&Kind::No) => Some(Replied::Forward),
        // Thanks with a closing word and no yes (`thank you, that's all`, `谢谢，就这样`) asks for
        // nothing more: it ends here, as a no does.
        Step::Result => (has(&Kind::No) || has(&Kind::Close)).then_some(Replied::Decline),
        // The last step: yes, no or thanks all finish.
        _ => Some(Replied::Forward),
    }
}

/// The machine, to read an input again.
pub(super) type Again = fn(&Ctx, &PickState, PickInput) -> Outcome;

/// Taken before anything else reads the message: the answer to "leave /pick?" (anything but
/// a yes or a no is read with the question dropped), a step's answer read by what it asks,
/// a bare no asked about.
pub(super) fn before(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    again: Again,
) -> Option<Outcome> {
    if state.quit_asked {
        if let Some(out) = quit_answered(ctx, state, input) {
            return Some(out);
        }
        let mut s = state.clone();
        s.quit_asked = false;
        return Some(again(ctx, &s, input.clone()));
    }
    let PickInput::Text(t) = input else {
        return None;
    };
    if let Some(r) = read(ctx, state, t) {
        return Some(match r {
            Replied::Forward => again(ctx, state, PickInput::Choice(forward_id(state.step).into())),
            Replied::Choice(id) => again(ctx, state, PickInput::Choice(id)),
            // No to what the result offers: finished, as thanks finish it.
            Replied::Decline => Outcome {
                state: None,
                replies: vec![Reply::text(Msg::new("pick-finished"))],
                changed: true,
            },
        });
    }
    bare_no(ctx, state, t)
}

/// The step's one way on as its button.
fn forward_id(step: Step) -> &'static str {
    match step {
        Step::Barriers => "b:done",
        Step::Result => "r:trial",
        _ => "x:done",
    }
}

const LEAVE: &str = "q:leave";
const STAY: &str = "q:stay";

/// A bare no (`不用了`, `nope`) at a step that asks no yes/no question: whether to leave is
/// asked, the answers kept meanwhile; a no is never taken for leaving.
fn bare_no(ctx: &Ctx, state: &PickState, text: &str) -> Option<Outcome> {
    if matches!(state.step, Step::Barriers | Step::Result | Step::Trial) {
        return None;
    }
    let kinds = kinds(ctx, state, text)?;
    if !kinds.iter().all(|k| *k == Kind::No) {
        return None;
    }
    Some(leave_asked(state))
}

/// A line that leaves `/pick` by its shape (`dialogue::stop_shape`): ended where a closed-class
/// word says it, asked where only a verb phrase of the user's own does.
pub(super) fn left_by_shape(ctx: &Ctx, state: &PickState, input: &PickInput) -> Option<Outcome> {
    let PickInput::Text(t) = input else {
        return None;
    };
    Some(match super::stop_shape::leaving(ctx.catalog, t)? {
        super::stop_shape::Leaving::Sure => cancelled(),
        super::stop_shape::Leaving::Asked => leave_asked(state),
    })
}

/// "Leave /pick?" asked, with Leave / Stay, the answers kept meanwhile (a bare no, or a line
/// that leaves only by a verb phrase of the user's own: `dialogue::stop_shape`).
pub(super) fn leave_asked(state: &PickState) -> Outcome {
    let mut s = state.clone();
    s.quit_asked = true;
    let reply = Reply::text(Msg::new("pick-quit-confirm"))
        .with_choice(LEAVE, Msg::new("pick-quit-leave"))
        .with_choice(STAY, Msg::new("pick-quit-stay"));
    Outcome {
        state: Some(s),
        replies: vec![reply],
        changed: true,
    }
}

/// The answer to "leave /pick?": leaving, staying (the step asked again), or `None` for
/// anything else, which the step reads with the question dropped.
fn quit_answered(ctx: &Ctx, state: &PickState, input: &PickInput) -> Option<Outcome> {
    let mut s = state.clone();
    s.quit_asked = false;
    let said = match input {
        PickInput::Choice(id) if id == LEAVE => Some(Assent::Yes),
        PickInput::Choice(id) if id == STAY => Some(Assent::No),
        // The buttons' labels typed (`不退出`, `stay`) before a yes or a no: `继续` there is
        // staying, though it is a yes elsewhere.
        PickInput::Text(t) if label_typed(t, "pick-quit-stay") || lexicon::go_on(t) => {
            Some(Assent::No)
        }
        PickInput::Text(t) if label_typed(t, "pick-quit-leave") => Some(Assent::Yes),
        PickInput::Text(t) => lexicon::assent(t),
        _ => None,
    }?;
    Some(match said {
        Assent::Yes => cancelled(),
        Assent::No => Outcome {
            replies: vec![ask(ctx, &s)],
            state: Some(s),
            changed: true,
        },
    })
}

/// Whether `text` is the label of message `id` in either locale (`/pick` and case aside).
fn label_typed(text: &str, id: &str) -> bool {
    let clean = |t: &str| -> String {
        t.to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() && *c != '/')
            .collect()
    };
    let typed = clean(text);
    let l = crate::i18n::Localizer::get();
    !typed.is_empty()
        && [crate::i18n::Lang::En, crate::i18n::Lang::Zh]
            .iter()
            .any(|lang| clean(&l.format(*lang, &Msg::new(id))) == typed)
        || super::said::said_in(text, &|_| false) == Some(super::said::Said::Quit)
            && id == "pick-quit-leave"
}

fn cancelled() -> Outcome {
    Outcome {
        state: None,
        replies: vec![Reply::text(Msg::new("pick-cancelled"))],
        changed: true,
    }
}

/// A typed answer that is a button's own words (`不需要实名`, `Fine-tuning`, `结束`): that
/// button, at every step. Said with politeness or a closing particle (`web terminal please`,
/// `结束吧`, `要试跑计划呀`: the lexicon's `without_courtesy`) it is the same button.
pub(super) fn typed_choice(ctx: &Ctx, state: &PickState, text: &str) -> Option<String> {
    label_typed_whole(ctx, state, text).or_else(|| {
        let core = lexicon::without_courtesy(text);
        // A sentence that states facts (`no real-name verification please`) is read by its
        // words, which say back what was kept; a tap's label says nothing.
        (core != text.trim() && !understand::facts(ctx.catalog, text).any())
            .then(|| label_typed_whole(ctx, state, core))
            .flatten()
    })
}

/// [`typed_choice`] of the words as typed. Only one button may match; two Latin letters are
/// too short to tell, two Chinese characters are a word (`结束`, `微调`).
fn label_typed_whole(ctx: &Ctx, state: &PickState, text: &str) -> Option<String> {
    let clean = |t: &str| -> String {
        understand::normalize(t)
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '☑' | '☐' | '/' | '(' | ')'))
            .collect()
    };
    let typed = clean(text);
    let cjk = typed.chars().any(|c| c >= '\u{2E80}');
    if typed.chars().count() < if cjk { 2 } else { 3 } {
        return None;
    }
    // A figure with its unit (`4 hours`, `8k`) is a value of its own: the start of a label that
    // goes on to qualify it (`4 hours every day`) is another value, so only the whole label is
    // that button (`4 hours` had been taken as 4 hours every day for 30 days).
    let whole = typed.chars().any(|c| c.is_ascii_digit())
        && typed
            .chars()
            .next_back()
            .is_some_and(|c| !c.is_ascii_digit());
    let l = crate::i18n::Localizer::get();
    let choices = ask(ctx, state).choices;
    let mut found = choices.iter().filter(|c| {
        [crate::i18n::Lang::En, crate::i18n::Lang::Zh]
            .iter()
            .any(|lang| {
                let label = clean(&l.format(*lang, &c.label));
                if whole {
                    label == typed
                } else {
                    label.starts_with(&typed)
                }
            })
    });
    match (found.next(), found.next()) {
        (Some(c), None) => Some(c.id.clone()),
        _ => None,
    }
}
