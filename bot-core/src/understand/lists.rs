//! The catalog's own lists asked for in words: `你们支持哪些模型`, `what models do you know`
//! → `/models`; `list all gpus you know`, `都有哪些显卡` → `/gpus`. A list asked with nothing
//! named to narrow it (no card, model, platform, price or length), and no price, stock or fit
//! asked of it: those are the rankings and fits, read by their own rules.

use super::Reading;
use super::intent::Question;
use super::request::Request;
use super::text::has;
use super::words::{CHEAP_WORDS, COST_WORDS, FIT_WORDS, STOCK_WORDS};

/// Words that ask which (`哪些`, `which`, `list`) right before the thing listed.
const WHICH: &[&str] = &[
    "哪些",
    "什么",
    "啥",
    "哪几种",
    "all ",
    "which ",
    "what ",
    "list ",
    "list of ",
    "any ",
    "所有",
    "全部",
    "full list of ",
    "whole list of ",
];
const MODEL_NOUNS: &[&str] = &["模型", "大模型", "models", "llms"];
const GPU_NOUNS: &[&str] = &["显卡", "卡", "gpu", "gpus", "cards", "graphics cards"];
/// A list the bot keeps, or knows, or supports.
const KNOWN: &[&str] = &[
    "支持",
    "知道",
    "收录",
    "能查",
    "可以查",
    "有哪些",
    "都有",
    "列出",
    "列表",
    "清单",
    "support",
    "know",
    "cover",
    "list",
    "have",
    "available in your",
    "所有",
    "全部",
    "列一下",
    "full list",
    "data on",
];

/// Whether a noun of `nouns` comes within a few characters after a `WHICH` word.
fn asked_list(padded: &str, nouns: &[&str]) -> bool {
    WHICH.iter().any(|w| {
        padded.match_indices(w).any(|(at, _)| {
            let rest = &padded[at + w.len()..];
            rest.char_indices()
                .take(12)
                .any(|(k, _)| nouns.iter().any(|n| rest[k..].starts_with(n)))
        })
    })
}

/// Whether the question names anything of a job (a card, a model, a platform, a length, a
/// price, a task): then it is not a bare ask for a list or a setting.
pub(super) fn names_a_job(q: &Question) -> bool {
    let e = q.e;
    !e.gpus.is_empty()
        || !q.nothing_to_size()
        || !e.platforms.is_empty()
        || e.usage.is_some()
        || q.price.is_some()
        || e.task.is_some()
}

pub(super) fn catalog_list(q: &Question) -> Option<Reading> {
    let named = names_a_job(q);
    // `所有卡列一下`: the `有卡` inside `所有卡` asks no stock.
    let all = q.padded.replace("所有", "全部");
    let other = has(q.padded, CHEAP_WORDS) || has(q.padded, COST_WORDS) || has(&all, STOCK_WORDS);
    // `fit 那边能查的模型都有哪些`: the fit engine's models are the list asked for.
    let fit = has(q.padded, FIT_WORDS);
    if !named && !other && super::lists_more::all_platforms(q.padded) {
        return Some(Reading::Command(super::request::platforms(Vec::new())));
    }
    // `国内有哪些gpu租赁平台`, `do any gpu hosts …`: the platforms are listed, by their own rule.
    let platforms = has(
        q.padded,
        &[
            "平台", "platform", "provider", "cloud", "云", "哪家", "网站", "site", "host",
        ],
    );
    if named || other || platforms || !has(q.padded, KNOWN) {
        return None;
    }
    // `模型列表`, `gpu list`: the noun with its list word after it.
    let listed = |nouns: &[&str]| {
        nouns.iter().any(|n| {
            ["列表", "清单", " list"].iter().any(|l| {
                q.padded.contains(&format!("{n}{l}")) || q.padded.contains(&format!("{n}的{l}"))
            })
        })
    };
    let models_asked = asked_list(q.padded, MODEL_NOUNS)
        || listed(MODEL_NOUNS)
        || super::lists_more::noun_then_which(q.padded, MODEL_NOUNS);
    if fit && !models_asked {
        return None;
    }
    if models_asked {
        return Some(Reading::Command(Request::Models));
    }
    (asked_list(q.padded, GPU_NOUNS) || listed(GPU_NOUNS))
        .then_some(Reading::Command(Request::Gpus))
}
