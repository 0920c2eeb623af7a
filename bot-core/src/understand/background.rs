//! A background sentence before the question (`I used SDXL on my 3060 before. Does FLUX.1-dev
//! fit on an L4?`, `之前用3060跑过sdxl。flux.1-dev 在L4上能跑吗？`): the question names its own
//! card and model, so those win; the card and model of the story told before it are context,
//! never asked back beside them. Only a question sentence that names both a card and a model
//! is read alone, and only after sentences that ask nothing (no `?`).
//!
//! The one rule for which clause is the ask: the last sentence asks, the sentences before it
//! (asking nothing) tell. Where the ask states a fact of a kind the story states too — a
//! length, an amount of money, a card's memory, an engine, a method — the story is told of
//! another time (`after 3 days of debugging. price for 4x4090 for 24h?`, `上周在autodl上花了两百
//! 多块。当4090低于2块一小时的时候通知我`, `之前用ollama跑…。现在想租张4090用vllm部署`): the ask
//! is read alone, lent only the story's model and cards where it names none (and no memory).
//! A story that states nothing the ask states again is the job's own facts, read whole.

use super::entities::{Entities, entities};
use super::story_aside;
use super::text::tokens;
use crate::catalog::Catalog;
use crate::lexicon;

/// Marks that end a sentence (a full stop only before a space or the end: `flux.1-dev`,
/// `2.5` stay whole).
pub(super) fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        cur.push(c);
        let end = match c {
            '。' | '！' | '？' | '!' | '?' | ';' | '；' => true,
            // `incl. 5 min image pull`: an abbreviation's point ends no sentence.
            '.' => {
                chars.get(i + 1).is_none_or(|n| n.is_whitespace())
                    && !lexicon::abbreviation_before(&cur[..cur.len() - 1])
            }
            _ => false,
        };
        if end {
            out.push(std::mem::take(&mut cur));
        }
    }
    out.push(cur);
    out.into_iter()
        .map(|s| s.trim().to_string())
        .filter(|s| s.chars().any(char::is_alphanumeric))
        .collect()
}

fn named(catalog: &Catalog, s: &str) -> Entities {
    entities(catalog, &tokens(&super::normalize(s)))
}

/// The last sentence alone, where it names a card and a model of its own and the sentences
/// before it tell (no question mark) of another card or model.
pub(super) fn question_part(catalog: &Catalog, text: &str) -> Option<String> {
    if let Some(part) = past_length_apart(catalog, text) {
        return Some(part);
    }
    let all = sentences(text);
    let (last, before) = all.split_last()?;
    if let Some(part) = weighing_told(catalog, last, before) {
        return Some(part);
    }
    if before.is_empty() || before.iter().any(|s| s.ends_with(['?', '？'])) {
        return None;
    }
    let asked = named(catalog, last);
    let told = named(catalog, &before.join(" "));
    if let Some(part) = story_aside::question_alone(last, &asked, &told) {
        return Some(part);
    }
    if let Some(part) = ask_over_story(catalog, last, &before.join(" "), &asked, &told) {
        return Some(part);
    }
    if asked.gpus.is_empty() || asked.models.is_empty() {
        return None;
    }
    let other_card = told
        .gpus
        .iter()
        .any(|c| !asked.gpus.iter().any(|a| a.gpu == c.gpu));
    let other_model = told.models.iter().any(|m| !asked.models.contains(m));
    (other_card || other_model).then(|| last.clone())
}

/// `纠结买卡还是租卡。3090最近租金趋势怎样`: buying weighed against renting in a sentence before
/// the last (`lexicon::buying_weighed`), the last weighing nothing and naming a card or a model
/// of its own: the last sentence asks, the weighing is its story (the house rule, und_ck).
fn weighing_told(catalog: &Catalog, last: &str, before: &[String]) -> Option<String> {
    let story = super::normalize(&before.join(" "));
    if before.is_empty()
        || !lexicon::buying_weighed(&story)
        || lexicon::buying_weighed(&super::normalize(last))
    {
        return None;
    }
    let asked = named(catalog, last);
    (!asked.gpus.is_empty() || !asked.models.is_empty()).then(|| last.to_string())
}

/// The kinds of fact a sentence states that the ask's own wins over.
struct Stated {
    length: bool,
    money: bool,
    memory: bool,
    engine: Option<String>,
    methods: Vec<crate::vram::Task>,
}

fn stated(catalog: &Catalog, s: &str) -> Stated {
    let mut norm = super::normalize(s);
    // The price first, as the whole reading takes it (`1.99美元一小时`: its hour is no length).
    let card = |n: &str| !n.contains('.') && catalog.find_gpu(n).is_some();
    let price = super::price::find_price_not_card(&norm, &card).map(|(p, span)| {
        norm.replace_range(span, " ");
        p
    });
    let toks = tokens(&norm);
    let mut e = entities(catalog, &toks);
    super::stages::entities_said(catalog, &norm, &toks, &mut e, price.as_ref());
    Stated {
        // A length of its own: no token volume (`15M a day`), no rhythm of hours a day, which
        // an ask's period multiplies (`6 hours a day. monthly cost?`).
        length: e.volume.is_none()
            && e.usage
                .as_ref()
                .is_some_and(|u| !matches!(u, lexicon::Usage::Daily(_))),
        money: price.is_some() || lexicon::spent_before(&norm),
        memory: toks.iter().any(|t| lexicon::card_memory_gb(t).is_some()),
        engine: super::cues::engine(&format!(" {norm} ")),
        methods: e.tasks,
    }
}

/// The ask alone (with the story's model and cards where it names none), where it states a
/// fact of a kind the story states too.
fn ask_over_story(
    catalog: &Catalog,
    last: &str,
    story: &str,
    asked: &Entities,
    told: &Entities,
) -> Option<String> {
    let mut a = stated(catalog, last);
    // A memory beside the ask's card is that card's (`an A10 (24GB)`), no memory asked.
    a.memory &= asked.gpus.is_empty();
    let t = stated(catalog, story);
    let differ = |x: &Option<String>, y: &Option<String>| x.is_some() && y.is_some() && x != y;
    let again = (a.length && t.length)
        || (a.money && t.money)
        || (a.memory && t.memory)
        || differ(&a.engine, &t.engine)
        || (!a.methods.is_empty() && !t.methods.is_empty() && a.methods != t.methods);
    if !again {
        return None;
    }
    Some(lend(last, asked, told, a.memory))
}

/// The story and the ask of `text` where the story tells a job already done (`租了`, `rented`,
/// `used`) with its length, and the ask, in the last sentence's last clause (after a comma or a
/// word of now: `现在`, `now`) or a sentence of its own, tells no job done and points at no job
/// before (`that`, `同样`), names a card or model of its own, and the story tells no money paid
/// (a trial judged): the ask read alone with its own length or none, lent the story's model and cards where it names
/// none. A length told of a past rental is never the ask's (und_cl, issue 26).
fn past_length_apart(catalog: &Catalog, text: &str) -> Option<String> {
    let all = sentences(text);
    let (last, before) = all.split_last()?;
    if before.iter().any(|s| s.ends_with(['?', '？'])) {
        return None;
    }
    let last = last.to_lowercase();
    let cut = last
        .rfind([',', '，', '、'])
        .map(|at| at + last[at..].chars().next().map_or(1, char::len_utf8))
        .or_else(|| lexicon::now_opens_at(&last));
    let (clause, ask) = match cut {
        Some(at) => (last[..at].to_string(), last[at..].trim().to_string()),
        None if !before.is_empty() => (String::new(), last.clone()),
        None => return None,
    };
    let story = format!("{} {clause}", before.join(" "));
    if ask.is_empty()
        || !lexicon::done_before(&story)
        || lexicon::done_before(&ask)
        || lexicon::points_back(&ask)
    {
        return None;
    }
    let (a, t) = (stated(catalog, &ask), stated(catalog, &story));
    let (asked, told) = (named(catalog, &ask), named(catalog, &story));
    // A story with money paid is a trial told and judged (`花了7块2…跑了3小时，贵不贵`), and an
    // ask naming no card or model of its own asks about the story's job (`用8张A100训了3天，租的
    // 话大概多少钱`): read whole. Else the ask's own length, or none (an hour's price), never the
    // story's.
    if !t.length || t.money || (asked.gpus.is_empty() && asked.models.is_empty()) {
        return None;
    }
    Some(lend(&ask, &asked, &told, a.memory && asked.gpus.is_empty()))
}

/// The ask with the story's model and cards where it names none and sizes no memory.
fn lend(last: &str, asked: &Entities, told: &Entities, memory: bool) -> String {
    let a_memory = memory;
    let mut part = last.to_string();
    // The job the story tells is lent where the ask names none and sizes no memory of its own.
    if asked.models.is_empty() && asked.sizes.is_empty() && !a_memory {
        for m in &told.models {
            part.push(' ');
            part.push_str(m);
        }
    }
    if asked.gpus.is_empty() && !a_memory {
        for c in &told.gpus {
            part.push(' ');
            if c.count > 1 {
                part.push_str(&format!("{}x", c.count));
            }
            part.push_str(&c.gpu);
        }
    }
    part
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_end_at_their_marks_only() {
        assert_eq!(
            sentences("I used SDXL on my 3060 before. Does FLUX.1-dev fit on an L4?"),
            vec![
                "I used SDXL on my 3060 before.",
                "Does FLUX.1-dev fit on an L4?"
            ]
        );
        assert_eq!(
            sentences("qwen2.5 7b 4090 够吗"),
            vec!["qwen2.5 7b 4090 够吗"]
        );
        assert_eq!(
            sentences("之前用3060。现在呢？"),
            vec!["之前用3060。", "现在呢？"]
        );
    }
}
