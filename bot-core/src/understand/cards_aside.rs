//! Of two cards named, the one the question is not about: a fallback said after a condition
//! (`一张T4能不能装下…如果装不下我就换L4`, `4090 够不够？如果不够是不是只能上 a100`,
//! `otherwise an a6000`), or someone else's card beside the user's own (`up主用4090跑的flux
//! 我用3090能跑不`). Both were asked back though the sentence had settled which card is asked.

use super::request::Cards;
use crate::catalog::Catalog;

/// Words that start the case where the first card is not enough.
const FALLBACK: &[&str] = &[
    "如果装不下",
    "如果不够",
    "如果不行",
    "如果跑不了",
    "如果跑不动",
    "装不下的话",
    "不够的话",
    "不行的话",
    "没有的话",
    "跑不动的话",
    "要是不够",
    "要是装不下",
    "不够就",
    "不行就",
    "装不下就",
    "跑不了就",
    "跑不动就",
    "不够再",
    "不行再",
    "否则",
    "不然",
    "if not",
    "if it doesn't",
    "if it does not",
    "if it won't",
    "if that fails",
    "otherwise",
    "or else",
    "else i",
    "else we",
    "if it doesn't fit",
    // The card moved to only when the first is not enough (`…可以吗，还是必须上A100`,
    // `… or do i have to get an a100`): a plain `还是`/`or` still weighs two cards.
    "还是必须",
    "还是得上",
    "还是得换",
    "还是得用",
    "还是要上",
    "还是要换",
    "还是只能",
    "还是需要上",
    "还是需要换",
    "or do i have to",
    "or do i need",
    "or do we have to",
    "or do we need",
    "or must i",
    "or i need to",
];
/// Someone else, named before a card (`up主用4090`, `the youtuber ran it on a 4090`); the
/// nearer of these and the user's own words decides whose card it is.
const OTHERS: &[&str] = &[
    "up主",
    "博主",
    "别人",
    "人家",
    "朋友",
    "同学",
    "视频里",
    "教程里",
    "教程用",
    "youtuber",
    "my friend",
    "a friend",
    "someone",
    "the video",
    "the tutorial",
    "he used",
    "she used",
    "they used",
    "he ran",
    "she ran",
    "they ran",
    // The setup of a paper being reproduced (`论文里是8张A100`, `They used 8×A100`, `paper says
    // they fine-tuned … on a single A100`): context, as someone else's card is.
    "论文",
    "原文",
    "作者",
    "paper",
    "the authors",
    "they fine-tuned",
    "they finetuned",
    "they trained",
    "they had",
    "were trained on",
    "was trained on",
    "they benchmarked",
    "they tested",
    "they reported",
    "benchmarked on",
    "the benchmark",
    "my buddy",
    "a buddy",
    "colleague",
    "coworker",
    "co-worker",
    "classmate",
    "labmate",
    "同事",
    "师兄",
    "师姐",
    "学长",
    "学姐",
    "群友",
    "网友",
    "大佬",
    "他用",
    "她用",
    "他们用",
];
/// Words that weigh two cards against each other (`论文用的a100和4090比`): both are asked.
const WEIGH: &[&str] = &[
    "和", "跟", "与", "比", "还是", "对比", " vs", " or ", "versus", "compared", "than",
];
/// The user's own use, right before a card (`我用3090`).
const MINE: &[&str] = &[
    "我用",
    "我的",
    "我这",
    "我只有",
    "i have",
    "i've got",
    "my ",
    // The card the question asks about, after a setup told (`我手上只有4张4090`, `Would 2 H100s be
    // enough?`, `can I do the same on a 4090`).
    "我手上",
    "我手里",
    "手上只有",
    "手里只有",
    "我只有",
    "我们只有",
    "我们有",
    "would ",
    "can i ",
    "could i ",
    "can we ",
    "could we ",
    "will ",
    "is a ",
    "is an ",
];
/// How far before a card a setup's word still owns it (`paper says they fine-tuned qwen2.5-7b
/// with lora on a single a100`), as long as no other card stands between.
const SETUP_REACH: usize = 80;

/// Where each of a card's names is said as a whole word.
/// Question words put right after a card (`3090 行不行`, `3060 呢`, `a10 能跑吗`).
const ASKED_AFTER: &[&str] = &[
    "呢",
    "行不行",
    "行吗",
    "可以吗",
    "可不可以",
    "能跑吗",
    "能不能",
    "够吗",
    "够不够",
    "怎么样",
];

/// Whether card `id` is said after byte `cue` with a question word right after it.
fn asked_right_after(catalog: &Catalog, padded: &str, id: &str, cue: usize) -> bool {
    let Ok(g) = catalog.gpu(id) else {
        return false;
    };
    g.aliases
        .iter()
        .map(|a| a.to_lowercase())
        .chain([id.to_string()])
        .any(|n| {
            padded.match_indices(n.as_str()).any(|(k, _)| {
                let after = padded[k + n.len()..].trim_start();
                k > cue && ASKED_AFTER.iter().any(|w| after.starts_with(w))
            })
        })
}

fn mentions(catalog: &Catalog, padded: &str, id: &str) -> Vec<usize> {
    spans(catalog, padded, id)
        .into_iter()
        .map(|(k, _)| k)
        .collect()
}

/// Where each of a card's names is said as a whole word, with where the name ends.
fn spans(catalog: &Catalog, padded: &str, id: &str) -> Vec<(usize, usize)> {
    let Ok(g) = catalog.gpu(id) else {
        return Vec::new();
    };
    let names: Vec<String> = g
        .aliases
        .iter()
        .map(|a| a.to_lowercase())
        .chain([id.to_string()])
        .collect();
    let mut at: Vec<(usize, usize)> = names
        .iter()
        .flat_map(|n| {
            padded.match_indices(n.as_str()).filter_map(|(k, _)| {
                // A plural (`2 h100s`) and a count glued before (`8xa100`) keep the name whole.
                let after = &padded[k + n.len()..];
                let after = after.strip_prefix('s').unwrap_or(after);
                let before = &padded[..k];
                let counted = before
                    .strip_suffix('x')
                    .is_some_and(|b| b.ends_with(|c: char| c.is_ascii_digit()));
                let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric())
                    && (counted || !before.ends_with(|c: char| c.is_ascii_alphanumeric()));
                whole.then_some((k, k + n.len()))
            })
        })
        .collect();
    at.sort_unstable();
    at
}

/// Where the last of `cues` ends in the few characters before byte `at`, if any is there.
fn last_cue(padded: &str, at: usize, cues: &[&str]) -> Option<usize> {
    last_cue_within(padded, at, 27, 0, cues)
}

/// Where the last of `cues` ends in the `reach` characters before byte `at`, none before byte
/// `floor` (where another card was said).
fn last_cue_within(
    padded: &str,
    at: usize,
    reach: usize,
    floor: usize,
    cues: &[&str],
) -> Option<usize> {
    let from = padded[..at]
        .char_indices()
        .rev()
        .nth(reach)
        .map_or(0, |(k, _)| k)
        .max(floor);
    cues.iter()
        .filter_map(|c| padded[from..at].rfind(c).map(|k| from + k + c.len()))
        .max()
}

/// Whose a card is said to be: `Some(true)` the user's, `Some(false)` someone else's, by the
/// nearer of the two kinds of words before one of its mentions (someone else's said as far
/// back as [`SETUP_REACH`], but not past another card's mention in `all`).
fn whose(padded: &str, mentions: &[usize], all: &[usize]) -> Option<bool> {
    mentions.iter().find_map(|at| {
        let floor = all.iter().filter(|k| **k < *at).max().copied().unwrap_or(0);
        let others = last_cue_within(padded, *at, SETUP_REACH, floor, OTHERS);
        match (last_cue(padded, *at, MINE), others) {
            (Some(m), Some(o)) => Some(m > o),
            (Some(_), None) => Some(true),
            (None, Some(_)) => Some(false),
            (None, None) => None,
        }
    })
}

/// `gpus` without a fallback card or someone else's card, when a card is left.
/// Every card read is first said after a fallback's condition, with a word before the
/// condition (`4070 不够的话 3090 行不行`): the word before is the card found wanting, which the
/// catalog does not know; the question is the later card's, so the word is no misspelt card
/// to ask back (it had been fuzzed to a 4080 or 4090 while the 3090 was asked).
pub(super) fn all_after_fallback(catalog: &Catalog, padded: &str, gpus: &[Cards]) -> bool {
    let Some(cue) = FALLBACK.iter().filter_map(|w| padded.find(w)).min() else {
        return false;
    };
    let has_word_before = padded[..cue].chars().any(|c| c.is_ascii_digit());
    !gpus.is_empty()
        && has_word_before
        && gpus.iter().all(|c| {
            mentions(catalog, padded, &c.gpu)
                .first()
                .is_some_and(|at| *at > cue)
        })
}

pub(super) fn keep_asked(catalog: &Catalog, padded: &str, gpus: &mut Vec<Cards>) {
    // One card that failed on the run, and what to use instead asked (`…显存直接炸了，该换什么卡`):
    // the story, set aside (the lexicon's `card_switch`).
    if gpus.len() == 1 && crate::lexicon::switch_asked(padded) {
        let said = spans(catalog, padded, &gpus[0].gpu);
        if !said.is_empty()
            && said.iter().all(|(at, end)| {
                crate::lexicon::card_blew_up_at(padded, *at, *end)
                    || crate::lexicon::card_failed_at(padded, *end, padded.len())
            })
        {
            gpus.clear();
        }
    }
    if gpus.len() < 2 {
        return;
    }
    let first: Vec<Option<usize>> = gpus
        .iter()
        .map(|c| mentions(catalog, padded, &c.gpu).first().copied())
        .collect();
    // A fallback: every card first said after the condition, when one was said before it.
    if let Some(cue) = FALLBACK.iter().filter_map(|w| padded.find(w)).min() {
        let before = first.iter().any(|at| at.is_some_and(|a| a < cue));
        if before {
            // The first card is the one asked (`4090 够不够？如果不够是不是只能上 a100`) unless
            // the question is put to the card after the condition (`4070 不够的话 3090 行不行`,
            // `4060 行不行，没有的话 3060 呢`): then the first is the one found wanting.
            let later = gpus
                .iter()
                .any(|c| asked_right_after(catalog, padded, &c.gpu, cue));
            let keep: Vec<bool> = first
                .iter()
                .map(|at| at.is_none_or(|a| (a < cue) != later))
                .collect();
            let mut k = keep.iter();
            gpus.retain(|_| *k.next().unwrap_or(&true));
            return;
        }
    }
    if set_aside_failed(catalog, padded, gpus) || set_aside_priced(catalog, padded, gpus) {
        return;
    }
    // Someone else's card beside the user's own: the user's.
    let said: Vec<Vec<usize>> = gpus
        .iter()
        .map(|c| mentions(catalog, padded, &c.gpu))
        .collect();
    let owners: Vec<Option<bool>> = said
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let others: Vec<usize> = said
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .flat_map(|(_, m)| m.iter().copied())
                .collect();
            whose(padded, m, &others)
        })
        .collect();
    let setup_first = || {
        // Someone else's card told first, the card asked said after it with no word weighing
        // them (`论文用8卡h100训的llama 3 8b全参，2张h200行吗`): the later one is asked.
        let firsts = |want: Option<bool>| {
            owners
                .iter()
                .zip(&first)
                .filter(move |(o, _)| **o == want)
                .filter_map(|(_, at)| *at)
        };
        let told = firsts(Some(false)).max();
        let asked = firsts(None).min();
        matches!((told, asked), (Some(t), Some(a)) if t < a
            && !WEIGH.iter().any(|w| padded[t..a].contains(w)))
    };
    if owners.contains(&Some(false)) && (owners.contains(&Some(true)) || setup_first()) {
        let mut k = owners.iter();
        gpus.retain(|_| k.next().is_some_and(|o| *o != Some(false)));
    }
}

/// A card said to have failed on the job (`colab t4 ran out of memory`, `3060 爆显存了`: the
/// lexicon's [`crate::lexicon::card_failed_at`]) or to be out (`4090 老是抢不到`, `running out of
/// a100s`: [`crate::lexicon::card_out_at`]) at every mention, with a card not said so asked after it and no word weighing the two: the failed card is the story,
/// set aside. Whether anything was.
fn set_aside_failed(catalog: &Catalog, padded: &str, gpus: &mut Vec<Cards>) -> bool {
    let said: Vec<Vec<(usize, usize)>> = gpus
        .iter()
        .map(|c| spans(catalog, padded, &c.gpu))
        .collect();
    let starts: Vec<usize> = said.iter().flatten().map(|(k, _)| *k).collect();
    let failed: Vec<bool> = said
        .iter()
        .map(|m| {
            !m.is_empty()
                && m.iter().all(|(at, end)| {
                    let next = starts.iter().filter(|k| **k > *at).min();
                    let next = *next.unwrap_or(&padded.len());
                    crate::lexicon::card_failed_at(padded, *end, next)
                        || crate::lexicon::card_out_at(padded, *at, *end, next)
                })
        })
        .collect();
    let last_failed = said
        .iter()
        .zip(&failed)
        .filter(|(_, f)| **f)
        .filter_map(|(m, _)| m.last().map(|(k, _)| *k))
        .max();
    let first_asked = said
        .iter()
        .zip(&failed)
        .filter(|(_, f)| !**f)
        .filter_map(|(m, _)| m.first().map(|(k, _)| *k))
        .min();
    let aside = matches!((last_failed, first_asked), (Some(f), Some(a)) if f < a
        && !WEIGH.iter().any(|w| padded[f..a].contains(w)));
    if aside {
        let mut k = failed.iter();
        gpus.retain(|_| !*k.next().unwrap_or(&false));
    }
    aside
}

/// A card refused for its price at every mention (`don't want to pay for an a100`, `不想多花钱上
/// 4090`: the lexicon's [`crate::lexicon::price_refused_at`]), beside a card not refused: the
/// refused card is no rival reading, set aside (it had been asked back between the two).
fn set_aside_priced(catalog: &Catalog, padded: &str, gpus: &mut Vec<Cards>) -> bool {
    let refused: Vec<bool> = gpus
        .iter()
        .map(|c| {
            let m = spans(catalog, padded, &c.gpu);
            !m.is_empty()
                && m.iter()
                    .all(|(at, end)| crate::lexicon::price_refused_at(padded, *at, *end))
        })
        .collect();
    let aside = refused.iter().any(|r| *r) && refused.iter().any(|r| !*r);
    if aside {
        let mut k = refused.iter();
        gpus.retain(|_| !*k.next().unwrap_or(&false));
    }
    aside
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(text: &str, ids: &[&str]) -> Vec<String> {
        let c = Catalog::embedded().unwrap();
        let mut gs: Vec<Cards> = ids
            .iter()
            .map(|g| Cards {
                gpu: g.to_string(),
                count: 1,
            })
            .collect();
        keep_asked(&c, &format!(" {text} "), &mut gs);
        gs.into_iter().map(|c| c.gpu).collect()
    }

    #[test]
    fn the_card_asked_about_is_kept() {
        assert_eq!(
            kept("一张t4能不能装下 如果装不下我就换l4", &["t4", "l4"]),
            ["t4"]
        );
        assert_eq!(
            kept(
                "up主用4090跑的flux 我用3090能跑不",
                &["rtx-4090", "rtx-3090"]
            ),
            ["rtx-3090"]
        );
        assert_eq!(
            kept(
                "my friend used a 4090 for flux, can my 3060 do it",
                &["rtx-4090", "rtx-3060"]
            ),
            ["rtx-3060"]
        );
        // Two cards weighed stay both.
        assert_eq!(kept("4090还是3090", &["rtx-4090", "rtx-3090"]).len(), 2);
    }
}
