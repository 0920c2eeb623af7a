//! Leaving `/pick` read by the SHAPE of the line, at every step (issue 26 §4): each clause is
//! one of a few shapes built from the lexicon's closed classes of function words
//! ([`crate::lexicon::stopping`]'s subjects, modals, negation, time words, particles) and its few
//! verbs of stopping and going on:
//! - a stop: subject and mood, then a verb of stopping (`i quit`, `i'm gonna stop here`, `退出吧`,
//!   `我放弃了`) or a negated verb of going on (`我不弄了`, `i not want do this anymore`); a negated
//!   two-character verb the lexicon does not hold (`我不想折腾了`) is the same shape, asked;
//! - a dismissal with nothing after it (`never mind`, `forget about it`, `算了算了`);
//! - a deferral: a later time with no new fact (`改天再说`, `回头再看`, `maybe later`; `I'll sort it out
//!   tomorrow`, `我先问问导师再说`, whose verb phrase is any, asked);
//! - a reason (`too pricey`, `太麻烦了`) or a "no longer needed" (`no need anymore`), which leave
//!   only beside another of these (alone, a reason is a complaint and a bare no is asked about);
//! - fillers, thanks and goodbyes.
//!
//! A line whose every clause has one of these shapes, with a stop, a dismissal or a deferral
//! among them (or a reason beside a "no longer needed"), is leaving: `pick-cancelled` where a
//! closed-class word says it, the house's "Leave /pick?" (`pick-quit-confirm`) where only an open
//! verb phrase does. A clause that states a fact or asks (`never mind the budget, 2 hours a day`,
//! `算了，换成4090`, `停机时不收费吗`, `non-stop`) has no shape, so the line is read as before.

use crate::catalog::Catalog;
use crate::lexicon::is_han;
use crate::lexicon::stopping as w;
use crate::understand;

/// What one clause is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Filler,
    Dismiss,
    NoLonger,
    Reason,
    /// A stop; `open` when its verb is no word of the lexicon's classes.
    Stop {
        open: bool,
    },
    /// A deferral; `open` when a verb phrase of the user's own stands in it.
    Defer {
        open: bool,
    },
}

/// How sure a line is leaving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Leaving {
    /// A closed-class word says it: `/pick` ends.
    Sure,
    /// Only an open verb phrase says it: asked, as a bare no is.
    Asked,
}

/// Whether and how surely a line leaves `/pick`.
/// Read by `replied::left_by_shape` (the outcome) and `listen::question_inside` (never a
/// question); this file reads words only, so neither imports the other around a circle.
pub(super) fn leaving(catalog: &Catalog, text: &str) -> Option<Leaving> {
    let states =
        |c: &str| c.chars().any(|x| x.is_ascii_digit()) || understand::facts(catalog, c).any();
    let t = understand::fold_traditional(text)
        .to_lowercase()
        .replace('’', "'");
    if t.contains(['?', '？', '吗']) || states(&t) {
        return None;
    }
    let mut shapes = Vec::new();
    for clause in t
        .split(|c: char| ",，。.!！;；、~…:：()（）".contains(c))
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        shapes.extend(clause_shapes(clause)?);
    }
    let has = |s: Shape| shapes.contains(&s);
    let sure = shapes.iter().any(|s| {
        matches!(
            s,
            Shape::Dismiss | Shape::Stop { open: false } | Shape::Defer { open: false }
        )
    }) || (has(Shape::NoLonger) && has(Shape::Reason));
    let any = sure
        || shapes
            .iter()
            .any(|s| matches!(s, Shape::Stop { .. } | Shape::Defer { .. }));
    match (sure, any) {
        (true, _) => Some(Leaving::Sure),
        (false, true) => Some(Leaving::Asked),
        _ => None,
    }
}

/// The shapes one clause is made of (a dismissal may open it with no comma: `算了我不弄了`);
/// `None` when some part of it has no shape.
fn clause_shapes(clause: &str) -> Option<Vec<Shape>> {
    let c = strip_fillers(clause);
    if c.is_empty() || thanks_or_bye(c) {
        return Some(vec![Shape::Filler]);
    }
    if no_longer(c) {
        return Some(vec![Shape::NoLonger]);
    }
    // A dismissal, alone or opening the clause.
    if let Some(rest) =
        prefix_any(c, w::EN_DISMISS, true).or_else(|| prefix_any(c, w::ZH_DISMISS, false))
    {
        let rest =
            rest.trim_start_matches(|x: char| x.is_whitespace() || w::ZH_PARTICLES.contains(&x));
        if rest.is_empty() {
            return Some(vec![Shape::Dismiss]);
        }
        let mut more = clause_shapes(rest)?;
        more.insert(0, Shape::Dismiss);
        return Some(more);
    }
    if reason(c) || reason(clause.trim()) {
        return Some(vec![Shape::Reason]);
    }
    if c.is_ascii() {
        let words: Vec<&str> = c
            .split_whitespace()
            .map(|x| x.trim_matches(|ch: char| !(ch.is_ascii_alphanumeric() || "'/".contains(ch))))
            .filter(|x| !x.is_empty())
            .map(unslipped)
            .collect();
        return en_stop(&words)
            .map(|open| Shape::Stop { open })
            .or_else(|| en_defer(&words).map(|open| Shape::Defer { open }))
            .map(|s| vec![s]);
    }
    zh_stop(c)
        .map(|open| Shape::Stop { open })
        .or_else(|| zh_defer(c).map(|open| Shape::Defer { open }))
        .map(|s| vec![s])
}

/// A word one slip from exactly one word of the classes' verbs and time words (`tomorow`,
/// `latr`, `contnue`), read as it: five letters or more, never a word the lexicon knows as
/// itself (`lexicon::slips_apart`, the house's one measure of a slip).
fn unslipped(word: &str) -> &str {
    if word.len() < 5 || crate::lexicon::REAL_WORDS.contains(&word) {
        return word;
    }
    let classes = [
        w::EN_LATER,
        w::EN_STOP_VERBS,
        w::EN_GO_ON_VERBS,
        w::EN_AFTER,
    ];
    let single = || {
        classes
            .iter()
            .flat_map(|c| c.iter())
            .filter(|x| x.len() >= 5 && !x.contains(' '))
    };
    if single().any(|x| *x == word) {
        return word;
    }
    let near: Vec<&'static str> = single()
        .filter(|x| crate::lexicon::slips_apart(word.as_bytes(), x.as_bytes(), 1).is_some())
        .copied()
        .collect();
    match near[..] {
        [one] => one,
        _ => word,
    }
}

/// `c` with a word of `words` at its start taken off (a Latin word must end there).
fn prefix_any<'a>(c: &'a str, words: &[&str], latin: bool) -> Option<&'a str> {
    words
        .iter()
        .filter(|x| {
            c.starts_with(**x)
                && (!latin || !c[x.len()..].starts_with(|ch: char| ch.is_ascii_alphanumeric()))
        })
        .max_by_key(|x| x.len())
        .map(|x| c[x.len()..].trim_start())
}

/// The clause with its opening fillers (`eh`, `ugh`, `唉`, `ok`) taken off, again and again.
fn strip_fillers(clause: &str) -> &str {
    let mut c = clause.trim();
    loop {
        let next = prefix_any(c, w::STOP_FILLERS, true).filter(|r| r.len() < c.len());
        match next {
            // A Chinese filler is taken off only where the rest is Chinese (`好吧我不弄了`).
            Some(r) => c = r.trim_start_matches([' ', ',', '，']),
            None => return c,
        }
    }
}

fn thanks_or_bye(c: &str) -> bool {
    if crate::lexicon::goodbye(c) {
        return true;
    }
    ["thanks", "thank you", "thx", "谢谢", "多谢"]
        .iter()
        .any(|t| {
            c.strip_prefix(t).is_some_and(|rest| {
                rest.split_whitespace().all(|x| {
                    [
                        "anyway", "anyways", "though", "a", "lot", "for", "your", "help", "啦",
                        "了", "啊",
                    ]
                    .contains(&x)
                })
            })
        })
}

fn no_longer(c: &str) -> bool {
    let t = c.trim_end_matches(w::ZH_PARTICLES).trim();
    w::NO_LONGER.contains(&t) || w::NO_LONGER.contains(&c)
}

/// `too pricey`, `this is too hard for me`, `太麻烦了`, `好贵`: a reason, short, with nothing
/// stated.
fn reason(c: &str) -> bool {
    if c.is_ascii() {
        let words: Vec<&str> = c.split_whitespace().collect();
        let too = words
            .iter()
            .position(|x| *x == "too")
            .is_some_and(|i| i + 1 < words.len());
        return words.len() <= 8 && (too || w::EN_REASON[1..].iter().any(|r| c.contains(r)));
    }
    let n = c.chars().count();
    n <= 10
        && w::ZH_REASON.iter().any(|r| match *r {
            // `太` before what is too much (`太贵`, `太複雜了`), never `太空`.
            "太" => c
                .char_indices()
                .any(|(i, ch)| ch == '太' && c[i + 3..].chars().next().is_some_and(is_han)),
            r => c.contains(r),
        })
}

/// Where a (possibly multi-word) phrase of `list` starts `words`: its length in words.
fn phrase_at(words: &[&str], list: &[&str]) -> Option<usize> {
    list.iter()
        .map(|p| p.split(' ').collect::<Vec<_>>())
        .filter(|p| words.starts_with(p))
        .map(|p| p.len())
        .max()
}

/// An English stop: subject and mood words, then a verb of stopping (no negation) or of going
/// on (negated), then only words that add nothing. `Some(false)`: the verb is the lexicon's.
fn en_stop(words: &[&str]) -> Option<bool> {
    for i in 0..words.len() {
        let before = &words[..i];
        if !before
            .iter()
            .all(|x| w::EN_AUX.contains(x) || w::EN_NOT.contains(x))
        {
            return None;
        }
        let negated = before.iter().any(|x| w::EN_NOT.contains(x) && *x != "do");
        let after_ok = |n: usize| words[i + n..].iter().all(|x| w::EN_AFTER.contains(x));
        if let Some(n) = phrase_at(&words[i..], w::EN_STOP_VERBS)
            && !negated
            && after_ok(n)
            && (!before.is_empty() || i + n < words.len() || n > 1)
        {
            return Some(false);
        }
        if let Some(n) = phrase_at(&words[i..], w::EN_GO_ON_VERBS)
            && negated
            && after_ok(n)
        {
            return Some(false);
        }
    }
    None
}

/// Future subjects that open a deferral with a verb phrase of the user's own (`I'll sort it out
/// tomorrow`, `let me think about it later`).
const EN_FUTURE: &[&str] = &[
    "i'll",
    "ill",
    "we'll",
    "let me",
    "let's",
    "lets",
    "i will",
    "we will",
    "gonna",
    "i'm gonna",
    "im gonna",
    "i'd rather",
    "maybe i'll",
    "i can",
    "i'm going to",
    "im going to",
];

/// An English deferral: a later time word, with before it only mood words (`maybe later`), or a
/// future subject and a verb phrase that is no job verb (`I'll sort it out tomorrow`), and after
/// it only words that add nothing. `Some(false)`: no verb phrase of the user's own.
fn en_defer(words: &[&str]) -> Option<bool> {
    // `need ask my professor first`, `i'll check with my boss first`: a thing to do before
    // going on, in a verb phrase of the user's own.
    if let Some((last, before)) = words.split_last()
        && *last == w::EN_BEFORE_ALL
        // `i take the first` chooses the first option: no thing to do first.
        && before.last().is_some_and(|x| *x != "the")
        && crate::lexicon::ordinal_in(&words.join(" ")).is_none()
        && before.first().is_some_and(|x| w::EN_AUX.contains(x))
        && before.iter().any(|x| !w::EN_AUX.contains(x))
        && before.len() <= 8
        && !before.iter().any(|x| crate::lexicon::is_job_verb(x))
    {
        return Some(true);
    }
    let j = (0..words.len()).find(|&j| phrase_at(&words[j..], w::EN_LATER).is_some())?;
    let n = phrase_at(&words[j..], w::EN_LATER)?;
    const AFTER: &[&str] = &[
        "again",
        "when",
        "if",
        "or",
        "something",
        "free",
        "back",
        "guess",
        "maybe",
        "then",
        "ok",
        "i",
        "have",
        "time",
        "it",
        "on",
        "then",
    ];
    // After the later time, only words that add nothing, or another later time (`come back
    // tomorrow`).
    if !words[j + n..].iter().all(|x| {
        w::EN_AFTER.contains(x)
            || w::EN_AUX.contains(x)
            || AFTER.contains(x)
            || w::EN_LATER.contains(x)
    }) {
        return None;
    }
    let before = &words[..j];
    if before
        .iter()
        .all(|x| w::EN_AUX.contains(x) || ["back", "come", "again"].contains(x))
    {
        // Coming back is said with a verb of the user's own: asked, as before.
        return Some(before.contains(&"come") || ["come", "get", "be"].contains(&words[j]));
    }
    let joined = before.join(" ");
    let future = EN_FUTURE
        .iter()
        .any(|f| joined.starts_with(f) && joined[f.len()..].starts_with(' '));
    let job = before.iter().any(|x| crate::lexicon::is_job_verb(x));
    (future && !job && before.len() <= 10).then_some(true)
}

/// `c` with each leading word of `list` taken off, longest first, again and again.
fn strip_lead<'a>(mut c: &'a str, list: &[&str]) -> &'a str {
    while let Some(r) = prefix_any(c, list, false).filter(|r| r.len() < c.len()) {
        c = r;
    }
    c
}

/// Words that say a state rather than an act, never read as a stop under `不` (`不知道了`,
/// `不需要了`, `不确定了`).
const ZH_STATIVE: &[&str] = &[
    "知道", "确定", "清楚", "需要", "一样", "对劲", "记得", "明白", "懂了", "够用",
];

/// A Chinese stop: subject and adverbs, then a verb of stopping (`退出吧`, `我放弃了`) or a
/// negation and a verb of going on closed by `了` (`我不弄了`, `不想继续了`); a negated verb of two
/// characters the lexicon does not hold is the open shape (`我不想折腾了`).
fn zh_stop(c: &str) -> Option<bool> {
    let closed_le =
        c.trim_end_matches(|x: char| x != '了' && x != '啦' && w::ZH_PARTICLES.contains(&x));
    let le = closed_le.ends_with(['了', '啦']);
    let core = c.trim_end_matches(w::ZH_PARTICLES).trim();
    let core = strip_lead(core, w::ZH_AUX);
    if w::ZH_STOP_VERBS.contains(&core) {
        return Some(false);
    }
    let rest = prefix_any(core, w::ZH_NOT, false)?;
    let verb = strip_lead(rest, w::ZH_AUX);
    let verb = verb
        .strip_suffix("下去")
        .or_else(|| verb.strip_suffix("这个"))
        .unwrap_or(verb);
    if !le || verb.is_empty() {
        return None;
    }
    if w::ZH_GO_ON_VERBS.contains(&verb) {
        return Some(false);
    }
    let open = verb.chars().count() == 2
        && verb.chars().all(is_han)
        && !ZH_STATIVE.contains(&verb)
        && !crate::lexicon::UNSURE.iter().any(|u| c.contains(u));
    open.then_some(true)
}

/// A Chinese deferral: `…再说` (`改天再说`, `我先问问导师再说`), or a later time word alone or with
/// `再` and a verb (`回头再看`, `下次再弄吧`, `以后吧`). `Some(false)`: no verb phrase of the
/// user's own.
fn zh_defer(c: &str) -> Option<bool> {
    let core = c.trim_end_matches(w::ZH_PARTICLES).trim();
    let core = strip_lead(core, w::ZH_AUX);
    if let Some(before) = w::ZH_DEFER_END.iter().find_map(|e| core.strip_suffix(e)) {
        let before = strip_lead(before.trim(), w::ZH_AUX);
        let before = strip_lead(before, w::ZH_LATER);
        let before = strip_lead(before, w::ZH_AUX);
        return match before.chars().count() {
            0 => Some(false),
            n if n <= 8 && before.chars().all(is_han) => Some(true),
            _ => None,
        };
    }
    let rest = prefix_any(core, w::ZH_LATER, false)?;
    let rest = strip_lead(rest, w::ZH_AUX);
    if rest.is_empty() {
        return Some(false);
    }
    let verb = rest.strip_prefix('再')?;
    let verb = strip_lead(verb, w::ZH_AUX);
    if verb.is_empty() || w::ZH_GO_ON_VERBS.contains(&verb) {
        return Some(false);
    }
    (verb.chars().count() <= 4 && verb.chars().all(is_han)).then_some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn read(t: &str) -> Option<Leaving> {
        leaving(&Catalog::embedded().unwrap(), t)
    }

    #[test]
    fn leaving_shapes_read() {
        for t in [
            "i quit",
            "too complicate, i quit",
            "不想弄了，退出吧",
            "forget it, too pricey",
            "no need anymore, i stop here",
            "eh, never mind, I'll sort it out tomorrow",
            "eh forget it, too pricey, i'll do it later",
            "改天再说吧",
            "回头再看",
            "算了，我先问问导师再说",
            "i not want do this anymore",
            "我先不搞了，太複雜了",
            "ugh, i give up",
            "nah i'm gonna stop here, thanks anyway",
            "maybe later",
            "不用了，太贵了",
            "i will come back tomorow, need ask my professor first",
            "ok thanks, i'll think about it and come back",
            "好的谢谢，改天再看",
            "thanks, maybe latre",
        ] {
            assert!(read(t).is_some(), "{t}");
        }
        // A negated verb the lexicon does not hold: the same shape, asked.
        assert_eq!(read("我不想折腾了"), Some(Leaving::Asked));
        assert_eq!(
            read("ok i'll think about it and come back later"),
            Some(Leaving::Asked)
        );
        assert_eq!(read("我不弄了"), Some(Leaving::Sure));
    }

    #[test]
    fn facts_questions_and_lone_reasons_are_no_leaving() {
        for t in [
            "never mind the budget, 2 hours a day",
            "算了，换成4090",
            "停机时不收费吗",
            "it's a non-stop service, always on",
            "I'll run it tomorrow for 3 hours",
            "太贵了，有没有便宜点的",
            "too expensive",
            "不用了",
            "no need",
            "不知道了",
            "stop the instance when idle",
            "i won't quit",
            "don't stop",
            "明天用",
            "pass",
            "can i quit?",
            "i want lora first",
            "come back to the model",
            "ok i take the first",
            "i'll go with the first",
        ] {
            assert_eq!(read(t), None, "{t}");
        }
    }
}
