//! An alert said as a condition and a way to be told, in any words of either class: `3090一有货
//! 就发消息给我`, `有两张4090的机器的时候通知我`, `buzz me the moment an h100 frees up`; and the
//! chat's alerts asked to be listed (`我之前设的到货提醒都有啥`). The tell verb or the condition
//! was missing from the phrase lists, and the sentence was read as stock, as offers, or not at
//! all.

use super::Reading;
use super::ceiling_told::{ASKS_NOW, ceiling_then_told};
use super::question::{Question, one};
use super::request::{self as make, Cards, Request};
use super::words::{ARRIVALS, FALLS_TO, TELL};

/// A condition said before its event (`一有货`, `如果…降到`, `when … available`).
const WHEN_BEFORE: &[&str] = &[
    "一有",
    "一到",
    "一降",
    "一旦",
    "如果",
    "要是",
    "等到",
    "when ",
    "once ",
    "as soon as",
    "if ",
    "whenever",
    "the moment",
    "the minute",
];
/// A condition said after its event (`有货就`, `机器的时候`, `有空闲了`).
/// `时` alone (`back in stock 时告诉我`) is the condition's when, never the end of `小时`.
const WHEN_AFTER: &[&str] = &["的时候", "时候", "就", "了", "的话", "时"];
/// Events `的话` makes a condition of: stock arriving (`有货的话 tell me`); a price (`便宜的话告诉我
/// 哪家`) asks now which one.
const STOCK_EVENTS: &[&str] = &[
    "有货",
    // Stock said as a noun (`一有库存就…`, `有现货了`): the same arrival as `有货`.
    "有库存",
    "有存货",
    "有现货",
    "到货",
    "补货",
    "来货",
    "有卡",
    "有空",
    "available",
    "in stock",
];
/// Stock or a price that the condition waits for.
const EVENT: &[&str] = &[
    "有货",
    "有库存",
    "有存货",
    "有现货",
    "到货",
    "补货",
    "来货",
    "上货",
    "上架",
    "有空",
    "空出来",
    // `有空闲了`, `空闲的时候`: a card free (idle) again, as `有空` and `frees up`.
    "空闲",
    "空卡",
    "有卡",
    "机器",
    "降",
    "低于",
    "便宜",
    "available",
    "in stock",
    // Stock had (`when a6000 have stock`, `once h200 stock is back`, `has stocks`): the word
    // itself, whatever verb a non-native sentence carries it with; a condition word must still
    // stand before it.
    "stock",
    "frees up",
    "free",
    "back",
    "drops",
    "falls",
    "under ",
    "below",
    "cheaper",
    "shows up",
    "show up",
    "turn up",
    "pop up",
    "appears",
    "listed",
];
/// Alert nouns and asks to list them.
const ALERTS: &[&str] = &[
    "提醒",
    "订阅",
    "通知",
    "alerts",
    "subscriptions",
    "notifications",
    "watches",
];
const LISTED: &[&str] = &[
    "都有啥",
    "有啥",
    "都有哪",
    "都有什么",
    "有几个",
    "设的",
    "设过",
    "设了",
    "定的",
    "开着的",
    "还在",
    "did i set",
    "have i set",
    "i set",
    "i've set",
    "i have set",
    "are set",
    "are active",
    "active",
    "still on",
    "pending",
];
/// Words that end alerts (a list asked with them is another rule's).
const STOPS: &[&str] = &[
    "取消", "删", "关掉", "关了", "stop", "cancel", "remove", "delete",
];

/// Whether a condition is said on the event itself: `when`/`一`/`如果` a few words before
/// it, or `的时候`/`就` a few characters after it (`please tell me, is there … in stock …
/// if possible` sets no condition on the stock).
fn conditional(padded: &str) -> bool {
    let events = EVENT.iter().chain(ARRIVALS).chain(FALLS_TO);
    events.into_iter().any(|ev| {
        padded.match_indices(ev).any(|(at, _)| {
            let end = at + ev.len();
            let before = WHEN_BEFORE.iter().any(|w| {
                let reach = if w.is_ascii() { 40 } else { 24 };
                padded
                    .match_indices(w)
                    .any(|(wat, _)| wat <= at && at - wat <= reach)
            });
            // `了` only right after the event (`有货了`, `available 了`); the others a few
            // characters on.
            let after = WHEN_AFTER.iter().any(|w| {
                padded[end..].match_indices(w).any(|(d, _)| match *w {
                    "了" => padded[end..end + d].trim().is_empty(),
                    "的话" => d <= 30 && (STOCK_EVENTS.contains(ev) || ARRIVALS.contains(ev)),
                    "时" => d <= 30 && !padded[..end + d].ends_with('小'),
                    _ => d <= 30,
                })
            });
            before || after
        })
    }) || card_came(padded)
        || card_when_told(padded)
        || ceiling_then_told(padded)
        || arrived_then_told(padded)
        || stock_then_told(padded)
        || machine_came_then_told(padded)
        || cheap_then_told(padded)
}

/// `有便宜的通知我`, `a100 有便宜的 告诉我`: a cheap one turning up, then at once a way to be told:
/// the price is the condition the alert waits for, never a look at the stock now.
fn cheap_then_told(padded: &str) -> bool {
    ["有便宜", "有实惠", "有更便宜"].iter().any(|c| {
        padded.match_indices(c).any(|(at, _)| {
            let rest = &padded[at + c.len()..];
            TELL.iter()
                .filter_map(|t| rest.find(t))
                .any(|k| rest[..k].chars().count() <= 6)
        })
    })
}

/// `有两张4090的machine了告诉我`, `有8卡h100的box了叫我`: 有, a machine of counted cards (the
/// lexicon's machine noun, a card's digits), 了, then at once a way to be told: the machine
/// arriving is the condition, so the alert wins over the multi-card search it also names.
fn machine_came_then_told(padded: &str) -> bool {
    padded.match_indices('有').any(|(at, _)| {
        let rest = &padded[at + '有'.len_utf8()..];
        rest.find('了').is_some_and(|k| {
            let said = &rest[..k];
            let after = rest[k + '了'.len_utf8()..].trim_start();
            !said.starts_with('没')
                && said.chars().count() <= 30
                && !said.contains(['，', ',', '?', '？', '。'])
                && said.bytes().any(|b| b.is_ascii_digit())
                && crate::lexicon::machine_said(&format!(" {said} "))
                && TELL.iter().any(|t| after.starts_with(t))
        })
    })
}

/// `mi300x 有货 tell me`, `h100 available let me know`: stock said, then at once a way to be
/// told and nothing asked after it: the arrival is the condition (`有货吗，告诉我` asks now).
fn stock_then_told(padded: &str) -> bool {
    STOCK_EVENTS.iter().any(|ev| {
        padded.match_indices(ev).any(|(at, _)| {
            // An arrow or a dash between (`back in stock → tell me`) joins them as a comma does.
            let rest =
                padded[at + ev.len()..].trim_start_matches([' ', '→', '⇒', '-', '>', '=', ':']);
            TELL.iter().any(|t| {
                rest.strip_prefix(t)
                    .is_some_and(|after| !ASKS_NOW.iter().any(|w| after.contains(w)))
            })
        })
    })
}

/// An arrival said with `了` (`有了`, `到了`, `来了`): the change itself is the condition when a
/// way to be told follows it at once (`机器有了告诉我`, `h800 到了通知`).
const ARRIVED: &[&str] = &["有了", "到了", "来了"];

/// `3090两卡机器有了告诉我`: an arrival, then a way to be told within a few characters.
fn arrived_then_told(padded: &str) -> bool {
    ARRIVED.iter().any(|a| {
        padded.match_indices(a).any(|(at, _)| {
            let rest = padded[at + a.len()..].trim_start();
            TELL.iter().any(|t| rest.starts_with(t))
        })
    })
}

/// `有H200了`, `有 4090 了`, `有便宜的3090了`: 有, a card's name in Latin letters and digits
/// (an adjective with its `的` before it), then 了 — the card arriving, said with the card
/// inside the event.
fn card_came(padded: &str) -> bool {
    padded.match_indices('有').any(|(at, _)| {
        let rest = &padded[at + '有'.len_utf8()..];
        rest.find('了').is_some_and(|k| {
            let said = rest[..k].trim();
            // `便宜的`, `便宜点的`, `空闲的`: a few characters of what the card is like.
            let name = said
                .split_once('的')
                .filter(|(how, _)| (1..=4).contains(&how.chars().count()))
                .map_or(said, |(_, n)| n.trim());
            (2..=14).contains(&name.len())
                && name.bytes().any(|b| b.is_ascii_digit())
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b' ' || b == b'-')
        })
    })
}

/// `autodl有A100的时候告诉我`, `有h100时通知我`: 有 and a card's name (as [`card_came`] reads it),
/// then the condition's when (`的时候`, `时候`, `时`) and at once a way to be told: the card
/// there is the condition. It had been read as a one-hour bill of that card.
fn card_when_told(padded: &str) -> bool {
    padded.match_indices('有').any(|(at, _)| {
        let rest = &padded[at + '有'.len_utf8()..];
        ["的时候", "时候", "时"].iter().any(|w| {
            rest.find(w).is_some_and(|k| {
                let name = rest[..k].trim();
                let after = rest[k + w.len()..].trim_start();
                (2..=14).contains(&name.len())
                    && name.bytes().any(|b| b.is_ascii_digit())
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b' ' || b == b'-')
                    && TELL.iter().any(|t| after.starts_with(t))
            })
        })
    })
}

/// A way to be told and a condition on stock or a price (`一有货就发消息给我`): an alert
/// asked, which `/pick` answers as a question, never as its step's answer.
pub(super) fn told_on_condition(padded: &str) -> bool {
    super::text::has(padded, TELL) && conditional(padded)
}

/// `3090一有货就发消息给我`: an alert on the one card named, its count the least it waits for.
pub(super) fn alert_said(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !told_on_condition(q.padded) || q.has(STOPS) || !q.nothing_to_size() {
        return None;
    }
    // `is there one in stock right now, tell me if under $1`: asked now (`asked_now`).
    if super::asked_now::asked_now(q).is_some() {
        return None;
    }
    let least = super::memory_floor::cards_floor(q.padded).unwrap_or(1);
    let g = Cards {
        count: g.count.max(least),
        gpu: g.gpu.clone(),
    };
    one(make::subscribe(
        &g,
        q.e.platforms.first(),
        q.hourly_cap().as_ref(),
    ))
}

/// `我之前设的到货提醒都有啥`, `which alerts did i set`: the chat's alerts.
pub(super) fn alerts_listed(q: &Question) -> Option<Reading> {
    let asked = q.e.gpus.is_empty() && q.has(ALERTS) && q.has(LISTED) && !q.has(STOPS);
    asked.then_some(Reading::Command(Request::Subs))
}
