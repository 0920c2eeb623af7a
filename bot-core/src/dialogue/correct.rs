//! Corrections of any earlier answer read by SHAPE, at every step (issue 26 §4): a correction
//! marker and a new value, whose unit or kind names the step it belongs to. The marker is one of
//! - a verb of changing between the old value and the new (`fp8改成int8`, `把3小时换成5小时`,
//!   `change fp8 to int8`, `switch the 4090 to an a100`);
//! - the old value negated beside the new one (`not 5 hour, is 90 mins`, `i meant qwen2.5 14b, not
//!   7b`, `不是lora，是qlora`);
//! - an opener that takes back what was said, with no old value (`改成高峰16个`, `我记错了，高峰是
//!   12个`, `actually …`), read only where the line would otherwise be refused.
//!
//! The step is found from the value, never from a table per step: the new value's kinds are what
//! the reader's facts say it is (a model, a method or format, hours, a context length, a card, a
//! budget) or a count of conversations at once. Where the old value is said, it must be of the
//! new one's kind, and is dropped before the line is read, so the line is never read as the OLD
//! value (`change fp8 to int8` had been read as FP8). The new value is then read by the machine
//! as any value said at that step is: the step's answer when it is the open step's, else kept,
//! echoed (`pick-noted`) and everything sized by it asked again from it (the card list, a kept
//! card re-checked).

use super::ask::ask;
use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::understand;

/// The machine, to read the new value (passed in, so only `step` imports this file).
pub(super) type Again = fn(&Ctx, &PickState, PickInput) -> Outcome;

/// What a value is: the step it answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Model,
    Method,
    Usage,
    Context,
    Card,
    Budget,
    AtOnce,
}

/// Verbs of changing said between the old value and the new (`X改成Y`).
const ZH_CHANGE: &[&str] = &[
    "改成", "换成", "改为", "换为", "改到", "调成", "调到", "调为", "变成", "改用", "换用", "换到",
];
/// English verbs of changing that take `X to Y` (`change fp8 to int8`).
const EN_CHANGE: &[&str] = &[
    "change", "switch", "swap", "update", "set", "move", "bump", "lower", "raise", "reduce",
    "increase", "drop", "cut", "turn",
];
/// Words that open a correction and say nothing of their own (`不对，`, `我记错了`, `actually`).
const OPENERS: &[&str] = &[
    "我记错了",
    "记错了",
    "搞错了",
    "弄错了",
    "看错了",
    "我说错了",
    "不好意思",
    "actually",
    "wait",
    "等等",
    "等一下",
    "哦对",
    "其实",
    "no",
    "nope",
    "hmm",
];
/// Words between the marker and the new value (`是`, `应该是`, `it's`), and after it (`才对`).
const LEADS: &[&str] = &[
    "应该是",
    "其实是",
    "而是",
    "是",
    "把",
    "it's",
    "its",
    "it is",
    "is",
    "but",
    "the",
    "to",
];

/// The kinds a piece of text states.
fn kinds(ctx: &Ctx, text: &str) -> Vec<Kind> {
    let f = understand::facts(ctx.catalog, text);
    let mut out = Vec::new();
    let mut add = |on: bool, k: Kind| {
        if on {
            out.push(k);
        }
    };
    add(f.model.is_some() || f.params_b.is_some(), Kind::Model);
    add(f.quant.is_some() || f.training.is_some(), Kind::Method);
    add(f.seconds.is_some() || f.always || f.daily, Kind::Usage);
    add(f.gpu.is_some(), Kind::Card);
    add(f.budget.is_some(), Kind::Budget);
    add(f.context.is_some() || context_count(text), Kind::Context);
    add(at_once(text).is_some(), Kind::AtOnce);
    out
}

/// A count written as a context length is written (`32k`, `8k上下文`).
fn context_count(text: &str) -> bool {
    let t = text.to_lowercase();
    t.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        w.strip_suffix('k')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Conversations at once said in the new value (`高峰16个`, `12 at once`).
fn at_once(text: &str) -> Option<u32> {
    let norm = understand::normalize(text);
    super::people::at_once_in(text).or_else(|| crate::lexicon::peak_count(&norm))
}

/// The new value's text, the old one dropped, where the line says both: a verb of changing
/// between them or the old one negated. `None` where no old value of the new one's kind is said.
fn with_old(ctx: &Ctx, text: &str) -> Option<String> {
    let t = understand::fold_traditional(text).to_lowercase();
    // The old value is one of the new one's kind, nothing more (`not over 2 dollars an hour`
    // beside `5 hours` is a cap, no hours taken back), or a bare number said beside it.
    let shared = |old: &str, new: &str| {
        let new = kinds(ctx, new);
        !new.is_empty() && !bound(old) && (kinds(ctx, old) == new || bare_number(old))
    };
    // `fp8改成int8`, `把3小时换成5小时`: the old value in the clause before the verb.
    for verb in ZH_CHANGE {
        if let Some(at) = t.find(verb) {
            let start = t[..at]
                .rfind(|c: char| ",，。;；!！".contains(c))
                .map_or(0, |i| i + t[i..].chars().next().map_or(1, char::len_utf8));
            let old = t[start..at].trim();
            let new = lead_past(&t[at + verb.len()..]);
            if shared(old, new) {
                return Some(new.to_string());
            }
        }
    }
    // `change fp8 to int8`, `switch the 4090 to an a100`.
    let words: Vec<&str> = t.split_whitespace().collect();
    if let Some(v) = words.iter().position(|w| EN_CHANGE.contains(w))
        && let Some(to) = words[v + 1..].iter().position(|w| *w == "to")
    {
        let old = words[v + 1..v + 1 + to].join(" ");
        let new = words[v + 2 + to..].join(" ");
        if shared(&old, &new) {
            return Some(new);
        }
    }
    negated_old(&t, &shared)
}

/// `not 5 hour, is 90 mins`, `i meant qwen2.5 14b, not 7b`, `不是lora，是qlora`: the old value
/// after `not`/`不是` up to the clause's end or the new value's lead, dropped.
fn negated_old(t: &str, shared: &dyn Fn(&str, &str) -> bool) -> Option<String> {
    for word in crate::lexicon::TAKEN_BACK_BEFORE {
        let word = if word.is_ascii() {
            format!("{word} ")
        } else {
            (*word).to_string()
        };
        for (at, _) in t.match_indices(word.as_str()) {
            let Some(x) = crate::lexicon::refused_value_at(t, at, &word) else {
                continue;
            };
            let rest = &t[x..];
            let end = [
                ",", "，", ";", "；", "。", " is ", " it's ", " but ", "是", "而是",
            ]
            .iter()
            .filter_map(|m| rest.find(m))
            .min()
            .unwrap_or(rest.len());
            let old = rest[..end].trim();
            let new = format!("{} {}", &t[..at], &rest[end..]);
            let new = new.trim_matches(|c: char| c.is_whitespace() || ",，;；".contains(c));
            let new = strip_openers(new);
            if !old.is_empty() && shared(old, &new) {
                return Some(new);
            }
        }
    }
    None
}

/// A bound or a price per hour (`over 2 dollars an hour`, `超过3块每小时`): a cap said with
/// `not`, never a value taken back (the lexicon's ceiling and per-hour words).
fn bound(old: &str) -> bool {
    crate::lexicon::ceiling_words(crate::lexicon::CeilingSide::Before)
        .any(|w| old.starts_with(w.trim()))
        || crate::lexicon::PER_HOUR
            .iter()
            .any(|p| old.contains(p.trim()))
}

/// A number alone (`not 5`, `not 7b`'s size is the model's): the old value's kind is the new
/// one's, as said beside it.
fn bare_number(old: &str) -> bool {
    let o = old.trim().trim_end_matches(['b', 'k']);
    !o.is_empty() && o.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// Past the lead words before a new value (`是`, `it's`, `to`) and the closing `才对`.
fn lead_past(s: &str) -> &str {
    let mut s = s.trim_start_matches(|c: char| c.is_whitespace() || ",，:：".contains(c));
    while let Some(l) = LEADS
        .iter()
        .find(|l| s.starts_with(**l) && (!l.is_ascii() || s[l.len()..].starts_with(' ')))
    {
        s = s[l.len()..].trim_start();
    }
    s.trim_end_matches(|c: char| "才对吧。.!！ ".contains(c))
}

/// The line with its opening correction words taken off (`sorry,`, `我记错了，`, `oops`).
fn strip_openers(text: &str) -> String {
    let mut s = text.trim();
    loop {
        let next = crate::lexicon::TAKEN_BACK_AFTER
            .iter()
            .chain(OPENERS)
            .filter(|w| {
                s.starts_with(**w)
                    && !(w.is_ascii()
                        && s[w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()))
            })
            .max_by_key(|w| w.len());
        match next {
            Some(w) => {
                s = s[w.len()..]
                    .trim_start_matches(|c: char| c.is_whitespace() || ",，。:：…".contains(c))
            }
            None => return lead_past(s).to_string(),
        }
    }
}

/// Whether a line is a correction with its old value said (read by the step, never a question).
pub(super) fn is_correction(ctx: &Ctx, text: &str) -> bool {
    with_old(ctx, text).is_some()
}

/// A correction that says the old value: the new value read alone, so the old one is never
/// read again.
pub(super) fn replaced(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    again: Again,
) -> Option<Outcome> {
    let PickInput::Text(t) = input else {
        return None;
    };
    let new = with_old(ctx, t)?;
    Some(read_new(ctx, state, &new, again))
}

/// A correction that names no old value (`改成高峰16个`, `我记错了，高峰是12个`): its new value
/// read alone, where the whole line would otherwise be refused.
pub(super) fn marked(ctx: &Ctx, state: &PickState, text: &str, again: Again) -> Option<Outcome> {
    let t = understand::fold_traditional(text).to_lowercase();
    let opened = strip_openers(&t);
    let new = ZH_CHANGE
        .iter()
        .find_map(|v| opened.strip_prefix(v))
        .map_or(opened.as_str(), lead_past);
    // `高峰是12个`: the lead between a noun and its value.
    let new = new.replace("是", " ");
    if new.trim() == t.trim() || kinds(ctx, &new).is_empty() {
        return None;
    }
    let out = read_new(ctx, state, &new, again);
    out.changed.then_some(out)
}

/// The new value read at this step: conversations at once kept directly at any other step (only
/// that step's own reader knows a peak), any other value read by the machine.
fn read_new(ctx: &Ctx, state: &PickState, new: &str, again: Again) -> Outcome {
    if state.step != Step::Concurrency
        && let Some(n) = at_once(new)
        && kinds(ctx, new) == [Kind::AtOnce]
    {
        let mut s = state.clone();
        s.concurrency = Some(n);
        for set in [&mut s.skip, &mut s.carried] {
            if !set.contains(&Step::Concurrency) {
                set.push(Step::Concurrency);
            }
        }
        let mut reply = Reply::text(Msg::new("pick-noted"))
            .with(Msg::new("pick-understood-concurrency").arg("n", n));
        // A kept card the new count sizes out of the job: dropped and said.
        if let Some(m) = super::card::recheck_kept(ctx, state, &mut s) {
            reply.push(m);
        }
        let question = ask(ctx, &s);
        let choices = question.choices.clone();
        reply.join(question);
        reply.choices = choices;
        return Outcome {
            state: Some(s),
            replies: vec![reply],
            changed: true,
        };
    }
    again(ctx, state, PickInput::Text(new.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_new_value_alone_where_the_old_is_said() {
        crate::dialogue::with_test_ctx("2026-12-07", |ctx| {
            let new = |t: &str| with_old(ctx, t);
            assert_eq!(new("不对，fp8改成int8").as_deref(), Some("int8"));
            assert_eq!(new("change fp8 to int8").as_deref(), Some("int8"));
            assert_eq!(new("把3小时换成5小时").as_deref(), Some("5小时"));
            assert_eq!(
                new("sorry, not 5 hour, is 90 mins").as_deref(),
                Some("90 mins")
            );
            assert_eq!(
                new("oops, not 4 hours, it's 2 hours").as_deref(),
                Some("2 hours")
            );
            // No old value of the new one's kind: read as before.
            for t in [
                "预算改成200",
                "换成4090",
                "not 4090 please",
                "change to int8",
                "never mind the budget, 2 hours a day",
                "5 hours, not over 2 dollars an hour",
            ] {
                assert_eq!(new(t), None, "{t}");
            }
        });
    }
}
