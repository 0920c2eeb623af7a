//! A follow-up read against the chat's last reading: after `4090 能跑 qwen2.5-14b 吗`, `那 h100
//! 呢` is `/fit qwen2.5-14b h100`, `换成 qlora 呢` the same fit as QLoRA, `and on runpod?` a
//! `/compare` priced on RunPod. The message's own words are read with the same entities as a
//! question ([`Change`]), then put into the last request's slots ([`super::follow_apply`]).
//!
//! A message that is a question of its own is read alone; a change the last request has no
//! slot for, or one that could mean two things (`3呢`: three hours or three cards, `4090还是
//! a100呢`), is asked back, never guessed. Without a last reading nothing here runs.

use super::entities::{self, Entities};
use super::follow_apply::Change;
use super::request::{Cards, Request, Usage};
use super::text::{self, has};
use super::{Reading, follow_up, price};
use crate::catalog::Catalog;
use crate::vram::{Quant, Task};

/// Words that ask for something cheaper than what was answered.
const CHEAPER: &[&str] = &[
    "便宜点",
    "便宜一点",
    "便宜一些",
    "便宜些",
    "更便宜",
    "再便宜",
    "便宜的",
    "省钱点",
    "cheaper",
    "less expensive",
    "lower price",
];

/// Words that make a currency the chat's setting (`/currency`), not this answer's.
const SETTING: &[&str] = &[
    "以后", "默认", "都用", "统一", "设置", "设成", "设为", "显示", "default", "always", "set ",
    "display", "from now",
];

/// Whether the message's own cue words (a card's specs, a platform's facts, stock, a price,
/// memory) ask what the last request answers: `h100 参数呢` after a fit asks the card's specs,
/// a question of its own; `runpod 上多少钱呢` after a price is the same price elsewhere.
fn cues_agree(padded: &str, last: &Request) -> bool {
    use super::words::*;
    let priced = matches!(
        last,
        Request::Cost(_)
            | Request::Compare(_)
            | Request::Stock(_)
            | Request::Offers(_)
            | Request::Subscribe(_)
            | Request::Tco(_)
            | Request::Convert(_)
    );
    let stock = matches!(
        last,
        Request::Stock(_) | Request::Offers(_) | Request::Subscribe(_)
    );
    let sized = matches!(last, Request::Fit(_) | Request::Tco(_));
    let cues: [(&[&str], bool); 8] = [
        (SPECS_WORDS, matches!(last, Request::Gpu(_))),
        (PLATFORM_FACT_WORDS, matches!(last, Request::Platform(_))),
        (STOCK_WORDS, stock),
        (TREND_WORDS, matches!(last, Request::Trend(_))),
        (ALERT_WORDS, matches!(last, Request::Subscribe(_))),
        (PRICE_WORDS, priced),
        (COST_WORDS, priced),
        // `便宜点的呢` after a fit: the cheapest cards that fit.
        (CHEAP_WORDS, priced || sized),
    ];
    cues.iter()
        .all(|(words, agrees)| *agrees || !has(padded, words))
        && (sized || !crate::lexicon::memory_said(padded))
}

/// The command a request answers with, `/cost` and `/compare` as one (a priced job).
fn family(r: &Request) -> &'static str {
    match r {
        Request::Cost(_) | Request::Compare(_) => "job",
        r => r.command(),
    }
}

/// The last reading with the follow-up's change put in, or readings to ask back; `None` when
/// the message is no follow-up of it (a question of its own, or nothing it could change).
pub(super) fn applied(
    catalog: &Catalog,
    norm: &str,
    plain: &Reading,
    last: &Request,
) -> Option<Reading> {
    let shaped = follow_up::is_follow_up(norm);
    let padded = format!(" {norm} ");
    let agree = cues_agree(&padded, last);
    let candidate = match plain {
        Reading::Unknown => agree,
        // A model without its card after a fit keeps the card: `qwen2.5-32b 呢`, `32b能跑吗`.
        Reading::Command(Request::Fit(f)) if f.gpu.is_none() && matches!(last, Request::Fit(_)) => {
            agree
        }
        Reading::Command(r) if follow_up::fragment(r) => agree,
        // `美元呢`, `in usd?`: this answer in that currency; `以后都用美元` sets the chat's.
        Reading::Command(Request::Currency(Some(_))) => shaped || !has(&padded, SETTING),
        // A whole question shaped as a follow-up (`那3090跑qwen2.5-7b呢`) keeps what it does
        // not say of the last one only when it asks the same command.
        Reading::Command(r) => shaped && agree && family(r) == family(last),
        Reading::Ask(rs) => (shaped || rs.iter().all(follow_up::fragment)) && agree,
    };
    if !candidate {
        return None;
    }
    let alternatives = changes(catalog, norm);
    let bare = alternatives.first().is_some_and(|c| c.bare);
    let mut read: Vec<Request> = Vec::new();
    for c in &alternatives {
        match super::follow_apply::apply(catalog, last, c) {
            // A bare number's reading that changes nothing is not one of its readings.
            Some(r) if bare && r == *last => {}
            Some(r) if !read.contains(&r) => read.push(r),
            Some(_) => {}
            // Every reading of a change must fit the last request, unless the change is a
            // bare number, whose readings are offered where they fit.
            None if !bare => return None,
            None => {}
        }
    }
    match read.len() {
        0 => None,
        1 if !bare && alternatives.len() == 1 => read.pop().map(Reading::Command),
        _ => Some(Reading::Ask(read)),
    }
}

/// A question that names no card after one that did (`4090能跑qwen2.5-14b吗`, then `租3小时
/// 多少钱`, `哪里有货`, `specs?`): read with the last request's card (and its count and
/// platform) said, when that makes it one command of its own; `None` otherwise.
/// `fit`: the message alone reads as a fit on no card (its model is what it asks).
pub(super) fn carried(catalog: &Catalog, norm: &str, last: &Request, fit: bool) -> Option<Reading> {
    let (gpu, count, platform) = match last {
        Request::Fit(f) => (f.gpu.clone()?, f.cards.unwrap_or(1), None),
        Request::Cost(j) if j.names.len() == 2 => {
            (j.names[1].clone(), j.cards, Some(j.names[0].clone()))
        }
        Request::Compare(j) => (j.names.first()?.clone(), j.cards, None),
        Request::Stock(s) => (s.gpu.clone(), 1, s.platform.clone()),
        Request::Gpu(g) if g.gpus.len() == 1 => (g.gpus[0].clone(), 1, None),
        Request::Trend(t) => (t.gpu.clone(), 1, None),
        Request::Tco(t) => (t.gpu.clone()?, t.cards.unwrap_or(1), None),
        _ => return None,
    };
    let mut said = format!("{norm} {gpu}");
    if count > 1 {
        said = format!("{norm} {count}x{gpu}");
    }
    if let Some(p) = platform {
        said = format!("{said} {p}");
    }
    // The card alone is no question (`谢谢`, `今天天气怎么样`): the message must ask something
    // of its own (a price, stock, specs, a history, a fit), and a reading of the card's name
    // only counts when it asks for its specs.
    let padded = format!(" {norm} ");
    let asks = {
        use super::words::*;
        [
            COST_WORDS,
            PRICE_WORDS,
            CHEAP_WORDS,
            STOCK_WORDS,
            TREND_WORDS,
            SPECS_WORDS,
            FIT_WORDS,
            ALERT_WORDS,
            TCO_WORDS,
        ]
        .iter()
        .any(|w| has(&padded, w))
            || crate::lexicon::memory_said(&padded)
    };
    if !asks && !fit {
        return None;
    }
    let specs = has(&padded, super::words::SPECS_WORDS);
    match super::read_normalized(catalog, said, false).0 {
        Reading::Command(r)
            if !follow_up::fragment(&r) || (specs && matches!(r, Request::Gpu(_))) =>
        {
            Some(Reading::Command(r))
        }
        _ => None,
    }
}

/// What a follow-up's words change: one [`Change`], or one per reading when a slot is named
/// twice (`4090还是a100呢`); none when they name nothing.
pub(super) fn changes(catalog: &Catalog, norm: &str) -> Vec<Change> {
    let mut plain = norm.to_string();
    let price = price::find_price(&plain).map(|(p, span)| {
        plain.replace_range(span, " ");
        p
    });
    let toks = text::tokens(&plain);
    let mut e = entities::entities(catalog, &toks);
    super::count_apart::count_apart(&plain, &mut e.gpus);
    let padded = format!(" {plain} ");
    let mut base = Change {
        count: count_said(&toks).or_else(|| e.gpus.iter().map(|g| g.count).find(|n| *n > 1)),
        context: e.context.clone(),
        batch: e.batch,
        usage: e.usage.clone(),
        volume: e.volume,
        spot: super::cues::spot_asked(&padded),
        cheaper: has(&padded, CHEAPER),
        currency: (price.is_none()).then(|| currency_said(&toks)).flatten(),
        price,
        ..Change::default()
    };
    if let [q] = e.quants.as_slice() {
        base.quant = Some(*q);
    }
    if let [t] = e.tasks.as_slice() {
        base.task = Some(*t);
    }
    if let [s] = e.sizes.as_slice()
        && e.models.is_empty()
    {
        base.size = Some(s.clone());
    }
    let mut all = vec![base];
    fork(&mut all, &e.gpus, |c, g: &Cards| {
        c.gpu = Some(g.gpu.clone())
    });
    fork(&mut all, &models(&e), |c, m: &String| {
        c.model = Some(m.clone())
    });
    fork(&mut all, &e.platforms, |c, p: &String| {
        c.platform = Some(p.clone())
    });
    fork(&mut all, &several(&e.quants), |c, q: &Quant| {
        c.quant = Some(*q)
    });
    fork(&mut all, &several(&e.tasks), |c, t: &Task| {
        c.task = Some(*t)
    });
    if all.iter().all(Change::is_empty) {
        return bare_number(&toks);
    }
    all
}

/// The models a follow-up names: one, or each a family and size could mean.
fn models(e: &Entities) -> Vec<String> {
    if e.model_options.len() > 1 {
        e.model_options.clone()
    } else {
        e.models.clone()
    }
}

/// Values named twice or more (one is already in the base change).
fn several<T: Clone>(v: &[T]) -> Vec<T> {
    if v.len() > 1 { v.to_vec() } else { Vec::new() }
}

/// Each change, once per value of a slot (at most six readings in all).
fn fork<T>(all: &mut Vec<Change>, values: &[T], set: impl Fn(&mut Change, &T)) {
    if values.is_empty() {
        return;
    }
    *all = all
        .iter()
        .flat_map(|c| {
            values.iter().map(|v| {
                let mut c = c.clone();
                set(&mut c, v);
                c
            })
        })
        .take(6)
        .collect();
}

/// `3呢`, `what about 8`: a number alone, read as cards or as hours, both offered.
fn bare_number(toks: &[String]) -> Vec<Change> {
    let numbers: Vec<u32> = toks.iter().filter_map(|t| t.parse::<u32>().ok()).collect();
    match numbers.as_slice() {
        [n] if (1..=64).contains(n) => vec![
            Change {
                count: Some(*n),
                bare: true,
                ..Change::default()
            },
            Change {
                usage: Some(Usage::Once(
                    rust_decimal::Decimal::from(*n) * rust_decimal::Decimal::from(3600),
                )),
                bare: true,
                ..Change::default()
            },
        ],
        _ => Vec::new(),
    }
}

/// Classifiers after a number that make it a count of cards.
const CARD_UNITS: &[&str] = &[
    "张",
    "张卡",
    "卡",
    "块卡",
    "张显卡",
    "块显卡",
    "台",
    "cards",
    "card",
    "gpus",
    "gpu",
    "x",
];

/// A count of cards said without a card (`2张`, `4 cards`, `x8`, `单卡`, `双卡`), 1 to 64.
fn count_said(toks: &[String]) -> Option<u32> {
    let n = |t: &str| t.parse::<u32>().ok().filter(|n| (1..=64).contains(n));
    for (i, t) in toks.iter().enumerate() {
        if let Some(next) = toks.get(i + 1)
            && let Some(k) = n(t)
            // `2张图` counts images; `张` must end the word or be followed by a card word.
            && CARD_UNITS.iter().any(|u| next == u || (next.starts_with(u) && !next.starts_with("张图")))
        {
            return Some(k);
        }
        if let Some(k) = t
            .strip_prefix('x')
            .or_else(|| t.strip_suffix('x'))
            .and_then(n)
        {
            return Some(k);
        }
        if t.contains("单卡") || t.contains("一张卡") {
            return Some(1);
        }
        if t.contains("双卡") {
            return Some(2);
        }
    }
    None
}

/// A currency said alone, when exactly one is.
fn currency_said(toks: &[String]) -> Option<String> {
    let mut found: Vec<&str> = toks
        .iter()
        .filter_map(|t| super::at_hand::currency_word(t))
        .collect();
    found.dedup();
    match found.as_slice() {
        [c] => Some((*c).to_string()),
        _ => None,
    }
}

/// `英文`, `in english please`, `用中文说`: the last answer again in that language. Only a
/// message that says nothing else (`英文怎么说 gpu` is a question of its own).
pub(super) fn language_asked(norm: &str) -> Option<crate::i18n::Lang> {
    use crate::i18n::Lang;
    const FILLER: &[&str] = &[
        "用", "说", "回答", "回复", "版", "的", "呢", "吧", "请", "一下", "再", "能", "可以", "吗",
        "in", "please", "pls", "answer", "reply", "again", "can", "you", "say", "it", "that",
        "this", "?", "!", ".", "。", "?", "!",
    ];
    const EN: &[&str] = &["英文", "英语", "english"];
    const ZH: &[&str] = &["中文", "汉语", "简体中文", "chinese"];
    let t = norm.trim();
    if t.chars().count() > 30 {
        return None;
    }
    let lang = match (has(t, EN), has(t, ZH)) {
        (true, false) => Lang::En,
        (false, true) => Lang::Zh,
        _ => return None,
    };
    // Everything else is filler: longest words first, so `简体中文` goes before `中文`.
    let mut rest = t.to_string();
    let mut words: Vec<&str> = FILLER.iter().chain(EN).chain(ZH).copied().collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for w in words {
        if w.is_ascii() && w.chars().all(|c| c.is_ascii_alphabetic()) {
            rest = rest
                .split_whitespace()
                .filter(|x| *x != w)
                .collect::<Vec<_>>()
                .join(" ");
        } else {
            rest = rest.replace(w, " ");
        }
    }
    rest.trim().is_empty().then_some(lang)
}
