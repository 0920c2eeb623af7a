//! Asks said in a few words the cue lists missed: `4090 stock?`, `h100 stok`, `stock of
//! mi300x?` (stock, not the card's page); `any b200 on lambda today` (stock there, not an
//! hour's bill); `watch b200 for me` (an alert); `unsub all`; `usd pls` (the chat's
//! currency); `你认识哪些模型` (the model list); `有哪些租卡平台`, `no credit card, only alipay,
//! which site` (the platform list, filtered); `has the 5090 gotten cheaper over the last
//! month` (its price history, not an hour's ranking). Each was read as another command or
//! not at all.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::words::{ALERT_WORDS, CHEAP_WORDS, COST_WORDS, TREND_WORDS};
use crate::answer::alerts::Unsubscribe;

/// The text's words: letters and digits, apart.
fn words(padded: &str) -> Vec<&str> {
    padded
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-' || c == '.'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Any of these, each a whole word of the text.
fn said(padded: &str, these: &[&str]) -> bool {
    words(padded).iter().any(|w| these.contains(w))
}

pub(super) fn few_words(q: &Question) -> Option<Reading> {
    stock_word(q)
        .or_else(|| any_on(q))
        .or_else(|| watch(q))
        .or_else(|| unsub(q))
        .or_else(|| currency_alone(q))
        .or_else(|| models_known(q))
        .or_else(|| platforms_listed(q))
        .or_else(|| cheaper_since(q))
        .or_else(|| when_in_stock(q))
}

/// `3090 一天里什么时候最容易有货`, `when does the h100 usually come back`: the rhythm of its
/// stock, which the price history shows, not whether it is in stock now.
fn when_in_stock(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let when = q.has(&["什么时候", "几点", "哪个时段", "when does", "what time"]);
    let stock = q.has(&[
        "有货",
        "容易租到",
        "in stock",
        "available",
        "come back",
        "free up",
    ]);
    let alert = q.has(ALERT_WORDS) || super::cues::conditional_notify(q.padded);
    (when && stock && !alert && q.nothing_to_size())
        // `一天里什么时候`: the time of day, no window of one day.
        .then(|| Reading::Command(make::trend(&g.gpu, None)))
}

/// Whether a price or a bill is asked (then the card's stock word is a side remark).
fn priced(q: &Question) -> bool {
    q.has(COST_WORDS) || q.has(CHEAP_WORDS)
}

/// `4090 stock?`, `h100 stok`, `stock of mi300x?`.
fn stock_word(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !said(q.padded, &["stock", "stok", "stocks", "stck"])
        || !q.nothing_to_size()
        || q.has(ALERT_WORDS)
        || q.has(TREND_WORDS)
        || priced(q)
        || q.e.usage.is_some()
        || g.count > 1
    {
        return None;
    }
    one(Request::Stock(make::stock_args(
        &g.gpu,
        q.e.platforms.first(),
        q.hourly_cap().as_ref(),
    )))
}

/// `any b200 on lambda today`: a card asked to exist there now.
fn any_on(q: &Question) -> Option<Reading> {
    let ([g], [p]) = (q.e.gpus.as_slice(), q.e.platforms.as_slice()) else {
        return None;
    };
    // `is there 5090 on run pod now`: the card asked to be there, as `any` asks it.
    let start = q.padded.trim_start();
    let there = ["is there ", "are there ", "is there's ", "r there "]
        .iter()
        .any(|w| start.starts_with(w));
    let asked = start.starts_with("any ") || q.has(&[" any "]) || there;
    if !asked || !q.nothing_to_size() || priced(q) || q.e.usage.is_some() || g.count > 1 {
        return None;
    }
    one(Request::Stock(make::stock_args(
        &g.gpu,
        Some(p),
        q.hourly_cap().as_ref(),
    )))
}

/// `watch b200 for me`, `keep an eye on h100s`.
fn watch(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked = said(q.padded, &["watch"]) || q.has(&["keep an eye on", "keep watch on"]);
    (asked && q.nothing_to_size()).then(|| {
        Reading::Command(make::subscribe(
            g,
            q.e.platforms.first(),
            q.hourly_cap().as_ref(),
        ))
    })
}

/// `unsub all`, `unsub 2`, `unsub`.
fn unsub(q: &Question) -> Option<Reading> {
    if !said(
        q.padded,
        &["unsub", "unsubscribe", "unsubcribe", "unsubscibe"],
    ) || !q.e.gpus.is_empty()
    {
        return None;
    }
    if said(q.padded, &["all", "everything", "全部", "所有"]) {
        return one(Request::Unsubscribe(Unsubscribe::All));
    }
    // The number as a stop in longer words reads it (`#2`, `第3个`).
    let n = super::intent::alert_number(q.padded);
    one(n.map_or(Request::Subs, |n| Request::Unsubscribe(Unsubscribe::One(n))))
}

/// `usd pls`, `人民币吧`, `in yuan please`: a currency and nothing else said.
fn currency_alone(q: &Question) -> Option<Reading> {
    const USD: &[&str] = &["usd", "dollars", "dollar", "美元", "美金"];
    const CNY: &[&str] = &["cny", "rmb", "yuan", "人民币", "元"];
    const FILLER: &[&str] = &[
        "pls", "plz", "please", "in", "thanks", "thx", "ty", "use", "show", "prices", "price",
        "用", "吧", "换", "显示", "请", "谢谢",
    ];
    if super::lists::names_a_job(q) {
        return None;
    }
    let ws = words(q.padded);
    let (mut usd, mut cny) = (false, false);
    for w in &ws {
        // A Chinese run: its parts (`人民币吧`).
        let mut rest: &str = w;
        'run: while !rest.is_empty() {
            for (list, hit) in [(USD, &mut usd), (CNY, &mut cny)] {
                if let Some(p) = list.iter().find(|c| rest.starts_with(*c)) {
                    *hit = true;
                    rest = &rest[p.len()..];
                    continue 'run;
                }
            }
            match FILLER.iter().find(|f| rest.starts_with(*f)) {
                Some(f) => rest = &rest[f.len()..],
                None => return None,
            }
        }
    }
    let code = match (usd, cny) {
        (true, false) => "USD",
        (false, true) => "CNY",
        _ => return None,
    };
    one(Request::Currency(Some(code.to_string())))
}

/// `你认识哪些模型`, `which models do you recognize`.
fn models_known(q: &Question) -> Option<Reading> {
    let known = q.has(&[
        "认识",
        "认得",
        "识别",
        "懂哪些",
        "会哪些",
        "recognize",
        "recognise",
        "know about",
    ]);
    let models = q.has(&["模型", "models", "llms"]);
    (known && models && !super::lists::names_a_job(q)).then_some(Reading::Command(Request::Models))
}

/// `有哪些租卡平台`, `no credit card, only alipay, which site`: the platforms, filtered by the
/// needs said.
fn platforms_listed(q: &Question) -> Option<Reading> {
    // A price asked (`哪些平台便宜`) or advice (`推荐`) is no bare list.
    if super::lists::names_a_job(q)
        || priced(q)
        || q.has(&["推荐", "适合", "靠谱", "recommend", "best "])
    {
        return None;
    }
    let need = crate::lexicon::need_said(q.padded);
    let site = said(q.padded, &["site", "sites", "website", "websites"]) || q.has(&["网站"]);
    if list_asked(q.padded) && !need {
        return one(make::platforms(Vec::new()));
    }
    (site && need)
        .then(|| Reading::Command(make::platforms(super::needs_said::needs_said(q.padded))))
}

/// Whether the platforms are asked for as a list: `哪些` before `平台` or `网站` (a site is a
/// platform too: `租显卡的网站有哪些`), or the sites asked for by a list word (`list the gpu
/// rental sites you know`, `what gpu rental websites are there`), not which one to use.
pub(super) fn list_asked(padded: &str) -> bool {
    let nouns = ["平台", "网站"];
    let which_platforms = ["有哪些", "哪些", "所有"].iter().any(|w| {
        padded.match_indices(w).any(|(at, _)| {
            let rest = &padded[at + w.len()..];
            rest.char_indices()
                .take(8)
                .any(|(k, _)| nouns.iter().any(|n| rest[k..].starts_with(n)))
        })
    }) || super::lists_more::noun_then_which(padded, &nouns);
    let sites = said(padded, &["site", "sites", "website", "websites"]) || padded.contains("网站");
    let sites_listed = sites
        && said(
            padded,
            &[
                "list", "what", "which", "all", "every", "there", "know", "cover",
            ],
        )
        && !said(padded, &["should", "best", "cheapest", "recommend"]);
    which_platforms || sites_listed
}

/// `has the 5090 gotten cheaper over the last month`: the card's price over time.
fn cheaper_since(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let changed = q.has(&[
        "gotten cheaper",
        "got cheaper",
        "become cheaper",
        "became cheaper",
        "gotten more expensive",
        "got more expensive",
        "gone up",
        "gone down",
        "come down",
        "went up",
        "went down",
        "price moved",
        "prices moved",
        "price been doing",
    ]);
    // `h100 prices went up again, where is it cheapest now`: the news, then the ranking asked.
    if super::cues::ranking_after_news(q.padded) && q.has(CHEAP_WORDS) {
        return None;
    }
    // `did the 4090 get cheaper this week`: a change asked of the past.
    let asked_past = q.has(&["get cheaper", "get more expensive", "get pricier"])
        && ["did ", "has ", "have "]
            .iter()
            .any(|w| q.padded.trim_start().starts_with(w));
    ((changed || asked_past) && q.nothing_to_size() && q.e.platforms.is_empty())
        .then(|| Reading::Command(make::trend(&g.gpu, q.days())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_words_only() {
        assert!(said(" 4090 stock? ", &["stock"]));
        assert!(!said(" stockholm 4090 ", &["stock"]));
        assert_eq!(words(" usd pls "), ["usd", "pls"]);
    }
}
