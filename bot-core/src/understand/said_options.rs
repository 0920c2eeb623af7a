//! Fresh19's options and asks said in words the general rules dropped: a sequence length
//! (`序列长度2048` → `ctx=2k`), a trainer named (`用unsloth` → `trainer=unsloth`), a descending
//! sort (`按价格从高到低` → `sort=-price`), a year of history (`over the last year` →
//! `days=365`), live offers only (`live offers only for a6000` → `/offers … live`), prices
//! asked about lately (`这一礼拜价格咋样了` → `/trend days=7`), the list of platforms asked to
//! be sent (`平台列表发我一下`), and a resolution read as a misspelt card (`出720p视频`).

use super::Reading;
use super::question::Question;
use super::request::{self as make, Cards, Request};
use crate::availability::Sort;
use crate::catalog::Catalog;

/// Words of a descending order by price (not said of memory).
const DESC: &[&str] = &[
    "从高到低",
    "由高到低",
    "从贵到便宜",
    "从贵到低",
    "价格降序",
    "降序",
    "highest price first",
    "highest first",
    "descending",
];
/// A year of a price history.
const YEAR: &[&str] = &[
    "last year",
    "past year",
    "last 12 months",
    "past 12 months",
    "一年来",
    "近一年",
    "最近一年",
    "过去一年",
];

/// The number of tokens said after a sequence-length word (`序列长度2048`, `长度4096`, `max
/// length 2k`: `lexicon::length_said`), unless it is the number of the card read (`16k长度
/// 4090能跑吗`: the card).
fn seq_len(padded: &str, gpu: Option<&str>) -> Option<u32> {
    let n = crate::lexicon::length_said(padded)?;
    let card = gpu.is_some_and(|g| g.split('-').any(|p| p == n.to_string()));
    (!card).then_some(n)
}

fn window(tokens: u32) -> String {
    if tokens >= 1024 && tokens % 1024 == 0 {
        format!("{}k", tokens / 1024)
    } else {
        tokens.to_string()
    }
}

/// `r` with a sequence length, a trainer, a descending sort or a year of history said.
pub(super) fn with_options(catalog: &Catalog, padded: &str, r: Reading) -> Reading {
    match r {
        Reading::Command(Request::Fit(mut a)) => {
            if let Some(chat) = chat_model(catalog, padded, &a.model) {
                a.model = chat;
            }
            let said =
                |a: &crate::answer::fit::FitLine, k: &str| a.options.iter().any(|(o, _)| o == k);
            if !said(&a, "ctx")
                && let Some(n) = seq_len(padded, a.gpu.as_deref())
            {
                a.options.insert(0, ("ctx".to_string(), window(n)));
            }
            // A trainer named in the sentence (`用ms-swift`, `with axolotl`, `unsloth`):
            // `lexicon::trainer_said`, the values `/fit` takes.
            if !said(&a, "trainer")
                && a.task.is_some()
                && let Some(t) = crate::lexicon::trainer_said(padded)
            {
                a.options.push(("trainer".to_string(), t.to_string()));
            }
            // llama.cpp's expert offload said in the sentence (`lexicon::said_cpu_moe`), for an
            // inference run: the typed line's `cpu-moe` / `ncmoe=N`.
            if !said(&a, "cpu-moe")
                && !said(&a, "ncmoe")
                && a.task.is_none_or(|t| t == crate::vram::Task::Infer)
                && let Some(n) = crate::lexicon::said_cpu_moe(padded)
            {
                let v = if n == crate::vram::expert_offload::ALL_LAYERS {
                    "all".to_string()
                } else {
                    n.to_string()
                };
                a.options.push(("cpu-moe".to_string(), v));
            }
            // Gradient accumulation said in the sentence (`lexicon::said_grad_accum`), for a
            // training run: the typed line's `accum=N`.
            if !a
                .options
                .iter()
                .any(|(o, _)| crate::lexicon::is_grad_accum_key(o))
                && a.task.is_some_and(|t| t.is_training())
                && let Some(n) = crate::lexicon::said_grad_accum(padded)
            {
                a.options.push(("accum".to_string(), n.to_string()));
            }
            Reading::Command(Request::Fit(a))
        }
        Reading::Command(Request::Offers(mut o))
            if o.filter.sort == Sort::default()
                && DESC.iter().any(|w| padded.contains(w))
                && !padded.contains("显存从") =>
        {
            o.filter.sort = Sort::PriceDesc;
            Reading::Command(Request::Offers(o))
        }
        Reading::Command(Request::Trend(mut t))
            if t.days == crate::commands::trend::TrendArgs::of(&t.gpu).days
                && YEAR.iter().any(|w| padded.contains(w)) =>
        {
            t.days = 365.min(crate::answer::trend::MAX_DAYS);
            Reading::Command(Request::Trend(t))
        }
        r => r,
    }
}

/// `glm4 9b chat`: the model's chat release where the catalog lists it apart (its own context
/// length), the base model otherwise; a `1m` release is named by its own words.
fn chat_model(catalog: &Catalog, padded: &str, model: &str) -> Option<String> {
    let said = padded.contains(" chat ") || padded.contains(" chat版") || padded.contains("-chat");
    if !said || padded.contains("1m") || model.ends_with("-chat") {
        return None;
    }
    let chat = format!("{model}-chat");
    catalog
        .find_model(&chat)
        .filter(|m| m.id == chat)
        .map(|m| m.id.clone())
}

/// `live offers only for a6000`: the offers of that card with live data only.
pub(super) fn live_offers(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.nothing_to_size() || q.e.usage.is_some() || !q.has(super::offers_words::LIVE_WORDS) {
        return None;
    }
    let cards = Cards {
        count: g.count,
        gpu: g.gpu.clone(),
    };
    let mut r = make::offers(
        Some(&cards),
        q.e.platforms.first(),
        None,
        q.hourly_cap().as_ref(),
        false,
    );
    if let Request::Offers(o) = &mut r {
        o.filter.live_only = true;
    }
    Some(Reading::Command(r))
}

/// `h100 这一礼拜价格咋样了`: how a card's price went lately, its history.
pub(super) fn prices_lately(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let went = [
        "价格咋样了",
        "价格怎么样了",
        "价格如何了",
        "价钱咋样了",
        "价钱怎么样了",
    ];
    if !q.nothing_to_size() || !q.e.platforms.is_empty() || !q.has(&went) {
        return None;
    }
    Some(Reading::Command(make::trend(&g.gpu, q.days())))
}

/// `所有平台列表发我一下`, `平台列表发我`: the list of platforms, with any need said.
pub(super) fn platform_list(q: &Question) -> Option<Reading> {
    let asked = ["平台列表", "platform list", "list of platforms"];
    if !q.e.gpus.is_empty() || !q.nothing_to_size() || !q.has(&asked) {
        return None;
    }
    Some(Reading::Command(make::platforms(
        super::needs_said::needs_said(q.padded),
    )))
}

/// `I don't have a credit card, only alipay. where can i rent`: a payment method refused beside
/// one the user has, nothing else named: the platforms that take what they have.
pub(super) fn paid_with_only(q: &Question) -> Option<Reading> {
    use crate::lexicon::{NEED_PHRASES, Need};
    let e = q.e;
    if !e.gpus.is_empty() || !e.platforms.is_empty() || !q.nothing_to_size() || e.usage.is_some() {
        return None;
    }
    let needs = super::needs_said::needs_said(q.padded);
    let refused = NEED_PHRASES
        .iter()
        .any(|(w, n)| matches!(n, Need::Pay(_)) && q.padded.contains(w) && !needs.contains(n));
    let has_pay = needs.iter().any(|n| matches!(n, Need::Pay(_)));
    (refused && has_pay).then(|| Reading::Command(make::platforms(needs)))
}

/// `wan2.1 14b 出720p视频 要什么卡`: a resolution is no misspelt card; the cards asked back
/// for it are read again without the spelling fix, which keeps the resolution.
pub(super) fn resolution_no_card(catalog: &Catalog, text: &str, r: Reading) -> Reading {
    let Reading::Ask(rs) = &r else { return r };
    let all_fits = rs.iter().all(|x| matches!(x, Request::Fit(_)));
    let norm = super::normalize(text);
    let res = ["480p", "540p", "576p", "720p", "1080p"]
        .iter()
        .any(|p| norm.contains(p));
    if !(all_fits && res) {
        return r;
    }
    match super::read_normalized(catalog, norm, false).0 {
        Reading::Command(Request::Fit(f)) if f.options.iter().any(|(k, _)| k == "res") => {
            Reading::Command(Request::Fit(f))
        }
        _ => r,
    }
}
