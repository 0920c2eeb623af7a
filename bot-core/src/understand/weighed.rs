//! Sums, spends and choices weighed: a plain sum asked in another currency is `/convert` of the
//! sum (`100 bucks in rmb`), a spend asked per hour, another platform's cost or a move weighed
//! against what is paid now, two platforms weighed for one card (`runpod vs autodl for a
//! 4090`) or two cards for the cheaper rent, a wish to run a model (`/pick`); and the words
//! written plainly before reading: `蒸馏` as distill, a size without its `b`, `N-gpu`, a
//! memory floor of offers, a correction (`不是 H100 SXM，是 PCIe 的`).

use super::Reading;
use super::price::CURRENCY_WORDS;
use super::question::Question;
use super::request::{Request, compare_on};
use super::words::{ALERT_WORDS, STOCK_WORDS, TREND_WORDS};
use crate::answer::billing::ConvertRequest;
use crate::catalog::Catalog;

/// `we spend about $900 a month on one h100 at lambda — what would vast cost for a month?`: a
/// price paid on one platform and another's cost asked (`what would X cost`, `how much would X
/// cost`): the card's bill on the one asked, for the length said (the price paid there is
/// the first platform's, never the one asked).
pub(super) fn cost_elsewhere(q: &Question) -> Option<Reading> {
    let [card] = q.e.gpus.as_slice() else {
        return None;
    };
    if q.e.platforms.len() != 2 || q.price.is_none() || !q.nothing_to_size() {
        return None;
    }
    let asked = q.e.platforms.iter().find(|id| {
        let names = q
            .catalog
            .find_platform(id)
            .map(|p| vec![p.id.to_lowercase(), p.name.to_lowercase()])
            .unwrap_or_default();
        names.iter().any(|n| {
            [" would {} cost", "what about {} ", "how much is {} "]
                .iter()
                .any(|f| q.padded.contains(&f.replace("{}", n)))
        })
    })?;
    let r = super::request::cost(asked, card, &q.usage())?;
    // The other platform is where the price said is paid: the reference, not the ask.
    for p in q.e.platforms.iter().filter(|p| *p != asked) {
        q.set_aside(p, super::set_aside::Aside::Reference);
    }
    Some(Reading::Command(r))
}

/// The text with its spends written as prices (called before anything reads it): a spend
/// said before its sum (`每个月花1500`) written as a price (`1500块每月`) when it is asked per
/// hour, so the sum is read with its period.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    let t = words_plain(catalog, norm);
    if !super::text::has(&format!(" {t} "), HOURLY_ASKED) {
        return t;
    }
    spend_first(&t).unwrap_or(t)
}

/// `vram>=80 便宜的 offers`, `offers with at least 48gb`: a memory floor typed as `/offers`'
/// filter inside a question (`vram>=80`, a bare number its GB), or said of offers with no
/// memory word, written with its memory word as the floor rules read it (`vram >= 80gb`).
fn floor_words(t: &str) -> String {
    if !t.contains("offer") {
        return t.to_string();
    }
    let mut out: Vec<String> = Vec::new();
    let memory = ["vram", "显存", "memory"].iter().any(|w| t.contains(w));
    let words: Vec<&str> = t.split(' ').collect();
    for (k, w) in words.iter().enumerate() {
        let typed = ["vram>=", "显存>="]
            .iter()
            .find_map(|p| w.strip_prefix(p).map(|n| (p.trim_end_matches(">="), n)));
        if let Some((word, n)) = typed
            && !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
        {
            out.push(format!("{word} >= {n}gb"));
            continue;
        }
        let size = w
            .strip_suffix("gb")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let floor = k >= 2 && words[k - 2] == "at" && words[k - 1] == "least";
        out.push(if size && floor && !memory {
            format!("{w} vram")
        } else {
            (*w).to_string()
        });
    }
    out.join(" ")
}

/// English words inside a Chinese sentence written as the Chinese the reader knows: `自己 host`
/// is self-hosting (`自建`), `platform` a platform (`平台`), `rent 到` a getting (`租到`).
fn mixed_words(t: &str) -> String {
    if !t.chars().any(crate::lexicon::is_han) {
        return t.to_string();
    }
    let mut out = t.to_string();
    for (said, plain) in [
        ("自己 host", "自建"),
        ("自己host", "自建"),
        ("self host", "自建"),
        (" platforms ", " 平台 "),
        (" platform ", " 平台 "),
        // `哪里能 rent 到`: the English verb in a Chinese sentence; `where can i 租 a 4090`: the
        // Chinese verb alone between English words.
        (" rent 到", "租到"),
        (" rent到", "租到"),
        (" 租 ", " rent "),
    ] {
        out = out.replace(said, plain);
    }
    out
}

/// `r1 蒸馏 32b`: `蒸馏` is distill, written so before any pass reads a family (`r1`) in it;
/// the word for the release after it (`蒸馏版14b`, `蒸馏模型`) is part of it, so the size that
/// follows is the distill's own.
pub(super) fn distill(norm: &str) -> String {
    if !norm.contains("蒸馏") {
        return norm.to_string();
    }
    // `r1的蒸馏版`: the model's `的` before it goes with it.
    let norm = norm.replace("的蒸馏", "蒸馏");
    let spaced = [
        "蒸馏版本",
        "蒸馏版",
        "蒸馏模型",
        "蒸馏后的",
        "蒸馏的",
        "蒸馏",
    ]
    .iter()
    .fold(norm, |t, w| t.replace(w, " distill "));
    spaced
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Units a bare number may carry after it: then it is no model's size.
const UNIT_AFTER: &[&str] = &[
    "小时", "个", "张", "块", "元", "天", "分", "卡", "台", "h", "hour", "day", "min", "gb", "g",
    "k", "m", "x", "%", "card", "gpu", "token", "刀", "$", "usd", "cny", "people", "人",
];

/// `llama3 70 要几张4090`, `qwen2.5 14 能跑吗`: a bare number right after a family and its
/// version is the model's size when the catalog has that size (`70b`), never a card count;
/// `any 4-gpu a100 offers`: `N-gpu` before a card is a machine of N of it (`4x a100`).
fn words_plain(catalog: &Catalog, t: &str) -> String {
    let t = floor_words(&mixed_words(t));
    let words: Vec<&str> = t.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (k, w) in words.iter().enumerate() {
        let next = words[k + 1..]
            .iter()
            .find(|n| !n.is_empty())
            .copied()
            .unwrap_or("");
        let next_unit = UNIT_AFTER.iter().any(|u| next.starts_with(u));
        let number = !w.is_empty() && w.len() <= 4 && w.bytes().all(|b| b.is_ascii_digit());
        let sized = number
            && !next_unit
            && (1..=3).any(|n| {
                let before: Vec<&str> = words[..k]
                    .iter()
                    .rev()
                    .filter(|x| !x.is_empty())
                    .take(n)
                    .copied()
                    .collect();
                let family: Vec<&str> = before.into_iter().rev().collect();
                family.len() == n
                    && family
                        .iter()
                        .any(|f| f.bytes().any(|b| b.is_ascii_alphabetic()))
                    && catalog.find_gpu(&family.join(" ")).is_none()
                    && catalog
                        .model_by_name(&format!("{} {w}b", family.join(" ")))
                        .is_some()
            });
        let machine = w
            .strip_suffix("-gpu")
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .filter(|_| card_at(catalog, &words[k + 1..].join(" ")).is_some());
        out.push(match (sized, machine) {
            (true, _) => format!("{w}b"),
            (_, Some(n)) => format!("{n}x"),
            _ => (*w).to_string(),
        });
    }
    out.join(" ")
}

/// A period's spend said per hour.
const HOURLY_ASKED: &[&str] = &[
    "按小时",
    "每小时多少",
    "每小时合",
    "一小时多少",
    "一小时合",
    "合每小时",
    "折合每小时",
    "per hour",
    "an hour",
    "hourly",
    "每个小时",
];

/// `每个月花1500` → `1500块每月`, `一周花了300元` → `300元每周`.
fn spend_first(norm: &str) -> Option<String> {
    // The lexicon's Chinese period words (`一个月` reaches here as `1个月`, which this list had
    // lacked, as `每星期` and `每日`), each said as the price reader's `每…` form.
    use crate::lexicon::{EACH_PERIOD, Period};
    let periods = EACH_PERIOD.iter().filter_map(|(w, p)| {
        let per = match p {
            Period::Month => "每月",
            Period::Week => "每周",
            Period::Day => "每天",
            Period::WorkingDays => return None,
        };
        (!w.is_ascii()).then_some((*w, per))
    });
    for (said, per) in periods {
        // `21天花…` is twenty-one days, not a day.
        let Some((at, _)) = norm
            .match_indices(said)
            .find(|(at, _)| crate::lexicon::stands_at(norm, *at, said))
        else {
            continue;
        };
        let rest = norm[at + said.len()..].trim_start();
        let Some(rest) = rest.strip_prefix('花') else {
            continue;
        };
        let rest = rest.strip_prefix('了').unwrap_or(rest).trim_start();
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if digits == 0 {
            continue;
        }
        let (sum, after) = rest.split_at(digits);
        let (cur, after) = ["块钱", "块", "元"]
            .iter()
            .find_map(|c| after.strip_prefix(c).map(|a| (*c, a)))
            .unwrap_or(("块", after));
        return Some(format!("{} {sum}{cur}{per} {after}", &norm[..at]));
    }
    None
}

/// `在autodl每个月花1500跑4090，折合每小时多少`, `i pay $600 a month on runpod for a 4090,
/// what's that per hour`: a spend per day, week or month asked per hour, with no length of
/// a job and no other place asked, is `/convert` of that spend (the card and the platform
/// it pays for price nothing).
pub(super) fn spend_per_hour(q: &Question) -> Option<Reading> {
    use crate::units::TimeUnit;
    let p = q.price?;
    let period = matches!(
        p.per,
        Some(crate::billing::PriceUnit::Time(
            TimeUnit::Day | TimeUnit::Week | TimeUnit::Month
        ))
    );
    // `per hour` itself reads as an hour's length: only another length is a job said.
    let hour_said = rust_decimal::Decimal::from(3600);
    let job_said = match &q.e.usage {
        Some(super::request::Usage::Daily(_)) => true,
        Some(super::request::Usage::Once(s)) => *s != hour_said,
        _ => false,
    };
    if !period || job_said || !q.has(HOURLY_ASKED) || q.e.platforms.len() > 1 || q.has(ALERT_WORDS)
    {
        return None;
    }
    let hour = crate::billing::PriceUnit::Time(TimeUnit::Hour);
    // The currency asked with it (`每小时多少人民币`) kept.
    let asked = super::price::convert_request(q.padded, p);
    Some(Reading::Command(
        asked.unwrap_or_else(|| super::request::convert(p, hour, None)),
    ))
}

/// `does llama4 scout fit on a single a100`, `self-host mistral nemo vs an api`: the models
/// asked back (`llama-4-maverick`, `llama-4-scout`; a fit's or a rent-vs-API question's) kept
/// to those whose id has a word of the message no other choice's id has; the ask stands when
/// no word or every word settles it.
/// Called on the whole reading in `read_with_work`.
pub(super) fn settled(padded: &str, r: Reading) -> Reading {
    let Reading::Ask(rs) = r else {
        return r;
    };
    // A fit's model, or a rent-vs-API question's (`mistral nemo` asked back as its family).
    let model = |r: &Request| match r {
        Request::Fit(f) => Some(f.model.clone()),
        Request::Tco(t) => t.model.clone(),
        _ => None,
    };
    let Some(ids) = rs.iter().map(model).collect::<Option<Vec<String>>>() else {
        return Reading::Ask(rs);
    };
    // One model in several readings (`can a 3900 run llama 3.1 8b`: the 3090, or no card): the
    // model's word settles nothing (it had taken a card's slip as meant).
    if rs.len() > 1 && ids.iter().all(|id| *id == ids[0]) {
        return Reading::Ask(rs);
    }
    let said: Vec<&str> = padded
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() >= 3 && w.bytes().all(|b| b.is_ascii_alphabetic()))
        .collect();
    // Sizes or variants of one family only (`llama-4-scout`, `llama-4-maverick`): two models
    // named (`qwen2.5-7b 和 llama-3.1-8b`) are each asked.
    let family = |id: &String| id.split('-').next().map(str::to_string);
    if ids
        .iter()
        .map(family)
        .collect::<std::collections::HashSet<_>>()
        .len()
        != 1
    {
        return Reading::Ask(rs);
    }
    let own = |id: &str, w: &str| id.split('-').any(|p| p == w);
    let named: Vec<usize> = (0..ids.len())
        .filter(|&i| {
            said.iter()
                .any(|w| own(&ids[i], w) && ids.iter().filter(|o| own(o, w)).count() == 1)
        })
        .collect();
    match named.as_slice() {
        [one] => Reading::Command(rs[*one].clone()),
        _ => Reading::Ask(rs),
    }
}

/// Words of a price compared.
const CHEAPER: &[&str] = &["便宜", "cheaper", "cheapest", "租起来", "划算"];
/// Words of a card's measures: those are its specs side by side.
const MEASURES: &[&str] = &[
    "快",
    "faster",
    "性能",
    "算力",
    "显存",
    "vram",
    "memory",
    "tflops",
    "参数",
    "spec",
    "性价比",
];

/// `H800 和 H100 哪个租起来便宜`, `which is cheaper to rent, l40s or 4090`: two cards (one each)
/// asked which costs less to rent: each one's `/compare` for the length said or an hour,
/// asked back — never their specs side by side.
pub(super) fn cards_cheaper(q: &Question) -> Option<Reading> {
    let [a, b] = q.e.gpus.as_slice() else {
        return None;
    };
    if a.gpu == b.gpu
        || a.count != 1
        || b.count != 1
        || !q.nothing_to_size()
        || q.price.is_some()
        || !q.has(CHEAPER)
        || !q.has(&["租", "rent"])
        || q.has(MEASURES)
        || q.has(ALERT_WORDS)
        || q.has(STOCK_WORDS)
    {
        return None;
    }
    let usage = q.usage();
    let each: Option<Vec<Request>> = [a, b]
        .iter()
        .map(|c| compare_on(c, &usage, &q.e.platforms))
        .collect();
    Some(Reading::Ask(each?))
}

/// `想跑个模型`, `想跑大模型，不知道怎么弄`: a wish to run a model with nothing named (no card,
/// model, platform, price or length), in a few words: the guided flow.
pub(super) fn wish_to_run(q: &Question) -> Option<Reading> {
    let nothing = q.nothing_named();
    let few = q.padded.chars().count() <= 40;
    let wish = q.has(&["想跑", "要跑", "want to run", "wanna run"]) && q.has(&["模型", "model"]);
    let other = q.has(&["哪些", "有哪", "list", "api", "token", "显存", "vram"]);
    (nothing && few && wish && !other).then_some(Reading::Command(Request::Pick))
}

/// Words that turn a sum into another currency, right before the currency asked; `how many`
/// and `how much` ask the currency they come before (`how many dollars is 200 yuan`).
const INTO: &[&str] = &[
    "in ",
    "into ",
    "to ",
    "as ",
    "多少",
    "换成",
    "换",
    "成",
    "折合",
    "合",
    "兑",
    "how many ",
    "how much ",
];

/// `budget 500 usd convert to cny`, `200美元是多少人民币`, `80 bucks in rmb?`: a sum with its
/// currency and no unit of time, with another currency asked right after a word of turning
/// into, and nothing else named (no card, platform, model or length): `/convert 500usd to cny`.
/// A currency without a rate (`日元`) is said back by `unheard` before any reading.
pub(super) fn plain_sum(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let from = p.currency.as_ref()?;
    let nothing_else = q.e.gpus.is_empty()
        && q.e.platforms.is_empty()
        && q.e.usage.is_none()
        && q.nothing_to_size();
    if p.per.is_some() || !nothing_else || q.has(ALERT_WORDS) {
        return None;
    }
    let to = asked_currency(q.padded, from)?;
    Some(Reading::Command(Request::Convert(ConvertRequest {
        price: p.clone(),
        to: None,
        currency: Some(to),
        fx_rate: None,
        tokens_per_second: None,
    })))
}

/// The first currency word other than `from` said right after a word of [`INTO`].
pub(super) fn asked_currency(padded: &str, from: &str) -> Option<String> {
    padded.char_indices().find_map(|(i, _)| {
        let before = padded[..i].trim_end_matches(['是', ' ']);
        let rest = &padded[i..];
        let w = CURRENCY_WORDS.iter().find(|w| rest.starts_with(**w))?;
        let at_word = padded[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        let into = INTO
            .iter()
            .any(|t| before.ends_with(t.trim_end()) || padded[..i].ends_with(t));
        let c = crate::lexicon::parse_currency(w).ok()?;
        (at_word && into && c != from).then_some(c)
    })
}

/// Words of moving from one platform to another, or of asking whether another is cheaper.
const MOVING: &[&str] = &[
    "换去",
    "换到",
    "迁到",
    "搬到",
    "转到",
    "switch to",
    "switching to",
    "move to",
    "moving to",
    "migrate to",
    " be cheaper",
    " is cheaper",
    "会不会更便宜",
    "会更便宜",
    "更便宜吗",
    "更划算吗",
];

/// `现在 vast 上租 3090 每天跑 5 小时，想换去 autodl 算算 monthly`, `currently renting 2 a100s on
/// lambda for about $2.6/hr each, would runpod be cheaper for 8 hours?`: one card on a
/// platform rented now and another moved to or asked to be cheaper: that card's `/compare` on
/// both for the job said (the price paid now is the first one's, which the ranking shows).
pub(super) fn moving_on(q: &Question) -> Option<Reading> {
    let [card] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked_else = q.has(STOCK_WORDS) || q.has(ALERT_WORDS) || q.has(TREND_WORDS);
    let per_hour = q.price.is_none_or(|p| {
        p.per
            == Some(crate::billing::PriceUnit::Time(
                crate::units::TimeUnit::Hour,
            ))
    });
    if q.e.platforms.len() != 2 || !q.nothing_to_size() || asked_else || !per_hour || !q.has(MOVING)
    {
        return None;
    }
    compare_on(card, &q.usage(), &q.e.platforms).map(Reading::Command)
}

/// Words of weighing one against another.
const WEIGHED: &[&str] = &[
    " vs ", " vs. ", " versus ", " or ", "还是", "哪个", "哪家", "which", "compare", "比较",
    "对比", " 选 ",
];

/// `runpod vs autodl for a 4090`, `3090 选 autodl 还是 featurize`: two platforms or more
/// weighed for one card (no model, price, stock, alert or history asked) are that card's
/// `/compare` on those platforms, for the length said or an hour.
pub(super) fn platforms_weighed(q: &Question) -> Option<Reading> {
    let [card] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked_else = q.has(STOCK_WORDS) || q.has(ALERT_WORDS) || q.has(TREND_WORDS);
    if q.e.platforms.len() < 2
        || !q.nothing_to_size()
        || q.price.is_some()
        || asked_else
        || !q.has(WEIGHED)
        || !super::needs_said::needs_said(q.padded).is_empty()
    {
        return None;
    }
    compare_on(card, &q.usage(), &q.e.platforms).map(Reading::Command)
}

/// `不是 H100 SXM，是 PCIe 的那种`, `not the a100 40g, the 80g one`: a correction inside the
/// sentence, a card refused and another variant of its family said after it, written as that
/// variant (`h100 pcie`) before the refusal would take the card out and leave the variant
/// word alone (which names no card). Called before [`super::refused`].
pub(super) fn corrected(catalog: &Catalog, text: &str) -> String {
    let lower = text.to_lowercase();
    for (i, w) in lower
        .match_indices("不是")
        .chain(lower.match_indices("not "))
        .collect::<Vec<_>>()
    {
        // `是不是`, `cannot`: no refusal (the lexicon's one rule for a value refused).
        let Some(at) = crate::lexicon::refused_value_at(&lower, i, w) else {
            continue;
        };
        let Some((end, refused)) = card_at(catalog, &lower[at..]) else {
            continue;
        };
        let said = &lower[at..at + end];
        let Some((after, variant)) = variant_after(&lower[at + end..]) else {
            continue;
        };
        let Some(name) = family_with(catalog, said, variant, refused) else {
            continue;
        };
        let span_end = at + end + after;
        return format!("{} {name} {}", &lower[..i], &lower[span_end..]);
    }
    text.to_string()
}

/// The length of the longest card name (up to three words) the text starts with, and its id.
fn card_at<'c>(catalog: &'c Catalog, t: &str) -> Option<(usize, &'c str)> {
    let mut ends: Vec<usize> = t
        .char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .take(20)
        .filter(|e| !t[*e..].starts_with(|c: char| c.is_ascii_alphanumeric()))
        .filter(|e| t[..*e].split_whitespace().count() <= 3)
        .collect();
    ends.sort_unstable_by(|a, b| b.cmp(a));
    ends.into_iter()
        .find_map(|e| gpu_named(catalog, &t[..e]).map(|g| (e, g.id.as_str())))
}

/// After a refused card: `，是 PCIe`, `, the pcie one`, `, it's the 80g`: the length up to the
/// end of the variant word and the word.
fn variant_after(t: &str) -> Option<(usize, &str)> {
    let mut at = 0;
    let lead = [
        ",", "，", " ", "的话", "的", "而是", "是", "it's", "its", "but", "the", "it is",
    ];
    // A few leading words at most.
    for _ in 0..6 {
        match lead.iter().find(|l| t[at..].starts_with(**l)) {
            Some(l) => at += l.len(),
            None => break,
        }
    }
    let word_end = t[at..]
        .find(|c: char| !c.is_ascii_alphanumeric())
        .map_or(t.len(), |e| at + e);
    (word_end > at).then(|| (word_end, &t[at..word_end]))
}

/// The card of `said`'s family in `variant`: `said` with its last word or two replaced by the
/// variant (`h100 sxm` + `pcie` → `h100 pcie`; `a100 40g` + `80g` → `a100 80g`), when the
/// catalog knows it and it is another card than the one refused.
fn family_with(catalog: &Catalog, said: &str, variant: &str, refused: &str) -> Option<String> {
    let words: Vec<&str> = said.split_whitespace().collect();
    (1..=words.len()).rev().find_map(|keep| {
        let name = format!("{} {variant}", words[..keep].join(" "));
        gpu_named(catalog, &name)
            .filter(|g| g.id != refused)
            .map(|g| g.id.clone())
    })
}

/// The card a name says, a memory size written `40g` read as the catalog's `40gb`.
fn gpu_named<'c>(catalog: &'c Catalog, name: &str) -> Option<&'c crate::catalog::Gpu> {
    let words: Vec<String> = name
        .split_whitespace()
        .map(|w| {
            let digits = w
                .strip_suffix('g')
                .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
            digits.map_or_else(|| w.to_string(), |d| format!("{d}gb"))
        })
        .collect();
    catalog.find_gpu(&words.join(" "))
}
