//! A count of tokens or a bare `m` read by what is around it, not by its spelling alone:
//! `15M a day` beside an API or tokens is fifteen million tokens (it was billed as fifteen
//! minutes a day); `16k tokens` of a document, a prompt or a context is a context length, not
//! a day's volume (it was answered as rent-vs-API); `the full 128k` is the whole context, no
//! full fine-tune. Each misreading gave a wrong figure for another job.

use super::Reading;
use super::entities::Entities;
use super::question::Question;
use super::request::{self as make, Usage};
use super::text::has;
use crate::lexicon::{self, TokenCue};
use crate::vram::Task;
use rust_decimal::Decimal;

/// Words that make an `m` minutes: a run, a job, a session, or minutes said elsewhere.
const TIME_CUES: &[&str] = &[
    " run ",
    " running ",
    " runs ",
    " job",
    " session",
    " train",
    " render",
    " for 1",
    " for 2",
    " for 3",
    " for 4",
    " for 5",
    " for 6",
    " for 7",
    " for 8",
    " for 9",
    "跑",
    "训练",
    "分钟",
    "minute",
    "hours",
    "小时",
];

/// Words that make a count of tokens one document's or one prompt's: a context length.
const CONTEXT_CUES: &[&str] = &[
    "context",
    " ctx",
    "上下文",
    "window",
    "窗口",
    "prompt",
    "document",
    " doc ",
    " docs ",
    "transcript",
    "report",
    "paper",
    "article",
    "chapter",
    "book",
    "long",
    "length",
    "长度",
    "长文本",
    "每篇",
    "一篇",
    "篇",
    "文档",
    "论文",
    "输入",
    " input",
    " each ",
    "per request",
    "per conversation",
    "每条",
    "每次",
    "does it fit",
    " fit",
    "装得下",
    "放得下",
    "能跑",
    "跑得动",
    "够吗",
    "够不够",
    "enough",
];

/// The days a period cue spans: 30 for a month, 7 for a week, else a day.
fn period_days(rest: &str) -> Option<u64> {
    // The words that make a count of tokens a period's volume are the lexicon's.
    use crate::lexicon::Period;
    Some(match crate::lexicon::first_period(rest)?.2 {
        Period::Month => 30,
        Period::Week => 7,
        _ => 1,
    })
}

/// `15m` followed within a few words by a period (`15m a day`, `15M/day`): the number and the
/// days of the period, else `None`.
pub(super) fn millions_per_period(toks: &[String]) -> Option<(u64, u64, usize)> {
    toks.iter().enumerate().find_map(|(i, t)| {
        let n: f64 = t
            .strip_suffix('m')
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b'.'))?
            .parse()
            .ok()
            .filter(|v: &f64| *v > 0.0 && *v < 1e6)?;
        let rest = format!(" {} ", toks[i + 1..(i + 4).min(toks.len())].join(" "));
        let before = i.checked_sub(1).map_or("", |k| toks[k].as_str());
        let days = period_days(&rest)
            .or_else(|| matches!(before, "daily" | "每天" | "一天" | "每日").then_some(1))?;
        Some(((n * 1e6) as u64, days, i))
    })
}

/// What `m` after a count is in a sentence: millions of tokens, minutes, both said (a cue of
/// each, nothing naming tokens or an API: two live senses, asked back by `senses`), or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MUnit {
    Tokens,
    Minutes,
    Both,
    Neither,
}

/// The cues of tokens `m` is read by: every sense of the lexicon's one table.
const M_CUES: &[TokenCue] = &[
    TokenCue::Named,
    TokenCue::Api,
    TokenCue::Count,
    TokenCue::Weighed,
];

/// What `m` after a number is in this sentence ([`MUnit`]).
pub(super) fn m_unit(padded: &str) -> MUnit {
    // A rent-vs-API word (`vs paying`, `调API`, `self-host`) is the reader's own table of them.
    let rent_vs_api = has(padded, super::words::TCO_WORDS);
    let tokens = lexicon::token_cue_said(padded, M_CUES) || rent_vs_api;
    let time = has(padded, TIME_CUES);
    match (tokens, time) {
        (true, false) => MUnit::Tokens,
        (false, true) => MUnit::Minutes,
        // Tokens named outright (`15m tokens`), an API, or renting weighed against one win over
        // a run verb; a cost weighed beside a run leaves both.
        (true, true) => {
            let settled = lexicon::token_cue_said(padded, &[TokenCue::Named, TokenCue::Api]);
            if settled || rent_vs_api {
                MUnit::Tokens
            } else {
                MUnit::Both
            }
        }
        (false, false) => MUnit::Neither,
    }
}

/// Whether `m` after a number is settled as millions of tokens (`Some(true)`), as minutes
/// (`Some(false)`: also where both are said, the minutes read until asked back), or by nothing
/// (`None`) in this sentence.
fn m_is_tokens(padded: &str) -> Option<bool> {
    match m_unit(padded) {
        MUnit::Tokens => Some(true),
        MUnit::Minutes | MUnit::Both => Some(false),
        MUnit::Neither => None,
    }
}

/// A daily volume of tokens said with a bare `m` (`15M a day`) and left unread because its
/// unit is settled by nothing but a model: `Some(tokens a day)` to be asked back beside the
/// minutes reading.
fn unsettled_volume(toks: &[String], padded: &str, e: &Entities) -> Option<u64> {
    if e.volume.is_some() || (e.models.is_empty() && e.sizes.is_empty()) {
        return None;
    }
    let (n, days, _) = millions_per_period(toks)?;
    m_is_tokens(padded).is_none().then_some(n / days)
}

/// `llama-3.3-70b on a 4090, 15m a day`: tokens or minutes, settled by nothing said, asked
/// back: the rent-vs-API sum for that volume beside the bill for those minutes.
pub(super) fn asked(q: &Question) -> Option<Reading> {
    let toks = super::text::tokens(q.padded);
    let volume = unsettled_volume(&toks, q.padded, q.e)?;
    let Reading::Command(minutes) = super::intent::decide(q) else {
        return None;
    };
    // `we pay $0.5 per million tokens, 50m a day`: read as the rent-vs-API sum already (the
    // `m` a volume there, the API's price kept), there is no minute to ask about.
    if matches!(minutes, super::request::Request::Tco(_)) {
        return Some(Reading::Command(minutes));
    }
    let model = q.e.models.first().or(q.e.sizes.first());
    let tokens = |model: Option<&String>| {
        let quant =
            q.e.quant
                .or_else(|| crate::advice::native_quant(q.catalog.find_model(model?)?))
                .unwrap_or(crate::vram::Quant::Bf16);
        make::tco(
            model,
            quant,
            q.e.gpus.first(),
            Some(volume),
            q.price.filter(|p| p.per.is_none()),
            None,
        )
    };
    // A family size with several generations: the tokens' reading asked for each of them.
    let mut asks = match super::question::per_model(q.e, model, tokens) {
        Some(Reading::Ask(rs)) => rs,
        Some(Reading::Command(r)) => vec![r],
        _ => Vec::new(),
    };
    asks.push(minutes);
    Some(Reading::Ask(asks))
}

/// The count of tokens said with `tokens` after it (`16k tokens`, `~40k tokens`, `2万token`),
/// and whether a period follows or precedes it.
fn tokens_said(toks: &[String]) -> Option<(u64, bool)> {
    tokens_counts(toks).into_iter().next()
}

/// Every count of tokens said (see [`tokens_said`]), in order.
fn tokens_counts(toks: &[String]) -> Vec<(u64, bool)> {
    toks.iter()
        .enumerate()
        .filter_map(|(i, t)| {
            let t = t.trim_start_matches(['~', '约']);
            if !t.starts_with(|c: char| c.is_ascii_digit()) {
                return None;
            }
            let mut n = lexicon::token_count(t)?;
            let mut tail = toks.get(i + 1).map(String::as_str).unwrap_or("");
            let mut next = i + 1;
            if let Some((w, m)) = lexicon::CJK_MULTIPLIERS
                .iter()
                .find(|(w, _)| tail.starts_with(w))
            {
                n *= m;
                tail = tail[w.len()..].trim_start_matches('个');
                if tail.is_empty() {
                    next += 1;
                    tail = toks.get(next).map(String::as_str).unwrap_or("");
                }
            } else if let Some(m) = english_multiplier(tail) {
                // `128 thousand tokens of context`: the count said in words, as `find_volume`
                // reads it, so the context it names is seen.
                n *= m;
                next += 1;
                tail = toks.get(next).map(String::as_str).unwrap_or("");
            }
            if !tail.starts_with("tok") {
                return None;
            }
            // A period right before the count, or in the few words after `tokens` up to the
            // next number (`api 1百万 token 2块钱 我每天1亿 token`: that day is the second's).
            let before = toks[i.saturating_sub(1)..i].join(" ");
            let after: Vec<&str> = toks[(next + 1).min(toks.len())..(next + 4).min(toks.len())]
                .iter()
                .map(String::as_str)
                .take_while(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
                .collect();
            let after = format!(
                " {} {} ",
                tail.trim_start_matches(|c: char| c.is_ascii_alphabetic()),
                after.join(" ")
            );
            let marked = period_days(&after).is_some() || period_days(&before).is_some();
            Some((n as u64, marked))
        })
        .collect()
}

/// `thousand`, `million`, `billion` after a count: its multiplier.
fn english_multiplier(w: &str) -> Option<f64> {
    match w {
        "thousand" => Some(1e3),
        "million" => Some(1e6),
        "billion" => Some(1e9),
        _ => None,
    }
}

/// A context length as `ctx=` writes it: `16000` → `16k`, `8192` → `8k`.
fn window(n: u64) -> String {
    if n >= 1000 && n % 1000 == 0 {
        format!("{}k", n / 1000)
    } else if n >= 1024 && n % 1024 == 0 {
        format!("{}k", n / 1024)
    } else {
        n.to_string()
    }
}

/// Whether every `full` said is said of a context (`the full 128k`, `full context`) or of the
/// whole model (`the full 671b one`, `full 405b model`: not a distill), and no training is said
/// anywhere: then `full` is no full fine-tune.
pub(super) fn full_not_training(toks: &[String], padded: &str) -> bool {
    const TRAINING: &[&str] = &[
        "finetun", "fine-tun", "fine tun", "sft", "全参", "全量", "微调", "train", "训",
    ];
    // Serving said and no training (`serve the full deepseek r1 671b`, `full model inference`):
    // `full` can only be the whole model or its precision.
    const SERVING: &[&str] = &[
        "serve",
        "serving",
        "inference",
        "deploy",
        "推理",
        "部署",
        "host ",
    ];
    if has(padded, TRAINING) {
        return false;
    }
    let fulls: Vec<usize> = (0..toks.len()).filter(|k| toks[*k] == "full").collect();
    !fulls.is_empty()
        && (has(padded, SERVING) || fulls.iter().all(|&k| full_of_model_or_context(toks, k)))
}

/// `full` said of the whole model (`full 671b one`; after `the`, its size a few words on: `the
/// full llama 3.1 405b`) or of a context (`the full 128k`). A family right after a bare `full`
/// (`full qwen2.5 7b`) is the task said of it.
fn full_of_model_or_context(toks: &[String], k: usize) -> bool {
    let reach = if k > 0 && toks[k - 1] == "the" { 5 } else { 2 };
    toks[k + 1..(k + reach).min(toks.len())]
        .iter()
        .any(|n| whole_model(n))
        || {
            toks[k + 1..(k + 3).min(toks.len())].iter().any(|n| {
                n.starts_with("context")
                    || n.starts_with("ctx")
                    || n.starts_with("window")
                    || (n.ends_with('k') && lexicon::context_tokens(n).is_some_and(|v| v >= 1024))
            })
        }
}

/// A word after `full` that names the model itself: its size (`671b`, `1.5b`) or `one`/`model`.
fn whole_model(w: &str) -> bool {
    let size = w
        .strip_suffix('b')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.'));
    size || matches!(w, "one" | "model" | "weights" | "size")
}

/// The entities with each number's unit settled by the sentence around it.
pub(super) fn settle(toks: &[String], padded: &str, e: &mut Entities, token_priced: bool) {
    // `15M a day` beside an API or its price per million (`$0.05/M`, said even beside a run
    // verb): millions of tokens, and no minutes a day.
    if e.volume.is_none()
        && let Some((n, days, _)) = millions_per_period(toks)
        && (token_priced || m_is_tokens(padded) == Some(true))
    {
        e.volume = Some(n / days);
        let minutes = Decimal::from(n / 1_000_000 * 60);
        if matches!(&e.usage, Some(Usage::Daily(s) | Usage::Once(s)) if *s == minutes) {
            e.usage = None;
        }
    }
    // `api 2块5 1百万 每天1千万token`: the count of tokens said with its day is the volume,
    // not the API price's unit before it.
    let marked: Vec<u64> = tokens_counts(toks)
        .into_iter()
        .filter_map(|(n, marked)| marked.then_some(n))
        .collect();
    if let [n] = marked.as_slice()
        && e.volume.is_some_and(|v| v != *n)
        && period_days(&format!(" {padded} ")) == Some(1)
    {
        e.volume = Some(*n);
    }
    // `reports run to 16k tokens … does it fit`: one document's length, no day's volume.
    if e.context.is_none()
        && let Some((n, false)) = tokens_said(toks)
        && e.volume == Some(n)
        && !lexicon::token_cue_said(padded, &[TokenCue::Api, TokenCue::Count, TokenCue::Weighed])
        && !has(padded, super::words::TCO_WORDS)
        && has(padded, CONTEXT_CUES)
        && (1024..=10_000_000).contains(&n)
    {
        e.volume = None;
        // A window said in `k` keeps its `k` (`1.5k tokens ctx`: 1.5 × 1024, the lexicon's
        // binary window), never the decimal count the volume reader made of it.
        let said_k = toks.iter().find(|t| {
            t.ends_with('k') && lexicon::token_count(t).is_some_and(|c| c.round() as u64 == n)
        });
        e.context = Some(said_k.cloned().unwrap_or_else(|| window(n)));
    }
    if e.tasks.contains(&Task::Full) && full_not_training(toks, padded) {
        e.tasks.retain(|t| *t != Task::Full);
        e.task = e.tasks.first().copied();
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::{normalize, tokens};
    use super::*;

    fn toks(s: &str) -> (Vec<String>, String) {
        let n = normalize(s);
        (tokens(&n), format!(" {n} "))
    }

    #[test]
    fn a_bare_m_by_its_neighbours() {
        let (t, p) = toks("qwen2.5-7b 4090 20M a day vs the api at 0.5");
        assert_eq!(millions_per_period(&t).map(|x| x.0), Some(20_000_000));
        assert_eq!(m_is_tokens(&p), Some(true));
        let (_, p) = toks("4090 跑 15m a day");
        assert_eq!(m_is_tokens(&p), Some(false));
        let (t, _) = toks("4090 for 15m");
        assert_eq!(millions_per_period(&t), None);
    }

    #[test]
    fn a_document_length_is_a_context() {
        let (t, _) = toks("each paper is about 30k tokens");
        assert_eq!(tokens_said(&t), Some((30_000, false)));
        let (t, _) = toks("30k tokens a day");
        assert_eq!(tokens_said(&t), Some((30_000, true)));
        assert_eq!(window(16_000), "16k");
        assert_eq!(window(8192), "8k");
        let (t, p) = toks("phi-3-mini-128k with the full 128k on a t4");
        assert!(full_not_training(&t, &p));
        let (t, p) = toks("full finetune with the full 128k");
        assert!(!full_not_training(&t, &p));
        let (t, p) = toks("deepseek r1, the full 671b one. how many h200s?");
        assert!(full_not_training(&t, &p));
        let (t, p) = toks("llama 3.1 405b the full one on h100s");
        assert!(full_not_training(&t, &p));
        let (t, p) = toks("full 7b finetune on a 4090");
        assert!(!full_not_training(&t, &p), "training said");
        let (t, p) = toks("full qwen2.5 7b on a 4090");
        assert!(!full_not_training(&t, &p), "a family after full: the task");
        let (t, p) = toks("how many a100s to serve the full qwen3 235b");
        assert!(full_not_training(&t, &p), "serving said");
        let (t, p) = toks("the full llama 3.1 405b on h100s how many");
        assert!(
            full_not_training(&t, &p),
            "the full, its size a few words on"
        );
        let (t, p) = toks("full fine-tuning qwen2.5 7b, serve it after");
        assert!(!full_not_training(&t, &p), "training said beside serving");
        let (t, p) = toks("full ft llama 3 8b a100");
        assert!(!full_not_training(&t, &p), "ft right after full");
    }
}
