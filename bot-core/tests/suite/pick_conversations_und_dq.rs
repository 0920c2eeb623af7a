//! /pick conversations of helper und_dq (issue 26 §4, "a /pick that listens"), and two GENERATED
//! tests of the mechanisms beyond them:
//! - every list step's options, each chosen by phrases built from what the step SHOWS about it
//!   (its label's words beside its name and the clause of the step's question that names it, in
//!   both locales; whole, with a word dropped, with a one-letter or one-character slip): the
//!   option must be taken and said, or the line asked back; never another option, never a
//!   silent pick;
//! - leaving with thanks, a reason or a deferral, at every step: never "I couldn't use that".

use super::chat::{chat_of as who, dialogue_state as state, message_ids, world};
use super::pick_runner::run;
use bot_core::{ChatRef, Input, Lang, Localizer};
use serde_json::Value;

/// Conversations that must hold. Before any change (main d0d94062): 8/22 (two checks widened
/// after the first run to accept the method's own echo). After (`dialogue::described`, the
/// property nouns, the leaving shapes): 22/22.
const MUST_HOLD: usize = 22;

#[test]
fn pick_conversations_und_dq() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_dq.txt"));
    println!("{report}\npick_conversations_und_dq: {held}/{all} hold");
    assert!(all >= 22, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

/// The taps that reach each list step (`/pick` first), and the step's name.
const PATHS: &[(&str, &[&str])] = &[
    ("task", &[]),
    ("method-quant", &["#1", "#1"]),
    ("method-train", &["#2", "#1"]),
    ("context", &["#1", "#1", "#1"]),
    ("concurrency", &["#3", "#1", "#1", "#1"]),
    ("usage", &["#1", "#1", "#1", "#1"]),
];

/// Walks `/pick` and the taps; the last answer's buttons (ids) and its replies.
fn reach(
    w: &super::chat::World,
    me: &ChatRef,
    taps: &[&str],
) -> (Vec<String>, Vec<bot_core::Reply>) {
    let mut last = w.bot.handle(me, Input::Text("/pick".into())).replies;
    let ids = |r: &[bot_core::Reply]| -> Vec<String> {
        r.iter()
            .flat_map(|x| x.choices.iter().map(|c| c.id.clone()))
            .collect()
    };
    for t in taps {
        let n: usize = t[1..].parse().unwrap();
        let id = ids(&last)[n - 1].clone();
        last = w.bot.handle(me, Input::Choice(id)).replies;
    }
    (ids(&last), last)
}

/// The text a reply shows in `lang`, every text part.
fn shown(replies: &[bot_core::Reply], lang: Lang) -> String {
    let l = Localizer::get();
    let mut out = String::new();
    for r in replies {
        for p in &r.parts {
            if let bot_core::reply::Part::Text(m) = p {
                out.push_str(&l.format(lang, m));
                out.push('\n');
            }
        }
    }
    out
}

/// An option's name: its label before a bracket (`LoRA` of `LoRA (BF16 base)`).
fn name_of(label: &str) -> String {
    label
        .split(['(', '（'])
        .next()
        .unwrap_or_default()
        .trim()
        .to_lowercase()
}

/// Whether `name` stands in `text` as a word (a Latin name not inside a longer word).
fn names(text: &str, name: &str) -> bool {
    if name.is_empty() {
        return false;
    }
    let first = name.split_whitespace().next().unwrap_or(name);
    let latin = first.is_ascii();
    text.match_indices(first).any(|(i, _)| {
        !latin
            || (!text[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric())
                && !text[i + first.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric()))
    })
}

/// The phrases an option's own words build, in one language: the words of its label beside its
/// name, and the clause of the question that names it with the name taken out.
fn described(label: &str, question: &str, all_names: &[String]) -> Vec<String> {
    let name = name_of(label);
    let lower = label.to_lowercase();
    let mut out = Vec::new();
    if let Some(rest) = lower
        .split_once(['(', '（'])
        .map(|(_, r)| r.trim_end_matches([')', '）']).trim().to_string())
    {
        out.push(rest);
    }
    for clause in question
        .to_lowercase()
        .split(['；', ';', '。', '?', '？', '.', '!', '，', ','])
    {
        let clause = clause.trim();
        let owner: Vec<&String> = all_names.iter().filter(|n| names(clause, n)).collect();
        if owner.len() == 1 && *owner[0] == name {
            let first = name.split_whitespace().next().unwrap_or(&name);
            let rest = clause.replacen(first, "", 1);
            let rest = rest.trim().to_string();
            if !rest.is_empty() {
                out.push(rest);
            }
        }
    }
    out.retain(|p| !p.is_empty() && !all_names.iter().any(|n| names(p, n)));
    out
}

/// A character read alike with `c` (another one of its toneless readings), from the readings
/// file the house reads slips by.
fn alike(c: char) -> Option<char> {
    const READINGS: &str = include_str!("../../src/lexicon/pinyin_readings.tsv");
    READINGS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .filter_map(|(ch, _)| ch.chars().next())
        .find(|&d| d != c && bot_core::lexicon::read_alike(c, d))
}

/// The phrase whole, with each word (a Chinese character) dropped, and with one slip.
fn variants(p: &str) -> Vec<String> {
    let mut out = vec![p.to_string()];
    if p.is_ascii() {
        let words: Vec<&str> = p.split_whitespace().collect();
        if words.len() >= 3 {
            for i in 0..words.len() {
                let mut w = words.clone();
                w.remove(i);
                out.push(w.join(" "));
            }
        }
        if let Some((i, long)) = words
            .iter()
            .enumerate()
            .filter(|(_, w)| w.len() >= 5 && w.chars().all(|c| c.is_ascii_alphabetic()))
            .max_by_key(|(_, w)| w.len())
        {
            let mut b: Vec<char> = long.chars().collect();
            b.swap(2, 3);
            let mut w = words.clone();
            let slipped: String = b.into_iter().collect();
            w[i] = &slipped;
            out.push(w.join(" "));
        }
    } else {
        let chars: Vec<char> = p.chars().collect();
        let han = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
        if chars.iter().filter(|c| han(**c)).count() >= 4 {
            for i in 0..chars.len() {
                if han(chars[i]) {
                    let mut c = chars.clone();
                    c.remove(i);
                    out.push(c.into_iter().collect());
                }
            }
        }
        if let Some(i) = (0..chars.len())
            .rev()
            .find(|&i| han(chars[i]) && alike(chars[i]).is_some())
        {
            let mut c = chars.clone();
            c[i] = alike(chars[i]).unwrap();
            out.push(c.into_iter().collect());
        }
    }
    out.sort();
    out.dedup();
    out
}

#[derive(Debug, Default)]
struct Tally {
    taken: usize,
    asked: usize,
    refused: Vec<String>,
    wrong: Vec<String>,
    silent: Vec<String>,
    other: Vec<String>,
}

/// The top-level fields a state has that `before` has not, or has otherwise.
fn changed(before: &Value, after: &Value) -> Vec<(String, Value)> {
    let (Some(a), Some(b)) = (after.as_object(), before.as_object()) else {
        return Vec::new();
    };
    a.iter()
        .filter(|(k, v)| *k != "step" && b.get(*k) != Some(v))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Every option of every list step, chosen by phrases of its own shown words: taken and said,
/// or asked back; never another option, never in silence.
#[test]
fn an_option_is_read_by_its_own_description_words() {
    let w = world();
    let mut t = Tally::default();
    let mut n = 0;
    for zh in [false, true] {
        let lang = if zh { Lang::Zh } else { Lang::En };
        for (step, taps) in PATHS {
            let base = who(&format!("dq-base-{step}-{zh}"), zh);
            let (ids, replies) = reach(&w, &base, taps);
            let before = state(&w, &base);
            let options: Vec<(String, String)> = replies
                .iter()
                .flat_map(|r| r.choices.iter())
                .filter(|c| !c.id.ends_with("unsure"))
                .map(|c| (c.id.clone(), Localizer::get().format(lang, &c.label)))
                .collect();
            // What each option's tap changes.
            let tapped: Vec<Vec<(String, Value)>> = options
                .iter()
                .enumerate()
                .map(|(k, (id, _))| {
                    let me = who(&format!("dq-tap-{step}-{zh}-{k}"), zh);
                    reach(&w, &me, taps);
                    w.bot.handle(&me, Input::Choice(id.clone()));
                    changed(&before, &state(&w, &me))
                })
                .collect();
            let names: Vec<String> = options.iter().map(|(_, l)| name_of(l)).collect();
            let question = shown(&replies, lang);
            for (k, (_, label)) in options.iter().enumerate() {
                for p in described(label, &question, &names) {
                    for v in variants(&p) {
                        n += 1;
                        let me = who(&format!("dq-{step}-{zh}-{k}-{n}"), zh);
                        reach(&w, &me, taps);
                        let a = w.bot.handle(&me, Input::Text(v.clone())).replies;
                        let got = changed(&before, &state(&w, &me));
                        let said = message_ids(&a);
                        let case = format!("{step} {label:?} < {v:?}: {said:?}");
                        let is = |j: usize| {
                            !tapped[j].is_empty() && tapped[j].iter().all(|kv| got.contains(kv))
                        };
                        if got.is_empty() {
                            if said
                                .iter()
                                .any(|i| i == "pick-described-ask" || i == "pick-property-absent")
                            {
                                t.asked += 1;
                            } else {
                                t.refused.push(case);
                            }
                        } else if is(k) {
                            // Said: read as, or the fact echoed as understood or noted.
                            let echoed = said.iter().any(|i| {
                                i == "pick-read-as"
                                    || i == "pick-choice-taken"
                                    || i.starts_with("pick-understood")
                            }) || v.chars().any(|c| c.is_ascii_digit());
                            if echoed {
                                t.taken += 1;
                            } else {
                                t.silent.push(case);
                            }
                        } else if (0..options.len()).any(is) {
                            t.wrong.push(case);
                        } else {
                            t.other.push(case);
                        }
                    }
                }
            }
            let _ = ids;
        }
    }
    println!(
        "described: {n} phrases: {} taken and said, {} asked back, {} refused; wrong {}, silent {}, other {}\nrefused: {:#?}\nwrong: {:#?}\nsilent: {:#?}\nother: {:#?}",
        t.taken,
        t.asked,
        t.refused.len(),
        t.wrong.len(),
        t.silent.len(),
        t.other.len(),
        t.refused,
        t.wrong,
        t.silent,
        t.other
    );
    assert!(n >= 60, "{n} phrases generated");
    assert!(t.wrong.is_empty(), "another option taken: {:#?}", t.wrong);
    assert!(t.silent.is_empty(), "taken in silence: {:#?}", t.silent);
    assert!(t.other.is_empty(), "read as something else: {:#?}", t.other);
    assert!(
        t.refused.len() <= REFUSED_AT_MOST,
        "{} of {n} refused",
        t.refused.len()
    );
}

/// Description phrases refused ("I couldn't use that answer") at most. Before: 91 of 122 (and 9
/// misread: QLoRA's `4 位底座` noted as four people). After: 6 refused, 89 taken and said, 27
/// asked back, none wrong, silent or misread.
const REFUSED_AT_MOST: usize = 6;

/// Leaving with thanks, a reason or a deferral, at every step: each phrase leaves (or asks to
/// leave), never "I couldn't use that answer".
#[test]
fn leaving_with_thanks_a_reason_or_a_deferral_at_every_step() {
    const STEPS: &[(&str, &str)] = &[
        ("task", ""),
        ("model", "#1"),
        ("method", "#1 #1"),
        ("context", "#1 #1 #1"),
        ("usage", "#1 #1 #1 #1"),
        ("card", "#1 #1 #1 #1 #1"),
        ("barriers", "#1 #1 #1 #1 #1 #1"),
        ("result", "#1 #1 #1 #1 #1 #1 #8"),
        ("trial", "#1 #1 #1 #1 #1 #1 #8 #1"),
    ];
    const ZH: &[&str] = &[
        "谢谢，回头再试",
        "太贵了，等发工资再说吧",
        "谢谢，下次再弄",
        "先不弄了，谢谢",
        "算了，我问问导师再说",
        "好的谢谢，改天再看",
    ];
    const EN: &[&str] = &[
        "i will come back tomorow, need ask my professor first",
        "thanks, i will try it later",
        "too expensive, maybe next month",
        "thanks, i'll come back later",
        "never mind, i'll ask my boss first",
        "ok thanks, i'll think about it and come back",
    ];
    let mut src = String::new();
    for (zh, phrases) in [(false, EN), (true, ZH)] {
        for (step, taps) in STEPS {
            for (i, p) in phrases.iter().enumerate() {
                src.push_str(&format!(
                    "## dq-leave-{step}-{zh}-{i} {}\n> /pick\n",
                    if zh { "zh" } else { "en" }
                ));
                for t in taps.split_whitespace() {
                    src.push_str(&format!("> {t}\n"));
                }
                src.push_str(&format!(
                    "> {p}\n= +pick-cancelled|pick-quit-confirm|pick-finished -pick-invalid\n"
                ));
            }
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nleaving at every step: {held}/{all} hold");
    assert!(all >= 100, "{all}");
    assert!(held >= LEAVING_HOLD, "{held}/{all} hold:\n{report}");
}

/// Leaving phrases x steps that must hold. Before: 81/108 (`tomorow`, `come back` with no time
/// word, `好的谢谢` at every step). After: 108/108.
const LEAVING_HOLD: usize = 108;
