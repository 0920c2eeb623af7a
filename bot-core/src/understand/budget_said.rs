//! Budgets and periods said around a job: a budget
//! said beside a card and a daily use or a fit is no price and no card count (`每月预算500块
//! 4090 每天用三小时`, `budget 800 USD per month, need 1 h100`), Cantonese `一日` (a day;
//! `一日八個鐘` is 8 h a day), a price history asked over a period (`最近一周是涨是跌`,
//! `price chart 1 year`), two asks joined by `顺便`, a budget asked how long it lasts (`三千块预算 h100 能租几个钟`), and
//! vague openers (`做啲咩` → `/help`, `應該點揀` → `/pick`).

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request, Usage};
use super::text::has;
use crate::catalog::Catalog;
use rust_decimal::Decimal;

/// A month said beside a budget: the lexicon's month words (`lexicon::EACH_PERIOD`; this list had
/// lacked `every month`, `each month`, `月均`), an English one with the space before it (the
/// phrase is cut from the sum on: `800 usd per month`), with `/月`, `/mo`, ` per mo` and ` month`
/// beside them; longest first.
fn month() -> Vec<String> {
    let mut v: Vec<String> = crate::lexicon::words_longest_first(&[crate::lexicon::Period::Month])
        .into_iter()
        .map(|w| {
            if w.is_ascii() && !w.starts_with('/') {
                format!(" {w}")
            } else {
                w.to_string()
            }
        })
        .chain(["/月", "/mo", " per mo", " month"].map(String::from))
        .collect();
    v.sort_by_key(|w| std::cmp::Reverse(w.len()));
    v
}
/// Units of an amount of money: the lexicon's money words (`lexicon::CURRENCIES`).
fn money() -> &'static [&'static str] {
    &crate::lexicon::MONEY_WORDS
}
/// Words asking how long a budget lasts.
const HOW_LONG: &[&str] = &[
    "多久",
    "多少小时",
    "多少个小时",
    "几个小时",
    "几个钟",
    "多少个钟",
    "how long",
    "how many hours",
    "how much time",
];
/// Words of a job's daily use or whether it fits, beside which a budget is only context.
/// The day's words are the lexicon's that say "each day" only (`rate_words`: `1天` is a length,
/// no daily use); this list had lacked `天天`, `every day`, `/day`. `a day` stays beside them.
fn use_or_fit() -> Vec<&'static str> {
    let mut v: Vec<_> = crate::lexicon::rate_words(crate::lexicon::Period::Day).collect();
    v.extend(USE_OR_FIT);
    v
}
const USE_OR_FIT: &[&str] = &[
    "a day",
    "够不够",
    "行不行",
    "enough",
    "能不能跑",
    "能跑吗",
    "跑得动",
];
/// Words asking for guidance, where a budget (or living money) is what guides.
pub(super) const GUIDE: &[&str] = &[
    "推荐",
    "什么卡",
    "啥卡",
    "which gpu",
    "which card",
    "what gpu",
];

/// `一日` (a day) as `1天`; `一日八个钟`, `一日用4小时` as `每天8个钟`.
pub(super) fn day_cantonese(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = ["一日", "1日"]
        .iter()
        .filter_map(|w| rest.find(w).map(|a| (a, w.len())))
        .min()
    {
        let (before, after) = (&rest[..at.0], &rest[at.0 + at.1..]);
        let date = before
            .chars()
            .last()
            .is_some_and(|c| c.is_ascii_digit() || c == '月' || c == '每' || c == '第');
        out.push_str(before);
        let hours = after
            .trim_start_matches([' ', '用', '开', '跑', '租'])
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit());
        out.push_str(match (date, hours) {
            (true, _) => &rest[at.0..at.0 + at.1],
            (false, true) => "每天",
            (false, false) => "1天",
        });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The budget said beside a card and a daily use or a fit, dropped (it is neither the price
/// nor a count); a budget asked how long it lasts, or one that guides, is kept.
pub(super) fn budget_dropped(catalog: &Catalog, s: &str) -> String {
    let padded = format!(" {s} ");
    if !crate::lexicon::budget_noun_said(&padded)
        || has(&padded, HOW_LONG)
        || has(&padded, GUIDE)
        || !has(&padded, &use_or_fit())
    {
        return s.to_string();
    }
    if !card_named(catalog, s) {
        return s.to_string();
    }
    // Each budget noun of the lexicon's one table in turn, the first first.
    let mut out = s.to_string();
    while let Some((at, w)) = crate::lexicon::budget_noun_at(&out) {
        let (start, end) = budget_span(&out, at, w.len());
        out.replace_range(start..end, " ");
    }
    out
}

/// Whether `s` names a card.
fn card_named(catalog: &Catalog, s: &str) -> bool {
    let toks = super::text::tokens(s);
    !super::entities::entities(catalog, &toks).gpus.is_empty()
}

/// `s` with each of `words`' phrases (the bytes `span` gives around the word) taken out, where
/// the sentence names a card (a budget or a month's living money beside a card is neither the
/// price nor a length); unchanged where it names none.
pub(super) fn cut_beside_card(
    catalog: &Catalog,
    s: &str,
    words: &[&str],
    span: fn(&str, usize, usize) -> (usize, usize),
) -> String {
    if !card_named(catalog, s) {
        return s.to_string();
    }
    let mut out = s.to_string();
    for w in words {
        if let Some(at) = out.find(w) {
            let (start, end) = span(&out, at, w.len());
            out.replace_range(start..end, " ");
        }
    }
    out
}

/// The bytes of a budget phrase around the budget word at `at`: a month before it, the
/// amount and its unit after (or before: `3000块预算`), and a month after.
fn budget_span(s: &str, at: usize, len: usize) -> (usize, usize) {
    let mut start = at;
    let before = &s[..at];
    if let Some(m) = month().iter().find(|m| before.ends_with(m.as_str())) {
        start -= m.len();
    } else if let Some(a) = amount_before(before) {
        start = a;
    }
    let mut end = at + len;
    let skip = |s: &str, i: usize, words: &[&str]| -> usize {
        words
            .iter()
            .find(|w| s[i..].starts_with(**w))
            .map_or(i, |w| i + w.len())
    };
    end = skip(s, end, &[" is", " of", "是", "有", "为", ":", "="]);
    end = skip(s, end, &[" "]);
    end = skip(s, end, &["$", "¥", "~", "约"]);
    let digits = s[end..]
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(s.len() - end);
    if digits == 0 {
        return (start, start.max(at + len));
    }
    end += digits;
    end = skip(s, end, &["k", "千", "万", "w"]);
    let unit = skip(s, skip(s, end, &[" "]), money());
    if unit > skip(s, end, &[" "]) {
        end = unit;
    }
    end = skip(
        s,
        end,
        &month().iter().map(String::as_str).collect::<Vec<_>>(),
    );
    (start, end)
}

/// A period said before a budget (`一周预算200块`): the budget's, no job's length.
const PERIOD_BEFORE: &[&str] = &["1周", "每周", "1天", "每天", "1年", "每年", "weekly "];

/// `一个月预算500块，500 cny 是多少 usd`: a budget said before a plain sum turned into another
/// currency is context; the budget phrase (with its period) is taken out so the sum reads.
pub(super) fn budget_before_sum(_: &Catalog, s: &str) -> String {
    let Some((at, w)) = crate::lexicon::budget_noun_at(s) else {
        return s.to_string();
    };
    let (mut start, end) = budget_span(s, at, w.len());
    if let Some(p) = PERIOD_BEFORE.iter().find(|p| s[..start].ends_with(**p)) {
        start -= p.len();
    }
    let rest = &s[end..];
    let plain_sum = super::price::find_price(rest).is_some_and(|(p, _)| {
        p.per.is_none()
            && p.currency.as_ref().is_some_and(|from| {
                super::weighed::asked_currency(&format!(" {rest} "), from).is_some()
            })
    });
    if !plain_sum {
        return s.to_string();
    }
    format!("{} {rest}", &s[..start])
}

/// Where an amount with its unit ends `before` starts (`3000块`), if it does.
fn amount_before(before: &str) -> Option<usize> {
    let unit = money().iter().find(|u| before.ends_with(**u))?;
    let num = &before[..before.len() - unit.len()];
    let digits = num.len()
        - num
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
    (digits > 0).then(|| num.len() - digits)
}

/// `r` with what a self-hosting question said that its rule misread: a self-hosting sum with
/// neither a volume nor a price, asked whether it is enough (`一个月预算3k刀 想self host llama
/// 3.1 70b int4 on 2 a100 够不够`), is whether the model fits those cards.
pub(super) fn tco_asked_fits(q: &Question, r: Reading) -> Reading {
    match r {
        Reading::Command(Request::Tco(t))
            if t.tokens.is_none()
                && t.api.is_none()
                && t.price.is_none()
                && q.has(FITS)
                && !q.has(&["token", "划算", "worth", "api"]) =>
        {
            let fit = t.model.as_ref().zip(t.gpu.as_ref()).map(|(model, gpu)| {
                let cards = crate::lexicon::Cards {
                    gpu: gpu.clone(),
                    count: t.cards.unwrap_or(1),
                };
                make::fit(model, t.quant, None, Vec::new(), Some(&cards))
            });
            Reading::Command(fit.unwrap_or(Request::Tco(t)))
        }
        r => r,
    }
}

/// Words asking whether a job fits.
const FITS: &[&str] = &[
    "够不够",
    "行不行",
    "够吗",
    "enough",
    "能不能跑",
    "能跑吗",
    "跑得动",
    "跑得起来",
];

/// `h100 哪家最便宜 顺便看看参数`: two asks joined by `顺便`; the first, read alone, is the
/// question when it names a card and reads as one command. Other joints (`另外`, `btw`) need
/// the second part to be an ask of its own ([`super::second_ask::first_of_two`]).
pub(super) fn first_ask(q: &Question) -> Option<Reading> {
    let at = q.padded.find("顺便")?;
    let first = q.padded[..at].trim();
    if q.e.gpus.is_empty() || first.is_empty() {
        return None;
    }
    match super::read_normalized(q.catalog, first.to_string(), true).0 {
        r @ Reading::Command(_) => Some(r),
        _ => None,
    }
}

/// Whether a budget is asked how long it lasts (`五百块预算 4090 能用几个钟`): no few hours
/// to ask back.
pub(super) fn budget_lasts(text: &str) -> bool {
    let padded = format!(" {} ", super::normalize(text));
    crate::lexicon::budget_noun_said(&padded) && has(&padded, HOW_LONG)
}

/// `a100最近一周是涨是跌`, `3090 近60天`, `b200 price chart 1 year`, `half year price
/// history`: the card's price history over that period.
pub(super) fn trend_period(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.nothing_to_size() || !q.e.platforms.is_empty() {
        return None;
    }
    let half = q.has(&["half year", "half a year", "半年", "6 months", "6个月"]);
    let cue = q.has(&[
        "是涨是跌",
        "涨还是跌",
        "涨了还是跌了",
        "是涨还是跌",
        "price chart",
        "price history",
        "price graph",
        "历史价格",
        "价格历史",
    ]);
    let asks = q.has(&[
        "多少", "哪家", "哪个", "便宜", "cheap", "how much", "cost", "rent", "租", "贵",
    ]);
    let lately = q.has(&["近", "最近", "过去", "past ", "last "]) && !asks && q.days().is_some();
    if !(cue || lately) {
        return None;
    }
    let days = q.days().or(half.then_some(180));
    Some(Reading::Command(make::trend(&g.gpu, days)))
}

/// `三千块预算 h100 能租几个钟`, `with 200 bucks how long can i use a 4090`: the card's hourly
/// prices, ranked, to read how far the budget goes.
pub(super) fn budget_how_long(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let budget =
        crate::lexicon::budget_noun_said(q.padded) || q.price.is_some_and(|p| p.per.is_none());
    if !q.nothing_to_size() || !budget || !q.has(HOW_LONG) {
        return None;
    }
    let hour = Usage::Once(Decimal::from(3600));
    let r = make::compare(g, &hour)?;
    // The budget's hours on every platform's price, a platform named ranked among them.
    q.set_aside_all(super::set_aside::Aside::RankedIn);
    Some(Reading::Command(r))
}

/// `你能幫我做啲咩`: what the bot does; `應該點揀`, `不知道租啥卡`: guidance to pick a card.
pub(super) fn openers(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty() || !q.nothing_to_size() {
        return None;
    }
    if q.has(&["做啲什么", "做啲咩", "做些什么"]) {
        return Some(Reading::Command(Request::Help));
    }
    let lost = [
        "点拣",
        "点揀",
        "点选",
        "不知道租啥卡",
        "不知道租什么卡",
        "不知租什么卡",
        "不知道租哪个卡",
        "不知道选什么卡",
        "不知道选啥卡",
    ];
    q.has(&lost).then_some(Reading::Command(Request::Pick))
}
