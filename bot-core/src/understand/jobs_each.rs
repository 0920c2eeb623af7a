//! Two things named where the question takes one, each asked back rather than one dropped:
//! two cards on one platform for a length (`4090 3090 autodl 2h`: each card's bill there, not
//! the platform's page) and two models on one card (`4090 跑 qwen2.5-72b 和 qwen2.5-32b`: each
//! fit, not the first alone).

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request};
use super::words::{ALERT_WORDS, STOCK_WORDS};

/// `4090 3090 autodl 2h`: each card's bill on the platform.
pub(super) fn cards_on_platform(q: &Question) -> Option<Reading> {
    let e = q.e;
    let [p] = e.platforms.as_slice() else {
        return None;
    };
    if e.gpus.len() < 2 || e.usage.is_none() || !q.nothing_to_size() {
        return None;
    }
    if q.has(STOCK_WORDS) || q.has(ALERT_WORDS) {
        return None;
    }
    let usage = q.usage();
    let bills: Option<Vec<Request>> = e.gpus.iter().map(|g| make::cost(p, g, &usage)).collect();
    bills.map(Reading::Ask)
}

/// A fit read on the first of two models named: each model's fit, asked back.
pub(super) fn each_model(q: &Question, r: Reading) -> Reading {
    let Reading::Command(Request::Fit(a)) = &r else {
        return r;
    };
    let models = &q.e.models;
    if models.len() < 2 || q.e.model_options.len() > 1 || models[0] == models[1] {
        return r;
    }
    if models.first() != Some(&a.model) {
        return r;
    }
    let mut seen: Vec<&String> = Vec::new();
    let asks = models
        .iter()
        .filter(|m| {
            let new = !seen.contains(m);
            seen.push(m);
            new
        })
        .map(|m| {
            let mut b = a.clone();
            b.model = m.clone();
            Request::Fit(b)
        })
        .collect();
    Reading::Ask(asks)
}
