//! `/offers`' filters said in words: a memory floor in any spelling (`at least 80 gigs of
//! vram`, `八十G显存的卡`, `48G以上`, `40 gigs or more`), spot or on-demand capacity (`spot
//! instances`, `on-demand … only`, `按需`), and an order (`按显存排`, `sort by vram`). Each was
//! dropped: no reading at all, or a card's specs or its stock for a list of offers.

use super::Reading;
use super::cues::spot_asked;
use super::question::Question;
use super::request::{self as make, Cards, Request};
use super::words::{CHEAP_WORDS, COST_WORDS, PRICE_WORDS};
use crate::availability::{OfferKind, Sort};

pub(super) use crate::lexicon::FLOOR_AFTER;
use crate::lexicon::{ABOVE_BEFORE, FLOOR_BEFORE};
// On-demand capacity's words live with the other cue words (`card_count` reads them too).
pub(super) use super::words::ON_DEMAND;
/// Orders of the list, said.
const SORTS: &[(&str, Sort)] = &[
    ("按显存", Sort::Vram),
    ("显存从大到小", Sort::Vram),
    ("显存大的在前", Sort::Vram),
    ("sort by vram", Sort::Vram),
    ("sort by memory", Sort::Vram),
    ("sorted by vram", Sort::Vram),
    ("sorted by memory", Sort::Vram),
    ("by vram", Sort::Vram),
    ("most vram first", Sort::Vram),
    ("biggest memory first", Sort::Vram),
    ("按卡数", Sort::Cards),
    ("most gpus first", Sort::Cards),
    ("sort by gpus", Sort::Cards),
    ("从贵到便宜", Sort::PriceDesc),
    ("most expensive first", Sort::PriceDesc),
    ("priciest first", Sort::PriceDesc),
];

/// The memory floor a sentence says, in GB: a size with a floor word beside it, or a size of
/// a card asked about (`八十G显存的卡 最便宜的是哪个`).
pub(super) fn floor_said(q: &Question) -> Option<f64> {
    let toks = super::text::tokens(q.padded);
    let cardish = q.has(super::memory_floor::CARD_WORDS) || q.has(crate::lexicon::MEMORY_WORDS);
    (0..toks.len()).find_map(|k| {
        let (gb, end) = super::memory_beside::size_any(&toks, k)?;
        let numeral = super::memory_beside::zh_numeral_tail(&toks[k]);
        let lead = &toks[k][..toks[k].len() - numeral.len()];
        let before = format!("{} {lead}", toks[k.saturating_sub(2)..k].join(" "));
        let after = format!(
            "{} {}",
            toks[k].trim_start_matches(|c: char| c.is_ascii_alphanumeric()),
            toks[end.min(toks.len())..(end + 2).min(toks.len())].join(" ")
        );
        let floor = FLOOR_BEFORE
            .iter()
            .chain(ABOVE_BEFORE)
            .any(|w| before.ends_with(w))
            || FLOOR_AFTER
                .iter()
                .any(|w| after.trim_start().starts_with(w));
        let asked = cardish && (q.has(CHEAP_WORDS) || q.has(&["哪个", "哪张", "which", "有哪些"]));
        // `show offers with at least 48gb`: offers asked with a floor on a size need no memory
        // word (und-t).
        let offers = q.has(&["offers", "offer ", "listings", "instances", "报价"]);
        ((cardish && (floor || asked)) || (offers && floor)).then_some(f64::from(gb))
    })
}

/// The kind of capacity said: spot or on-demand.
fn kind_said(padded: &str) -> Option<OfferKind> {
    if super::text::has(padded, ON_DEMAND) {
        Some(OfferKind::OnDemand)
    } else {
        spot_asked(padded).then_some(OfferKind::Spot)
    }
}

fn sort_said(padded: &str) -> Option<Sort> {
    SORTS
        .iter()
        .find(|(w, _)| padded.contains(w))
        .map(|(_, s)| *s)
}

/// Offers asked with a filter in words: a memory floor and no card, or a card with its
/// capacity's kind (`on-demand a100 offers only`, `any a100 80g spot instances`).
pub(super) fn offers_asked(q: &Question) -> Option<Reading> {
    let e = q.e;
    if !q.nothing_to_size()
        || e.usage.is_some()
        || e.platforms.len() > 1
        || super::memory_floor::model_job_said(q)
    {
        return None;
    }
    let kind = kind_said(q.padded);
    let mut r = match e.gpus.as_slice() {
        [] => make::offers(
            None,
            e.platforms.first(),
            Some(floor_said(q)?),
            q.hourly_cap().as_ref(),
            false,
        ),
        // `cheapest spot h100` ranks prices with spot tiers (`/compare … spot`); a cheap one
        // asked to exist (`有没有便宜的竞价实例的3090`, `any cheap spot a100 out there`) is the
        // offers of that kind, cheapest first.
        // `list spot h100s sorted by price`: a list asked in an order names its price as the
        // order, no price asked.
        // `h200 8x on-demand, lowest price`: a machine of several cards with its kind is
        // that machine's offers, cheapest first (a ranking prices one card's hour, and holds
        // no on-demand).
        [g] if kind.is_some()
            && (g.count > 1
                || sort_said(q.padded).is_some()
                || q.has(&["sorted by", "sort by", "按价格排", "排序"])
                || (!q.has(PRICE_WORDS)
                    && !q.has(COST_WORDS)
                    && (!q.has(CHEAP_WORDS) || cheap_one_exists(q)))) =>
        {
            make::offers(
                Some(&Cards {
                    count: g.count,
                    gpu: g.gpu.clone(),
                }),
                e.platforms.first(),
                None,
                q.hourly_cap().as_ref(),
                false,
            )
        }
        _ => return None,
    };
    if let Request::Offers(o) = &mut r {
        o.filter.kind = kind;
        o.filter.sort = sort_said(q.padded).unwrap_or_default();
    }
    Some(Reading::Command(r))
}

/// A cheap one asked to exist, no price asked: `有没有便宜的…`, `any cheap … out there`,
/// `spot 的 a100 有吗 最便宜的` (the offers come cheapest first). `cheapest spot h100`, with no
/// word of existence, stays the ranking.
pub(super) fn cheap_one_exists(q: &Question) -> bool {
    let exists = q.has(&[
        "有没有",
        "有吗",
        "any ",
        "anything",
        "out there",
        "are there",
    ]);
    let priced = q.has(&["多少钱", "how much", "价格", "price"]);
    exists && !priced
}

/// `r` (offers) with the order said.
pub(super) fn with_order(padded: &str, r: Reading) -> Reading {
    match r {
        Reading::Command(Request::Offers(mut o)) if o.filter.sort == Sort::default() => {
            o.filter.sort = sort_said(padded).unwrap_or_default();
            Reading::Command(Request::Offers(o))
        }
        r => r,
    }
}

/// Offers from live data only, said (`live only`, `from live apis only`, `实时报价`).
pub(super) const LIVE_WORDS: &[&str] = &[
    "live offers",
    "live only",
    "only live",
    "live data only",
    "live apis only",
    "live api only",
    "live prices only",
    "实时报价",
    "实时的offer",
    // The catalog's list prices refused (`only real offers not catalog stuff`): live data.
    "real offers only",
    "only real offers",
    "not catalog",
    "not the catalog",
    "no catalog",
    "不要目录价",
    "不看目录价",
];

/// A job said right after `实时` (`实时推理`): the job's kind, no data's.
const LIVE_JOBS: &[&str] = &["推理", "服务", "对话"];
/// Words that keep only some offers, before `live` (`只要 live 的`, `only the live`).
const ONLY: &[&str] = &["只要", "只看", "只", "仅", "only"];
/// What `live` qualifies as data right after it (`live 的 a100 报价`, `live prices`); `anything
/// live` alone is a card available, no data's kind.
const LIVE_OF: &[&str] = &["的", "offer", "price", "quote", "listing", "data", "报价"];

/// Whether offers from live data only are said: a phrase (`live only`), `实时` (real time)
/// anywhere but before a job (`只看实时的H100报价`), or `live` after a word keeping only some or
/// before what it qualifies as data (`只要 live 的 a100 报价`).
pub(super) fn live_said(padded: &str) -> bool {
    let live_word = padded.match_indices("live").any(|(at, _)| {
        let own = super::text::word_in(&padded[at..], "live")
            && padded[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
        let before = padded[..at].trim_end();
        let after = padded[at + "live".len()..].trim_start();
        // `live 4090 offers`: the card's name between `live` and what it qualifies (und_eb).
        let past_name = after
            .split_once(' ')
            .filter(|(name, _)| name.chars().any(|c| c.is_ascii_digit()))
            .map_or("", |(_, r)| r.trim_start());
        own && (ONLY.iter().any(|w| before.ends_with(w))
            || LIVE_OF.iter().any(|w| after.starts_with(w))
            || LIVE_OF
                .iter()
                .any(|w| w.is_ascii() && past_name.starts_with(w)))
    });
    let real_time = padded.match_indices("实时").any(|(at, _)| {
        let rest = &padded[at + "实时".len()..];
        !LIVE_JOBS.iter().any(|j| rest.starts_with(j))
    });
    LIVE_WORDS.iter().any(|w| padded.contains(w)) || live_word || real_time
}

/// An `/offers` reading keeps "live only" said anywhere in the sentence (`h100 offers, live
/// only`): the reader that found the offers need not be the one that knows the word.
pub(super) fn with_live(padded: &str, r: Reading) -> Reading {
    match r {
        Reading::Command(Request::Offers(mut o)) if !o.filter.live_only && live_said(padded) => {
            o.filter.live_only = true;
            Reading::Command(Request::Offers(o))
        }
        // `what's live for rtx 5090 right now, only real offers not catalog stuff`: a card's
        // stock with live data only asked in so many words is its live offers (`/stock` mixes
        // the catalog's list prices in); a need filter `/offers` lacks keeps the stock.
        Reading::Command(Request::Stock(s))
            if s.needs.is_empty() && LIVE_WORDS.iter().any(|w| padded.contains(w)) =>
        {
            let cards = Cards {
                count: 1,
                gpu: s.gpu.clone(),
            };
            let mut r = make::offers(
                Some(&cards),
                s.platform.as_ref(),
                None,
                s.max.as_ref(),
                false,
            );
            if let Request::Offers(o) = &mut r {
                o.filter.live_only = true;
            }
            Reading::Command(r)
        }
        r => r,
    }
}

/// An `/offers` reading keeps the kind of capacity said anywhere (`列出所有4090 offer，只要按需
/// 的`): as [`with_live`], the reader that found the offers need not know the kind's word.
pub(super) fn with_kind(padded: &str, r: Reading) -> Reading {
    match r {
        Reading::Command(Request::Offers(mut o)) if o.filter.kind.is_none() => {
            o.filter.kind = kind_said(padded);
            Reading::Command(Request::Offers(o))
        }
        r => r,
    }
}

/// Offers named as such (`offer`, `listings`).
const OFFER_NOUNS: &[&str] = &["offer", "listing", "报价单"];
/// Offers asked to be listed or ranked (`所有…的offer列一下`, `list every h100 offer`, `最便宜的
/// offer`, `sorted by price`).
const LISTED: &[&str] = &[
    "所有",
    "全部",
    "列一下",
    "列出",
    "列个",
    "list ",
    " all ",
    "every ",
    "show me",
    "sorted by",
    "sort by",
    "按价格",
];

/// `vast.ai上 4090 最便宜的 offer`, `所有4090的offer列一下`, `on-demand a100 offers sorted by
/// price`: one card's offers asked listed, ranked or of a kind, on the platform said: `/offers`
/// with what was said (the platform, the kind, the order), never one platform's price or the
/// stock summary. A price cap said is the list's `max=` (`show me offers for 3090 under
/// 0.25$/h`): the offers noun names `/offers`, whose filters README's table lists (und_t).
pub(super) fn card_offers_listed(q: &Question) -> Option<Reading> {
    let e = q.e;
    let [g] = e.gpus.as_slice() else {
        return None;
    };
    let said = q.has(OFFER_NOUNS)
        && (q.has(LISTED)
            || q.has(CHEAP_WORDS)
            || kind_said(q.padded).is_some()
            || live_said(q.padded)
            || sort_said(q.padded).is_some());
    if !(said || machines_listed(q))
        || !q.nothing_to_size()
        || e.usage.is_some()
        || e.platforms.len() > 1
        || q.has(super::words::ALERT_WORDS)
        || super::alert_cues::told_on_condition(q.padded)
    {
        return None;
    }
    let mut r = make::offers(
        Some(&Cards {
            count: g.count,
            gpu: g.gpu.clone(),
        }),
        e.platforms.first(),
        None,
        q.hourly_cap().as_ref(),
        false,
    );
    if let Request::Offers(o) = &mut r {
        o.filter.kind = kind_said(q.padded);
        o.filter.sort = sort_said(q.padded).unwrap_or_default();
    }
    Some(Reading::Command(r))
}

/// `list 2x 5090 machines sorted by price`, `4卡a6000的机器按价格排一下`: machines (a machine's
/// noun, `lexicon::machine_said`) asked listed or in an order are offers, as the offer noun is;
/// the price named the order, no hour's price asked (it was `/compare … cards=N`).
fn machines_listed(q: &Question) -> bool {
    crate::lexicon::machine_said(q.padded)
        && (q.has(LISTED) || q.has(ORDER_ASKED) || q.has(&[" by price", "ordered by"]))
}

/// A list asked in an order (`sorted`, `cheapest first`, `按价格从低到高`, `按便宜的排一下`).
const ORDER_ASKED: &[&str] = &[
    "sorted",
    "sort by",
    "sort them",
    "cheapest first",
    "cheapest on top",
    "cheapest at the top",
    "lowest first",
    "low to high",
    "按价格",
    "从低到高",
    "从便宜到贵",
    "按便宜",
    "便宜的在前",
    "排一下",
    "排个序",
    "排序",
];
/// A list asked to be shown (`show 4090s on vast`, `列出来`).
const SHOW_ASKED: &[&str] = &["show ", "list ", "display ", "列出", "列一下", "列个"];

/// `show 4090s on vast sorted cheapest first`, `vast上的4090按价格从低到高列出来`: one card's
/// list on the one platform named is that platform's offers (cheapest first is the list's own
/// order). The platform had been dropped and the whole market ranked (`/compare`), or one
/// hour's bill given (`/cost`).
pub(super) fn platform_listed(q: &Question) -> Option<Reading> {
    let e = q.e;
    let ([g], [p]) = (e.gpus.as_slice(), e.platforms.as_slice()) else {
        return None;
    };
    // `sorted by price` names the order, no price asked.
    let rest = ORDER_ASKED
        .iter()
        .chain(&["by price", "价格从低到高"])
        .fold(q.padded.to_string(), |t, w| t.replace(w, " "));
    let priced = super::text::has(&rest, COST_WORDS) || super::text::has(&rest, PRICE_WORDS);
    // `runpod a100 prices sorted low to high`: prices asked in an order are its offers; only a
    // sum asked (`how much`, `多少钱`) is a bill.
    let sum = super::text::has(&rest, &["how much", "多少", "cost me", "would it cost"]);
    let ordered = q.has(ORDER_ASKED) && !sum;
    let shown = q.has(SHOW_ASKED) && !priced;
    if !(ordered || shown)
        || !q.nothing_to_size()
        || e.usage.is_some()
        || q.price.is_some()
        || q.has(super::words::ALERT_WORDS)
    {
        return None;
    }
    let mut r = make::offers(
        Some(&Cards {
            count: g.count,
            gpu: g.gpu.clone(),
        }),
        Some(p),
        None,
        None,
        false,
    );
    if let Request::Offers(o) = &mut r {
        o.filter.kind = kind_said(q.padded);
        o.filter.sort = sort_said(q.padded).unwrap_or_default();
    }
    Some(Reading::Command(r))
}
