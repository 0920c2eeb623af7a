//! An answer typed in the user's own words, said back as it was read (`两个半小时` → 2.5 h,
//! `越省显存越好` → AWQ, `qwne 7b` → Qwen2.5-7B, `高峰大概4个` → 4 at once), so a reading they did
//! not mean shows at once; a tap or the option's own key is not said back. Moved out of
//! `step::answered` (the machine's file is at its size limit).

use super::state::{PickState, Step};
use crate::context::Ctx;
use crate::reply::Msg;

/// The lines saying back what `state`'s step took from `t` (the step's answer in `next`), and,
/// for a night with no length said (`一晚上`, `每晚`, `overnight`), that a night was counted as
/// the lexicon's 8 hours: a default, said as one, never as the hours the person typed (und_dp).
pub(super) fn said_back(ctx: &Ctx, state: &PickState, next: &PickState, t: &str) -> Vec<Msg> {
    let mut out: Vec<Msg> = said_back_one(ctx, state, next, t).into_iter().collect();
    let raw = crate::understand::fold_traditional(t).to_lowercase();
    if state.step == Step::Usage
        && next.usage.is_some()
        && let Some(sense) = crate::lexicon::night_said(&raw)
    {
        // The length said beside the night, read without the night's own words.
        let bare = crate::understand::normalize(&crate::lexicon::nights_as(&raw, sense, " ", " "));
        if !crate::understand::length_in(&bare) {
            out.push(Msg::new("pick-night-counted"));
        }
    }
    out
}

/// The line saying back what `state`'s step took from `t`.
fn said_back_one(ctx: &Ctx, state: &PickState, next: &PickState, t: &str) -> Option<Msg> {
    // So are a method and a context said in words (`越省显存越好` → AWQ, `大概2000个token`).
    let typed = t.trim().to_lowercase();
    match state.step {
        Step::Usage => next.usage.map(super::listen::usage_msg),
        // Not when the typed word is the method's own key (`bf16`, `lora`).
        Step::Method if next.method.as_deref() != Some(typed.as_str()) => {
            next.method.as_deref().map(|m| {
                let label = crate::i18n::Localizer::get()
                    .format(ctx.lang, &Msg::new("pick-method").arg("method", m));
                Msg::new("pick-understood-method").arg("method", label)
            })
        }
        // A card typed in a sentence (`换成a100`), said back as the card taken.
        Step::Card if typed.chars().any(|c| !c.is_ascii_alphanumeric()) => {
            next.gpu.as_deref().zip(next.cards).map(|(g, n)| {
                let name = ctx.catalog.gpu(g).map_or_else(
                    |_| g.to_string(),
                    |g| {
                        g.display_name(ctx.lang == crate::i18n::Lang::Zh)
                            .to_string()
                    },
                );
                Msg::new("pick-understood-gpu")
                    .arg("name", name)
                    .arg("cards", n)
            })
        }
        // A budget typed at the barriers step (`预算大概500`), said back as read.
        Step::Barriers if next.needs.budget != state.needs.budget => {
            super::barriers::budget_said(ctx, &next.needs)
                .into_iter()
                .next()
        }
        // A bare number at the model step is a size (`7` → 7B), said back.
        Step::Model if typed.parse::<f64>().is_ok() => next
            .params_b
            .map(|b| Msg::new("pick-understood-model").arg("name", format!("{b}B"))),
        // A model typed other than by its own name (`qwne 7b`), said back as taken.
        Step::Model => model_said_back(ctx, next, &typed),
        // Not when the typed word is the count taken (`8k`, `4096`; `8` is 8k, said back).
        Step::Context if crate::lexicon::context_tokens(&typed) != next.context.map(u64::from) => {
            next.context
                .map(|c| Msg::new("pick-understood-context").arg("tokens", c.to_string()))
        }
        // A count of conversations read from words (`高峰大概4个`, `just me`, `十几个人`), said
        // back as the count taken; not when the typed word is the count (`4`).
        Step::Concurrency if next.concurrency.map(|n| n.to_string()) != Some(typed.clone()) => next
            .concurrency
            .map(|n| Msg::new("pick-understood-concurrency").arg("n", n)),
        _ => None,
    }
}

/// The model taken, said back when it was typed other than by its own id or name (`qwne 7b`,
/// `lamma 3.1 8b`, `qwen 7b`), so a reading the user did not mean shows at once.
fn model_said_back(ctx: &Ctx, next: &PickState, typed: &str) -> Option<Msg> {
    let m = next.model.as_deref()?;
    let squash = |s: &str| -> String {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_lowercase()
    };
    let name = ctx.catalog.model(m).map(|x| x.name.clone()).ok();
    let typed = squash(typed);
    if typed == squash(m) || name.as_ref().is_some_and(|n| typed == squash(n)) {
        return None;
    }
    Some(Msg::new("pick-understood-model").arg("name", name.unwrap_or_else(|| m.to_string())))
}
