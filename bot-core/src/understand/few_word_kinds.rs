//! Kinds of ask said in few words (`h100
//! rn?`, `4090 多少`, `H100の価格`, `… offers`, a payment method `anywhere`), a period said in
//! words as a price history's window (`this year`, `今年以来`, `since january`), a sum with no
//! currency asked per hour (`一万五一个月`, `1.5k a month`), and what a reading is completed
//! with: a trailing `notify` as an alert, a region beside a price ask as `/offers region=`, and
//! a question whether real-name is needed kept out of the filters.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Money, Request};
use super::words::{ALERT_WORDS, SPECS_WORDS};
use crate::billing::PriceUnit;
use crate::catalog::Catalog;
use crate::lexicon::Need;
use crate::units::TimeUnit;
use rust_decimal::Decimal;

/// A period said in words: a year's window (what `/trend` shows of this year so far).
const YEAR: &[&str] = &[
    "this year",
    "year to date",
    "ytd",
    "since january",
    "since jan ",
    "since the start of the year",
    "since new year",
    "今年",
    "年初以来",
    "年初到现在",
    "开年以来",
];
/// A quarter said in words (`this quarter`, `本季度`): its window, 90 days.
const QUARTER: &[&str] = &[
    "this quarter",
    "last quarter",
    "past quarter",
    "the quarter",
    "本季度",
    "这个季度",
    "这季度",
    "上个季度",
    "上季度",
    "一个季度",
];

/// The window in days of a calendar period said in words (a year, a quarter), if any.
fn period_days(q: &Question) -> Option<u32> {
    if q.has(YEAR) {
        Some(365)
    } else {
        q.has(QUARTER).then_some(90)
    }
}
/// Words of a price's movement.
const MOVED: &[&str] = &[
    "price", "prices", "moved", "trend", "价格", "价钱", "走势", "行情", "涨", "跌", "降",
];

/// `a100 prices since january?`, `4090今年以来价格走势`: the card's price history over a year.
pub(super) fn year_trend(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let days = period_days(q)?;
    if !q.has(MOVED) || !q.nothing_to_size() || q.e.usage.is_some() {
        return None;
    }
    if q.has(&["多少钱", "how much", "cheapest", "最便宜", "哪家"]) {
        return None;
    }
    one(make::trend(&g.gpu, Some(days)))
}

/// A price history asked with a year or a quarter said: its window, not the default 30 days.
pub(super) fn year_window(q: &Question, r: Reading) -> Reading {
    let days = period_days(q);
    match r {
        Reading::Command(Request::Trend(mut t))
            if days.is_some()
                && q.e.usage.is_none()
                && t.days == crate::answer::trend::DEFAULT_DAYS =>
        {
            t.days = days.unwrap_or(t.days);
            Reading::Command(Request::Trend(t))
        }
        r => r,
    }
}

/// Words that ask only whether a card is to be had now.
const NOW: &[&str] = &[
    " right now ",
    "anywhere",
    " asap",
    "available now",
    "现在有吗",
    // und-t: a card and the moment alone (`h100 today?`, `4090 on vast now?`, `4090 目前`).
    " now ",
    " today ",
    " at the moment",
    " atm ",
    "现在",
    "目前",
    "今天",
    "当前",
];

/// Whether a card's question asks nothing but the card itself: no model or length, no price,
/// spec, fit, history or alert word (`h100 rn?`, `h100 where`, `四卡a100`).
pub(super) fn card_alone_asked(q: &Question) -> bool {
    q.nothing_to_size()
        && q.e.usage.is_none()
        && !q.has(SPECS_WORDS)
        && !q.has(ALERT_WORDS)
        // `lmk when a 4090 is in stock anywhere`: a way to be told and its condition, an alert.
        && !super::alert_cues::told_on_condition(q.padded)
        && !q.has(&[
            "price", "cost", "cheap", "how much", "多少", "便宜", "pay", "付", "spec", "vram",
            "enough", "够", " run", "跑", " fit", " vs ", " or ", "还是", "train", "微调", "价",
            "钱", "涨", "跌", "走势", "trend", "history", "rent for", "bill", "worth", "值",
        ])
}

/// `h100 rn?`, `h200 anywhere?? need it asap`: a card asked for now, nothing else asked.
pub(super) fn now_anywhere(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let plain_ask = q.price.is_none() && g.count == 1 && card_alone_asked(q);
    (plain_ask && q.has(NOW)).then(|| {
        Reading::Command(Request::Stock(make::stock_args(
            &g.gpu,
            q.e.platforms.first(),
            None,
        )))
    })
}

/// What is left of a bare price fragment once the names are taken out (`4090 多少`).
const BARE_PRICE: &[&str] = &[
    "多少",
    "多少啊",
    "多少呀",
    "多少呢",
    "多少啦",
    "多少?",
    "几钱",
    "几多钱",
    "几多",
    "咩价",
];
/// A price asked in Japanese.
const JA_PRICE: &[&str] = &[
    "価格",
    "料金",
    "値段",
    "いくら",
    "レンタル代",
    "费用は",
    "価格は",
];

/// `4090 多少`, `H100のレンタル価格は？`: the card's price (at its platform when one is named).
pub(super) fn bare_price(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.nothing_to_size() || q.e.platforms.len() > 1 {
        return None;
    }
    let rest: String = q
        .padded
        .chars()
        .filter(|c| !(c.is_ascii_alphanumeric() || c.is_whitespace() || *c == '-'))
        .collect();
    // `h100 8卡 多少`: the count's counter is part of the names.
    let rest: String = match g.count {
        1 => rest,
        _ => rest.chars().filter(|c| !matches!(c, '卡' | '张')).collect(),
    };
    let asked = BARE_PRICE.contains(&rest.as_str()) || q.has(JA_PRICE);
    if !asked {
        return None;
    }
    let usage = q.usage();
    let r = match q.e.platforms.first() {
        Some(p) => make::cost(p, g, &usage),
        None => make::compare(g, &usage),
    };
    r.map(Reading::Command)
}

/// `list a100 offers`, `show me all h100 offers sorted by price`: the card's offers (the
/// noun right after the card; `who offers the cheapest 4090` is a verb).
pub(super) fn offers_listed(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    // A cap or a kind of capacity is read by the stock and offers rules already.
    let other = q.price.is_some() || q.has(&["on-demand", "on demand", "spot", "按需"]);
    if other || !q.nothing_to_size() || q.e.usage.is_some() || q.e.platforms.len() > 1 {
        return None;
    }
    let words: Vec<&str> = q.padded.split_whitespace().collect();
    let after_card = words.windows(2).any(|w| {
        matches!(w[1], "offers" | "listings")
            && q.catalog.find_gpu(w[0]).is_some_and(|c| c.id == g.gpu)
    });
    after_card.then(|| {
        Reading::Command(make::offers(
            Some(g),
            q.e.platforms.first(),
            None,
            None,
            false,
        ))
    })
}

/// Platforms named as a kind (with no card named).
const PLATFORM_NOUNS: &[&str] = &["platforms", "providers", "clouds", "gpu hosts", "vendors"];
/// Words that ask for all of a kind, or the ones the bot knows.
const LISTED: &[&str] = &[
    "all the ",
    "all ",
    "every ",
    "list ",
    "you know",
    "you support",
    "you cover",
    "you track",
];

/// `can i pay with crypto anywhere`: the platforms that take it; `list all the gpu
/// platforms you know`: every platform.
pub(super) fn platforms_asked(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty() || !q.e.platforms.is_empty() || !q.nothing_to_size() {
        return None;
    }
    let needs = super::needs_said::needs_said(q.padded);
    let pays = needs.iter().any(|n| matches!(n, Need::Pay(_)));
    if pays && q.has(&["pay with", "pay by", "anywhere", "accept"]) {
        return one(make::platforms(needs));
    }
    (q.has(PLATFORM_NOUNS) && q.has(LISTED) && needs.is_empty())
        .then(|| Reading::Command(make::platforms(Vec::new())))
}

/// `一万五一个月 相当于每小时多少钱`, `1.5k a month, hourly?`: a sum with no currency over a
/// period, asked per hour: converted, in yuan when asked in Chinese (a Chinese sum with no
/// unit is yuan), else bare.
pub(super) fn sum_per_hour(q: &Question) -> Option<Reading> {
    if q.price.is_some() || !q.nothing_to_size() {
        return None;
    }
    let hourly = q.has(&[
        "每小时",
        "一小时",
        "1小时",
        "per hour",
        "hourly",
        "an hour",
        "/h",
    ]);
    // The period's words are the lexicon's (this list had lacked `每个月`, `一个月`, `every month`,
    // `每星期`, `/week`).
    use crate::lexicon::{Period, period_words};
    let (per, _) = [
        (TimeUnit::Month, Period::Month),
        (TimeUnit::Week, Period::Week),
    ]
    .into_iter()
    .find(|(_, p)| q.has(&period_words(*p).collect::<Vec<_>>()))?;
    if !hourly {
        return None;
    }
    let amount = first_amount(q)?;
    let chinese = q.padded.chars().any(crate::lexicon::is_han);
    let price = Money {
        amount,
        currency: chinese.then(|| "CNY".to_string()),
        per: Some(PriceUnit::Time(per)),
    };
    one(make::convert(&price, PriceUnit::Time(TimeUnit::Hour), None))
}

/// `一万五 租4090能用多久`: a sum with no currency asked how long it lasts on a card is a
/// budget: the card's hourly prices, ranked, to read how far it goes.
pub(super) fn sum_lasts(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let lasts = q.has(&[
        "能用多久",
        "用多久",
        "能租多久",
        "能租几",
        "能用几",
        "how long",
        "how many hours",
    ]);
    if !lasts || q.price.is_some() || !q.nothing_to_size() || q.e.usage.is_some() {
        return None;
    }
    first_amount(q)?;
    make::compare(g, &super::request::Usage::Once(Decimal::from(3600))).map(Reading::Command)
}

/// The first amount of at least 10 written in digits (`15000`, `1.5k`, `2,500`), not a count
/// of its period (`1个月`).
fn first_amount(q: &Question) -> Option<Decimal> {
    for w in q.padded.split(|c: char| c.is_whitespace() || c == ',') {
        // A card's number (`4090`) is no sum.
        if q.catalog.find_gpu(w).is_some() {
            continue;
        }
        // The digits may follow a word glued before them (`每月2000`, `月租12000`).
        let Some(at) = w.find(|c: char| c.is_ascii_digit()) else {
            continue;
        };
        if w[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '.') {
            continue;
        }
        let w = &w[at..];
        let digits = w
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(w.len());
        let Ok(n) = w[..digits].parse::<Decimal>() else {
            continue;
        };
        let rest = &w[digits..];
        // Only a bare sum or thousands (`1.5k`): `200小时`, `1个月`, `8卡` count something else.
        let n = match rest {
            "" => n,
            "k" => n * Decimal::from(1000),
            _ => continue,
        };
        if n >= Decimal::from(10) {
            return Some(n.normalize());
        }
    }
    None
}

/// `vast 4090 under 30 cents, notify`: a stock ask ending in a word to tell is an alert.
pub(super) fn notify_said(q: &Question, r: Reading) -> Reading {
    // `notify` with nothing after it but a courtesy (`notify pls`, `notify me thx`).
    let told = q
        .padded
        .split_once("notify")
        .is_some_and(|(before, after)| {
            (before.is_empty() || before.ends_with([' ', ','])) && {
                after
                    .split_whitespace()
                    .all(|w| ["me", "pls", "plz", "please", "thx", "thanks", "us"].contains(&w))
            }
        });
    match r {
        Reading::Command(Request::Stock(s)) if told => {
            let cards = make::Cards {
                gpu: s.gpu.clone(),
                count: 1,
            };
            Reading::Command(make::subscribe(&cards, s.platform.as_ref(), s.max.as_ref()))
        }
        r => r,
    }
}

/// Words that ask where a card is to be had.
const HAD_THERE: &[&str] = &[
    "哪里有",
    "哪有",
    "有没有",
    "有吗",
    "有货",
    "where can i",
    "where to get",
    "available",
    "anywhere",
];

/// `美国有没有便宜的a6000`, `海外的4090哪里有 便宜的`: a region said beside a price asked
/// with no length is the region's offers (cheapest first); `/compare` carries no region.
pub(super) fn region_priced(q: &Question, r: Reading) -> Reading {
    let Some(region) = super::offers_said::region_said(q.padded) else {
        return r;
    };
    // China and overseas are the catalog's own platforms, which a ranking carries: only a
    // card asked to be had there (`海外的4090哪里有`) is their offers.
    let carried = matches!(region, "cn" | "global") && !q.has(HAD_THERE);
    match r {
        Reading::Command(Request::Compare(c))
            if !carried
                && q.e.usage.is_none()
                && c.needs.iter().all(|n| matches!(n, Need::Region(_))) =>
        {
            let Some(g) = q.e.gpus.first() else {
                return Reading::Command(Request::Compare(c));
            };
            let mut o = make::offers(Some(g), None, None, q.hourly_cap().as_ref(), false);
            if let Request::Offers(a) = &mut o {
                a.filter.region = Some(region.to_string());
            }
            Reading::Command(o)
        }
        r => r,
    }
}

/// `美国 4090 租3小时多少钱`: a region said beside a bill or a ranking of a length, which
/// `/compare` and `/cost` cannot carry (they rank platforms, whatever their offers' region):
/// that region's offers of the card, to offer beside the answer. China and overseas are
/// carried (the platforms the catalog places there), so nothing is offered for them.
pub fn region_not_carried(catalog: &Catalog, text: &str, reading: &Reading) -> Option<Request> {
    let Reading::Command(Request::Compare(job) | Request::Cost(job)) = reading else {
        return None;
    };
    let padded = format!(
        " {} ",
        super::spoken_forms::plain(catalog, &super::normalize(text))
    );
    let region =
        super::offers_said::region_said(&padded).filter(|r| !matches!(*r, "cn" | "global"))?;
    let gpu = job.names.iter().find_map(|n| catalog.find_gpu(n))?;
    let cards = make::Cards {
        gpu: gpu.id.clone(),
        count: job.cards,
    };
    let mut offers = make::offers(Some(&cards), None, None, None, false);
    if let Request::Offers(o) = &mut offers {
        o.filter.region = Some(region.to_string());
    }
    Some(offers)
}

/// Words that ask whether real-name is needed (a question, not a need).
const ASKED_WHETHER: &[&str] = &[
    "需不需要实名",
    "要不要实名",
    "用不用实名",
    "要实名吗",
    "需要实名吗",
    "要实名认证吗",
    "需要实名认证吗",
    "实名吗",
    "实名认证吗",
    "是否需要实名",
    "是否要实名",
    "need real-name?",
    "need real name?",
    "need real-name ",
    "need real name ",
    "require real-name",
    "require real name",
    "real-name required",
    "real name required",
    "real-name needed",
    "real name needed",
];

/// `4090租两天哪家便宜 需不需要实名认证`: whether real-name is needed is asked, no filter.
pub(super) fn real_name_asked(q: &Question, r: Reading) -> Reading {
    let asked = q.has(ASKED_WHETHER) && !q.has(&["不用实名的", "免实名的", "without real"]);
    match r {
        Reading::Command(Request::Compare(mut c)) if asked => {
            c.needs.retain(|n| *n != Need::NoRealName);
            Reading::Command(Request::Compare(c))
        }
        Reading::Command(Request::Cost(mut c)) if asked => {
            c.needs.retain(|n| *n != Need::NoRealName);
            Reading::Command(Request::Cost(c))
        }
        r => r,
    }
}
