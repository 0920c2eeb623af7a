//! The machine: one input in, the next state and its replies out; a rejected answer changes nothing.

use super::answers::{
    barriers_step, card_step, concurrency_step, context_step, method_step, model_step, task_step,
    usage_step,
};
use super::ask::ask;
use super::flow::{Answer, Invalid, advanced, is_accept};
use super::state::{Outcome, PickInput, PickState, Step, TaskKind, Usage};
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::understand;

/// Starts a dialogue: the first question.
pub fn start(ctx: &Ctx) -> Outcome {
    let state = PickState::new();
    Outcome {
        replies: vec![ask(ctx, &state)],
        state: Some(state),
        changed: true,
    }
}

/// Advances the dialogue by one input.
pub fn step(ctx: &Ctx, state: &PickState, input: PickInput) -> Outcome {
    read(ctx, state, input, true)
}

/// The machine reading a bare number as the step's value, never as a place: the other reading
/// `chosen` weighs a bare number by.
fn as_value(ctx: &Ctx, state: &PickState, input: PickInput) -> Outcome {
    read(ctx, state, input, false)
}

fn read(ctx: &Ctx, state: &PickState, input: PickInput, places: bool) -> Outcome {
    // Traditional characters (`沒有`, `一直開著`) are read as the simplified words every step's
    // table is written in: the reader's one fold, once, for every step (pick_aa's `沒有`).
    let input = match input {
        // `支付包` as the word, `6h/day`, `…, call it 3 hours` (`slip::folded`, by the step).
        PickInput::Text(t) => PickInput::Text(super::slip::folded(state.step, &t)),
        other => other,
    };
    // `4 hours a dya`, `每添4小时`: a period's slip read as the period first (`period_slip`).
    if let PickInput::Text(t) = &input
        && let Some(out) = super::period_slip::reread(t, |i| read(ctx, state, i, places))
    {
        return out;
    }
    // A number asked back is answered by this message, or dropped by it.
    let unasked;
    let state = if state.number_asked.is_some() {
        unasked = super::chosen::after_asked(ctx, state, &input);
        &unasked
    } else {
        state
    };
    // `change fp8 to int8`, `not 5 hour, is 90 mins`: the new value read alone.
    if let Some(out) = super::correct::replaced(ctx, state, &input, step) {
        return out;
    }
    // `qwen 7b 要多大显存`, `fp8跟awq哪个省显存`: a question that names a model or an option,
    // answered (by the caller's question path) with /pick kept where it is, never the answer.
    if let PickInput::Text(t) = &input
        && super::asked_about::asked(ctx, state, t)
    {
        return still_here(ctx, state, false);
    }
    if let Some(out) = first_readings(ctx, state, &input, places) {
        return out;
    }
    // `底座壓成4位元的那個`: an option chosen clearly by what the step shows about it, before
    // what a message tells is read out of it (`4位` is bits there, never four people).
    if let PickInput::Text(t) = &input
        && let Some(read) = super::described::first(ctx, state, t)
        && answer(ctx, state, &input).is_err()
        && super::slip::corrected(ctx, state, t).is_none()
    {
        return super::described::outcome(ctx, state, t, read, step);
    }
    // What a message tells beside a step's answer (a cap, a refusal, people) is taken first.
    let input = match super::told::before(ctx, state, input, step) {
        Ok(out) => return out,
        Err(input) => input,
    };
    // `skip`, `跳过`: the step's default taken and said (`随便` too at run-or-service).
    if let PickInput::Text(t) = &input
        && let Some(out) = super::skipped::skipped(ctx, state, t, step)
    {
        return out;
    }
    if let PickInput::Text(t) = &input
        && let Some(out) = super::skipped::done_leaving(state, t)
    {
        return out;
    }
    // `返回`, `随便`, `谢谢`: moves said in words, never "I couldn't use that answer".
    if let PickInput::Text(t) = &input
        && let Some(said) = super::said::said_in(t, &|c| {
            understand::facts(ctx.catalog, c).any() || c.chars().any(|x| x.is_ascii_digit())
        })
    {
        return on_said(ctx, state, said);
    }
    // `what's QLoRA?`: a word asked about is no answer, though it names one.
    if let PickInput::Text(t) = &input
        && super::said::asks_meaning(t)
    {
        return still_here(ctx, state, false);
    }
    if input == PickInput::Back {
        return back(ctx, state);
    }
    match answer(ctx, state, &input) {
        Ok(Answer::Done) => Outcome {
            state: None,
            replies: vec![Reply::text(Msg::new("pick-finished"))],
            changed: true,
        },
        Ok(Answer::Next(next)) => answered(ctx, state, &input, next),
        Ok(Answer::Refused(why)) => Outcome {
            replies: vec![why, ask(ctx, state)],
            state: Some(state.clone()),
            changed: false,
        },
        Err(Invalid) => not_this_step(ctx, state, &input),
    }
}

/// A message that is not this step's answer: a hedged answer, facts to keep, a question, or
/// (last) refused with what the step takes.
fn not_this_step(ctx: &Ctx, state: &PickState, input: &PickInput) -> Outcome {
    // `I guess maybe 8b?`, `應該是qlora吧`: a hedged answer is the step's answer where
    // the step can use it without the hedge, and the hedge is said with it.
    if let Some(out) = hedged(ctx, state, input) {
        return out;
    }
    // `transcribe my podcasts`: a job the catalog cannot size, said plainly.
    if let PickInput::Text(t) = input
        && let Some(out) = super::goal::goal_asked(ctx, state, t, true)
    {
        return out;
    }
    // `推理` at the first step: a short run or a service, asked with what else it said kept.
    if let PickInput::Text(t) = input
        && let Some(out) = super::said::inference_asked(ctx, state, t)
    {
        return out;
    }
    // `sdxl吧` at the usage step after flux: the pipeline corrected, said, the step asked again.
    if let PickInput::Text(t) = input
        && let Some((next, reply)) = super::repipe::pipeline_changed(state, t)
    {
        return joined(ctx, next, reply);
    }
    // Not this step's answer, but facts the dialogue keeps: noted, never refused.
    if let PickInput::Text(t) = input
        && let Some((next, mut reply)) = super::listen::listen(ctx, state, t)
    {
        let question = ask(ctx, &next);
        let choices = question.choices.clone();
        reply.join(question);
        reply.choices = choices;
        return Outcome {
            state: Some(next),
            replies: vec![reply],
            changed: true,
        };
    }
    // `我想给孩子做个讲故事的AI`: a goal in life terms, the kinds it could be offered.
    if let PickInput::Text(t) = input
        && let Some(out) = super::goal::goal_asked(ctx, state, t, false)
    {
        return out;
    }
    // "帮我选个平台" inside /pick asks for what is already open: where it stands.
    if let PickInput::Text(t) = input
        && super::listen::asks_for_pick(ctx, t)
    {
        return Outcome {
            replies: vec![super::listen::still_open(state), ask(ctx, state)],
            state: Some(state.clone()),
            changed: false,
        };
    }
    // At the first step a sentence with no job in it (`帮我看看哪家便宜`) is asked for
    // the job in other words, never refused.
    if state.step == Step::Task
        && let PickInput::Text(t) = input
        && super::told::asks_help(t)
    {
        let first = Reply::text(Msg::new("pick-unsure-task")).with(Msg::new("pick-leave-hint"));
        return Outcome {
            replies: vec![first, ask(ctx, state)],
            state: Some(state.clone()),
            changed: false,
        };
    }
    // `4个人同时用` at the usage step after `4` at its own step: the conversations at
    // once said again as they stand, echoed, never refused.
    if let PickInput::Text(t) = input
        && let Some(n) = understand::at_once_count(t)
        && state.concurrency == Some(n)
    {
        let note = Reply::text(Msg::new("pick-noted"))
            .with(Msg::new("pick-understood-concurrency").arg("n", n));
        return Outcome {
            replies: vec![note, ask(ctx, state)],
            state: Some(state.clone()),
            changed: false,
        };
    }
    // `改成高峰16个`, `我记错了，高峰是12个`: a correction's new value read alone.
    if let PickInput::Text(t) = input
        && let Some(out) = super::correct::marked(ctx, state, t, step)
    {
        return out;
    }
    // `alwyas on`, `支付保`, `the longest one`: the step's own words typed with a slip, or an
    // option chosen by a property its list carries (`slip`, `property`), said as read.
    if let PickInput::Text(t) = input
        && let Some(out) = super::slip::reread(ctx, state, t, step)
    {
        return out;
    }
    // `the one which only train small adpater`: chosen by what the step shows about it.
    if let PickInput::Text(t) = input
        && let Some(read) = super::described::described(ctx, state, t)
    {
        return super::described::outcome(ctx, state, t, read, step);
    }
    // A question the bot could not read (`有没有便宜点的`) is no bad answer: where
    // /pick stands and what this step takes.
    if let PickInput::Text(t) = input
        && super::listen::is_question(t)
    {
        return still_here(ctx, state, true);
    }
    let hint = Reply::text(Msg::new("pick-invalid"))
        .with(Msg::new(step_hint_id(state.step)))
        .with(Msg::new("pick-leave-hint"));
    Outcome {
        replies: vec![hint, ask(ctx, state)],
        state: Some(state.clone()),
        changed: false,
    }
}

/// A note and the open step's question in one reply (a chat can edit one message in place).
fn joined(ctx: &Ctx, next: PickState, mut reply: Reply) -> Outcome {
    let question = ask(ctx, &next);
    let choices = question.choices.clone();
    reply.join(question);
    reply.choices = choices;
    Outcome {
        state: Some(next),
        replies: vec![reply],
        changed: true,
    }
}

/// The readings before a step's own: a tap on a bare number asked back (the option or the
/// value), a step named to change with no new value (`改一下模型`), a new job that starts over (`算了，换成用flux出图吧`), a yes or no, a choice named by its place (`第二个`, `the
/// first one`, `选2`, `1`; not when `places` is off, the value's reading), a question aside.
fn first_readings(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    places: bool,
) -> Option<Outcome> {
    super::toggles::several(ctx, state, input, step)
        .or_else(|| super::heard::heard(ctx, state, input, on_said))
        .or_else(|| super::chosen::asked_tap(ctx, state, input, step, as_value))
        .or_else(|| super::reopen::reopened(ctx, state, input))
        .or_else(|| super::restart_said::restarted(ctx, input, start, step))
        .or_else(|| started_over(ctx, state, input))
        .or_else(|| super::replied::before(ctx, state, input, step))
        // `不要全参的，也不要4位的`: the method left after the refused ones.
        .or_else(|| super::refused_option::refused(ctx, state, input, step))
        // `too complicate, i quit`, `改天再说`: leaving read by the line's shape.
        .or_else(|| super::replied::left_by_shape(ctx, state, input))
        // `第二便宜的`, `比第一张贵一档的`: a rank over the list as shown, before its places.
        .or_else(|| super::ranked::ranked(ctx, state, input, step))
        .or_else(|| {
            places
                .then(|| super::chosen::by_place(ctx, state, input, step, as_value))
                .flatten()
        })
        .or_else(|| asked_aside(ctx, state, input))
}

/// `/back`: the step before, or where it stands at the first step.
fn back(ctx: &Ctx, state: &PickState) -> Outcome {
    let mut s = state.clone();
    match s.history.pop() {
        Some(prev) => {
            s.step = prev;
            Outcome {
                replies: vec![ask(ctx, &s)],
                state: Some(s),
                changed: true,
            }
        }
        None => Outcome {
            replies: vec![Reply::text(Msg::new("pick-at-first-step")), ask(ctx, state)],
            state: Some(state.clone()),
            changed: false,
        },
    }
}

/// A hedged answer (`I guess maybe 8b?`), taken without the hedge where the step uses it, the
/// hedge said with it.
fn hedged(ctx: &Ctx, state: &PickState, input: &PickInput) -> Option<Outcome> {
    let PickInput::Text(t) = input else {
        return None;
    };
    // A hedge before the answer (`maybe 8b`) or glued after its number (`100ish`).
    let folded = understand::fold_traditional(t);
    let plain = crate::lexicon::answer_hedged(&folded)
        .or_else(|| crate::lexicon::hedge_after_dropped(&folded))?;
    let mut out = step(ctx, state, PickInput::Text(plain.clone()));
    // A number asked back is no answer taken: the hedge is not said over it.
    if !(out.changed && out.state.is_some()) || super::chosen::asks_back(&out) {
        return None;
    }
    if let Some(first) = out.replies.first_mut() {
        first.prepend(crate::reply::Part::Text(
            Msg::new("pick-hedged").arg("answer", plain),
        ));
    }
    Some(out)
}

/// `/pick` started over with a sentence that says another job, the needs said so far kept.
fn started_over(ctx: &Ctx, state: &PickState, input: &PickInput) -> Option<Outcome> {
    let text = super::retask::new_job(ctx, state, input)?;
    let first = start(ctx);
    let mut seed = first.state.clone()?;
    super::retask::carry(&mut seed, state, text);
    let next = step(ctx, &seed, PickInput::Text(text.to_string()));
    let mut out = if next.changed { next } else { first };
    if let Some(s) = out.state.as_mut() {
        super::retask::keep_needs(&mut s.needs, &state.needs);
    }
    Some(out)
}

/// `对了，3090能跑qwen2.5 32b吗`: a question about another model than the one chosen is
/// answered (by the caller), never taken as this dialogue's facts.
fn asked_aside(ctx: &Ctx, state: &PickState, input: &PickInput) -> Option<Outcome> {
    let PickInput::Text(t) = input else {
        return None;
    };
    super::listen::asks_of_another_model(ctx, state, t).then(|| still_here(ctx, state, false))
}

/// A question inside `/pick` that is no answer: where it stands (with what this step takes,
/// when `hint`) and the step's question again, which says what its options are.
fn still_here(ctx: &Ctx, state: &PickState, hint: bool) -> Outcome {
    let mut open = super::listen::still_open(state);
    if hint {
        open.push(Msg::new(step_hint_id(state.step)));
    }
    Outcome {
        replies: vec![open, ask(ctx, state)],
        state: Some(state.clone()),
        changed: false,
    }
}

/// An answer the step took: what else it said kept and echoed, the note about it, the next
/// question, in one reply (a chat can edit one message in place).
fn answered(ctx: &Ctx, state: &PickState, input: &PickInput, mut next: PickState) -> Outcome {
    // A slip a step's own reader forgave (`qlorra`, `微掉`) is said, as a slip read here is.
    let slip = slip_said(ctx, state, input, &next);
    // What the answer said beyond the step's own answer (`qwen2.5 72b awq` at the
    // model step: the method too) is kept and echoed, and its steps are not asked.
    let mut noted = match input {
        PickInput::Text(t) => super::listen::extras(ctx, state.step, &mut next, t),
        _ => Vec::new(),
    };
    if let PickInput::Text(t) = input
        && let Some(m) = super::paid::apply(ctx, &mut next, t)
    {
        noted.push(m);
    }
    // `2-3 hours`: the end of the range taken, said.
    if let PickInput::Text(t) = input
        && let Some(m) = super::ranged::said(state, &next, t)
    {
        noted.push(m);
    }
    // A generation job named at the model step (`跑sdxl出图`): its task and pipeline said back.
    if state.step == Step::Model && state.media.is_none() {
        noted.splice(0..0, super::media::named(&next));
    }
    // A duration in the user's words (`两个半小时`, `一晚上`, `半天`) is said back as
    // the hours it was read as, so a reading they did not mean shows at once.
    if let PickInput::Text(t) = input
        && !is_accept(t)
    {
        noted.splice(0..0, super::said_back::said_back(ctx, state, &next, t));
    }
    if next.step != state.step {
        next.history.push(state.step);
    }
    // A card kept from before that this answer sizes out of it (`8k` after a 4090 that held
    // the default 4k) is dropped and said, and the card step asked: never rented in silence.
    noted.extend(super::card::recheck_kept(ctx, state, &mut next));
    // Answers that stay on the step (barrier toggles) just re-ask it. A note about the
    // answer goes in the same reply, so a chat can edit one message in place.
    // A sentence that answered the task step (`我想租卡跑个demo`) says the task it was read as,
    // as a sentence that also answered later steps does; a tap or the button's own words not.
    let sentence = matches!(input, PickInput::Text(t)
        if super::replied::typed_choice(ctx, state, t).is_none());
    let mut reply = after_answer_note(ctx, state, &next, sentence).unwrap_or_default();
    // The first sentence's echo has its own heading: the other facts join its list.
    let listed = reply.parts.iter().rposition(
        |p| matches!(p, crate::reply::Part::Text(m) if m.id.starts_with("pick-understood")),
    );
    if let Some(at) = listed.filter(|_| state.step == Step::Task) {
        for (i, m) in noted.drain(..).enumerate() {
            reply.insert(at + 1 + i, crate::reply::Part::Text(m));
        }
    }
    if !noted.is_empty() {
        let mut r = Reply::text(Msg::new("pick-noted"));
        for m in noted {
            r.push(m);
        }
        r.join(reply);
        reply = r;
    }
    if let Some(p) = slip {
        reply.prepend(p);
    }
    let question = ask(ctx, &next);
    let (choices, image) = (question.choices.clone(), question.image.clone());
    reply.join(question);
    reply.choices = choices;
    reply.image = image;
    Outcome {
        state: Some(next),
        replies: vec![reply],
        changed: true,
    }
}

/// The note for a line a step's own reader took with a slip in it (`qlorra`), read the same
/// over the step's words (`slip::corrected`): the reading was a guess too, so it is said.
fn slip_said(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    next: &PickState,
) -> Option<crate::reply::Part> {
    let PickInput::Text(t) = input else {
        return None;
    };
    let (fixed, _) = super::slip::corrected(ctx, state, t).filter(|(_, said)| *said)?;
    match answer(ctx, state, &PickInput::Text(fixed.clone())) {
        Ok(Answer::Next(n)) if n == *next => Some(super::slip::read_as(t, &fixed)),
        _ => None,
    }
}

/// A move said in words: `返回` is `/back`; `随便` takes the step's default and says so (the
/// model step offers its "not sure" help; the task step, which has no default, asks again in
/// other words); thanks end a dialogue whose plan is shown and leave any other where it is.
fn on_said(ctx: &Ctx, state: &PickState, said: super::said::Said) -> Outcome {
    use super::said::Said;
    let stay = |first: Reply| Outcome {
        replies: vec![first, ask(ctx, state)],
        state: Some(state.clone()),
        changed: false,
    };
    match (said, state.step) {
        (Said::Back, _) => step(ctx, state, PickInput::Back),
        // Said at any step: the first question again, nothing kept.
        (Said::Restart, _) => start(ctx),
        (Said::Quit, _) => Outcome {
            state: None,
            replies: vec![Reply::text(Msg::new("pick-cancelled"))],
            changed: true,
        },
        (Said::Thanks, Step::Result | Step::Trial) => Outcome {
            state: None,
            replies: vec![Reply::text(Msg::new("pick-finished"))],
            changed: true,
        },
        (Said::Thanks, _) => stay(super::listen::still_open(state)),
        (Said::Unsure, Step::Task) => stay(Reply::text(Msg::new("pick-unsure-task"))),
        (Said::Unsure, Step::Model) => step(ctx, state, PickInput::Choice("m:unsure".into())),
        (Said::Unsure, _) => {
            let mut out = step(ctx, state, PickInput::Text("ok".into()));
            if out.changed
                && let Some(first) = out.replies.first_mut()
            {
                first.prepend(crate::reply::Part::Text(Msg::new("pick-took-default")));
            }
            out
        }
    }
}

/// `/pick` started from a plain question that asks for guidance (`我是学生 想微调个模型 不知道
/// 用什么卡`): the sentence is the first step's answer where it says the task or other facts.
pub fn start_with(ctx: &Ctx, text: &str) -> Outcome {
    let first = start(ctx);
    let Some(state) = &first.state else {
        return first;
    };
    let next = step(ctx, state, PickInput::Text(text.to_string()));
    if next.changed { next } else { first }
}

pub(super) fn step_hint_id(step: Step) -> &'static str {
    match step {
        Step::Task => "pick-hint-task",
        Step::Model => "pick-hint-model",
        Step::Method => "pick-hint-method",
        Step::Context => "pick-hint-context",
        Step::Concurrency => "pick-hint-concurrency",
        Step::Usage => "pick-hint-usage",
        Step::Card => "pick-hint-card",
        Step::Barriers => "pick-hint-barriers",
        Step::Result => "pick-hint-result",
        Step::Trial => "pick-hint-trial",
    }
}

/// Applies an answer to the current step.
pub(super) fn answer(ctx: &Ctx, state: &PickState, input: &PickInput) -> Result<Answer, Invalid> {
    let s = state.clone();
    let label_choice = match input {
        PickInput::Text(t) => super::replied::typed_choice(ctx, state, t),
        _ => None,
    };
    let (choice, text) = match (input, &label_choice) {
        (_, Some(id)) => (Some(id.as_str()), None),
        (PickInput::Choice(id), None) => (Some(id.as_str()), None),
        (PickInput::Text(t), None) => (None, Some(t.trim())),
        (PickInput::Back, None) => return Err(Invalid),
    };
    // A typed number is not a choice here (the terminal maps numbers); "ok"/"好" accept defaults.
    match state.step {
        Step::Task => task_step(ctx, s, choice, text),
        Step::Model => model_step(ctx, s, choice, text),
        Step::Method => method_step(ctx, s, choice, text),
        Step::Context => context_step(ctx, s, choice, text),
        Step::Concurrency => concurrency_step(s, choice, text),
        Step::Usage => usage_step(ctx, s, choice, text),
        Step::Card => card_step(ctx, s, choice, text),
        Step::Barriers => barriers_step(ctx, s, choice, text),
        Step::Result => match choice.or(text) {
            Some("r:trial") => Ok(Answer::Next(advanced(s))),
            Some(t) if is_accept(t) => Ok(Answer::Next(advanced(s))),
            _ => Err(Invalid),
        },
        Step::Trial => match choice.or(text) {
            Some("x:done") => Ok(Answer::Done),
            Some(t) if is_accept(t) || t == "done" => Ok(Answer::Done),
            _ => Err(Invalid),
        },
    }
}

/// A short note shown right after an answer (billing-unit advice after the usage step).
pub(super) fn after_answer_note(
    ctx: &Ctx,
    before: &PickState,
    after: &PickState,
    sentence: bool,
) -> Option<Reply> {
    if before.step == Step::Task && (!after.skip.is_empty() || sentence) {
        let mut r = understood_note(ctx, after);
        // The duration was in the sentence: its billing advice comes now.
        if after.skip.contains(&Step::Usage) {
            r.join(super::plan::usage_advice(after));
        }
        return Some(r);
    }
    if before.step == Step::Usage && after.step != Step::Usage {
        return Some(super::plan::usage_advice(after));
    }
    None
}

/// "Understood: Qwen2.5-7B · LoRA · 3 h": what the step-1 sentence answered.
fn understood_note(ctx: &Ctx, s: &PickState) -> Reply {
    let mut r = Reply::text(Msg::new("pick-understood"));
    let task = match s.task {
        _ if s.media.is_some() => super::media::task_key(s).unwrap_or("image"),
        Some(TaskKind::FineTune) => "tune",
        Some(TaskKind::Serve) => "serve",
        _ => "exp",
    };
    r.push(Msg::new("pick-understood-task").arg("task", task));
    if s.skip.contains(&Step::Model)
        && let Some(m) = super::media::pipeline_msg(s)
    {
        r.push(m);
    }
    if s.skip.contains(&Step::Model)
        && let Some(m) = &s.model
    {
        let name = ctx
            .catalog
            .model(m)
            .map_or_else(|_| m.clone(), |m| m.name.clone());
        r.push(Msg::new("pick-understood-model").arg("name", name));
    } else if s.skip.contains(&Step::Model)
        && let Some(b) = s.params_b
    {
        r.push(Msg::new("pick-understood-model").arg("name", format!("{b}B")));
    }
    if s.skip.contains(&Step::Method)
        && let Some(m) = &s.method
    {
        // The method as its button reads (`LoRA`, `4-bit AWQ`), in the user's language.
        let label = crate::i18n::Localizer::get()
            .format(ctx.lang, &Msg::new("pick-method").arg("method", m.as_str()));
        r.push(Msg::new("pick-understood-method").arg("method", label));
    }
    if s.skip.contains(&Step::Usage) {
        let msg = match s.usage {
            Some(Usage::OneOff { hours }) => Msg::new("pick-understood-usage")
                .arg("kind", "oneoff")
                .arg("hours", hours.round_dp(2).normalize().to_string()),
            Some(Usage::Daily { hours }) => Msg::new("pick-understood-usage")
                .arg("kind", "daily")
                .arg("hours", hours.round_dp(2).normalize().to_string()),
            _ => Msg::new("pick-understood-usage").arg("kind", "always"),
        };
        r.push(msg);
    }
    if s.skip.contains(&Step::Barriers) {
        let n = &s.needs;
        if n.no_real_name {
            r.push(Msg::new("pick-understood-nrn"));
        }
        for p in &n.payments {
            r.push(Msg::new("pick-understood-pay").arg("method", p.as_str()));
        }
        for m in super::barriers::budget_said(ctx, n) {
            r.push(m);
        }
    }
    r
}
