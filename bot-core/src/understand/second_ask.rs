//! Two asks in one message (`can a 3090 run qwen3-14b int4 and how much for 5 hours on
//! vast`): the first is the reading; the second is kept and offered, never answered in its
//! place and never dropped unsaid. The price asked after a fit is priced on the fit's card;
//! any other ask after a plain joint (`顺便`, `另外`, `btw`) is read on its own, on the first
//! ask's card where it names none.

use super::request::Request;
use super::set_aside::{self, Aside, SetAside};
use super::text::normalize;
use super::words::{COST_WORDS, SPECS_WORDS, STOCK_WORDS};
use super::{Reading, cues, read_normalized};
use crate::catalog::Catalog;

/// Where a second ask starts (`and how much`, `顺便问下…多少钱`).
const JOINTS: &[&str] = &[
    " and ", " also ", " plus ", ", ", " btw ", "顺便", "另外", "还有", "再问", "以及", "然后",
];

/// A second ask in the message, to offer after the first is answered: the price asked after
/// a fit (on the fit's card), or any ask of its own after a plain joint. `first` is the
/// message's reading as the bot answered it, passed in so the message is not read again.
pub fn second_ask(catalog: &Catalog, text: &str, first: &Reading) -> Option<Request> {
    price_after_fit(catalog, text, first).or_else(|| after_joint(catalog, text, first))
}

/// Words that start a second, separate ask; `and` and a comma join the parts of one ask too
/// often to count here. A sentence mark is a space after [`normalize`], so `  also ` is
/// `also` starting a sentence and ` also  ` is `also,`; `can it also run 70b` has neither.
const PLAIN_JOINTS: &[&str] = &[
    "顺便",
    "另外",
    "还有个问题",
    "还想问",
    "再问",
    "再问一下",
    "此外",
    " btw ",
    " by the way ",
    "  also ",
    " also  ",
    " and also ",
    " one more thing ",
    " another question ",
    // `…，仲有邊度最平`: `还有` before a question word of its own (`还有货吗` is no joint).
    "还有哪",
    "还有多少",
    "还有几",
];

/// `and` before a question word starts a second ask (`is l40s in stock and what is its memory
/// bandwidth`, `… on 4090 and how much cost 3 hours`); the question word stays in it. `and is
/// it in stock` after a price is one ask of the card's offers, not two.
const AND_ASKS: &[&str] = &[
    " and what ",
    " and how ",
    " and which ",
    " and where ",
    " and can ",
];

/// The two parts of a message split at its first plain joint, when both say something.
fn split(padded: &str) -> Option<(&str, &str)> {
    let plain = PLAIN_JOINTS
        .iter()
        .filter_map(|j| padded.find(j).map(|k| (k, k + j.len())));
    let and = AND_ASKS
        .iter()
        .filter_map(|j| padded.find(j).map(|k| (k, k + " and ".len())));
    let (at, start) = plain.chain(and).min()?;
    let (head, tail) = (padded[..at].trim(), padded[start..].trim());
    // A joint at the very start joins nothing; a tail of a word or two is no ask.
    (head.chars().count() >= 2 && tail.chars().count() >= 3).then_some((head, tail))
}

/// The second part read as an ask of its own, on the first part's card where it names none
/// (`4090能跑7b吗 另外多少钱一小时`).
fn tail_ask(catalog: &Catalog, head: &str, tail: &str) -> Option<Request> {
    let command = |text: String| match read_normalized(catalog, text, false).0 {
        Reading::Command(r) => Some(r),
        _ => None,
    };
    let on_card = || {
        let toks = super::text::tokens(head);
        let card = super::entities::entities(catalog, &toks)
            .gpus
            .into_iter()
            .next()?;
        command(format!("{} {tail}", card.gpu))
    };
    match command(tail.to_string()) {
        // `…顺便问下能不能跑qwen2.5-14b`: a fit asked with no card is asked of the first's.
        Some(Request::Fit(f)) if f.gpu.is_none() => on_card().or(Some(Request::Fit(f))),
        // `…，另外 runpod 有冇貨`: a platform's stock asked of the first's card; a platform's
        // own facts (`does vast take paypal`) stay that platform's.
        Some(r @ Request::Platform(_)) => match on_card() {
            Some(s @ Request::Stock(_)) => Some(s),
            _ => Some(r),
        },
        Some(r) => Some(r),
        None => on_card(),
    }
}

/// `h100哪家最便宜，btw does runpod need kyc`: two asks, each a command of its own. The first,
/// read alone, is the reading: read whole, the second's words bend it (a platform named in
/// the second turned the first into that platform's bill). A second part that is no ask of
/// its own (`另外要跑3小时`) is a detail of the first, and the message is read whole.
/// The platforms named only in the second ask are set aside with it (`SecondAsk`).
pub(super) fn first_of_two(catalog: &Catalog, padded: &str) -> Option<(Reading, Vec<SetAside>)> {
    let (head, tail) = split(padded)?;
    let Reading::Command(first) = read_normalized(catalog, head.to_string(), true).0 else {
        return None;
    };
    if still_to_rent(padded, head, &first) {
        return None;
    }
    let second = tail_ask(catalog, head, tail)?;
    let in_head = set_aside::named(catalog, head);
    let aside = set_aside::named(catalog, tail)
        .into_iter()
        .filter(|p| !in_head.contains(p))
        .map(|platform| SetAside {
            platform,
            why: Aside::SecondAsk,
        })
        .collect();
    (second.line() != first.line()).then_some((Reading::Command(first), aside))
}

/// `3080还有哪里能租吗`: `还有` meaning "still" (is there anywhere one can still rent a 3080),
/// not "and also": a where-to-rent said right after it, and before it nothing asked, only the
/// card named (read alone as its specs, with no word asking them). One stock question.
fn still_to_rent(padded: &str, head: &str, first: &Request) -> bool {
    let Some(after) = padded
        .find(head)
        .map(|at| padded[at + head.len()..].trim_start())
        .and_then(|rest| rest.strip_prefix("还有"))
    else {
        return false;
    };
    let rent_where = STOCK_WORDS
        .iter()
        .any(|w| w.starts_with('哪') && w.contains('租') && after.starts_with(w));
    rent_where && matches!(first, Request::Gpu(_)) && !super::text::has(head, SPECS_WORDS)
}

/// `4090 price trend, and what to rent instead for qwen2.5-32b int4`: the message read whole
/// as the first part's own request with more said after it (the same command, its line
/// continued: the trend's job) is one ask, its second part a detail of the first.
pub(super) fn whole_completes(first: &Reading, whole: &Reading) -> bool {
    let (Reading::Command(first), Reading::Command(whole)) = (first, whole) else {
        return false;
    };
    std::mem::discriminant(first) == std::mem::discriminant(whole)
        && whole
            .line()
            .strip_prefix(&first.line())
            .is_some_and(|more| more.starts_with(' '))
}

/// The ask after the first plain joint, when it is a command of its own that the first
/// reading does not already answer.
fn after_joint(catalog: &Catalog, text: &str, first: &Reading) -> Option<Request> {
    let Reading::Command(first) = first else {
        return None;
    };
    let padded = format!(" {} ", normalize(text));
    let (head, tail) = split(&padded)?;
    let second = tail_ask(catalog, head, tail)?;
    (!matches!(second, Request::Help) && second.line() != first.line()).then_some(second)
}

/// The price asked after a fit (`/cost` or `/compare` on the fit's card).
fn price_after_fit(catalog: &Catalog, text: &str, first: &Reading) -> Option<Request> {
    let Reading::Command(Request::Fit(fit)) = first else {
        return None;
    };
    let gpu = fit.gpu.clone()?;
    let padded = format!(" {} ", normalize(text));
    if !cues::fit_asked_first(&padded, COST_WORDS) {
        return None;
    }
    let at = COST_WORDS.iter().filter_map(|w| padded.find(w)).min()?;
    let start = JOINTS
        .iter()
        .filter_map(|j| padded[..at].rfind(j).map(|k| k + j.len()))
        .max()
        .unwrap_or(at);
    let card = match fit.cards {
        Some(n) if n > 1 => format!("{n}x{gpu}"),
        _ => gpu,
    };
    match read_normalized(catalog, format!("{card} {}", &padded[start..]), false).0 {
        Reading::Command(r @ (Request::Cost(_) | Request::Compare(_))) => Some(r),
        _ => None,
    }
}
