//! The machine: one input in, the next state and its replies out; a rejected answer changes nothing.

use super::ask::{ask, default_models, methods_for};
use super::state::{Outcome, PickInput, PickState, Step, TaskKind, Usage};
use super::understand::{
    model_in_sentence, normalize_method, params_b, parse_usage, task_from_sentence,
    usage_in_sentence,
};
use crate::context::Ctx;
use crate::lexicon;
use crate::reply::{Msg, Reply};
use crate::vram;
use rust_decimal::Decimal;

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
    if input == PickInput::Back {
        let mut s = state.clone();
        return match s.history.pop() {
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
        };
    }
    match answer(ctx, state, &input) {
        Ok(Answer::Done) => Outcome {
            state: None,
            replies: vec![Reply::text(Msg::new("pick-finished"))],
            changed: true,
        },
        Ok(Answer::Next(mut next)) => {
            if next.step != state.step {
                next.history.push(state.step);
            }
            // Answers that stay on the step (barrier toggles) just re-ask it. A note about the
            // answer goes in the same reply, so a chat can edit one message in place.
            let mut reply = after_answer_note(state, &next).unwrap_or_default();
            let question = ask(ctx, &next);
            reply.parts.extend(question.parts);
            reply.choices = question.choices;
            reply.image = question.image;
            Outcome {
                state: Some(next),
                replies: vec![reply],
                changed: true,
            }
        }
        Ok(Answer::Refused(why)) => Outcome {
            replies: vec![why, ask(ctx, state)],
            state: Some(state.clone()),
            changed: false,
        },
        Err(Invalid) => {
            let hint =
                Reply::text(Msg::new("pick-invalid")).with(Msg::new(step_hint_id(state.step)));
            Outcome {
                replies: vec![hint, ask(ctx, state)],
                state: Some(state.clone()),
                changed: false,
            }
        }
    }
}

/// An answer the current step cannot take.
#[derive(Debug)]
pub(super) struct Invalid;

pub(super) enum Answer {
    Next(PickState),
    /// A well-formed answer that would lead the user wrong (a card that cannot hold the job):
    /// the reason, and nothing changes.
    Refused(Reply),
    Done,
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

pub(super) fn next_step(s: &PickState) -> Step {
    match s.step {
        Step::Task => Step::Model,
        Step::Model => Step::Method,
        Step::Method => Step::Context,
        // A service is sized for the conversations it serves at once.
        Step::Context if s.task == Some(TaskKind::Serve) => Step::Concurrency,
        Step::Context | Step::Concurrency => Step::Usage,
        Step::Usage => Step::Card,
        Step::Card => Step::Barriers,
        Step::Barriers => Step::Result,
        Step::Result | Step::Trial => Step::Trial,
    }
}

pub(super) fn advanced(mut s: PickState) -> PickState {
    s.step = next_step(&s);
    s
}

/// Applies an answer to the current step.
pub(super) fn answer(ctx: &Ctx, state: &PickState, input: &PickInput) -> Result<Answer, Invalid> {
    let mut s = state.clone();
    let (choice, text) = match input {
        PickInput::Choice(id) => (Some(id.as_str()), None),
        PickInput::Text(t) => (None, Some(t.trim())),
        PickInput::Back => return Err(Invalid),
    };
    // A typed number is not a choice here (the terminal maps numbers); "ok"/"好" accept defaults.
    match state.step {
        Step::Task => {
            let task = match choice {
                Some("t:exp") => TaskKind::Experiment,
                Some("t:tune") => TaskKind::FineTune,
                Some("t:serve") => TaskKind::Serve,
                Some(_) => return Err(Invalid),
                None => {
                    let t = text.unwrap_or_default();
                    let task = task_from_sentence(t).ok_or(Invalid)?;
                    // The seed asks for the task as one sentence; take what else it says.
                    if let Some(m) = model_in_sentence(ctx.catalog, t) {
                        s.model = Some(m);
                    }
                    if let Some(u) = usage_in_sentence(t) {
                        s.usage = Some(u);
                    }
                    task
                }
            };
            s.task = Some(task);
            Ok(Answer::Next(advanced(s)))
        }
        Step::Model => {
            let value = choice
                .and_then(|c| c.strip_prefix("m:"))
                .or(text)
                .ok_or(Invalid)?;
            if value == "unsure" {
                s.unsure_model = true;
                return Ok(Answer::Next(s));
            }
            if is_accept(value)
                && let Some(m) = s
                    .model
                    .clone()
                    .or_else(|| default_models(s.task)[0].to_string().into())
            {
                s.model = Some(m);
                s.params_b = None;
                return Ok(Answer::Next(advanced(s)));
            }
            if let Ok(m) = ctx.catalog.model(value) {
                s.model = Some(m.id.clone());
                s.params_b = None;
            } else if let Some(b) = params_b(value) {
                s.model = None;
                s.params_b = Some(b);
            } else {
                return Err(Invalid);
            }
            s.unsure_model = false;
            Ok(Answer::Next(advanced(s)))
        }
        Step::Method => {
            let value = choice
                .and_then(|c| c.strip_prefix("q:"))
                .or(text)
                .ok_or(Invalid)?;
            let methods = methods_for(s.task);
            let key = if is_accept(value) {
                methods[0].to_string()
            } else {
                normalize_method(value, s.task).ok_or(Invalid)?
            };
            s.method = Some(key);
            Ok(Answer::Next(advanced(s)))
        }
        Step::Context => {
            let value = choice
                .and_then(|c| c.strip_prefix("c:"))
                .or(text)
                .ok_or(Invalid)?;
            let tokens = if is_accept(value) {
                4096
            } else {
                lexicon::context_tokens(value)
                    .filter(|t| (128..=10_000_000).contains(t))
                    .ok_or(Invalid)?
            };
            s.context = Some(tokens as u32);
            Ok(Answer::Next(advanced(s)))
        }
        Step::Concurrency => {
            let value = choice
                .and_then(|c| c.strip_prefix("n:"))
                .or(text)
                .ok_or(Invalid)?;
            let n = if is_accept(value) {
                1
            } else {
                lexicon::card_count(value)
                    .filter(|n| (1..=vram::MAX_BATCH).contains(n))
                    .ok_or(Invalid)?
            };
            s.concurrency = Some(n);
            Ok(Answer::Next(advanced(s)))
        }
        Step::Usage => {
            let usage = match choice {
                Some("u:1h") => Usage::OneOff {
                    hours: Decimal::ONE,
                },
                Some("u:3h") => Usage::OneOff {
                    hours: Decimal::from(3),
                },
                Some("u:daily4h") => Usage::Daily {
                    hours: Decimal::from(4),
                },
                Some("u:always") => Usage::Always,
                Some(_) => return Err(Invalid),
                None => {
                    let t = text.unwrap_or_default();
                    if is_accept(t) {
                        s.usage.unwrap_or(Usage::OneOff {
                            hours: Decimal::ONE,
                        })
                    } else {
                        parse_usage(t).ok_or(Invalid)?
                    }
                }
            };
            s.usage = Some(usage);
            Ok(Answer::Next(advanced(s)))
        }
        Step::Card => {
            let value = choice
                .and_then(|c| c.strip_prefix("g:"))
                .or(text)
                .ok_or(Invalid)?;
            let (gpu, cards) = if is_accept(value) {
                // "ok" takes the first (cheapest) option offered.
                let (first, _) = super::card::card_options(ctx, &s)
                    .into_iter()
                    .next()
                    .ok_or(Invalid)?;
                (first.gpu, first.cards)
            } else if let Some((id, n)) = value.rsplit_once(':')
                && let Ok(n) = n.parse::<u32>()
            {
                (ctx.catalog.gpu(id).map_err(|_| Invalid)?.id.clone(), n)
            } else {
                // Typed: "4090", "2x 4090", "4090 2", "a100 x2".
                let (name, n) = lexicon::cards_and_name(value);
                (ctx.catalog.gpu(&name).map_err(|_| Invalid)?.id.clone(), n)
            };
            if !(1..=64).contains(&cards) {
                return Err(Invalid);
            }
            // The same fit decision /fit makes: a card that cannot hold the job is not priced.
            if let Some(refusal) = super::card::refuse_card(ctx, &s, &gpu, cards) {
                return Ok(Answer::Refused(refusal));
            }
            s.gpu = Some(gpu);
            s.cards = Some(cards);
            Ok(Answer::Next(advanced(s)))
        }
        Step::Barriers => {
            let value = choice
                .and_then(|c| c.strip_prefix("b:"))
                .or(text)
                .ok_or(Invalid)?;
            if is_accept(value) || value == "done" {
                return Ok(Answer::Next(advanced(s)));
            }
            if s.needs.apply(value) {
                Ok(Answer::Next(s))
            } else {
                Err(Invalid)
            }
        }
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

/// "ok", "yes", "next", "好", "继续": accept the default / go on.
pub(super) fn is_accept(t: &str) -> bool {
    matches!(
        t.trim().to_lowercase().as_str(),
        "ok" | "okay"
            | "yes"
            | "y"
            | "next"
            | "default"
            | "go"
            | "done"
            | "好"
            | "好的"
            | "好了"
            | "行"
            | "可以"
            | "继续"
            | "下一步"
            | "默认"
            | "是"
            | "完成"
    )
}

/// A short note shown right after an answer (billing-unit advice after the usage step).
pub(super) fn after_answer_note(before: &PickState, after: &PickState) -> Option<Reply> {
    if before.step == Step::Usage && after.step != Step::Usage {
        return Some(super::plan::usage_advice(after));
    }
    None
}
