//! The machine: one input in, the next state and its replies out; a rejected answer changes nothing.

use super::ask::{ask, default_models, methods_in_order};
use super::state::{Outcome, PickInput, PickState, Step, TaskKind, Usage};
use super::understand::{
    normalize_method, params_b, parse_usage, task_from_sentence, usage_in_sentence,
};
use crate::context::Ctx;
use crate::lexicon;
use crate::reply::{Msg, Reply};
use crate::understand;
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
            let mut reply = after_answer_note(ctx, state, &next).unwrap_or_default();
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
            // Not this step's answer, but facts the dialogue keeps: noted, never refused.
            if let PickInput::Text(t) = &input
                && let Some((next, mut reply)) = super::listen::listen(ctx, state, t)
            {
                let question = ask(ctx, &next);
                reply.parts.extend(question.parts);
                reply.choices = question.choices;
                return Outcome {
                    state: Some(next),
                    replies: vec![reply],
                    changed: true,
                };
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
    // Steps the step-1 sentence answered are not asked again.
    while s.skip.contains(&s.step) {
        s.step = next_step(&s);
    }
    s
}

/// A typed answer that is a button's own words (`不需要实名`, `Fine-tuning`): that button.
/// Only one button may match, and a word of two letters is too short to tell.
fn typed_choice(ctx: &Ctx, state: &PickState, text: &str) -> Option<String> {
    let clean = |t: &str| -> String {
        understand::normalize(t)
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '☑' | '☐' | '/' | '(' | ')'))
            .collect()
    };
    let typed = clean(text);
    if typed.chars().count() < 3 {
        return None;
    }
    let l = crate::i18n::Localizer::get();
    let choices = ask(ctx, state).choices;
    let mut found = choices.iter().filter(|c| {
        [crate::i18n::Lang::En, crate::i18n::Lang::Zh]
            .iter()
            .any(|lang| clean(&l.format(*lang, &c.label)).starts_with(&typed))
    });
    match (found.next(), found.next()) {
        (Some(c), None) => Some(c.id.clone()),
        _ => None,
    }
}

/// Applies an answer to the current step.
pub(super) fn answer(ctx: &Ctx, state: &PickState, input: &PickInput) -> Result<Answer, Invalid> {
    let mut s = state.clone();
    let label_choice = match input {
        PickInput::Text(t) => typed_choice(ctx, state, t),
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
        Step::Task => {
            let task = match choice {
                Some("t:exp") => TaskKind::Experiment,
                Some("t:tune") => TaskKind::FineTune,
                Some("t:serve") => TaskKind::Serve,
                Some(_) => return Err(Invalid),
                None => {
                    let t = text.unwrap_or_default();
                    let task = task_from_sentence(t).ok_or(Invalid)?;
                    // The seed asks for the task as one sentence; take what else it says,
                    // echo it, and do not ask for it again.
                    let f = understand::facts(ctx.catalog, t);
                    s.skip.clear();
                    if let Some(m) = f.model.clone() {
                        s.model = Some(m);
                        s.params_b = None;
                        s.skip.push(Step::Model);
                    }
                    let method = match task {
                        TaskKind::FineTune => f.training.map(str::to_string),
                        _ => f.quant.clone().filter(|q| methods_known(q)),
                    };
                    if let Some(m) = method {
                        s.method = Some(m);
                        s.skip.push(Step::Method);
                    }
                    let usage = usage_in_sentence(t)
                        .filter(|u| *u == Usage::Always)
                        .or_else(|| {
                            let hours = f.seconds? / Decimal::from(3600);
                            Some(if f.daily {
                                Usage::Daily { hours }
                            } else {
                                Usage::OneOff { hours }
                            })
                        })
                        .or_else(|| usage_in_sentence(t));
                    if let Some(u) = usage {
                        s.usage = Some(u);
                        s.skip.push(Step::Usage);
                    }
                    // Real-name, payment and budget said in the same sentence are kept too.
                    super::listen::apply_needs(&mut s, &f);
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
            } else if let Some(m) = understand::facts(ctx.catalog, value).model {
                // `qwen 7b`, `千问2.5 7B`: a family and a size.
                s.model = Some(m);
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
            let methods = methods_in_order(ctx, &s);
            let key = if is_accept(value) {
                methods[0].to_string()
            } else {
                let value = understand::normalize(value);
                normalize_method(&value, s.task)
                    .or_else(|| {
                        let f = understand::facts(ctx.catalog, &value);
                        match s.task {
                            Some(TaskKind::FineTune) => f.training.map(str::to_string),
                            _ => f.quant,
                        }
                    })
                    .ok_or(Invalid)?
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
                // `32k上下文`, `上下文 32k`, `8k tokens`: the number is the answer.
                let value = understand::normalize(value);
                let value = value
                    .replace("上下文", "")
                    .replace("tokens", "")
                    .replace("token", "")
                    .replace("context", "");
                lexicon::context_tokens(value.trim())
                    .or_else(|| first_count(&value).and_then(|c| lexicon::context_tokens(&c)))
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
                // `4个人同时用`, `16 users`, `4并发`: the first number.
                let value = understand::normalize(value);
                let digits: String = value
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                lexicon::card_count(if digits.is_empty() { &value } else { &digits })
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
                        // `三个小时`, `半小时`, `每天4小时`, `3 hours`.
                        let n = understand::normalize(t);
                        parse_usage(&n)
                            .or_else(|| parse_usage(&n.replace(' ', "")))
                            .or_else(|| {
                                let f = understand::facts(ctx.catalog, &n);
                                let hours = f.seconds? / Decimal::from(3600);
                                Some(if f.daily {
                                    Usage::Daily { hours }
                                } else {
                                    Usage::OneOff { hours }
                                })
                            })
                            .ok_or(Invalid)?
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
                let (first, _) = super::card::card_options(ctx, &s, 1)
                    .into_iter()
                    .next()
                    .ok_or(Invalid)?;
                (first.gpu, first.cards)
            } else if let Some((id, n)) = value.rsplit_once(':')
                && let Ok(n) = n.parse::<u32>()
            {
                (ctx.catalog.gpu(id).map_err(|_| Invalid)?.id.clone(), n)
            } else {
                // Typed: "4090", "2x 4090", "4090 2", "a100 x2", "2张4090", "两张 4090".
                let (name, n) = lexicon::cards_and_name(value);
                match ctx.catalog.gpu(&name) {
                    Ok(g) => (g.id.clone(), n),
                    Err(_) => understand::facts(ctx.catalog, value).gpu.ok_or(Invalid)?,
                }
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

/// The first number in a message with its suffix: `大概2000个token` → `2000`, `2k吧` → `2k`.
fn first_count(text: &str) -> Option<String> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let mut out = rest[..end].to_string();
    if let Some(suffix) = rest[end..].chars().next().filter(|c| matches!(c, 'k' | 'm' | '万')) {
        out.push(suffix);
    }
    Some(out)
}

/// Whether a quantization read from a sentence is one the method step offers.
fn methods_known(q: &str) -> bool {
    q.parse::<vram::Quant>().is_ok()
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
pub(super) fn after_answer_note(ctx: &Ctx, before: &PickState, after: &PickState) -> Option<Reply> {
    if before.step == Step::Task && !after.skip.is_empty() {
        let mut r = understood_note(ctx, after);
        // The duration was in the sentence: its billing advice comes now.
        if after.skip.contains(&Step::Usage) {
            r.parts.extend(super::plan::usage_advice(after).parts);
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
        Some(TaskKind::FineTune) => "tune",
        Some(TaskKind::Serve) => "serve",
        _ => "exp",
    };
    r.push(Msg::new("pick-understood-task").arg("task", task));
    if s.skip.contains(&Step::Model)
        && let Some(m) = &s.model
    {
        let name = ctx
            .catalog
            .model(m)
            .map_or_else(|_| m.clone(), |m| m.name.clone());
        r.push(Msg::new("pick-understood-model").arg("name", name));
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
        if let Some(b) = n.budget {
            r.push(Msg::new("pick-understood-budget").arg("budget", b.normalize().to_string()));
        }
    }
    r
}
