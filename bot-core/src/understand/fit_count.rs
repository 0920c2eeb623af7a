//! `llama 3.1 70b int4 4090 3`, `qwen3 32b 4090 2 够吗`: a bare number right after a card in a
//! fit is the card count, never dropped (a model sized on one card when three were said), unless
//! it is plainly something else: a memory size the card is sold in (`a100 40` is the 40 GB
//! card), a unit after it, or a price asked (a length then, asked back by `bare_number`).

use super::request::Request;
use super::text::tokens;
use super::words::COST_WORDS;
use super::{Reading, card_number};
use crate::catalog::Catalog;

/// What may follow the count: the question's own words (`够吗`, `能跑吗`, `ok?`); a noun
/// after the number (`10个人`, `12 concurrent`, `4 images`, `3小时`) counts something else.
const ASKED_AFTER: &[&str] = &[
    "够",
    "能",
    "行",
    "可以",
    "可不可以",
    "跑",
    "吗",
    "嗎",
    "装",
    "放",
    "得",
    "是否",
    "?",
    "ok",
    "fit",
    "enough",
    "possible",
    "work",
    "works",
    "can",
    "run",
    "feasible",
    "okay",
    "吧",
    "呢",
];

/// The message with the bare number after the fit's card written as what it is (`4090 3张`,
/// `a100 40g`), to be read again; `None` when the reading is no fit on one card or no bare
/// number follows its card.
pub(super) fn counted(catalog: &Catalog, norm: &str, reading: &Reading) -> Option<String> {
    let fits: Vec<&crate::answer::fit::FitLine> = match reading {
        Reading::Command(Request::Fit(f)) => vec![f],
        Reading::Ask(rs) => rs
            .iter()
            .map(|r| match r {
                Request::Fit(f) => Some(f),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?,
        _ => return None,
    };
    // A fit on one card said once (or its memory sizes asked back), no count said.
    if fits.is_empty() || fits.iter().any(|f| f.cards.is_some_and(|n| n > 1)) {
        return None;
    }
    let padded = format!(" {norm} ");
    if COST_WORDS.iter().any(|w| padded.contains(w)) {
        return None;
    }
    let toks = tokens(norm);
    let at = (1..toks.len()).find(|&k| {
        card_said(catalog, &toks[k - 1])
            && bare(&toks[k])
            && toks
                .get(k + 1)
                .is_none_or(|u| ASKED_AFTER.iter().any(|w| u.starts_with(w)))
    })?;
    let n: u32 = toks[at].parse().ok()?;
    let sold = |g: &crate::catalog::Gpu| card_number::sold_with(catalog, &g.id, f64::from(n));
    let said = if catalog.find_gpu(&toks[at - 1]).is_some_and(sold) {
        format!("{n}g")
    } else if (2..=64).contains(&n) {
        format!("{n}张")
    } else {
        return None;
    };
    let pair = format!("{} {}", toks[at - 1], toks[at]);
    match norm.find(&pair) {
        Some(k) => Some(format!(
            "{}{} {said}{}",
            &norm[..k],
            toks[at - 1],
            &norm[k + pair.len()..]
        )),
        None => {
            let mut out = toks.clone();
            out[at] = said;
            Some(out.join(" "))
        }
    }
}

/// A card's name (`4090`, `a100`; a word of three letters or more).
fn card_said(catalog: &Catalog, word: &str) -> bool {
    word.len() >= 3 && catalog.find_gpu(word).is_some()
}

/// A whole number of one or two digits, nothing glued on.
fn bare(t: &str) -> bool {
    (1..=3).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()) && !t.starts_with('0')
}

/// Asking which of the cards holds or runs the model (`哪个能放下`, `which one holds it`).
const HOLDS: &[&str] = &[
    "放下",
    "放得下",
    "装下",
    "装得下",
    "能放",
    "能装",
    "能跑",
    "跑得动",
    "够",
    "行",
    "hold",
    "fit",
    "run it",
    "enough",
];

/// Whether a fit names two or more single cards and asks which of them holds the model
/// (`4090 还是 A100 40G，哪个能放下`, `a 4090 or a 3090, which one holds it?`): one question
/// about both, which the fit on no card answers at once (every card that holds it is listed).
/// Asked back per card, the user had to ask twice.
pub(super) fn which_holds(padded: &str, cards: &[super::request::Cards]) -> bool {
    let which =
        super::text::has(padded, super::words_platforms::WHICH_OF_WORDS) || padded.contains("哪张");
    cards.len() >= 2
        && cards.iter().all(|c| c.count == 1)
        && which
        && super::text::has(padded, HOLDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(q: &str) -> Option<String> {
        let catalog = Catalog::embedded().unwrap();
        let norm = super::super::normalize(q);
        let (r, ..) = super::super::whole::read_whole(&catalog, norm.clone(), true);
        counted(&catalog, &norm, &r)
    }

    #[test]
    fn a_bare_number_after_the_card_of_a_fit_is_its_count() {
        assert!(said("qwen3 32b 4090 2 够吗").is_some_and(|s| s.contains("2张")));
        assert!(said("qwen2.5 32b a100 40 能跑吗").is_some_and(|s| s.contains("40g")));
    }

    #[test]
    fn a_number_with_a_unit_or_a_price_asked_is_not() {
        assert_eq!(said("qwen3 32b 4090 2小时"), None);
        assert_eq!(said("4090 3 多少钱"), None);
        assert_eq!(said("qwen3 32b on 2x 4090"), None);
        assert_eq!(said("qwen2.5-7b 4090 10个人同时用"), None);
        assert_eq!(
            said("vllm qwen2.5-7b on a 4090, 12 concurrent requests"),
            None
        );
    }
}
