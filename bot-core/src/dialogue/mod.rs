//! The `/pick` selection dialogue: task → model → method → context → usage → card →
//! barriers → result → trial plan, in the seed guide's order (comparing prices first is the
//! classic mistake).
//!
//! `step(state, input)` is pure apart from reading the catalog: it returns the new state and
//! the replies. `Bot` loads and saves the state in redb per (platform, chat, user), so a
//! dialogue survives a restart and two people in one group each have their own.
//! An invalid answer returns a hint and leaves the state unchanged.

mod result;

use crate::catalog::Catalog;
use crate::context::Ctx;
use crate::lexicon;
use crate::reply::{Msg, Reply};
use crate::units::parse_duration;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use result::{Needs, ranked_offers, trial_plan};

/// What kind of work the user has (the seed's §1 table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskKind {
    /// Minutes to hours: boot speed, per-second billing, ready images.
    Experiment,
    /// Hours to days: enough VRAM, resumable.
    FineTune,
    /// Days to months, always on: stability, monthly or per-call billing.
    Serve,
}

/// How long and how often the card is needed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Usage {
    /// One run of this many hours.
    OneOff { hours: Decimal },
    /// This many hours every day (costed over 30 days).
    Daily { hours: Decimal },
    /// Always on (costed per 730-hour month).
    Always,
}

/// The steps, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Task,
    Model,
    Method,
    Context,
    Usage,
    Card,
    Barriers,
    Result,
    Trial,
}

/// Everything answered so far; serde data stored in redb.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PickState {
    pub step: Step,
    /// Steps visited, for /back.
    #[serde(default)]
    pub history: Vec<Step>,
    pub task: Option<TaskKind>,
    /// Catalog model id, or `None` with `params_b` for a size-only model.
    pub model: Option<String>,
    pub params_b: Option<f64>,
    /// Quantization key (`bf16`, `int4`, `q4_k_m`...) or training method (`lora`, `qlora`, `full`).
    pub method: Option<String>,
    pub context: Option<u32>,
    pub usage: Option<Usage>,
    pub gpu: Option<String>,
    pub cards: Option<u32>,
    #[serde(default)]
    pub needs: Needs,
    /// Set when the user chose "not sure" at the model step.
    #[serde(default)]
    pub unsure_model: bool,
}

impl PickState {
    pub fn new() -> PickState {
        PickState {
            step: Step::Task,
            history: Vec::new(),
            task: None,
            model: None,
            params_b: None,
            method: None,
            context: None,
            usage: None,
            gpu: None,
            cards: None,
            needs: Needs::default(),
            unsure_model: false,
        }
    }
}

impl Default for PickState {
    fn default() -> Self {
        PickState::new()
    }
}

/// What the user did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickInput {
    Choice(String),
    Text(String),
    Back,
}

/// The result of one step: the next state (`None` = dialogue over) and what to say.
pub struct Outcome {
    pub state: Option<PickState>,
    pub replies: Vec<Reply>,
    /// False when the input was rejected: the caller must not write anything.
    pub changed: bool,
}

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
struct Invalid;

enum Answer {
    Next(PickState),
    Done,
}

fn step_hint_id(step: Step) -> &'static str {
    match step {
        Step::Task => "pick-hint-task",
        Step::Model => "pick-hint-model",
        Step::Method => "pick-hint-method",
        Step::Context => "pick-hint-context",
        Step::Usage => "pick-hint-usage",
        Step::Card => "pick-hint-card",
        Step::Barriers => "pick-hint-barriers",
        Step::Result => "pick-hint-result",
        Step::Trial => "pick-hint-trial",
    }
}

fn next_step(s: &PickState) -> Step {
    match s.step {
        Step::Task => Step::Model,
        Step::Model => Step::Method,
        Step::Method => Step::Context,
        Step::Context => Step::Usage,
        Step::Usage => Step::Card,
        Step::Card => Step::Barriers,
        Step::Barriers => Step::Result,
        Step::Result | Step::Trial => Step::Trial,
    }
}

fn advanced(mut s: PickState) -> PickState {
    s.step = next_step(&s);
    s
}

/// Applies an answer to the current step.
fn answer(ctx: &Ctx, state: &PickState, input: &PickInput) -> Result<Answer, Invalid> {
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
                let (first, _) = result::card_options(ctx, &s)
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
fn is_accept(t: &str) -> bool {
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
fn after_answer_note(before: &PickState, after: &PickState) -> Option<Reply> {
    if before.step == Step::Usage && after.step != Step::Usage {
        return Some(result::usage_advice(after));
    }
    None
}

/// Guesses the task kind from a one-sentence description.
pub fn task_from_sentence(t: &str) -> Option<TaskKind> {
    let l = t.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| l.contains(w));
    if has(&[
        "lora", "fine-tun", "finetun", "fine tun", "train", "微调", "训练", "sft", "qlora",
    ]) {
        Some(TaskKind::FineTune)
    } else if has(&[
        "serv", "api", "online", "deploy", "always", "24/7", "上线", "部署", "服务", "在线", "一直",
    ]) {
        Some(TaskKind::Serve)
    } else if has(&[
        "demo",
        "experiment",
        "try",
        "test",
        "eval",
        "实验",
        "试",
        "跑一下",
        "测试",
        "评测",
    ]) {
        Some(TaskKind::Experiment)
    } else {
        None
    }
}

fn model_in_sentence(catalog: &Catalog, t: &str) -> Option<String> {
    t.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '。' | ';'))
        .filter(|w| w.len() >= 3)
        .find_map(|w| catalog.model(w).ok().map(|m| m.id.clone()))
}

fn usage_in_sentence(t: &str) -> Option<Usage> {
    let l = t.to_lowercase();
    if ["always", "24/7", "一直在线", "长期在线", "一直"]
        .iter()
        .any(|w| l.contains(w))
    {
        return Some(Usage::Always);
    }
    l.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '。' | '跑'))
        .find_map(|w| {
            let secs = parse_duration(w).ok()?;
            // A bare number is not a duration in a sentence ("qwen 7b", "2 cards").
            (w.chars().any(|c| !c.is_ascii_digit() && c != '.') && secs >= Decimal::from(60)).then(
                || Usage::OneOff {
                    hours: secs / Decimal::from(3600),
                },
            )
        })
}

/// A model size the user typed (`13b`), in range.
fn params_b(t: &str) -> Option<f64> {
    lexicon::params_b(t)?.ok()
}

/// `40m`, `3h`, `daily 4h`, `每天4小时`, `always`, `一直在线`.
pub fn parse_usage(t: &str) -> Option<Usage> {
    let l = t.trim().to_lowercase();
    if matches!(
        l.as_str(),
        "always" | "always on" | "24/7" | "一直在线" | "长期在线" | "一直" | "常驻"
    ) {
        return Some(Usage::Always);
    }
    for prefix in ["daily", "every day", "per day", "每天", "每日"] {
        if let Some(rest) = l.strip_prefix(prefix) {
            let secs = parse_duration(rest.trim()).ok()?;
            let hours = secs / Decimal::from(3600);
            return (hours > Decimal::ZERO && hours <= Decimal::from(24))
                .then_some(Usage::Daily { hours });
        }
    }
    let secs = parse_duration(&l).ok()?;
    // Bare numbers mean hours in this question ("3" → 3 h), not seconds.
    let hours = if l.chars().all(|c| c.is_ascii_digit() || c == '.') {
        secs
    } else {
        secs / Decimal::from(3600)
    };
    (hours > Decimal::ZERO).then_some(Usage::OneOff { hours })
}

/// Quantization / method keys offered for a task, default first.
pub fn methods_for(task: Option<TaskKind>) -> &'static [&'static str] {
    match task {
        Some(TaskKind::FineTune) => &["lora", "qlora", "full"],
        Some(TaskKind::Serve) => &["bf16", "fp8", "awq", "int8"],
        _ => &["bf16", "int8", "awq", "q4_k_m"],
    }
}

fn normalize_method(t: &str, task: Option<TaskKind>) -> Option<String> {
    let l = t.trim().to_lowercase();
    match l.as_str() {
        "lora" => return Some("lora".into()),
        "qlora" => return Some("qlora".into()),
        "full" | "full fine-tune" | "全参" | "全参数" | "全量" => {
            return Some("full".into());
        }
        _ => {}
    }
    if task == Some(TaskKind::FineTune) {
        return None;
    }
    l.parse::<crate::vram::Quant>()
        .ok()
        .map(|q| q.key().to_string())
}

/// Default model suggestions per task (catalog ids).
fn default_models(task: Option<TaskKind>) -> &'static [&'static str] {
    match task {
        Some(TaskKind::FineTune) => &["qwen2.5-7b", "llama-3.1-8b", "qwen2.5-14b"],
        Some(TaskKind::Serve) => &["qwen2.5-7b", "qwen2.5-32b", "qwen2.5-72b"],
        _ => &["qwen2.5-7b", "llama-3.1-8b", "qwen3-8b"],
    }
}

/// Suggestions by size for "not sure".
const BY_SIZE: &[&str] = &[
    "qwen2.5-1.5b",
    "qwen2.5-7b",
    "qwen2.5-14b",
    "qwen2.5-32b",
    "llama-3.3-70b",
];

/// The question for the current step, with its choices.
pub fn ask(ctx: &Ctx, s: &PickState) -> Reply {
    let n = step_number(s.step);
    let header = Msg::new("pick-step").arg("n", n).arg("total", 7u32);
    match s.step {
        Step::Task => Reply::text(header)
            .with(Msg::new("pick-ask-task"))
            .with(Msg::new("pick-one-sentence"))
            .with_choice("t:exp", Msg::new("pick-task-exp"))
            .with_choice("t:tune", Msg::new("pick-task-tune"))
            .with_choice("t:serve", Msg::new("pick-task-serve")),
        Step::Model => {
            let mut r = Reply::text(header);
            if s.unsure_model {
                r.push(Msg::new("pick-ask-model-unsure"));
                for id in BY_SIZE {
                    if let Ok(m) = ctx.catalog.model(id) {
                        r = r.with_choice(
                            &format!("m:{id}"),
                            Msg::new("pick-model-size")
                                .arg("name", &m.name)
                                .arg("b", format!("{:.1}", m.params_b)),
                        );
                    }
                }
                return r;
            }
            r.push(Msg::new("pick-ask-model"));
            let mut ids: Vec<String> = Vec::new();
            if let Some(m) = &s.model {
                ids.push(m.clone());
            }
            for id in default_models(s.task) {
                if !ids.iter().any(|x| x == id) {
                    ids.push(id.to_string());
                }
            }
            for id in ids {
                if let Ok(m) = ctx.catalog.model(&id) {
                    r = r.with_choice(
                        &format!("m:{id}"),
                        Msg::new("pick-model").arg("name", &m.name),
                    );
                }
            }
            r.with_choice("m:unsure", Msg::new("pick-model-unsure"))
        }
        Step::Method => {
            let mut r = Reply::text(header).with(Msg::new(if s.task == Some(TaskKind::FineTune) {
                "pick-ask-method-train"
            } else {
                "pick-ask-method-quant"
            }));
            for m in methods_for(s.task) {
                r = r.with_choice(&format!("q:{m}"), Msg::new("pick-method").arg("method", *m));
            }
            r
        }
        Step::Context => Reply::text(header)
            .with(Msg::new("pick-ask-context"))
            .with_choice("c:4096", Msg::new("pick-context").arg("k", 4u32))
            .with_choice("c:8192", Msg::new("pick-context").arg("k", 8u32))
            .with_choice("c:32768", Msg::new("pick-context").arg("k", 32u32))
            .with_choice("c:131072", Msg::new("pick-context").arg("k", 128u32)),
        Step::Usage => Reply::text(header)
            .with(Msg::new("pick-ask-usage"))
            .with_choice("u:1h", Msg::new("pick-usage-oneoff").arg("hours", 1u32))
            .with_choice("u:3h", Msg::new("pick-usage-oneoff").arg("hours", 3u32))
            .with_choice("u:daily4h", Msg::new("pick-usage-daily").arg("hours", 4u32))
            .with_choice("u:always", Msg::new("pick-usage-always")),
        Step::Card => result::ask_card(ctx, s, header),
        Step::Barriers => result::ask_barriers(s, header),
        Step::Result => result::show_result(ctx, s, header),
        Step::Trial => trial_plan(ctx, s),
    }
}

fn step_number(step: Step) -> u32 {
    match step {
        Step::Task => 1,
        Step::Model | Step::Method | Step::Context => 2,
        Step::Usage => 3,
        Step::Card => 4,
        Step::Barriers => 5,
        Step::Result => 6,
        Step::Trial => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_reveal_the_task() {
        assert_eq!(
            task_from_sentence("LoRA fine-tune qwen2.5-7b for 3 hours"),
            Some(TaskKind::FineTune)
        );
        assert_eq!(
            task_from_sentence("我想微调 Qwen2.5-7B，大概跑 3 小时"),
            Some(TaskKind::FineTune)
        );
        assert_eq!(
            task_from_sentence("serve llama 3.1 8b as an API, always on"),
            Some(TaskKind::Serve)
        );
        assert_eq!(
            task_from_sentence("跑个 demo 试试"),
            Some(TaskKind::Experiment)
        );
        assert_eq!(task_from_sentence("banana"), None);
    }

    #[test]
    fn usage_forms() {
        assert_eq!(
            parse_usage("3h"),
            Some(Usage::OneOff {
                hours: Decimal::from(3)
            })
        );
        assert_eq!(
            parse_usage("40m"),
            Some(Usage::OneOff {
                hours: Decimal::from(2400) / Decimal::from(3600)
            })
        );
        assert_eq!(
            parse_usage("daily 4h"),
            Some(Usage::Daily {
                hours: Decimal::from(4)
            })
        );
        assert_eq!(
            parse_usage("每天4小时"),
            Some(Usage::Daily {
                hours: Decimal::from(4)
            })
        );
        assert_eq!(parse_usage("一直在线"), Some(Usage::Always));
        assert_eq!(
            parse_usage("2"),
            Some(Usage::OneOff {
                hours: Decimal::from(2)
            })
        );
        assert_eq!(parse_usage("daily 25h"), None);
        assert_eq!(parse_usage("soon"), None);
        assert_eq!(parse_usage("-3h"), None);
    }

    #[test]
    fn sizes_in_range() {
        assert_eq!(params_b("13b"), Some(13.0));
        assert_eq!(params_b("1.5B"), Some(1.5));
        assert_eq!(params_b("0b"), None);
    }
}
