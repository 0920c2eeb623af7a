//! What a message inside `/pick` tells beside a step's answer, taken before the step reads it:
//! swapped letters in a method word, the people a service is for, platforms or a method
//! refused, a length that is no one number, a cap per hour. Each is kept (or asked) and said,
//! and the rest of the message goes on to the step (`again`, the machine itself, passed in so
//! only `step` imports this file, never the other way round).

use super::ask::ask;
use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::reply::Msg;

/// The machine, to read the rest of a message.
pub(super) type Again = fn(&Ctx, &PickState, PickInput) -> Outcome;

/// The outcome when the message told something this file keeps; else the input to read as
/// the step's answer (its method typos mended).
pub(super) fn before(
    ctx: &Ctx,
    state: &PickState,
    input: PickInput,
    again: Again,
) -> Result<Outcome, PickInput> {
    // `全组十来个人用` (the peak asked), `must have a web terminal` (that need), at their steps.
    if let PickInput::Text(t) = &input
        && let Some(out) = super::headcount::at_concurrency(ctx, state, t, again)
            .or_else(|| super::need_said::at_barriers(ctx, state, t))
    {
        return Ok(out);
    }
    // `用lroa`: a method word with two letters swapped is that method; a task word with a
    // slip (`微条`, `fine tunning`, `推里`) is that task word.
    // `并发大概8个`: a hedge before a number dropped, so each reader keeps its noun's number.
    let input = match input {
        PickInput::Text(t) => PickInput::Text(crate::understand::input_slips(
            &crate::lexicon::method_typos(&crate::lexicon::hedges_dropped(&t)),
        )),
        other => other,
    };
    // `make it 2 cards`: the card named, counted again; `4090 跑 8`: cards or hours, asked.
    if let PickInput::Text(t) = &input
        && let Some(out) =
            super::recount::told(ctx, state, t).or_else(|| number_senses(ctx, state, t))
    {
        return Ok(out);
    }
    // `给20个人用`: the people a service is for, kept and said (the message read as before).
    if let PickInput::Text(t) = &input
        && let Some(n) = super::headcount::users_in(t)
        && state.users != Some(n)
    {
        return Ok(with_users(again, ctx, state, input.clone(), n));
    }
    // `高峰大概20个人同时用`, `30 concurrent requests`: the conversations at once, that step's
    // own answer, kept from the steps before it and not asked (the message read as before);
    // said again at a later step (`同时4个` at the usage step) it changes what was said, kept
    // and said, never refused (issue 26 §4).
    if let PickInput::Text(t) = &input
        && state.step != Step::Concurrency
        && state.task != Some(super::state::TaskKind::FineTune)
        && let Some(n) = super::headcount::at_once_in(ctx, t)
        && state.concurrency != Some(n)
    {
        let mut s = state.clone();
        s.concurrency = Some(n);
        for set in [&mut s.skip, &mut s.carried] {
            if !set.contains(&Step::Concurrency) {
                set.push(Step::Concurrency);
            }
        }
        let mut out = again(ctx, &s, input.clone());
        // Nothing else in it for this step: kept and the step asked again, never refused.
        if !out.changed {
            out.replies = vec![ask(ctx, &s)];
            out.state = Some(s);
            out.changed = true;
        }
        let msg = Msg::new("pick-understood-concurrency").arg("n", n);
        return Ok(with_notes(out, vec![msg], true));
    }
    // `不要autodl`, `不用lora了 全量微调`: what is refused is taken out (a platform kept as
    // refused); the rest read as before.
    if let PickInput::Text(t) = &input
        && let Some((platforms, rest)) = super::negated::split(ctx, t)
    {
        return Ok(with_refused(again, ctx, state, platforms, rest));
    }
    // `几个小时`, `半天`, `到明天`: a length that is no one number, asked; `预算几百块`: money
    // with no figure to keep, said. The rest read as before.
    if let PickInput::Text(t) = &input
        && let Some(out) = unsaid(again, ctx, state, t)
    {
        return Ok(out);
    }
    // `预算每月2000`, `一天100块预算`: a budget per period, kept and said so; the rest read as
    // before.
    if let PickInput::Text(t) = &input
        && let Some((amount, currency, rest, per)) = super::monthly::split(t)
    {
        // A budget with its period is a need said, as a plain budget is: the barriers step
        // is not asked (`listen::needs_said`; it had been asked after `预算每月1500`).
        let set = |s: &mut PickState| {
            let n = &mut s.needs;
            n.budget = Some(amount);
            n.budget_currency = currency.map(str::to_string);
            n.budget_per = Some(per);
            super::listen::needs_said(s);
        };
        let mut s = state.clone();
        set(&mut s);
        // The one budget line, with its period (and the currency note): a first sentence's
        // echo that lists the needs already says it, so `with_notes` adds it only once.
        let notes = super::barriers::budget_said(ctx, &s.needs);
        let mut out = rest_read(again, ctx, &s, &rest, true);
        if !out.changed {
            out.state = Some(s);
            out.changed = true;
        } else if let Some(next) = out.state.as_mut() {
            set(next);
        }
        return Ok(with_notes(out, notes, true));
    }
    // `預算改成三百`, `budget 50-80 dollars`: a budget in numerals or as a range (its top),
    // kept and said; the rest read as before.
    if let PickInput::Text(t) = &input
        && let Some(b) = super::rebudget::split(t)
    {
        return Ok(with_budget(again, ctx, state, b));
    }
    // `每小时不超过3块`: a cap per hour, kept; the rest of the message is read as before.
    if let PickInput::Text(t) = &input
        && let Some((cap, currency, rest)) = super::cap::split(t)
    {
        return Ok(with_cap(again, ctx, state, cap, currency, &rest));
    }
    Err(input)
}

/// The people a service is for, kept and said; the message read as before.
fn with_users(again: Again, ctx: &Ctx, state: &PickState, input: PickInput, n: u32) -> Outcome {
    let mut s = state.clone();
    s.users = Some(n);
    let mut out = again(ctx, &s, input);
    if !out.changed {
        out.state = Some(s);
        out.changed = true;
    } else if let Some(next) = out.state.as_mut() {
        next.users = Some(n);
    }
    with_notes(
        out,
        vec![Msg::new("pick-understood-users").arg("users", n)],
        true,
    )
}

/// A budget read by `rebudget` (in numerals, or a range at its top): kept and said with the
/// range it came from, the rest of the message read as before.
fn with_budget(
    again: Again,
    ctx: &Ctx,
    state: &PickState,
    b: super::rebudget::BudgetSaid,
) -> Outcome {
    let set = |s: &mut PickState| {
        let n = &mut s.needs;
        n.budget = Some(b.amount);
        n.budget_currency = b.currency.map(str::to_string);
        n.budget_per = None;
        super::listen::needs_said(s);
    };
    let mut s = state.clone();
    set(&mut s);
    let mut notes = super::barriers::budget_said(ctx, &s.needs);
    notes.extend(
        b.range
            .map(|(lo, hi)| super::ranged::top_msg(lo, hi, "budget")),
    );
    let mut out = rest_read(again, ctx, &s, &b.rest, true);
    if !out.changed {
        out.state = Some(s);
        out.changed = true;
    } else if let Some(next) = out.state.as_mut() {
        set(next);
    }
    with_notes(out, notes, true)
}

/// A length or an amount said with no figure to keep: the length asked (`with_vague`); money
/// that is vague or in a currency with no rate held (`预算几百块`, `預算300港幣`) said and never
/// set as the budget. The rest of the message read as before.
fn unsaid(again: Again, ctx: &Ctx, state: &PickState, t: &str) -> Option<Outcome> {
    // `周末两天一共跑个十小时`: a total over a span of days, one run of the total (`total_span`).
    if let Some((note, rest)) = super::total_span::split(t) {
        let out = rest_read(again, ctx, state, &rest, false);
        return Some(with_notes(out, vec![note], false));
    }
    // `工作日朝九晚五`, `weekdays 9 to 6`: a schedule, its day's share kept and said with the
    // hours a day and days a week; `每天凌晨跑批`, `office hours`: no length, asked (`schedule`).
    if let Some((note, rest, read)) = super::schedule::split(state, t) {
        let out = rest_read(again, ctx, state, &rest, false);
        return Some(with_notes(out, vec![note], read));
    }
    if let Some((note, rest)) = super::schedule::asked(ctx, state, t) {
        let out = rest_read(again, ctx, state, &rest, false);
        return Some(with_notes(out, vec![note], false));
    }
    // `跑到明天早上`, `till friday`: an end with no start, asked; `from 9pm until 7am`: the hours
    // between, read and said (`till_point`).
    if let Some((note, rest, read)) = super::till_point::split(t) {
        let out = rest_read(again, ctx, state, &rest, false);
        return Some(with_notes(out, vec![note], read));
    }
    if let Some((vague, rest)) = super::vague::split(t) {
        return Some(with_vague(again, ctx, state, vague, &rest));
    }
    // `预算不多`, `跑一会儿就行`: a budget or a length with no figure (`no_figure`).
    let (note, rest) = super::unpriced::split(t).or_else(|| super::no_figure::split(ctx, t))?;
    let out = rest_read(again, ctx, state, &rest, false);
    Some(with_notes(out, vec![note], false))
}

/// A cap said in a message: kept and said back beside whatever the rest of it answered.
fn with_cap(
    again: Again,
    ctx: &Ctx,
    state: &PickState,
    cap: rust_decimal::Decimal,
    currency: Option<String>,
    rest: &str,
) -> Outcome {
    let mut s = state.clone();
    s.cap = Some(cap);
    s.cap_currency = currency;
    let mut notes: Vec<Msg> = super::cap::msg(ctx, &s).into_iter().collect();
    if s.cap_currency.is_none() {
        notes.push(super::barriers::bare_note(ctx));
    }
    let mut out = rest_read(again, ctx, &s, rest, true);
    if !out.changed {
        out.state = Some(s);
        out.changed = true;
    }
    with_notes(out, notes, true)
}

/// A duration that names no one length: the rest of the message read as before, and the
/// duration asked with what it may mean (the step's own choices at the duration step).
fn with_vague(
    again: Again,
    ctx: &Ctx,
    state: &PickState,
    vague: super::vague::Vague,
    rest: &str,
) -> Outcome {
    use super::vague::Vague;
    let note = match vague {
        Vague::FewHours => Msg::new("pick-ask-hours-few"),
        Vague::HalfDay => Msg::new("pick-ask-half-day"),
        // Read first by `till_point`, which quotes the words; the lexicon's own words here.
        Vague::TillTomorrow => Msg::new("pick-ask-till-tomorrow").said(
            "said",
            crate::lexicon::TILL_TOMORROW
                .first()
                .copied()
                .unwrap_or_default(),
        ),
    };
    let mut out = rest_read(again, ctx, state, rest, false);
    // Answered at the duration step by a tap: both lengths offered.
    if vague == Vague::HalfDay
        && out.state.as_ref().is_some_and(|s| s.step == Step::Usage)
        && let Some(first) = out.replies.first_mut()
    {
        for (i, h) in [4u32, 12].into_iter().enumerate() {
            let choice = crate::reply::Choice {
                id: format!("u:{h}h"),
                label: Msg::new("pick-usage-oneoff").arg("hours", h),
            };
            first.choices.insert(i, choice);
        }
    }
    with_notes(out, vec![note], false)
}

/// `notes` said in the first reply: after the echo's list when it has one, else first.
fn with_notes(mut out: Outcome, notes: Vec<Msg>, heading: bool) -> Outcome {
    let Some(first) = out.replies.first_mut() else {
        return out;
    };
    // A fact the reply already says (the first sentence's echo lists the budget) is said once.
    let notes: Vec<Msg> = notes
        .into_iter()
        .filter(|m| {
            !first
                .parts
                .iter()
                .any(|p| matches!(p, crate::reply::Part::Text(said) if said == m))
        })
        .collect();
    let listed = first.parts.iter().rposition(
        |p| matches!(p, crate::reply::Part::Text(m) if m.id.starts_with("pick-understood")),
    );
    match listed {
        Some(at) => {
            for (i, m) in notes.into_iter().enumerate() {
                first.insert(at + 1 + i, crate::reply::Part::Text(m));
            }
        }
        None if !heading => {
            for m in notes.into_iter().rev() {
                first.prepend(crate::reply::Part::Text(m));
            }
        }
        None => {
            if first
                .parts
                .iter()
                .any(|p| matches!(p, crate::reply::Part::Text(m) if m.id == "pick-noted"))
            {
                // Already under a "noted" heading: the notes join it.
                let at = first
                    .parts
                    .iter()
                    .position(|p| matches!(p, crate::reply::Part::Text(m) if m.id == "pick-noted"))
                    .unwrap_or(0);
                for (i, m) in notes.into_iter().enumerate() {
                    first.insert(at + 1 + i, crate::reply::Part::Text(m));
                }
            } else {
                for m in notes.into_iter().rev() {
                    first.prepend(crate::reply::Part::Text(m));
                }
                first.prepend(crate::reply::Part::Text(Msg::new("pick-noted")));
            }
        }
    }
    out
}

/// The rest of a message read as the step's answer; when nothing is left, or what is left is
/// no answer (`probably`, `也`), the step is asked again under what was told, never "I
/// couldn't use that answer" for a message that told something. `changed`: what was told
/// changed the state.
fn rest_read(again: Again, ctx: &Ctx, s: &PickState, rest: &str, changed: bool) -> Outcome {
    let plain = || Outcome {
        replies: vec![ask(ctx, s)],
        state: Some(s.clone()),
        changed,
    };
    if rest.trim().is_empty() {
        return plain();
    }
    let out = again(ctx, s, PickInput::Text(rest.to_string()));
    let refused = out
        .replies
        .iter()
        .flat_map(|r| r.parts.iter())
        .any(|p| matches!(p, crate::reply::Part::Text(m) if m.id == "pick-invalid"));
    if refused { plain() } else { out }
}

/// A message that refuses platforms or a method: the platforms kept as refused and said, the
/// rest of the message read as before.
fn with_refused(
    again: Again,
    ctx: &Ctx,
    state: &PickState,
    platforms: Vec<String>,
    rest: String,
) -> Outcome {
    let mut s = state.clone();
    let mut notes = Vec::new();
    for p in platforms {
        let name = ctx
            .catalog
            .platform(&p)
            .map_or_else(|_| p.clone(), |x| x.name.clone());
        notes.push(Msg::new("pick-understood-exclude").arg("platform", name));
        if !s.excluded.contains(&p) {
            s.excluded.push(p);
        }
    }
    let mut out = rest_read(again, ctx, &s, &rest, !notes.is_empty());
    if !out.changed && !notes.is_empty() {
        out.state = Some(s);
        out.changed = true;
    }
    if notes.is_empty() {
        out
    } else {
        with_notes(out, notes, true)
    }
}

/// A wish for help with no job in it (`帮我看看哪家便宜`, `which one should I rent`).
pub(super) fn asks_help(t: &str) -> bool {
    let l = t.to_lowercase();
    [
        "帮我",
        "帮忙",
        "哪家",
        "便宜",
        "推荐",
        "怎么选",
        "选哪",
        "建议",
        "help",
        "which",
        "cheap",
        "recommend",
        "suggest",
        "advice",
        "should i",
    ]
    .iter()
    .any(|w| l.contains(w))
}

/// `4090 跑 8`, `rtx 4090, 6`: eight cards or eight hours, asked back with both readings and
/// nothing changed; a question asks it through the question path.
fn number_senses(ctx: &Ctx, state: &PickState, t: &str) -> Option<Outcome> {
    if super::listen::is_question(t) {
        return None;
    }
    let senses = crate::understand::card_or_hours(ctx.catalog, t)?;
    let first = crate::reply::Reply::text(Msg::new("pick-number-senses").arg("word", senses.word));
    Some(Outcome {
        replies: vec![first, ask(ctx, state)],
        state: Some(state.clone()),
        changed: false,
    })
}
