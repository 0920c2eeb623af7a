//! Each step's answer: a tap or the user's own words, read into the state.

use super::ask::{default_models, methods_in_order};
use super::flow::{Answer, Invalid, advanced, first_count, is_accept, methods_known};
use super::state::{PickState, Step, TaskKind, Usage};
use super::understand::{
    normalize_method, params_b, parse_usage, task_from_sentence, usage_in_sentence,
};
use crate::context::Ctx;
use crate::lexicon;
use crate::understand;
use crate::vram;
use rust_decimal::Decimal;

/// What the user answered at a step: the button's value after its prefix (`m:qwen2.5-7b`), or
/// the typed text.
fn answer_value<'a>(
    choice: Option<&'a str>,
    text: Option<&'a str>,
    prefix: &str,
) -> Result<&'a str, Invalid> {
    choice
        .and_then(|c| c.strip_prefix(prefix))
        .or(text)
        .ok_or(Invalid)
}

pub(super) fn task_step(
    ctx: &Ctx,
    mut s: PickState,
    choice: Option<&str>,
    text: Option<&str>,
) -> Result<Answer, Invalid> {
    let task = match choice {
        Some("t:exp") => TaskKind::Experiment,
        Some("t:tune") => TaskKind::FineTune,
        Some("t:serve") => TaskKind::Serve,
        Some(_) => return Err(Invalid),
        None => {
            let t = text.unwrap_or_default();
            // The seed asks for the task as one sentence; take what else it says,
            // echo it, and do not ask for it again.
            let mut f = understand::facts(ctx.catalog, t);
            // `想跑SD出图`, `wan 出视频`: a generation job, a short run unless it trains or
            // stays on; a clip's length (`5秒的视频`) is no rental's.
            let media = super::media::media_in(t);
            if media.is_some() && f.seconds.is_some_and(|x| x < Decimal::from(60)) {
                f.seconds = None;
            }
            // Inference is a short run when the sentence says hours, a service when it stays
            // on; said without either it is asked (`said::inference_asked`).
            let task = task_from_sentence(t)
                .or_else(|| media.map(|_| TaskKind::Experiment))
                .or_else(|| {
                    super::said::inference_kind(t, f.seconds.is_some(), f.always || f.daily)?
                })
                .or_else(|| {
                    // Inference said before, and which asked: a length now answers it; what
                    // that first sentence told stays told.
                    if !s.inference {
                        None
                    } else if f.always || f.daily {
                        Some(TaskKind::Serve)
                    } else {
                        f.seconds.map(|_| TaskKind::Experiment)
                    }
                })
                .ok_or(Invalid)?;
            // What an earlier sentence answered is asked again, unless carried over from the
            // job said before a new one (`retask::carry`). Before the task was ever answered
            // (`qwen2.5 14b`, then `微调`), what was noted was promised not to be asked again.
            if !s.inference && s.task.is_some() {
                let carried = std::mem::take(&mut s.carried);
                s.skip.retain(|st| carried.contains(st));
            }
            if let Some(m) = f.model.clone() {
                s.model = Some(m);
                s.params_b = None;
                s.skip.push(Step::Model);
            } else if let Some(m) = media
                .is_none()
                .then(|| super::understand::model_slip(ctx.catalog, t))
                .flatten()
            {
                // `lamma3.1 8b`: the one model the misspelt family can be, echoed.
                s.model = Some(m);
                s.params_b = None;
                s.skip.push(Step::Model);
            } else if let Some(b) = f.params_b.filter(|_| media.is_none()) {
                // `跑个7b的客服机器人`: a size without a family is the model step's answer too.
                s.model = None;
                s.params_b = Some(b);
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
            if let Some((kind, pipeline)) = media {
                super::media::apply(&mut s, kind, pipeline);
            }
            // Real-name, payment and budget said in the same sentence are kept too.
            super::listen::apply_needs(ctx, &mut s, &f);
            task
        }
    };
    s.task = Some(task);
    Ok(Answer::Next(advanced(s)))
}

pub(super) fn model_step(
    ctx: &Ctx,
    mut s: PickState,
    choice: Option<&str>,
    text: Option<&str>,
) -> Result<Answer, Invalid> {
    if s.media.is_some() {
        return match super::media::model_answer(&mut s, choice, text) {
            true => Ok(Answer::Next(advanced(s))),
            false => Err(Invalid),
        };
    }
    // `跑sdxl出图`, `short clips with hunyuan video`: an image or video job named here is a
    // generation job, as in a first sentence; with no pipeline named, the pipeline is asked.
    if choice.is_none()
        && let Some((kind, pipeline)) = text.and_then(super::media::media_in)
    {
        super::media::apply(&mut s, kind, pipeline);
        return Ok(Answer::Next(match pipeline {
            Some(_) => advanced(s),
            None => s,
        }));
    }
    let value = answer_value(choice, text, "m:")?;
    // `千问2.5，70亿参数那个`, `the 7 billion parameter one`: the size as the readers write it.
    let written = lexicon::params_written(value);
    let value = written.as_deref().unwrap_or(value);
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
    } else if let Some(m) = understand::facts(ctx.catalog, value)
        .model
        .or_else(|| super::understand::model_slip(ctx.catalog, value))
    {
        // `qwen 7b`, `千问2.5 7B`: a family and a size; `lamma 3.1 8b` misspelt.
        s.model = Some(m);
        s.params_b = None;
    } else if let Some(id) = super::family_size::step_option(s.task, value) {
        // `通义千问14b`: the step's own option of that family and size.
        s.model = Some(id.to_string());
        s.params_b = None;
    } else if let Some(b) = params_b(value)
        // `大概70亿参数的模型`: a size in 亿 among words that add nothing is the bare size.
        .or_else(|| params_b(&lexicon::size_alone(value).filter(|_| written.is_some())?))
        .or_else(|| {
            // A bare number at the model step is its size in billions (said back).
            value
                .parse::<f64>()
                .ok()
                .filter(|b| (0.1..=2000.0).contains(b))
        })
    {
        s.model = None;
        s.params_b = Some(b);
    } else {
        return Err(Invalid);
    }
    s.unsure_model = false;
    Ok(Answer::Next(advanced(s)))
}

pub(super) fn method_step(
    ctx: &Ctx,
    mut s: PickState,
    choice: Option<&str>,
    text: Option<&str>,
) -> Result<Answer, Invalid> {
    let value = answer_value(choice, text, "q:")?;
    let methods = methods_in_order(ctx, &s);
    let key = if is_accept(value) {
        methods[0].to_string()
    } else if let Some(k) = method_in_words(value, s.task, &methods) {
        k
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

/// A method said by what it is for rather than its name: `原始精度`/`no quantization` is BF16
/// (inference), `半精度` FP16, `越省显存越好`/`least memory` the fewest bits offered (QLoRA
/// for a fine-tune).
fn method_in_words(value: &str, task: Option<TaskKind>, methods: &[&str]) -> Option<String> {
    let l = understand::normalize(value);
    let has = |ws: &[&str]| ws.iter().any(|w| l.contains(w));
    let tune = task == Some(TaskKind::FineTune);
    if has(&[
        "省显存",
        "显存最小",
        "最小显存",
        "least memory",
        "lowest memory",
        "smallest",
        "cheapest",
        "最便宜",
    ]) {
        return Some(if tune { "qlora" } else { "awq" }.to_string())
            .filter(|m| methods.contains(&m.as_str()));
    }
    if tune {
        return None;
    }
    if crate::lexicon::published_format_said(&format!(" {l} ")) {
        return Some("bf16".into());
    }
    has(&["半精度", "half precision"]).then(|| "fp16".to_string())
}

pub(super) fn context_step(
    ctx: &Ctx,
    mut s: PickState,
    choice: Option<&str>,
    text: Option<&str>,
) -> Result<Answer, Invalid> {
    let value = answer_value(choice, text, "c:")?;
    let tokens = if is_accept(value) {
        4096
    } else {
        // `32k上下文`, `上下文 32k`, `8k tokens`: the number is the answer; beside a context
        // word it is that one (`qwen 7b, 8k context`).
        // `八千`, `两千个token`: numerals of thousands in digits.
        let value = super::flow::context_text(value);
        let named = super::flow::named_count(&value, &super::flow::CONTEXT_WORDS);
        // `预算 2k吧` at this step is a budget (kept by `listen`), never 2k tokens.
        if named.is_none() && super::flow::says_money(&value) {
            return Err(Invalid);
        }
        // `4090能跑…吗`, `can a single 3090 run…`: a card's number with no context word is the
        // card, never a context length (the sentence goes to the question or the facts).
        if named.is_none()
            && first_count(&value).is_some_and(|c| super::flow::card_number(ctx.catalog, &c))
        {
            return Err(Invalid);
        }
        let value = named.unwrap_or(value);
        let value = value
            .replace("上下文", "")
            .replace("tokens", "")
            .replace("token", "")
            .replace("context", "");
        // A number alone (`8`, `32`) is in the unit of the step's options, thousands of
        // tokens; from 512 on it is a count of tokens (`512`, `8192`).
        let thousands = value
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|n| (1..512).contains(n))
            .map(|n| n * 1024);
        thousands
            .or_else(|| lexicon::context_tokens(value.trim()))
            .or_else(|| first_count(&value).and_then(|c| lexicon::context_tokens(&c)))
            .filter(|t| (128..=10_000_000).contains(t))
            .ok_or(Invalid)?
    };
    s.context = Some(tokens as u32);
    Ok(Answer::Next(advanced(s)))
}

pub(super) fn concurrency_step(
    mut s: PickState,
    choice: Option<&str>,
    text: Option<&str>,
) -> Result<Answer, Invalid> {
    let value = answer_value(choice, text, "n:")?;
    // `还是十个`, `still 10`: the count after a word that keeps it (und_dr).
    let value = lexicon::count_lead_dropped(value);
    // `就我自己用`, `just me`: one person, one conversation at a time.
    let n = if is_accept(value) || lexicon::alone_said(value) {
        1
    } else if let Some(hi) = super::ranged::range_in(value)
        .and_then(|(_, hi)| hi.normalize().to_string().parse::<u32>().ok())
        .filter(|n| (1..=vram::MAX_BATCH).contains(n))
    {
        // `5-10 people at once`, `十几个人`: the range's top, said with the answer, so the card
        // is never sized for fewer than come.
        hi
    } else {
        // `4个人同时用`, `16 users`, `4并发`: the first number; inside a sentence its one
        // number of people or at once (`高峰大概二十个人同时在聊`), never a context (`用8k`).
        let value = understand::normalize(value);
        // `concurrency大概8`, `同时8个请求`, `about 10 users at the same time`: the count the
        // reader's one table of at-once words says, before any first number.
        // `高峰大概4个`, `at peak maybe 5`: the count said as the busiest moment's.
        let said = understand::at_once_count(&value)
            .or_else(|| lexicon::peak_count(&value))
            .map(|n| n.to_string());
        let mut digits: String = said.unwrap_or_else(|| {
            value
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect()
        });
        let runs: Vec<(usize, usize)> = understand::numerals::digit_runs(&value).collect();
        if digits.is_empty()
            && let [(a, b)] = runs[..]
            && (understand::at_once_said(&value) || super::people::people_after(&value[b..]))
        {
            digits = value[a..b].to_string();
        }
        lexicon::card_count(if digits.is_empty() { &value } else { &digits })
            .filter(|n| (1..=vram::MAX_BATCH).contains(n))
            .ok_or(Invalid)?
    };
    s.concurrency = Some(n);
    Ok(Answer::Next(advanced(s)))
}

pub(super) fn usage_step(
    ctx: &Ctx,
    mut s: PickState,
    choice: Option<&str>,
    text: Option<&str>,
) -> Result<Answer, Invalid> {
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
        // `u:12h`: a length offered when one said was vague (`半天`: 4 h or 12 h).
        Some(c) => match c
            .strip_prefix("u:")
            .and_then(|h| h.strip_suffix('h'))
            .and_then(|h| h.parse::<u32>().ok())
            .filter(|h| (1..=24).contains(h))
        {
            Some(h) => Usage::OneOff {
                hours: Decimal::from(h),
            },
            None => return Err(Invalid),
        },
        None => {
            let t = text.unwrap_or_default();
            if is_accept(t) {
                // The default: a service stays on; anything else is one hour's run.
                s.usage.unwrap_or(if s.task == Some(TaskKind::Serve) {
                    Usage::Always
                } else {
                    Usage::OneOff {
                        hours: Decimal::ONE,
                    }
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

pub(super) fn card_step(
    ctx: &Ctx,
    mut s: PickState,
    choice: Option<&str>,
    text: Option<&str>,
) -> Result<Answer, Invalid> {
    let value = answer_value(choice, text, "g:")?;
    // `最便宜的`, `哪个便宜选哪个`: the first option, which is the cheapest.
    let cheapest = lexicon::cheapest_chosen(value)
        && lexicon::cards_and_name(value).1 == 1
        && understand::facts(ctx.catalog, value).gpu.is_none();
    let (gpu, cards) = if is_accept(value) || cheapest {
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

pub(super) fn barriers_step(
    _ctx: &Ctx,
    mut s: PickState,
    choice: Option<&str>,
    text: Option<&str>,
) -> Result<Answer, Invalid> {
    let value = answer_value(choice, text, "b:")?;
    if is_accept(value) || value == "done" {
        return Ok(Answer::Next(advanced(s)));
    }
    // `预算30元`: `Needs::apply` keeps the currency said with the amount.
    if s.needs.apply(value) {
        Ok(Answer::Next(s))
    } else {
        Err(Invalid)
    }
}
