//! Cues read as word classes, not as fixed phrases: a verb of one class and a noun of another
//! anywhere in the question (`stop all my alerts`, `我订阅了哪些提醒`), a word followed within
//! a few characters by another (`你会干嘛`, `租哪里比较好`), and which of several platforms a
//! question asks about (the one named right before what is asked). Matched on the normalized
//! text like [`super::words`].

use super::Reading;
use super::text::has;
use crate::catalog::Catalog;
use crate::commands::Request;

/// What the chat's alerts are called.
pub(super) const ALERT_NOUNS: &[&str] = &[
    "提醒",
    "订阅",
    "通知",
    "alert",
    "notification",
    "subscription",
];
/// Verbs that end something.
const STOP_VERBS: &[&str] = &[
    "取消",
    "删除",
    "删掉",
    "删了",
    // `第二个订阅不要了`: an alert no longer wanted.
    "不要了",
    "不需要了",
    "不用了",
    "去掉",
    "don't need",
    "get rid of",
    "关掉",
    "关闭",
    "关了",
    "停掉",
    "停止",
    "清空",
    "stop",
    "cancel",
    "remove",
    "delete",
    "turn off",
    "disable",
    "mute",
    "clear",
    "unsubscribe",
];
/// Words that ask to see what there is.
const LIST_CUES: &[&str] = &[
    "哪些",
    "什么",
    "几个",
    "列表",
    "查看",
    "查一下",
    "看看",
    "看下",
    "看一下",
    "list",
    "show",
    "what",
    "which",
    "how many",
    "my ",
    "我的",
    "我设",
    "我订",
    // `i want see the alerts i made`: seeing them, or the alerts named as the person's own by
    // a clause after them (non-native forms have no `my`).
    " see ",
    " view ",
    " i made",
    " i set",
    " i created",
    " i've set",
    " i've made",
    " i have set",
    " i have made",
];

/// `stop all my alerts`, `把提醒都关了`: a verb that ends and an alert noun; or a verb that
/// ends and an alert's ordinal (`cancel 第2个`: the chat's alerts are what is numbered).
pub(super) fn stops_alerts(padded: &str) -> bool {
    has(padded, STOP_VERBS) && (has(padded, ALERT_NOUNS) || ordinal_said(padded))
}

/// `第3个`, `第 2 条`, `第1号`: an ordinal with its measure word.
fn ordinal_said(padded: &str) -> bool {
    padded.match_indices('第').any(|(at, _)| {
        let rest = padded[at + '第'.len_utf8()..].trim_start();
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        digits > 0
            && ["个", "条", "号"]
                .iter()
                .any(|m| rest[digits..].trim_start().starts_with(m))
    })
}

/// `我订阅了哪些提醒`, `show me my notifications`: an alert noun and a word that asks to see.
pub(super) fn lists_alerts(padded: &str) -> bool {
    has(padded, ALERT_NOUNS) && has(padded, LIST_CUES)
}

/// `你会干嘛`, `你都能帮我干点啥`, `what can you do for me`: what the bot can do.
pub(super) fn asks_capability(padded: &str) -> bool {
    const CAN: &[&str] = &["会", "能", "可以"];
    const DO_WHAT: &[&str] = &[
        "干嘛",
        "干啥",
        "干什么",
        "做什么",
        "做啥",
        "干点啥",
        "做点啥",
        "帮什么",
        "帮啥",
    ];
    crate::lexicon::followed(padded, CAN, DO_WHAT, 4)
        || has(
            padded,
            &[
                "what can you",
                // `what can i ask u`, `我能问你什么`: what the bot answers.
                "what can i ask",
                "what should i ask",
                "what can i say",
                "what do i ask",
                "能问什么",
                "能问啥",
                "可以问什么",
                "可以问啥",
                "该问什么",
                "问你什么",
                "问你啥",
                "问些什么",
                "what do you do",
                "what are you for",
                "what's this bot",
                "what is this bot",
                "how does this bot",
                "how do you work",
                "how does this work",
            ],
        )
}

/// `last 30 days`, `过去两周`, `近3个月`: a window of the recent past said with its length.
pub(super) fn recent_window(padded: &str) -> bool {
    const DIGITS: &[&str] = &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    crate::lexicon::followed(padded, &["last ", "past ", "最近", "过去", "近"], DIGITS, 1)
}

/// `when 4090 cheaper than 0.3 dollar tell me`, `if an h100 is available let me know`: a
/// condition on stock or price, then a word that asks to be told.
pub(super) fn conditional_notify(padded: &str) -> bool {
    // `a100 有货第一时间通知`, `降到2块就通知`: stock or a price reached, and a word to tell
    // (`words::TELL`, the one list of ways to be told).
    use super::words::{FALLS_TO, TELL};
    // An arrival is awaited only as a condition (`出现的话`, `alert_cues`); a fall is one itself.
    let zh = (has(padded, &["有货", "到货", "补货", "低于"]) || has(padded, FALLS_TO))
        && has(padded, TELL)
        // `4090 有了告诉我`: 有了 is a stock event only right before the word to tell (`我有了
        // 4090，告诉我能跑什么` is no alert); haste between them (`有了第一时间通知`) is no gap.
        || crate::lexicon::followed_past_haste(padded, &["有了", "有卡了", "上了"], TELL, 2)
        // `a100 到 3块以下 告诉我`: an amount with 以下 after it is the price fallen to.
        || super::ceiling_told::ceiling_then_told(padded);
    zh || has(padded, &["when ", "if ", "once ", "as soon as", "whenever"])
        && has(
            padded,
            &[
                "tell me",
                "let me know",
                "notify",
                // `I want a notification when …`, `get notified`, `send me an alert when …`.
                "notification",
                "notified",
                "an alert",
                "ping me",
                "message me",
                "text me",
            ],
        )
        && has(
            padded,
            &[
                "cheaper than",
                "under ",
                "below",
                "less than",
                "drops",
                "falls",
                "available",
                "in stock",
                // `when a6000 have stock`, `has stocks`: stock had, whatever the verb.
                "stock",
                "back",
                "restock",
                "free",
                // A card that appears (`when the B200 shows up`, `once h200s turn up`).
                "shows up",
                "show up",
                "turns up",
                "turn up",
                "appears",
                "comes in",
            ],
        )
}

/// A comparative or a superlative of price (`cheaper`, `最便宜`, `best price`): set against
/// the other platforms, not a question of one bill.
pub(super) fn weighs_against_others(padded: &str) -> bool {
    has(
        padded,
        &[
            "cheaper",
            "cheapest",
            "best price",
            "lowest",
            "最便宜",
            "更便宜",
            "最划算",
            "更划算",
            "最省",
            "哪家",
            "哪个平台",
            "其他平台",
            "别的平台",
            "other platforms",
            "elsewhere",
        ],
    )
}

/// A budget to spend (`预算5000块 能用多久`, `budget $50, how many hours`).
pub(super) fn spends_budget(padded: &str) -> bool {
    has(padded, &["预算", "budget", "只有", "only have"])
        && has(
            padded,
            &[
                "多久",
                "多少小时",
                "几个小时",
                "how many hours",
                "how long",
                "how much time",
            ],
        )
}

/// A change of price told as news (`又涨价了`, `prices went up`) with a question of where or
/// which, and none of the words that ask for the history itself (`走势`, `trend`).
pub(super) fn ranking_after_news(padded: &str) -> bool {
    let history = has(
        padded,
        &[
            "走势",
            "趋势",
            "历史",
            "曲线",
            "变化",
            "行情",
            "什么时候",
            "几点",
            "trend",
            "history",
            "over time",
            "when ",
        ],
    );
    !history
        && has(
            padded,
            &["哪家", "哪里", "哪儿", "哪个平台", "where", "which"],
        )
}

/// `vllm 部署`, `with ollama`, `sglang 部署`, `TGI serving`: the `engine=` value of a serving
/// engine named in a sentence. A server sized in vLLM's class with its own pool rule
/// (`vram::Server`: SGLang, TGI, LMDeploy, TensorRT-LLM) keeps its own name, as `engine=sglang`
/// typed does; only the names that mean nothing else (`llama` is a model family, `hf` and
/// `torch` are too loose in a sentence).
pub(super) fn engine(padded: &str) -> Option<String> {
    let server = ["sglang", "tgi", "lmdeploy", "trt-llm", "tensorrt-llm"]
        .iter()
        .find(|w| super::text::word_in(padded, w))
        .and_then(|w| crate::vram::Server::parse(w));
    if let Some(s) = server {
        return Some(s.key().to_string());
    }
    // Ollama runs llama.cpp but lays layers out by its own estimate (`vram::ollama`), which
    // decides whether layers spill to the CPU: named, it is answered as Ollama, as typed.
    if super::text::word_in(padded, "ollama") {
        return Some("ollama".to_string());
    }
    ["vllm", "llama.cpp", "llamacpp", "lmstudio", "transformers"]
        .iter()
        .find(|w| padded.contains(*w))
        .and_then(|w| w.parse::<crate::vram::Engine>().ok())
        .map(|e| e.key().to_string())
}

/// `想租卡`, `want to rent a gpu`, `需要算力`: a wish to rent, said without naming anything.
pub(super) fn wishes_to_rent(padded: &str) -> bool {
    has(
        padded,
        &[
            "想租",
            "要租",
            "打算租",
            "准备租",
            "需要租",
            "找算力",
            "需要算力",
            "求带",
            "租卡",
            "want to rent",
            "need gpu",
            "need to rent",
            "need a gpu",
            "looking for a gpu",
            "need compute",
        ],
    )
}

/// Whether a fit is asked (`够不够`, `fit`, `enough`) before the first price word: the first
/// ask of a message with two is its reading.
pub(super) fn fit_asked_first(padded: &str, price_words: &[&str]) -> bool {
    const FIT_ASKED: &[&str] = &[
        "够不够",
        "够吗",
        "够用",
        "能跑",
        "跑得动",
        "能不能跑",
        "放得下",
        "装得下",
        "能部署",
        // Cantonese `得唔得` (written `得不得`): can it or not.
        "得不得",
        "行不行",
        "enough",
        "fit ",
        "can run ",
        "fits",
        "can i run",
        "can it run",
        // `can a 3090 run …`, `能不能…`: a yes-or-no about the card, asked first.
        "can a ",
        "can an ",
        "can one ",
        "can my ",
        "could a ",
        "would a ",
        "will a ",
        "does a ",
        "能不能",
        "能否",
        "可不可以",
        "行不行",
    ];
    let first = |ws: &[&str]| ws.iter().filter_map(|w| padded.find(w)).min();
    match (first(FIT_ASKED), first(price_words)) {
        (Some(f), Some(p)) => f < p,
        _ => false,
    }
}

/// Of several cards, those said as already had or used (`我手上有4090，但是想租h100`,
/// `之前一直在用3090 … 4090和5090`): a card right after such words. Never all of them.
pub(super) fn cards_had(catalog: &Catalog, padded: &str, gpus: &[String]) -> Vec<String> {
    const HAD: &[&str] = &[
        "我有",
        "手上有",
        "手里有",
        "自己有",
        "在用",
        "用过",
        "一直用",
        "之前用",
        "目前用",
        "现在用",
        "以前用",
        "i have",
        "i own",
        "i use",
        "i'm using",
        "i am using",
        "using",
        "used to use",
        "currently use",
        "we have",
        "we use",
    ];
    // `我有张3060，租的A10比它强多少`, `… how much faster than mine`: the card had is what the
    // other is weighed against, so it is asked about too.
    const WEIGHED_AGAINST: &[&str] = &[
        "比它",
        "跟它比",
        "和它比",
        "比我的",
        "跟我的比",
        "than it",
        "than mine",
        "vs mine",
        "compared to mine",
        "compared to it",
    ];
    if WEIGHED_AGAINST.iter().any(|w| padded.contains(w)) {
        return Vec::new();
    }
    let had: Vec<String> = gpus
        .iter()
        .filter(|id| {
            let Ok(g) = catalog.gpu(id) else { return false };
            let names = g
                .aliases
                .iter()
                .map(|a| a.to_lowercase())
                .chain([id.to_string()]);
            names.into_iter().any(|n| {
                padded.match_indices(n.as_str()).any(|(at, _)| {
                    let whole = !padded[at + n.len()..]
                        .starts_with(|c: char| c.is_ascii_alphanumeric())
                        && !padded[..at].ends_with(|c: char| c.is_ascii_alphanumeric());
                    // The had-word within a few characters before (`一直在用3090`, `有一张4090`).
                    let near = padded[..at]
                        .char_indices()
                        .rev()
                        .take(6)
                        .any(|(k, _)| HAD.iter().any(|h| padded[k..at].contains(h)));
                    whole && near
                })
            })
        })
        .cloned()
        .collect();
    if had.len() < gpus.len() {
        had
    } else {
        Vec::new()
    }
}

/// A judgement of a price (`太贵了`, `too expensive`) is no change over time.
pub(super) fn without_judgements(padded: &str) -> String {
    let mut s = padded.to_string();
    for j in ["太贵了", "太便宜了", "too expensive", "too pricey"] {
        s = s.replace(j, " ");
    }
    s
}

/// Of several platforms named, the one a question about facts asks about: the one named last
/// before the first cue (`我之前一直用colab 听说autodl不错 autodl需要实名吗` → autodl), else the
/// first named after it. `None` when no cue is said or a platform is not found in the text.
pub(super) fn platform_asked(
    catalog: &Catalog,
    padded: &str,
    platforms: &[String],
    cues: &[&str],
) -> Option<String> {
    let cue = cues.iter().filter_map(|c| padded.find(c)).min()?;
    let mut mentions: Vec<(usize, &String)> = Vec::new();
    for id in platforms {
        let p = catalog.platform(id).ok()?;
        let names = p
            .said_names()
            .map(|a| a.to_lowercase())
            .chain([id.clone(), p.name.to_lowercase()]);
        for n in names {
            mentions.extend(padded.match_indices(n.as_str()).map(|(at, _)| (at, id)));
        }
    }
    let before = mentions
        .iter()
        .filter(|(at, _)| *at < cue)
        .max_by_key(|m| m.0);
    let after = mentions
        .iter()
        .filter(|(at, _)| *at > cue)
        .min_by_key(|m| m.0);
    before.or(after).map(|(_, id)| (*id).clone())
}

/// `不量化`, `unquantized`, `full precision`: the model as published (its checkpoint's format),
/// said in words (the lexicon's phrases).
pub(super) fn unquantized(padded: &str) -> bool {
    crate::lexicon::published_format_said(padded)
}

/// Whether one of `words` is said, each a word of its own in English (`bid` is not in `forbid`).
fn said_any(padded: &str, words: &[&str]) -> bool {
    words.iter().any(|w| {
        padded.match_indices(w).any(|(at, _)| {
            // `no spot`, `不要会员价`: a tier negated is not asked.
            !crate::lexicon::negated_at(padded, at)
                && !crate::lexicon::negated_after(padded, at + w.len())
                && (!w.is_ascii()
                    || (!padded[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
                        && !padded[at + w.len()..].starts_with(|c: char| c.is_ascii_alphabetic())))
        })
    })
}

/// Words that say who is asking (`我是学生`, `as a student`, `学生党`), not which price to show.
const ASKER_WORDS: &[&str] = &["student", "学生"];

/// Whether member prices are asked: a tier word (`会员价`, `member`), or a student price with
/// its price word (`学生价`, `student discount`). A student saying who they are asks no tier:
/// the catalog's member prices do not say students qualify, so showing them would be a price
/// the asker may not get.
fn member_asked(padded: &str) -> bool {
    let tiers: Vec<&str> = crate::answer::billing::MEMBER_WORDS
        .iter()
        .filter(|w| !ASKER_WORDS.contains(w))
        .copied()
        .collect();
    said_any(padded, &tiers) || said_any(padded, super::student_price::STUDENT)
}

/// Whether spot or interruptible capacity is asked (`spot`, `竞价实例`), each a word of its own.
pub(super) fn spot_asked(padded: &str) -> bool {
    said_any(padded, crate::answer::billing::SPOT_WORDS)
}

/// `runpod 4090 spot price`, `vast 竞价实例`: a job's price with spot capacity too (the words
/// `/cost` and `/compare` read, [`crate::answer::billing::SPOT_WORDS`]); `autodl 4090 会员价`,
/// `学生价`: with member prices too ([`member_asked`]; `i'm a student` alone asks no tier).
pub(super) fn with_spot(catalog: &Catalog, r: Reading, padded: &str) -> Reading {
    let spot = spot_asked(padded);
    let member = member_asked(padded) && !super::headcount::others_counted(catalog, padded);
    let tiers = |t: crate::billing::Tiers| {
        let t = if spot { t.with_spot() } else { t };
        if member { t.with_member() } else { t }
    };
    match r {
        Reading::Command(Request::Cost(mut j)) if spot || member => {
            j.job.tiers = tiers(j.job.tiers);
            Reading::Command(Request::Cost(j))
        }
        Reading::Command(Request::Compare(mut j)) if spot || member => {
            j.job.tiers = tiers(j.job.tiers);
            Reading::Command(Request::Compare(j))
        }
        // `h100 spot offers on vast`: `/stock` has no kind; `/offers` filters spot.
        Reading::Command(Request::Stock(s)) if spot => {
            let g = super::request::Cards {
                gpu: s.gpu.clone(),
                count: 1,
            };
            Reading::Command(super::request::offers(
                Some(&g),
                s.platform.as_ref(),
                None,
                s.max.as_ref(),
                true,
            ))
        }
        Reading::Command(Request::Offers(mut o)) if spot => {
            o.filter.kind = Some(crate::availability::OfferKind::Spot);
            Reading::Command(Request::Offers(o))
        }
        r => r,
    }
}

/// `有人知道…吗`, `有没有大佬…`, `does anyone know`: a question put to people, whose `有` asks
/// nothing to be in stock.
pub(super) fn without_people_asked(padded: &str) -> String {
    let mut s = padded.to_string();
    for p in [
        "有没有人",
        "有没有大佬",
        "有人",
        "有谁",
        "有大佬",
        "有老哥",
        "有兄弟",
        "有朋友",
        "有小伙伴",
        "有懂的",
        "does anyone know",
        "anyone know",
        "anybody know",
        "anyone have any idea",
        "anyone have an idea",
    ] {
        s = s.replace(p, " ");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_followed_by_another_within_a_gap() {
        assert!(asks_capability(" 你会干嘛 "));
        assert!(asks_capability(" 你都能帮我干点啥 "));
        assert!(!asks_capability(" 4090能跑qwen吗 "));
    }

    #[test]
    fn had_now_is_a_stock_event_only_right_before_a_word_to_tell() {
        assert!(conditional_notify(" l40s 有了通知我一声 "));
        assert!(conditional_notify(" 4090 有了就告诉我 "));
        assert!(!conditional_notify(" 我有了一张3090 告诉我能跑多大的模型 "));
    }

    #[test]
    fn stock_had_with_any_verb_is_the_event_a_condition_waits_for() {
        assert!(conditional_notify(" when a6000 have stock please tell me "));
        assert!(conditional_notify(" tell me please, when l40s have stock "));
        // Stock asked now, with no condition, is no alert.
        assert!(!conditional_notify(
            " does a6000 have stock now? please tell me "
        ));
    }

    #[test]
    fn alert_verbs_and_nouns_apart() {
        assert!(stops_alerts(" stop all my alerts "));
        assert!(stops_alerts(" 把提醒都关了 "));
        assert!(lists_alerts(" 我订阅了哪些提醒 "));
        assert!(!lists_alerts(" 4090多少钱 "));
        // An ordinal stands for the alert; a stop with neither says nothing of alerts.
        assert!(stops_alerts(" cancel 第2个 "));
        assert!(stops_alerts(" 取消第 3 条 "));
        assert!(!stops_alerts(" 取消第二阶段 "));
        assert!(!stops_alerts(" cancel my order "));
    }
}
