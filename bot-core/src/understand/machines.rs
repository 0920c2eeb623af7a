//! A machine of several cards asked after (`any 2x a6000 boxes on vast`, `8x h100 nodes
//! available?`, `有没有8卡h100的整机`): the offers of a machine with that many cards, even with
//! no stock word. It was billed as one hour on the platform (`/cost … 1h cards=2`), a price
//! nobody asked for, or the count was dropped (`/gpu h100-sxm`).

use super::Reading;
use super::question::Question;
use super::request::Cards;
use super::text::has;
use super::words::{ALERT_WORDS, COST_WORDS, FIT_WORDS, STOCK_WORDS};

pub(super) fn machine_asked(q: &Question) -> Option<Reading> {
    if !q.nothing_to_size() {
        return None;
    }
    machine_offers(q)
}

/// `我要部署qwen2.5-72b，4卡4090的机器哪里有`, `where can I rent a 4x a100 node for llama-3.1-70b`:
/// where to rent the machine is asked, the model only its job (read before the model's fit);
/// whether it runs the model (a fit word) keeps the fit.
pub(super) fn machine_sought(q: &Question) -> Option<Reading> {
    let padded = format!(" {}", q.padded);
    // A verdict asked (`能跑吗`, `够不够`, `enough`), not the bare verb of the job (`想跑…`).
    let verdict = FIT_WORDS
        .iter()
        .filter(|w| !crate::lexicon::is_job_verb(w))
        .any(|w| padded.contains(w));
    // Where to rent it (`哪里有`, `where can I find`), not only whether there is one (`现在有台…`).
    let sought = STOCK_WORDS
        .iter()
        .filter(|w| w.contains('哪') || w.contains("where"))
        .any(|w| padded.contains(w));
    if q.nothing_to_size() || !sought || verdict {
        return None;
    }
    machine_offers(q)
}

/// The offers of the machine said, with a machine's noun and a count of several cards.
fn machine_offers(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let padded = format!(" {}", q.padded);
    let least = super::memory_floor::cards_floor(q.padded).unwrap_or(1);
    let count = g.count.max(least);
    if count < 2
        || !crate::lexicon::machine_said(&padded)
        || q.e.usage.is_some()
        || has(&padded, COST_WORDS)
        // `alert me if 8x a100 nodes show up`: an alert on the machine, read by the alert rules.
        || has(&padded, ALERT_WORDS)
        || super::alert_cues::told_on_condition(&padded)
    {
        return None;
    }
    super::memory_floor::machine_offers(q, &Cards { count, ..g.clone() })
}

/// Words a machine's size is said with beside its card and count: classifiers, brand and form
/// words, and particles that ask nothing of their own.
const SIZE_WORDS: &[&str] = &[
    "卡",
    "张",
    "台",
    "块",
    "个",
    "x",
    "卡机",
    "机",
    "gpus",
    "cards",
    "nvidia",
    "rtx",
    "tesla",
    "geforce",
    "amd",
    "instinct",
    "sxm",
    "pcie",
    "any",
    "吗",
    "的",
    // Seeking one machine (`找一台 8 卡 a800`, `looking for an 8x h100`): nothing else asked.
    "找",
    "找一台",
    "找台",
    "想找",
    "求",
    "求一台",
    "一台",
    "looking",
    "for",
    "a",
    "an",
];
/// Counts said in words before a card.
const COUNT_WORDS: &[&str] = &[
    "two", "three", "four", "eight", "dual", "twin", "triple", "quad", "一对",
];

/// `四卡a100`, `8x h100`, `双卡3090`, `two 4090s`: a card and a count of several, and no other
/// word (a model family, a verb, a price, a follow-up's shape): the offers of a machine that
/// size. Alone, the count was dropped for the card's specs.
pub(super) fn machine_alone(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let alone = g.count > 1
        && q.e.platforms.is_empty()
        && q.price.is_none()
        && q.nothing_to_size()
        && q.e.usage.is_none()
        // `那 8 张 h100 呢`: a change to the last question, read against it.
        && !super::follow_up::is_follow_up(q.padded)
        && super::text::tokens(q.padded)
            .iter()
            .all(|t| size_word(q, t));
    if !alone {
        return None;
    }
    super::memory_floor::machine_offers(q, g)
}

/// Whether `t` is part of a machine's size: the card, its count, a classifier or a form.
fn size_word(q: &Question, t: &str) -> bool {
    // `4090` beside `48g` names the 48 GB card (`rtx-4090-48g`): its base's name is its name.
    let card = |w: &str| {
        q.catalog.find_gpu(w).is_some_and(|c| {
            q.e.gpus
                .iter()
                .any(|g| g.gpu == c.id || g.gpu.starts_with(&format!("{}-", c.id)))
        })
    };
    // `两台魔改4090 48g`: the card's kind said before it (`2台魔改`) is part of its name.
    let kind = super::card_count::KIND_WORDS
        .iter()
        .find_map(|k| t.strip_suffix(k))
        .filter(|r| r.is_empty() || size_word(q, r));
    kind.is_some()
        || SIZE_WORDS.contains(&t)
        || COUNT_WORDS.contains(&t)
        || crate::lexicon::card_count(t).is_some()
        || super::memory_floor::gb_of(t).is_some()
        || card(t)
        || t.strip_suffix('s').is_some_and(card)
        || card(&crate::lexicon::cards_and_name(t).0)
}
