//! Stock told as news, with a question of its own after it (`收到提醒说4090到货了，现在哪家最便宜`,
//! `got your alert that H100 is back, where is it in stock`, `提醒说有货了，runpod上的4090多少钱
//! 一小时`): the alert is one already received and the arrival has happened, so neither is a
//! request for a new alert; the question after them is what is asked. Both are taken out of the
//! text before reading. An arrival with a way to be told (`4090到货了提醒我`) stays an alert; one
//! asked about now (`4090到货了吗`) is a stock question.

use super::text::has;

/// An alert received (the bot's own, or any notice), told before the question.
const RECEIVED: &[&str] = &[
    "收到提醒说",
    "收到了提醒说",
    "收到你的提醒说",
    "收到你的提醒",
    "收到提醒",
    "收到了提醒",
    "收到通知说",
    "收到通知",
    "提醒说",
    "通知说",
    "看到提醒说",
    "got your alert that",
    "got your alert",
    "got the alert that",
    "got the alert",
    "got an alert that",
    "got an alert",
    "your alert said",
    "your alert says",
    "you notified me that",
    "you alerted me that",
    "got notified that",
    "got a notification that",
];
/// The arrival, told as having happened.
const ARRIVED: &[&str] = &[
    "到货了",
    "有货了",
    "补货了",
    "上架了",
    "is back in stock",
    "is back",
    "are back",
    "is in stock",
    "is available now",
    "is available",
    "came back",
];
/// Ways to ask to be told later (kept as an alert).
const TELL_LATER: &[&str] = &[
    "告诉我",
    "提醒我",
    "通知我",
    "叫我",
    "let me know",
    "tell me when",
    "notify me",
    "ping me",
    "alert me",
    "lmk",
    "lemme know",
    "喊我",
    "buzz me",
    "message me",
];
/// A question of its own after the news.
const ASKED: &[&str] = &[
    // ` where`, never the `where` inside `anywhere`.
    "哪家", "哪里", "哪儿", "在哪", "多少", "几块", "便宜", "价格", " where", "how much", " which",
    "cheapest", "price", "cost",
];

/// `text` with an alert already received and the arrival it told taken out, when a question of
/// its own follows and no new alert is asked.
pub(super) fn plain(text: &str) -> String {
    let text = &asked_now(text);
    let padded = format!(" {text} ");
    let received = has(&padded, RECEIVED);
    let arrived = has(&padded, ARRIVED);
    if !(received || arrived) || !has(&padded, ASKED) || (!received && has(&padded, TELL_LATER)) {
        return text.to_string();
    }
    // `kindly tell where a100 is available`: an arrival after the question word is what the
    // question asks, not news told before it; news is a question after the arrival.
    if !received && !asked_after_arrival(&padded) {
        return text.to_string();
    }
    let mut out = text.to_string();
    for w in RECEIVED.iter().chain(ARRIVED) {
        if let Some(at) = out.find(w) {
            out.replace_range(at..at + w.len(), " ");
        }
    }
    out
}

/// Whether a question word comes after an arrival said (`h100 is back, where is it cheapest`).
fn asked_after_arrival(padded: &str) -> bool {
    ARRIVED.iter().any(|a| {
        padded
            .match_indices(a)
            .any(|(at, _)| has(&padded[at + a.len()..], ASKED))
    })
}

/// `4090到货了吗`, `h100补货了没`: an arrival asked about now is a stock question (`有货吗`),
/// unless a way to be told is said too (`到了通知我`).
fn asked_now(text: &str) -> String {
    if has(&format!(" {text} "), TELL_LATER) {
        return text.to_string();
    }
    let mut out = text.to_string();
    for arrived in ["到货了", "有货了", "补货了", "上架了"] {
        for particle in ["吗", "没有", "没", "么", "嘛", "未"] {
            out = out.replace(&format!("{arrived}{particle}"), "有货吗");
        }
    }
    out
}
