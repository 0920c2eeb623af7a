//! Stock and alerts: a card asked to be in stock (`H100 哪家有货`), with a count or spot read
//! as offers' filters ([`super::memory_floor`]), and an alert on it (`4090 到货了提醒我`).

use super::Reading;
use super::cues;
use super::question::{Question, one};
use super::request::{self as make, Cards, Request};
use super::text::has;
use super::words::*;
use rust_decimal::Decimal;

/// "4090 到货了提醒我", "notify me when an A100 is under $1.5".
pub(super) fn alert(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !(q.has(ALERT_WORDS)
        || cues::conditional_notify(q.padded)
        || crate::lexicon::alert_slang_said(q.padded))
    {
        return None;
    }
    // `有两张以上空出来就告诉我`: at least that many cards, said apart from the card.
    let least = super::memory_floor::cards_floor(q.padded).unwrap_or(1);
    let g = &Cards {
        count: g.count.max(least),
        ..g.clone()
    };
    one(make::subscribe(
        g,
        q.e.platforms.first(),
        q.hourly_cap().as_ref(),
    ))
}

/// A `有` that asks whether a card exists: not the `有` of a quantity asked (`T4 有多少显存`,
/// `有多大显存`, `有几个G`), which asks its specs.
fn exists_asked(text: &str) -> bool {
    ["有多少", "有多大", "有几"]
        .iter()
        .fold(text.to_string(), |t, w| t.replace(w, " "))
        .contains('有')
}

/// "H100 哪家有货", "where can I get an H100 today", "有没有5090的offer 最好低于3块一小时".
pub(super) fn stock(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    // A card with a price ceiling (`有没有3090低于1块一小时的`) asks for the offers under it.
    let capped = q.hourly_cap().is_some() && q.ceiling_said();
    // `有4090吗`, `lambda有h100没`: a card asked to exist, not owned (`我有一张4090`), nor
    // people asked (`有人知道…吗`).
    let text = super::fee_asked::without_fees_asked(&cues::without_people_asked(q.padded));
    let exists = exists_asked(&text) && has(&text, EXISTS_ENDS) && !q.has(HAVE_WORDS);
    if !(has(&text, STOCK_WORDS) || capped || exists) || !q.nothing_to_size() {
        return None;
    }
    // "who has the lowest price": a price asked where a place is asked is the ranking,
    // unless availability itself is named (`最便宜的有货吗`).
    // `有spot的A100吗，便宜点跑个测试`: a cheap word giving the reason asks no ranking.
    let cheap = has(
        &super::cheap_purpose::without_cheap_purpose(&text),
        CHEAP_WORDS,
    );
    if cheap && !capped && !q.has(IN_STOCK_WORDS) {
        return None;
    }
    // `有8卡h100的机器吗`, `any 8x H100 boxes`: a machine of that many cards is an offer
    // filter (`/stock` counts no cards).
    let least = super::memory_floor::cards_floor(q.padded).unwrap_or(1);
    if g.count.max(least) > 1 {
        let g = Cards {
            count: g.count.max(least),
            ..g.clone()
        };
        return super::memory_floor::machine_offers(q, &g);
    }
    // `月租2000的4090有吗`: a sum for a rent's period (a month, a week) is no hourly ceiling,
    // and `/stock` takes no other; the bills for that period, cheapest first, answer it (the
    // sum was dropped).
    let by_period = q.price.is_some_and(|p| {
        p.per
            .is_some_and(|u| matches!(u.key(), "month" | "week" | "day"))
            || (p.per.is_none() && q.e.usage.is_some() && p.amount > Decimal::from(50))
    });
    if by_period {
        let usage = q.usage();
        let r = match q.e.platforms.as_slice() {
            [p] => make::cost(p, g, &usage),
            _ => make::compare(g, &usage),
        };
        return r.map(Reading::Command);
    }
    one(Request::Stock(make::stock_args(
        &g.gpu,
        q.e.platforms.first(),
        q.hourly_cap().as_ref(),
    )))
}

/// A card with a price ceiling, a length and its bill asked (`4090 3块以内 跑5小时 多少钱`,
/// `a100 under $1.5/hr for 8 hours, how much`): the bill for that length, cheapest first (on
/// the one platform named, its bill). Neither `/cost` nor `/compare` takes a ceiling; the
/// ceiling is never the price paid (it was billed at $1.5/h) nor the stock asked.
pub(super) fn capped_job(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let usage = q.e.usage.as_ref()?;
    if q.hourly_cap().is_none()
        || !q.ceiling_said()
        || !q.has(COST_WORDS)
        || !q.nothing_to_size()
        || q.has(ALERT_WORDS)
    {
        return None;
    }
    match q.e.platforms.as_slice() {
        [] => make::compare(g, usage).map(Reading::Command),
        [p] => make::cost(p, g, usage).map(Reading::Command),
        _ => None,
    }
}
