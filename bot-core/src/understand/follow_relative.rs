//! A follow-up that says its change relative to the last reading: `再加一张` (one card more
//! than the last reading's count), `少一张`, `one more card`, `double the context`, `上下文减半`,
//! `多跑2小时` (two hours more than the last job), `twice as long`. The new value is worked out
//! from the last request (a context never said is the fit's stated default, 4096 tokens) and
//! put in through [`super::follow_apply`], so the echo line shows the figure used.
//!
//! `翻倍呢`, `double it` without saying what: each quantity the last request has is offered
//! (never one guessed). A count or length that would fall below one is not applied.

use super::follow_apply::Change;
use super::request::Request;
use super::text::{has, tokens};
use rust_decimal::Decimal;

/// What a relative change applies to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Slot {
    Cards,
    Hours,
    Context,
    Batch,
}

/// How it changes: by an amount (cards, or seconds of a job) or a factor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum By {
    Plus(Decimal),
    Minus(Decimal),
    Times(Decimal),
}

impl By {
    fn of(self, cur: Decimal) -> Decimal {
        match self {
            By::Plus(d) => cur + d,
            By::Minus(d) => cur - d,
            By::Times(k) => cur * k,
        }
    }
}

/// A relative change said: its slot (`None`: a factor said of nothing, `翻倍呢`) and amount.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Relative {
    pub slot: Option<Slot>,
    pub by: By,
}

/// Factors said in Chinese (after the text is made plain: `两倍` is `2倍`).
const ZH_FACTORS: &[(&str, i64, i64)] = &[
    ("翻倍", 2, 1),
    ("加倍", 2, 1),
    ("翻番", 2, 1),
    ("翻一番", 2, 1),
    ("翻一倍", 2, 1),
    ("翻1倍", 2, 1),
    ("双倍", 2, 1),
    ("增加一倍", 2, 1),
    ("多一倍", 2, 1),
    ("增加1倍", 2, 1),
    ("多1倍", 2, 1),
    ("2倍", 2, 1),
    ("3倍", 3, 1),
    ("4倍", 4, 1),
    ("减半", 1, 2),
    ("砍半", 1, 2),
    ("减一半", 1, 2),
    ("减1半", 1, 2),
    ("少一半", 1, 2),
    ("少1半", 1, 2),
    ("对半", 1, 2),
];

/// Factors said in English, as words (`x2`, `2x` are the lexicon's card counts).
const EN_FACTORS: &[(&str, i64, i64)] = &[
    ("double", 2, 1),
    ("doubled", 2, 1),
    ("twice", 2, 1),
    ("triple", 3, 1),
    ("tripled", 3, 1),
    ("half", 1, 2),
    ("halve", 1, 2),
    ("halved", 1, 2),
];

/// Words that say which quantity a factor is of.
const SUBJECTS: &[(Slot, &[&str])] = &[
    (
        Slot::Context,
        &[
            "上下文",
            "context",
            "ctx",
            "窗口",
            "序列长度",
            "seq len",
            "sequence",
        ],
    ),
    (
        Slot::Batch,
        &["batch", "并发", "批大小", "concurrency", "users", "用户"],
    ),
    (Slot::Cards, &["卡", "gpu", "card", "显卡", "机器"]),
    (
        Slot::Hours,
        &[
            "时间", "时长", "小时", "long", "time", "hours", "duration", "跑久", "久",
        ],
    ),
];

/// Words after which `half`/`double` is no factor of a job (`half precision` is FP16).
const NOT_A_FACTOR: &[&str] = &["precision", "精度", "a day", "一天"];

/// Chinese words that add to (or take from) a count or a length said after them.
const ZH_MORE: &[&str] = &[
    "再加", "多加", "再来", "再添", "加上", "添", "加", "多跑", "再跑", "多租", "再租", "延长",
    "多用", "再用", "多开", "再开", "多",
];
const ZH_LESS: &[&str] = &[
    "少用", "减掉", "减少", "去掉", "拿掉", "少跑", "少租", "缩短", "减", "少",
];

/// A card's classifiers after a count (`1张`, `2块卡`, `1卡`).
const CARD_UNITS: &[&str] = &["张", "块卡", "块显卡", "块", "卡"];
/// Units of a length after a number.
const TIME_UNITS: &[&str] = &[
    "小时",
    "个小时",
    "个钟",
    "钟头",
    "h",
    "分钟",
    "分",
    "min",
    "天",
    "个星期",
    "周",
    "晚",
];

/// Seconds in a unit of length (the first that starts the text after a number).
fn unit_secs(after: &str) -> Option<Decimal> {
    const UNITS: &[(&str, i64)] = &[
        ("个小时", 3600),
        ("小时", 3600),
        ("个钟", 3600),
        ("钟头", 3600),
        ("hours", 3600),
        ("hour", 3600),
        ("hrs", 3600),
        ("hr", 3600),
        ("h", 3600),
        ("分钟", 60),
        ("分", 60),
        ("minutes", 60),
        ("minute", 60),
        ("mins", 60),
        ("min", 60),
        ("天", 86_400),
        ("days", 86_400),
        ("day", 86_400),
    ];
    UNITS
        .iter()
        .find(|(u, _)| after.starts_with(u))
        .map(|(_, s)| Decimal::from(*s))
}

const EN_CARD: &[&str] = &["card", "cards", "gpu", "gpus"];
const EN_TIME: &[&str] = &[
    "hour", "hours", "hr", "hrs", "h", "minute", "minutes", "min", "mins", "day", "days",
];

fn en_number(t: &str) -> Option<u32> {
    Some(match t {
        "a" | "an" | "one" | "another" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "ten" => 10,
        _ => return t.parse().ok().filter(|n| (1..=64).contains(n)),
    })
}

/// The relative change a message says, if any. `span`: the length the message names (in
/// seconds), which a `多跑2小时` adds.
pub(super) fn relative(norm: &str, span: Option<Decimal>, card_named: bool) -> Option<Relative> {
    let padded = format!(" {norm} ");
    let compact: String = norm.chars().filter(|c| !c.is_whitespace()).collect();
    let toks = tokens(norm);
    if let Some(r) = zh_counted(&compact, span).or_else(|| en_counted(&toks, span)) {
        return Some(r);
    }
    // `2 more 4090s`, `one more a100`: the card's own name after `more`.
    if card_named
        && let Some(n) = toks.windows(3).find_map(|w| {
            (["more", "extra", "additional"].contains(&w[1].as_str())
                && w[2].starts_with(|c: char| c.is_ascii_alphanumeric())
                && !EN_TIME.contains(&w[2].as_str()))
            .then(|| en_number(&w[0]))
            .flatten()
        })
    {
        return Some(counted(Slot::Cards, Decimal::from(n), true));
    }
    if has(&padded, NOT_A_FACTOR) {
        return None;
    }
    let factor = ZH_FACTORS
        .iter()
        .find(|(w, _, _)| compact.contains(w))
        .or_else(|| {
            EN_FACTORS
                .iter()
                .find(|(w, _, _)| toks.iter().any(|t| t == w))
        })?;
    let by = By::Times(Decimal::from(factor.1) / Decimal::from(factor.2));
    // `twice as long`, `half as long`: the length.
    if has(&padded, &[" as long", "as much time"]) {
        return Some(Relative {
            slot: Some(Slot::Hours),
            by,
        });
    }
    let named: Vec<Slot> = SUBJECTS
        .iter()
        .filter(|(_, words)| has(&padded, words))
        .map(|(s, _)| *s)
        .collect();
    match named.as_slice() {
        [s] => Some(Relative { slot: Some(*s), by }),
        [] => Some(Relative { slot: None, by }),
        // `上下文翻倍 卡也翻倍`: two at once is more than one follow-up says; asked whole.
        _ => None,
    }
}

/// `再加1张`, `少1张卡`, `加张卡`, `多跑2小时`, `再租30分钟`.
fn zh_counted(compact: &str, span: Option<Decimal>) -> Option<Relative> {
    for (words, more) in [(ZH_MORE, true), (ZH_LESS, false)] {
        for w in words {
            for (at, _) in compact.match_indices(w) {
                let rest = &compact[at + w.len()..];
                let digits: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.')
                    .collect();
                let after = rest[digits.len()..].trim_start_matches('个');
                let n: Option<u32> = digits.parse().ok();
                let amount: Option<Decimal> = digits.parse().ok();
                // `多卡`, `少卡` (several cards, few cards) count nothing: `多`/`少` need a number.
                let bare_ok = !matches!(*w, "多" | "少");
                if CARD_UNITS.iter().any(|u| after.starts_with(u))
                    && !after.starts_with("张图")
                    && (n.is_some()
                        || (bare_ok && (after.starts_with('张') || after.starts_with('块'))))
                {
                    let n = Decimal::from(n.unwrap_or(1));
                    return Some(counted(Slot::Cards, n, more));
                }
                let unit = &rest[digits.len()..];
                if let Some(k) = amount
                    && TIME_UNITS.iter().any(|u| unit.starts_with(u))
                {
                    // A plain `N 单位` is counted here; a length in other shapes
                    // (`2h30m`) is the one the message was read with.
                    let secs = unit_secs(unit).map(|u| u * k);
                    let secs = match (secs, span) {
                        (Some(s), Some(sp)) if sp > s => sp,
                        (Some(s), _) => s,
                        (None, sp) => sp?,
                    };
                    return Some(counted(Slot::Hours, secs, more));
                }
            }
        }
    }
    None
}

/// `one more card`, `another gpu`, `add 2 cards`, `one less card`, `3 more hours`, `another 2
/// hours`, `2 hours longer`.
fn en_counted(toks: &[String], span: Option<Decimal>) -> Option<Relative> {
    let at = |i: usize| toks.get(i).map(String::as_str).unwrap_or("");
    for i in 0..toks.len() {
        let t = at(i);
        let card_after = EN_CARD.contains(&at(i + 1))
            || (["more", "extra", "additional"].contains(&at(i + 1))
                && EN_CARD.contains(&at(i + 2)));
        // `another card`, `an extra gpu`, `add a card`, `one more gpu`, `2 more cards`.
        if ["more", "extra", "additional"].contains(&t) && EN_CARD.contains(&at(i + 1)) {
            let n = i.checked_sub(1).and_then(|k| en_number(at(k)));
            let n = n.or_else(|| (i >= 1 && at(i - 1) == "an").then_some(1))?;
            return Some(counted(Slot::Cards, Decimal::from(n), true));
        }
        if t == "another" && card_after {
            return Some(counted(Slot::Cards, Decimal::ONE, true));
        }
        if ["add", "plus"].contains(&t)
            && let Some(n) = en_number(at(i + 1))
            && (EN_CARD.contains(&at(i + 2))
                || (["more", "extra", "additional"].contains(&at(i + 2))
                    && EN_CARD.contains(&at(i + 3))))
        {
            return Some(counted(Slot::Cards, Decimal::from(n), true));
        }
        if ["less", "fewer"].contains(&t)
            && EN_CARD.contains(&at(i + 1))
            && let Some(n) = i.checked_sub(1).and_then(|k| en_number(at(k)))
        {
            return Some(counted(Slot::Cards, Decimal::from(n), false));
        }
        if ["drop", "remove", "minus"].contains(&t)
            && let Some(n) = en_number(at(i + 1))
            && EN_CARD.contains(&at(i + 2))
        {
            return Some(counted(Slot::Cards, Decimal::from(n), false));
        }
        // Lengths: a number and its unit, else the message's span.
        let timed = |k: usize| EN_TIME.contains(&at(k));
        let number_before = |k: usize| {
            (1..=2)
                .filter_map(|back| k.checked_sub(back))
                .find_map(|j| en_number(at(j)).map(|n| (j, n)))
        };
        let unit_at = (i + 1..toks.len().min(i + 4))
            .find(|k| timed(*k))
            .or_else(|| i.checked_sub(1).filter(|k| timed(*k)));
        let own = unit_at.and_then(|u| {
            let (_, n) = number_before(u)?;
            unit_secs(at(u)).map(|s| s * Decimal::from(n))
        });
        let Some(s) = own.or(span) else { continue };
        let more = (["more", "extra", "additional"].contains(&t) && timed(i + 1))
            || (t == "another" && en_number(at(i + 1)).is_some() && timed(i + 2))
            || (t == "add" && en_number(at(i + 1)).is_some() && timed(i + 2))
            || (["more", "longer"].contains(&t) && i >= 1 && timed(i - 1));
        let less = (["less", "shorter", "fewer"].contains(&t) && i >= 1 && timed(i - 1))
            || (t == "fewer" && timed(i + 1));
        if more || less {
            return Some(counted(Slot::Hours, s, more));
        }
    }
    None
}

fn counted(slot: Slot, n: Decimal, more: bool) -> Relative {
    Relative {
        slot: Some(slot),
        by: if more { By::Plus(n) } else { By::Minus(n) },
    }
}

/// The quantities of `last` a factor said of nothing could be of, in the order offered.
pub(super) fn slots_of(last: &Request) -> Vec<Slot> {
    match last {
        Request::Fit(f) if f.gpu.is_some() => vec![Slot::Cards, Slot::Context],
        Request::Fit(_) => vec![Slot::Context],
        Request::Cost(_) | Request::Compare(_) => vec![Slot::Hours, Slot::Cards],
        _ => Vec::new(),
    }
}

/// The absolute change `rel` makes to `last` in `slot`; `None` when `last` has no such slot
/// or the new value is not one a request can hold (below one card or one second, a
/// fraction of a card, more than 64 cards).
pub(super) fn change(last: &Request, slot: Slot, by: By) -> Option<Change> {
    use crate::vram::DEFAULT_CONTEXT;
    let whole = |d: Decimal, max: u64| {
        (d.fract().is_zero() && d >= Decimal::ONE)
            .then(|| u64::try_from(d).ok())
            .flatten()
            .filter(|n| *n <= max)
    };
    match slot {
        Slot::Cards => {
            let cur = match last {
                Request::Fit(f) => f.gpu.as_ref().map(|_| f.cards.unwrap_or(1))?,
                Request::Cost(j) | Request::Compare(j) => j.cards,
                Request::Tco(t) => t.gpu.as_ref().map(|_| t.cards.unwrap_or(1))?,
                Request::Subscribe(s) => s.cards.unwrap_or(1),
                Request::Stock(_) => 1,
                Request::Offers(o) => o.filter.min_cards.unwrap_or(1),
                _ => return None,
            };
            let n = whole(by.of(Decimal::from(cur)), 64)?;
            Some(Change {
                count: Some(n as u32),
                ..Change::default()
            })
        }
        Slot::Hours => {
            use crate::billing::Pattern;
            let (Request::Cost(j) | Request::Compare(j)) = last else {
                return None;
            };
            let usage = match j.job.pattern {
                Pattern::OneOff => super::request::Usage::Once(whole_secs(by.of(j.job.work))?),
                Pattern::Daily { hours, .. } => {
                    let secs = whole_secs(by.of(hours * Decimal::from(3600)))?;
                    (secs <= Decimal::from(86_400)).then_some(super::request::Usage::Daily(secs))?
                }
                Pattern::AlwaysOn { .. } => return None,
            };
            Some(Change {
                usage: Some(usage),
                ..Change::default()
            })
        }
        Slot::Context | Slot::Batch => {
            let Request::Fit(f) = last else { return None };
            let (key, default) = match slot {
                Slot::Context => ("ctx", u64::from(DEFAULT_CONTEXT)),
                _ => ("batch", 1),
            };
            let cur = f
                .options
                .iter()
                .find(|(k, _)| k == key)
                .and_then(|(_, v)| crate::lexicon::context_tokens(v))
                .unwrap_or(default);
            let n = whole(by.of(Decimal::from(cur)), 10_000_000)?;
            Some(match slot {
                Slot::Context => Change {
                    context: Some(context_word(n)),
                    ..Change::default()
                },
                _ => Change {
                    batch: Some(u32::try_from(n).ok()?),
                    ..Change::default()
                },
            })
        }
    }
}

/// Seconds of a length, at least one minute, rounded to the second.
fn whole_secs(d: Decimal) -> Option<Decimal> {
    (d >= Decimal::from(60)).then(|| d.round())
}

/// A context in the words `ctx=` reads back: `8k` for 8192, else the number.
fn context_word(n: u64) -> String {
    if n % 1024 == 0 {
        format!("{}k", n / 1024)
    } else {
        n.to_string()
    }
}
