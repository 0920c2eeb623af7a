//! A question that asks something but names too little to answer it (`多少钱`, `能跑吗`,
//! `cost of 2 hours`, `a100 fit?`, `alert me`, `cancel it`): asked back for exactly what is
//! missing, with an example to copy, instead of "I didn't catch a card" (which is untrue when
//! a card was named). Nothing is guessed: no card, model or length is filled in.

use super::entities;
use super::request::{Request, Usage};
use super::text::{has, tokens};
use super::words::{ALERT_WORDS, CHEAP_WORDS, COST_WORDS, PRICE_WORDS, STOCK_WORDS};
use super::{normalize, price};
use crate::catalog::Catalog;

/// What a question lacks.
#[derive(Debug, Clone, PartialEq)]
pub enum Missing {
    /// A price with no card (`多少钱`); `span`: a length it did say (`cost of 2 hours`).
    Price { span: Option<String> },
    /// A fit with no model; `card`: the card named, or the last reading's (`a100 fit?`).
    Fit { card: Option<String> },
    /// An alert with no card (`alert me`).
    Alert,
    /// A stop with nothing to stop (`cancel it` when no alert was just set).
    Cancel,
    /// Stock with no card (`有货吗`).
    Stock,
    /// A price history or stock rhythm with no card (`价格走势怎么样`, `prices trending down?`).
    Trend,
}

/// Words that ask whether a model fits (not `跑`, which a job's length says too).
const FIT_ASKED: &[&str] = &[
    "能跑",
    "跑得动",
    "跑得了",
    "跑不跑",
    "放得下",
    "装得下",
    "够不够",
    "能不能跑",
    "fit",
    "can it run",
    "can i run",
    "enough",
    "够用",
    "会不会爆",
    "爆显存",
    "oom",
];

/// Words that ask a price's history or a stock rhythm in so many words (not `贵了` nor `when
/// will`, which say other things too).
const TREND_ASKED: &[&str] = &[
    "走势",
    "趋势",
    "历史价格",
    "价格历史",
    "价格变化",
    "价格怎么变",
    "涨跌",
    "行情",
    "price trend",
    "price history",
    "pricing history",
    "pricing trend",
    "prices trend",
    "trending",
    "什么时候有货",
    "几点有货",
    "usually in stock",
];

/// Words that ask how much memory a model needs.
const MEMORY_ASKED: &[&str] = &[
    "多大显存",
    "多少显存",
    "要多少内存",
    "how much vram",
    "how much memory",
];

/// A message that only asks to stop (after [`FILLER`] is taken off).
const CANCEL: &[&str] = &[
    "取消",
    "取消掉",
    "取消它",
    "取消这个",
    "取消那个",
    "不要了",
    "删掉",
    "删了",
    "退订",
    "cancel",
    "cancel it",
    "cancel that",
    "cancel this",
    "remove it",
    "delete it",
    "stop it",
    "unsubscribe",
    "unsub",
];

/// Words around a stop that change nothing (`never mind, cancel that`, `算了 取消吧`).
const FILLER: &[&str] = &[
    "never mind",
    "nevermind",
    "actually",
    "please",
    "pls",
    "ok",
    "okay",
    "just",
    "算了",
    "还是",
    "那就",
    "那",
    "帮我",
    "给我",
    "吧",
    "呢",
    "啊",
    "了吧",
];

/// Whether the message only asks to stop something (`cancel it`, `算了 取消吧`).
pub(super) fn only_cancel(norm: &str) -> bool {
    let mut t = format!(" {} ", norm.replace(['?', '.', '!', ','], " "));
    for f in FILLER {
        let padded = format!(" {f} ");
        if f.is_ascii() {
            while t.contains(&padded) {
                t = t.replace(&padded, " ");
            }
        } else if !CANCEL.iter().any(|c| c.contains(f)) {
            t = t.replace(f, " ");
        }
    }
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    CANCEL.contains(&t.as_str())
}

/// What a message read as nothing (`Reading::Unknown`) asked and lacks; `None` when it asks
/// nothing the bot answers (`谢谢`, `0.5`). `last`: the chat's last reading, whose card a fit
/// asked without one is about.
pub fn missing(catalog: &Catalog, text: &str, last: Option<&Request>) -> Option<Missing> {
    let norm = normalize(text);
    let padded = format!(" {norm} ");
    if only_cancel(&norm) {
        return Some(Missing::Cancel);
    }
    let mut plain = norm.clone();
    if let Some((_, span)) = price::find_price(&plain) {
        plain.replace_range(span, " ");
    }
    let e = entities::entities(catalog, &tokens(&plain));
    // A model named is a question the reader answers or asks back on its own terms.
    if !e.models.is_empty() || !e.sizes.is_empty() {
        return None;
    }
    let card = e.gpus.first().map(|c| c.gpu.clone());
    // `便宜于1.5刀的时候告诉我`, `lmk when one is in stock`: a way to be told and its condition
    // is an alert, whatever list its words are in.
    if has(&padded, ALERT_WORDS) || super::alert_cues::told_on_condition(&padded) {
        return card.is_none().then_some(Missing::Alert);
    }
    if has(&padded, FIT_ASKED) || has(&padded, MEMORY_ASKED) {
        let last_card = last.and_then(|r| match r {
            Request::Fit(f) => f.gpu.clone(),
            Request::Cost(j) if j.names.len() == 2 => Some(j.names[1].clone()),
            Request::Compare(j) => j.names.first().cloned(),
            Request::Stock(s) => Some(s.gpu.clone()),
            Request::Gpu(g) if g.gpus.len() == 1 => Some(g.gpus[0].clone()),
            _ => None,
        });
        return Some(Missing::Fit {
            card: card.or(last_card),
        });
    }
    if card.is_some() {
        return None;
    }
    // `价格走势怎么样`: a history asked of no card is asked for its card, never a bill's.
    if has(&padded, TREND_ASKED) {
        return Some(Missing::Trend);
    }
    if has(&padded, COST_WORDS) || has(&padded, PRICE_WORDS) || has(&padded, CHEAP_WORDS) {
        let span = match &e.usage {
            Some(u @ Usage::Once(_)) => Some(u.word()),
            _ => None,
        };
        return Some(Missing::Price { span });
    }
    if has(&padded, STOCK_WORDS) {
        return Some(Missing::Stock);
    }
    // `租一天`, `2小时`: a length alone, for a card not named.
    match &e.usage {
        Some(u @ Usage::Once(_)) if e.platforms.is_empty() => Some(Missing::Price {
            span: Some(u.word()),
        }),
        _ => None,
    }
}
